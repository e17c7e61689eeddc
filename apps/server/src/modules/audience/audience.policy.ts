import type { UserRow } from '../users/users.repo.js';
import type { Relation } from './audience.repo.js';

export type Visibility = 'public' | 'followers' | 'private';
type Owner = Pick<UserRow, 'id' | 'is_private'>;

/**
 * Whether `viewer` (null: a visitor) may see something of `owner`'s with this
 * visibility. `relation` is null for visitors and for the owner themself.
 * A block by the owner hides everything; a private owner's things are their
 * approved followers' (and theirs) only; 'followers' asks a follow whatever
 * the profile; 'private' is the owner's alone.
 */
export function canSee(viewer: { id: number } | null, owner: Owner, relation: Relation | null, visibility: Visibility = 'public'): boolean {
  if (viewer?.id === owner.id) return true;
  if (relation?.blockedByOwner) return false;
  if (visibility === 'private') return false;
  const follows = relation?.follows ?? false;
  if (visibility === 'followers' || Number(owner.is_private) === 1) return follows;
  return true;
}

/**
 * Which review levels a viewer reads besides 'public' (library.columns reviewsAt):
 * the author all, an approved follower 'followers', anyone else none.
 */
export function reviewLevels(viewer: { id: number } | null, ownerId: number, follows: boolean): { a: Visibility; b: Visibility } {
  if (viewer?.id === ownerId) return { a: 'followers', b: 'private' };
  return follows ? { a: 'followers', b: 'followers' } : { a: 'public', b: 'public' };
}

/** Whether a viewer reads a review at this level (one row at a time: feeds, likes, comments). */
export const canReadReview = (viewer: { id: number } | null, ownerId: number, visibility: string, follows: boolean) =>
  visibility === 'public' || viewer?.id === ownerId || (visibility === 'followers' && follows);

import type { ListVisibility } from '@vgl/shared';
import type { UserRow } from '../users/users.repo.js';
import { isStaff } from '../admin/admin.policy.js';

type Person = Pick<UserRow, 'id' | 'state'> & Partial<Pick<UserRow, 'role'>>;
/** 'open': read its page — 'read', and moderators also a list they hid (marked), which they still cannot like or comment on. */
export type ListAction = 'read' | 'open' | 'edit' | 'delete';
type ListAudience = { user_id: number; is_public: number; followers_only?: number; hidden_at?: number | null };

/** Who sees a list: followers_only counts only on a list that is not public (migration 0041). */
export const listVisibility = (list: ListAudience): ListVisibility =>
  Number(list.is_public) === 1 ? 'public' : Number(list.followers_only ?? 0) === 1 ? 'followers' : 'private';

/** The columns a visibility is written as: is_public stays right for the previous release and old clients. */
export const listVisibilityColumns = (visibility: ListVisibility) => ({ is_public: visibility === 'public' ? 1 : 0, followers_only: visibility === 'followers' ? 1 : 0 });

/**
 * Everyone reads a public list (of an account others may see: the profile's
 * own rule, checked first); a followers' list also the owner's approved
 * followers (`follows`); a private one is its owner's alone — to anyone
 * else it does not exist (404). Only the owner, in good standing, edits or
 * deletes it.
 */
export function canList(actor: Person | null, action: ListAction, list: ListAudience, follows = false): boolean {
  const isOwner = actor !== null && actor.id === list.user_id;
  if (action === 'read' || action === 'open') {
    // A list a moderator hid after a report is, to everyone but its owner, like a private one; moderators
    // still open its page (unless the owner made it theirs alone), as they do a hidden review's.
    if ((list.hidden_at ?? null) !== null) {
      return isOwner || (action === 'open' && isStaff(actor as UserRow | null) && listVisibility(list) !== 'private');
    }
    const visibility = listVisibility(list);
    return visibility === 'public' || isOwner || (visibility === 'followers' && follows);
  }
  return isOwner && actor.state === 'active';
}

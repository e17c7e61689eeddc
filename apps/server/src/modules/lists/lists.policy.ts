import type { UserRow } from '../users/users.repo.js';

type Person = Pick<UserRow, 'id' | 'state'>;
export type ListAction = 'read' | 'edit' | 'delete';

/**
 * Everyone reads a public list (of an account others may see: the profile's
 * own rule, checked first); a private one is its owner's alone — to anyone
 * else it does not exist (404). Only the owner, in good standing, edits or
 * deletes it.
 */
export function canList(actor: Person | null, action: ListAction, list: { user_id: number; is_public: number; hidden_at?: number | null }): boolean {
  const isOwner = actor !== null && actor.id === list.user_id;
  // A list a moderator hid after a report is, to everyone but its owner, like a private one.
  if (action === 'read') return (Number(list.is_public) === 1 && (list.hidden_at ?? null) === null) || isOwner;
  return isOwner && actor.state === 'active';
}

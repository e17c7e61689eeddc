import type { UserRow } from '../users/users.repo.js';

type Person = Pick<UserRow, 'id' | 'state' | 'role'>;
export type CommentAction = 'create' | 'edit' | 'delete';

/**
 * Anyone in good standing comments; authors edit their own; a comment can be
 * deleted by its author, by the author of the review or list it is under,
 * and by moderators and admins.
 */
export function canComment(actor: Person | null, action: CommentAction, comment?: { user_id: number; subject_user_id: number }): boolean {
  if (!actor || actor.state !== 'active') return false;
  if (action === 'create') return true;
  if (!comment) return false;
  if (action === 'edit') return comment.user_id === actor.id;
  return comment.user_id === actor.id || comment.subject_user_id === actor.id || actor.role === 'moderator' || actor.role === 'admin';
}

import { remoteReplyEntityId, type CommentEntry, type RemoteActorRef } from '@vgl/shared';
import { isStaff } from '../admin/admin.policy.js';
import type { UserRow } from '../users/users.repo.js';
import type { RemoteReplyRow } from './federation.interactions.repo.js';

/** A remote account as the API shows it: its profile page to link out to, or its id when it gave none. */
export const remoteActorRef = (row: { actor_id: string; handle: string; name: string | null; profile_url: string | null; host: string }): RemoteActorRef => ({
  id: row.actor_id,
  handle: row.handle,
  name: row.name,
  url: row.profile_url ?? row.actor_id,
  host: row.host,
});

/** Who may hide a remote reply: moderators, and the author of the review it answers (as with a member's comment). */
export const canRemoveReply = (viewer: Pick<UserRow, 'id' | 'role' | 'state'> | null, reviewUserId: number) =>
  viewer !== null && viewer.state === 'active' && (viewer.id === reviewUserId || isStaff(viewer));

/**
 * A remote reply among a review's comments, in the comment's shape: `user` holds the handle (so a client that
 * knows nothing of `remote` still shows who wrote it), viewerCan is all false (the comment calls are not for
 * it), `remote` says who and where, and whether the caller may hide it.
 */
export function presentRemoteReply(row: Omit<RemoteReplyRow, 'review_user_id'>, viewer: UserRow | null, reviewUserId: number): CommentEntry {
  const actor = remoteActorRef(row);
  return {
    _id: remoteReplyEntityId(row.id),
    id: row.id,
    user: { username: actor.handle.slice(1), avatar: null },
    body: row.body,
    likes: 0,
    date: { created: Number(row.created_at), updated: Number(row.updated_at) },
    viewerCan: { edit: false, delete: false },
    ...(row.hidden_at === null ? {} : { hiddenByModerator: true }),
    remote: { actor, url: row.url, viewerCanRemove: row.hidden_at === null && canRemoveReply(viewer, reviewUserId) },
  };
}

import { commentEntityId, type CommentEntry } from '@vgl/shared';
import type { UserRow } from '../users/users.repo.js';
import { canComment } from './comments.policy.js';
import type { CommentRow } from './comments.repo.js';

export function presentComment(row: CommentRow, viewer: UserRow | null): CommentEntry {
  return {
    _id: commentEntityId(row.id),
    id: row.id,
    user: { username: row.username, avatar: row.avatar },
    body: row.body,
    likes: Number(row.likes_count),
    date: { created: Number(row.created_at), updated: Number(row.updated_at) },
    viewerCan: { edit: canComment(viewer, 'edit', row), delete: canComment(viewer, 'delete', row) },
    ...(row.hidden_at === null ? {} : { hiddenByModerator: true }),
  };
}

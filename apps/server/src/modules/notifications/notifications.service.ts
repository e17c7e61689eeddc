import { plainExcerpt } from '@vgl/shared';
import type { NotificationItem, NotificationKind } from '@vgl/shared';
import type { Db } from '../../db/database.js';
import type { Conn } from '../library/library.repo.js';
import type { UserRow } from '../users/users.repo.js';
import { notificationsRepo } from './notifications.repo.js';
import { audienceRepo } from '../audience/audience.repo.js';

export interface NotificationRecord {
  userId: number;
  actorId: number;
  kind: NotificationKind;
  entryId?: number | null;
  commentId?: number | null;
  /** The recipient's list it is about. */
  listId?: number | null;
  /** The recipient's game submission it is about. */
  submissionId?: number | null;
  message?: string | null;
}


type Row = Awaited<ReturnType<typeof notificationsRepo.page>>[number];

function present(row: Row): NotificationItem {
  return {
    id: row.id,
    kind: row.kind,
    actor: { username: row.username, avatar: row.avatar },
    createdAt: Number(row.created_at),
    read: row.read_at !== null,
    review: row.review_slug && row.review_username ? { username: row.review_username, slug: row.review_slug, gameName: row.game_name ?? '' } : null,
    comment: row.comment_id && row.comment_body ? { id: row.comment_id, excerpt: plainExcerpt(row.comment_body) } : null,
    list: row.list_slug && row.list_title && row.list_username ? { username: row.list_username, slug: row.list_slug, title: row.list_title } : null,
    message: row.message,
    submission: row.submission_name ? { name: row.submission_name, game: row.submission_game_slug && row.submission_game_name ? { slug: row.submission_game_slug, name: row.submission_game_name } : null } : null,
  };
}

export function createNotificationsService(db: Db, now: () => number = Date.now) {
  const k = db.kysely;
  return {
    /** Tells someone what another person did to their things; nobody is told about their own doings. */
    async notify(conn: Conn, n: NotificationRecord) {
      if (n.userId === n.actorId) return;
      // Muted (or blocked either way): nothing is inserted, so nothing is counted or shown, and the actor cannot tell.
      if (await audienceRepo.silenced(conn, n.userId, n.actorId)) return;
      await notificationsRepo.insert(conn, {
        user_id: n.userId,
        actor_id: n.actorId,
        kind: n.kind,
        entry_id: n.entryId ?? null,
        comment_id: n.commentId ?? null,
        list_id: n.listId ?? null,
        submission_id: n.submissionId ?? null,
        message: n.message ?? null,
        created_at: now(),
        read_at: null,
      });
    },

    retract: notificationsRepo.removeUnread,

    async list(user: UserRow, page: number, limit: number) {
      const [rows, total, unread] = await Promise.all([
        notificationsRepo.page(k, user.id, limit, (page - 1) * limit),
        notificationsRepo.count(k, user.id, false),
        notificationsRepo.count(k, user.id, true),
      ]);
      return { items: rows.map(present), total, unread };
    },

    unread: async (user: UserRow) => ({ unread: await notificationsRepo.count(k, user.id, true) }),

    async markRead(user: UserRow, ids?: number[]) {
      await notificationsRepo.markRead(k, user.id, now(), ids);
      return { unread: await notificationsRepo.count(k, user.id, true) };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

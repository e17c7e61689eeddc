import { plainExcerpt } from '@vgl/shared';
import type { NotificationItem, NotificationKind } from '@vgl/shared';
import type { Db } from '../../db/database.js';
import { preparedFirst } from '../../db/prepared.js';
import type { Conn } from '../library/library.repo.js';
import type { UserRow } from '../users/users.repo.js';
import { mentionedUsernames } from './mentions.js';
import { deliveryFor } from './notifications.policy.js';
import { remoteActorRef } from '../federation/federation.present.js';
import { notificationsRepo } from './notifications.repo.js';
import { pushRepo } from '../push/push.repo.js';
import { audienceRepo } from '../audience/audience.repo.js';
import { canSee } from '../audience/audience.policy.js';
import { listVisibility } from '../lists/lists.policy.js';

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
  /** The wanted game a release alert is about. */
  gameId?: number | null;
  message?: string | null;
  /** A follow request from another server: its federation_followers row (actorId is then the recipient). */
  remoteFollowerId?: number | null;
  /** What an account elsewhere did (federation_actors row; actorId is then the recipient), and its reply. */
  remoteActorId?: number | null;
  remoteReplyId?: number | null;
}


type Row = Awaited<ReturnType<typeof notificationsRepo.page>>[number];

function present(row: Row): NotificationItem {
  const remote =
    row.remote_actor_uri && row.remote_handle && row.remote_host
      ? remoteActorRef({ actor_id: row.remote_actor_uri, handle: row.remote_handle, name: row.remote_name, profile_url: row.remote_profile_url, host: row.remote_host })
      : // A follow request from another server (0055): its follower row says who.
        row.follower_actor_uri && row.follower_handle
        ? remoteActorRef({ actor_id: row.follower_actor_uri, handle: row.follower_handle, name: row.follower_name, profile_url: row.follower_url, host: new URL(row.follower_actor_uri).host })
        : null;
  const remoteComment = row.remote_reply_id !== null && row.remote_reply_body !== null ? { id: row.remote_reply_id, excerpt: plainExcerpt(row.remote_reply_body) } : null;
  return {
    id: row.id,
    kind: row.kind,
    // A remote account's handle stands where a member's name would (its row's actor is the recipient).
    actor: remote ? { username: remote.handle.slice(1), avatar: null } : { username: row.username, avatar: row.avatar },
    ...(remote ? { remoteActor: remote } : {}),
    createdAt: Number(row.created_at),
    read: row.read_at !== null,
    review: row.review_slug && row.review_username ? { username: row.review_username, slug: row.review_slug, gameName: row.game_name ?? '' } : null,
    comment: row.comment_id && row.comment_body ? { id: row.comment_id, excerpt: plainExcerpt(row.comment_body) } : remoteComment,
    list: row.list_slug && row.list_title && row.list_username ? { username: row.list_username, slug: row.list_slug, title: row.list_title } : null,
    message: row.message,
    submission: row.submission_name ? { name: row.submission_name, game: row.submission_game_slug && row.submission_game_name ? { slug: row.submission_game_slug, name: row.submission_game_name } : null } : null,
    game:
      row.release_game_slug && row.release_game_name
        ? { slug: row.release_game_slug, name: row.release_game_name, releaseDate: row.release_game_date === null ? null : Number(row.release_game_date) }
        : null,
  };
}

export interface NotificationsDeps {
  /**
   * Told when a notification waits for an e-mail sent at once: it sends the
   * e-mail job a moment later, not awaited, so the write it is part of has
   * committed (a rolled-back one left nothing to send). The job's minute
   * sweep catches any it missed.
   */
  onEmailDue?: () => void;
  /**
   * Told when a notification waits for its push (push_outbox): it sends the
   * push job a moment later, not awaited, so the write has committed.
   */
  onPushDue?: () => void;
  /** False where no one should get mail or push for what happens (the demo seed replays weeks of it). */
  emails?: boolean;
  now?: () => number;
}

// Asked for each member a comment thread tells: prepared once per database (db/prepared.ts).
const reviewOwner = preparedFirst((db, v: { entryId: number }) =>
  db.selectFrom('library_entries as t').innerJoin('users as o', 'o.id', 't.user_id').where('t.id', '=', v.entryId).select(['o.id', 'o.is_private', 't.review_visibility as visibility']),
);
const listOwner = preparedFirst((db, v: { listId: number }) =>
  db.selectFrom('lists as t').innerJoin('users as o', 'o.id', 't.user_id').where('t.id', '=', v.listId).select(['o.id', 'o.is_private', 't.user_id', 't.is_public', 't.followers_only']),
);

/**
 * Whether a member may read the review or list a mention or reply is about,
 * by the audience rules every read follows (audience.policy): a mention in a
 * followers-only review, or of a private member's list, tells nobody who
 * could not open it.
 */
async function mayRead(conn: Conn, viewerId: number, ref: { entryId: number | null; listId: number | null }): Promise<boolean> {
  const thing = ref.entryId
    ? await reviewOwner(conn, { entryId: ref.entryId })
    : ref.listId
      ? await listOwner(conn, { listId: ref.listId }).then((list) => list && { ...list, visibility: listVisibility(list) })
      : undefined;
  if (!thing) return false;
  const relation = thing.id === viewerId ? null : await audienceRepo.relation(conn, viewerId, thing.id);
  return canSee({ id: viewerId }, thing, relation, thing.visibility);
}

export function createNotificationsService(db: Db, { onEmailDue, onPushDue, emails = true, now = Date.now }: NotificationsDeps = {}) {
  const k = db.kysely;
  /** Tells someone what another person did to their things, as their settings ask (notifications.policy.ts). */
  async function notify(conn: Conn, n: NotificationRecord) {
    const asked = await deliveryFor(conn, n.userId, n.actorId, n.kind, { remote: Boolean(n.remoteFollowerId || n.remoteActorId) });
    const delivery = emails ? asked : { ...asked, email: null, push: false };
    // A push only where the member turned it on for a device: no outbox row for the many who did not.
    const push = delivery.push && (await pushRepo.hasAny(conn, n.userId));
    if (!delivery.inApp && !delivery.email && !push) return;
    const at = now();
    const { id } = await notificationsRepo.insert(conn, {
      user_id: n.userId,
      actor_id: n.actorId,
      kind: n.kind,
      entry_id: n.entryId ?? null,
      comment_id: n.commentId ?? null,
      list_id: n.listId ?? null,
      submission_id: n.submissionId ?? null,
      game_id: n.gameId ?? null,
      message: n.message ?? null,
      remote_follower_id: n.remoteFollowerId ?? null,
      remote_actor_id: n.remoteActorId ?? null,
      remote_reply_id: n.remoteReplyId ?? null,
      created_at: at,
      // Kept only for its e-mail or push: never listed, never unread.
      read_at: delivery.inApp ? null : at,
      in_app: delivery.inApp ? 1 : 0,
      email_state: delivery.email,
    });
    if (delivery.email === 'now') onEmailDue?.();
    if (push) {
      await pushRepo.enqueue(conn, id, n.userId, at);
      onPushDue?.();
    }
  }

  /**
   * What an account elsewhere in the fediverse did to a member's review (issue 40): told as a member's like, boost
   * or comment is, in the app, by e-mail and by push as the member's settings for its group say. The row's actor is
   * the member (actor_id names a member); remote_actor_id names the account, which the e-mail and push name.
   */
  const notifyRemote = (conn: Conn, n: { userId: number; remoteActorId: number; kind: 'review_liked' | 'review_boosted' | 'commented'; entryId: number; remoteReplyId?: number }) =>
    notify(conn, { userId: n.userId, actorId: n.userId, kind: n.kind, entryId: n.entryId, remoteActorId: n.remoteActorId, remoteReplyId: n.remoteReplyId ?? null });

  return {
    notify,
    notifyRemote,

    /**
     * A new comment: its review's or list's owner hears "commented", those
     * it names with @username "mentioned", and the others who commented in
     * the thread before "replied" — each person once, the first that fits.
     */
    async notifyComment(conn: Conn, c: { actorId: number; ownerId: number; entryId?: number | null; listId?: number | null; commentId: number; body: string }) {
      const ref = { entryId: c.entryId ?? null, listId: c.listId ?? null, commentId: c.commentId };
      const told = new Set<number>([c.actorId]);
      const tell = async (userId: number, kind: NotificationKind) => {
        if (told.has(userId)) return;
        told.add(userId);
        // Only the owner is told whatever; others only where they may read the thread (a private profile, a followers' review).
        if (kind !== 'commented' && !(await mayRead(conn, userId, ref))) return;
        await notify(conn, { userId, actorId: c.actorId, kind, ...ref });
      };
      await tell(c.ownerId, 'commented');
      for (const id of await notificationsRepo.activeIdsByUsername(conn, mentionedUsernames(c.body))) await tell(id, 'mentioned');
      for (const id of await notificationsRepo.threadCommenters(conn, ref, c.commentId)) await tell(id, 'replied');
    },

    /** A review written or edited: the members it newly names with @username hear "mentioned" (an edit does not tell them twice). */
    async notifyReviewMentions(conn: Conn, r: { actorId: number; entryId: number; text: string; previous: string | null }) {
      const before = new Set(mentionedUsernames(r.previous ?? ''));
      const fresh = mentionedUsernames(r.text).filter((name) => !before.has(name));
      for (const id of await notificationsRepo.activeIdsByUsername(conn, fresh)) {
        if (await mayRead(conn, id, { entryId: r.entryId, listId: null })) await notify(conn, { userId: id, actorId: r.actorId, kind: 'mentioned', entryId: r.entryId });
      }
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

import { sql, type ExpressionBuilder, type Insertable } from 'kysely';
import type { Database, NotificationsTable } from '../../db/schema.js';
import type { Conn } from '../library/library.repo.js';

export const notificationsRepo = {
  insert: (db: Conn, values: Insertable<NotificationsTable>) => db.insertInto('notifications').values(values).returning('id').executeTakeFirstOrThrow(),

  /** Takes back a notification that no longer holds (an un-like, an unfollow) while it is unread. */
  removeUnread: (db: Conn, n: { userId: number; actorId: number; kind: NotificationsTable['kind']; entryId?: number; commentId?: number; listId?: number }) =>
    db
      .deleteFrom('notifications')
      .where('user_id', '=', n.userId)
      .where('actor_id', '=', n.actorId)
      .where('kind', '=', n.kind)
      .where('read_at', 'is', null)
      .$if(n.entryId !== undefined, (q) => q.where('entry_id', '=', n.entryId!))
      .$if(n.commentId !== undefined, (q) => q.where('comment_id', '=', n.commentId!))
      .$if(n.listId !== undefined, (q) => q.where('list_id', '=', n.listId!))
      .execute(),

  /**
   * A block: every unread notification from either member to the other goes, and no e-mail still due
   * about one is sent (they would link to what is now out of reach); read ones stay as history.
   */
  async removeUnreadBetween(db: Conn, a: number, b: number) {
    const between = (eb: ExpressionBuilder<Database, 'notifications'>) =>
      eb.or([eb.and([eb('user_id', '=', a), eb('actor_id', '=', b)]), eb.and([eb('user_id', '=', b), eb('actor_id', '=', a)])]);
    await db.deleteFrom('notifications').where('read_at', 'is', null).where(between).execute();
    await db.updateTable('notifications').set({ email_state: null }).where('email_state', 'is not', null).where(between).execute();
  },

  /**
   * A page, newest first, from accounts in good standing. The page and its
   * actors come first, as a materialized CTE: as one six-table join,
   * PostgreSQL spent longer planning it (~2 ms) than running it.
   */
  page: (db: Conn, userId: number, limit: number, offset: number) =>
    db
      .with(
        (cte) => cte('page').materialized(),
        (qb) =>
          qb
            .selectFrom('notifications as n')
            .innerJoin('users as a', 'a.id', 'n.actor_id')
            .select(['n.id', 'n.kind', 'n.message', 'n.created_at', 'n.read_at', 'n.entry_id', 'n.comment_id', 'n.list_id', 'n.submission_id', 'n.game_id', 'n.remote_actor_id', 'n.remote_reply_id', 'n.remote_follower_id', 'a.username', 'a.avatar'])
            .where('n.user_id', '=', userId)
            .where('n.in_app', '<>', 0)
            .where('a.state', '=', 'active')
            .orderBy('n.id', 'desc')
            .limit(limit)
            .offset(offset),
      )
      .selectFrom('page as n')
      .leftJoin('library_entries as e', 'e.id', 'n.entry_id')
      .leftJoin('users as eu', 'eu.id', 'e.user_id')
      .leftJoin('games as g', 'g.id', 'e.game_id')
      .leftJoin('comments as c', 'c.id', 'n.comment_id')
      .leftJoin('lists as l', 'l.id', 'n.list_id')
      .leftJoin('users as lu', 'lu.id', 'l.user_id')
      // A game submission: where its game is now (merged: the game it went into).
      .leftJoin('game_submissions as gs', 'gs.id', 'n.submission_id')
      .leftJoin('games as sg', (join) => join.on(sql<boolean>`sg.id = coalesce(gs.merged_into_game_id, gs.game_id)`))
      // A release alert's game (0045).
      .leftJoin('games as rg', 'rg.id', 'n.game_id')
      // What a remote account did (0054): the account, and its reply.
      .leftJoin('federation_actors as fa', 'fa.id', 'n.remote_actor_id')
      .leftJoin('federation_replies as fr', 'fr.id', 'n.remote_reply_id')
      // A remote follow request's account (0055).
      .leftJoin('federation_followers as rf', 'rf.id', 'n.remote_follower_id')
      .select([
        'rf.actor_id as follower_actor_uri',
        sql<string | null>`coalesce(rf.handle, rf.actor_id)`.as('follower_handle'),
        'rf.name as follower_name',
        sql<string | null>`coalesce(rf.url, rf.actor_id)`.as('follower_url'),
        'fa.actor_id as remote_actor_uri',
        'fa.handle as remote_handle',
        'fa.name as remote_name',
        'fa.profile_url as remote_profile_url',
        'fa.host as remote_host',
        'fr.id as remote_reply_id',
        'fr.body as remote_reply_body',
        'rg.slug as release_game_slug',
        'rg.name as release_game_name',
        'rg.first_release_date as release_game_date',
        'n.id',
        'n.kind',
        'n.message',
        'n.created_at',
        'n.read_at',
        'n.username',
        'n.avatar',
        'e.review_slug',
        'eu.username as review_username',
        'g.name as game_name',
        'c.id as comment_id',
        'c.body as comment_body',
        'l.slug as list_slug',
        'l.title as list_title',
        'lu.username as list_username',
        'gs.name as submission_name',
        'sg.slug as submission_game_slug',
        'sg.name as submission_game_name',
      ])
      .orderBy('n.id', 'desc')
      .execute(),

  /**
   * How many (unread) notifications the user has from accounts in good
   * standing: counted in notifications_unread alone, leaving out the few
   * accounts in users_not_active — never a lookup of every actor.
   */
  count: async (db: Conn, userId: number, unreadOnly: boolean) =>
    Number(
      (
        await db
          .selectFrom('notifications as n')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('n.user_id', '=', userId)
          .$if(unreadOnly, (q) => q.where('n.read_at', 'is', null))
          // Those kept only for an e-mail are read from the start: only the total has to leave them out.
          .$if(!unreadOnly, (q) => q.where('n.in_app', '<>', 0))
          // A literal, not a parameter: SQLite uses a partial index only for a condition it can see.
          .where('n.actor_id', 'not in', (eb) => eb.selectFrom('users as a').select('a.id').where('a.state', '<>', sql.lit('active')))
          .executeTakeFirst()
      )?.n ?? 0,
    ),

  /** Accounts in good standing with these usernames (lower-cased keys). */
  activeIdsByUsername: async (db: Conn, keys: string[]) =>
    keys.length === 0 ? [] : (await db.selectFrom('users').select('id').where('username_key', 'in', keys).where('state', '=', 'active').execute()).map((r) => r.id),

  /** Everyone who commented under a review or list before (its thread), oldest commenter first. */
  threadCommenters: async (db: Conn, ref: { entryId?: number | null; listId?: number | null }, beforeCommentId: number) =>
    (
      await db
        .selectFrom('comments')
        .select('user_id')
        .$if(typeof ref.entryId === 'number', (q) => q.where('entry_id', '=', ref.entryId!))
        .$if(typeof ref.entryId !== 'number', (q) => q.where('list_id', '=', ref.listId ?? -1))
        .where('id', '<', beforeCommentId)
        .groupBy('user_id')
        .orderBy((eb) => eb.fn.min('id'))
        .limit(200)
        .execute()
    ).map((r) => r.user_id),

  markRead: (db: Conn, userId: number, at: number, ids?: number[]) =>
    db
      .updateTable('notifications')
      .set({ read_at: at })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .$if(ids !== undefined, (q) => q.where('id', 'in', ids!.length > 0 ? ids! : [-1]))
      .execute(),
};

/** Everything an e-mail about these notifications names: the recipient and their address, the actor, the review, list or comment. */
export const notificationMailRepo = {
  details: (db: Conn, ids: number[]) =>
    db
      .selectFrom('notifications as n')
      .innerJoin('users as a', 'a.id', 'n.actor_id')
      .innerJoin('users as r', 'r.id', 'n.user_id')
      .leftJoin('library_entries as e', 'e.id', 'n.entry_id')
      .leftJoin('users as eu', 'eu.id', 'e.user_id')
      .leftJoin('games as g', 'g.id', 'e.game_id')
      .leftJoin('comments as c', 'c.id', 'n.comment_id')
      .leftJoin('lists as l', 'l.id', 'n.list_id')
      .leftJoin('users as lu', 'lu.id', 'l.user_id')
      .leftJoin('games as rg', 'rg.id', 'n.game_id')
      // An account on another server: one that asked to follow (0055), or liked, boosted or replied (0054).
      .leftJoin('federation_followers as rf', 'rf.id', 'n.remote_follower_id')
      .leftJoin('federation_actors as fa', 'fa.id', 'n.remote_actor_id')
      // A reply a moderator or the review's author hid is not quoted (nor, jobs: mailable, sent).
      .leftJoin('federation_replies as fr', (join) => join.onRef('fr.id', '=', 'n.remote_reply_id').on('fr.hidden_at', 'is', null))
      .select([
        'rg.slug as release_game_slug',
        sql<string | null>`coalesce(fa.handle, rf.handle, rf.actor_id)`.as('remote_handle'),
        sql<string | null>`coalesce(fa.name, rf.name)`.as('remote_name'),
        'fa.actor_id as remote_actor_uri',
        'n.remote_reply_id',
        'fr.id as remote_reply_shown',
        'n.message',
        'n.id',
        'n.kind',
        'n.user_id',
        'n.actor_id',
        'n.created_at',
        'a.username as actor_username',
        'a.state as actor_state',
        'r.username as recipient_username',
        'r.email as recipient_email',
        'r.state as recipient_state',
        'e.review_slug',
        'eu.username as review_username',
        'g.name as game_name',
        // A member's comment, or a remote reply (stored as plain text already: federation.sanitize.ts).
        sql<string | null>`coalesce(c.body, fr.body)`.as('comment_body'),
        'l.slug as list_slug',
        'l.title as list_title',
        'lu.username as list_username',
      ])
      .where('n.id', 'in', ids.length > 0 ? ids : [-1])
      .orderBy('n.id')
      .execute(),

  /** Notifications waiting for an e-mail at once, oldest first. */
  dueNow: (db: Conn, limit: number) => db.selectFrom('notifications').select('id').where('email_state', '=', 'now').orderBy('id').limit(limit).execute(),

  /** Takes a notification's e-mail for sending: true for one caller only. */
  async claim(db: Conn, id: number, state: 'now' | 'digest'): Promise<boolean> {
    const result = await db.updateTable('notifications').set({ email_state: null }).where('id', '=', id).where('email_state', '=', state).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Moves a notification from "at once" to the digest (its member chose the digest since). */
  toDigest: (db: Conn, id: number) => db.updateTable('notifications').set({ email_state: 'digest' }).where('id', '=', id).where('email_state', '=', 'now').execute(),

  membersWithDigest: async (db: Conn, limit: number) =>
    (await db.selectFrom('notifications').select('user_id').distinct().where('email_state', '=', 'digest').orderBy('user_id').limit(limit).execute()).map((r) => r.user_id),

  digestOf: (db: Conn, userId: number) =>
    db.selectFrom('notifications').select('id').where('email_state', '=', 'digest').where('user_id', '=', userId).orderBy('id').execute(),

  /** Takes a member's digest notifications (up to id): those another worker took meanwhile are not taken twice. */
  async claimDigest(db: Conn, userId: number, ids: number[]): Promise<void> {
    await db.updateTable('notifications').set({ email_state: null }).where('user_id', '=', userId).where('email_state', '=', 'digest').where('id', 'in', ids.length > 0 ? ids : [-1]).execute();
  },
};

export type NotificationMailRow = Awaited<ReturnType<typeof notificationMailRepo.details>>[number];

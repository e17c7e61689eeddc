import { sql, type Insertable } from 'kysely';
import type { NotificationsTable } from '../../db/schema.js';
import type { Conn } from '../library/library.repo.js';

export const notificationsRepo = {
  insert: (db: Conn, values: Insertable<NotificationsTable>) => db.insertInto('notifications').values(values).execute(),

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
            .select(['n.id', 'n.kind', 'n.message', 'n.created_at', 'n.read_at', 'n.entry_id', 'n.comment_id', 'n.list_id', 'n.submission_id', 'a.username', 'a.avatar'])
            .where('n.user_id', '=', userId)
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
      .select([
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
          // A literal, not a parameter: SQLite uses a partial index only for a condition it can see.
          .where('n.actor_id', 'not in', (eb) => eb.selectFrom('users as a').select('a.id').where('a.state', '<>', sql.lit('active')))
          .executeTakeFirst()
      )?.n ?? 0,
    ),

  markRead: (db: Conn, userId: number, at: number, ids?: number[]) =>
    db
      .updateTable('notifications')
      .set({ read_at: at })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .$if(ids !== undefined, (q) => q.where('id', 'in', ids!.length > 0 ? ids! : [-1]))
      .execute(),
};

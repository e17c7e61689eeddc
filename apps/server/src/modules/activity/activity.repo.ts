import { sql, type Insertable, type SelectQueryBuilder } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import type { ActivitiesTable, Database } from '../../db/schema.js';
import { listedGame } from '../catalog/catalog.visibility.js';
import { entryGameColumns, type Conn } from '../library/library.repo.js';

/*
 * Feeds are read, not written per follower: a page is the newest activities
 * of the people one follows, searched newest first in windows of ids, each
 * the cheaper of two ways:
 *  - walk: the window by id, probing follows_pk with each activity's actor —
 *    one probe per activity, stopping at a full page; cheap while the window
 *    is small next to the number of followees;
 *  - seek: each followee's activities in the window through activities_actor
 *    (actor_id, id desc) — one seek per followee plus the rows found.
 * No search runs unbounded over the table: the first window is sized from
 * the number of followees, each next one from how many activities the
 * windows so far held, so following few, many or quiet people costs a few
 * small queries (`npm run bench:social`). Seeking is spelt out (SQLite's
 * CROSS JOIN, PostgreSQL's LATERAL) because neither planner knows how many
 * people this user follows or how busy they are: PostgreSQL, costing the
 * average follower, walked 27,000 activities (90 ms) by id to fill a page
 * for someone following ten people.
 */

/** The share of all activity one followee is first assumed to have; sizes the first window. */
const FOLLOWEE_SHARE_GUESS = 1 / 25_000;
/** A window is walked while it spans at most this many ids per followee, else sought per followee. */
const WALK_IDS_PER_FOLLOWEE = 8;
const MIN_WINDOW = 64;

export interface FollowedSearch {
  /** Only ids below this one (a feed cursor); default: up to the newest activity. */
  before?: number | undefined;
  /** Only ids above this one. */
  after?: number;
  limit: number;
  /** Leave out what accounts not in good standing did (the feed instead drops it from the page). */
  activeActors?: boolean;
  /** Leave out what these members did (muted, blocked either way: the unread check). */
  exceptActors?: number[];
}

/** The few accounts not in good standing (users_not_active): a literal, as SQLite uses a partial index only for a condition it can see. */
const notActive = (db: Conn) => db.selectFrom('users as u').select('u.id').where('u.state', '<>', sql.lit('active'));

interface Window {
  low: number;
  top: number;
  limit: number;
}

/** Seeking: the activities of followee f in the window, newest first (activities_actor serves it). */
function newestOfFollowee<O>(q: SelectQueryBuilder<Database & { a: ActivitiesTable; f: Database['follows'] }, 'a' | 'f', O>, { low, top, limit }: Window) {
  return q.whereRef('a.actor_id', '=', 'f.followee_id').where('a.id', '>=', low).where('a.id', '<', top).orderBy('a.id', 'desc').limit(limit);
}

/** One window, low <= id < top: ids by followees, newest first. */
function windowIds(db: Conn, dialect: Dialect, userId: number, window: Window & { walk: boolean; activeActors: boolean; exceptActors: number[] }) {
  const { low, top, limit, walk, activeActors, exceptActors } = window;
  if (walk) {
    return db
      .selectFrom('activities as a')
      .select('a.id')
      .where('a.id', '>=', low)
      .where('a.id', '<', top)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('follows as f')
            .select(sql`1`.as('one'))
            .where('f.follower_id', '=', userId)
            .whereRef('f.followee_id', '=', db.dynamic.ref('a.actor_id')),
        ),
      )
      .$if(activeActors, (q) => q.where('a.actor_id', 'not in', notActive(db)))
      .$if(exceptActors.length > 0, (q) => q.where('a.actor_id', 'not in', exceptActors))
      .orderBy('a.id', 'desc')
      .limit(limit)
      .execute();
  }
  const followees = db
    .selectFrom('follows as f')
    .where('f.follower_id', '=', userId)
    .$if(activeActors, (q) => q.where('f.followee_id', 'not in', notActive(db)))
    .$if(exceptActors.length > 0, (q) => q.where('f.followee_id', 'not in', exceptActors));
  if (dialect === 'postgres') {
    return followees
      .innerJoinLateral(
        (eb) => newestOfFollowee(eb.selectFrom('activities as a').select('a.id'), window).as('x'),
        (join) => join.onTrue(),
      )
      .select('x.id')
      .orderBy('x.id', 'desc')
      .limit(limit)
      .execute();
  }
  return newestOfFollowee(followees.crossJoin('activities as a').select('a.id'), window).execute();
}

/** Ids of activities by the people `userId` follows (`following` of them), newest first. */
export async function followedActivityIds(db: Conn, dialect: Dialect, userId: number, following: number, search: FollowedSearch): Promise<number[]> {
  const { after = 0, limit, activeActors = false, exceptActors = [] } = search;
  let top = search.before ?? Number((await db.selectFrom('activities').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst())?.id ?? 0) + 1;
  const from = top;
  const ids: number[] = [];
  let span = Math.max(MIN_WINDOW, Math.ceil((2 * limit) / (Math.max(following, 1) * FOLLOWEE_SHARE_GUESS)));
  while (ids.length < limit && top > after + 1) {
    const low = Math.max(after + 1, top - span);
    const walk = top - low <= WALK_IDS_PER_FOLLOWEE * following;
    for (const row of await windowIds(db, dialect, userId, { low, top, limit: limit - ids.length, walk, activeActors, exceptActors })) ids.push(row.id);
    top = low;
    // Aim the next window at twice what is still missing at the density seen so far (growing at most ×16); ×8 while none was seen.
    span =
      ids.length === 0
        ? span * 8
        : Math.min(span * 16, Math.max(MIN_WINDOW, Math.ceil((2 * (limit - ids.length) * (from - top)) / ids.length)));
  }
  return ids;
}

export type FeedRow = Awaited<ReturnType<typeof activityRows>>[number];

/**
 * Feed rows (newest first, id < before) of the people `userId` follows, with
 * what presenters need, and the cursor of the next page (null at the end).
 */
export async function feedPage(db: Conn, dialect: Dialect, userId: number, following: number, before: number | undefined, limit: number) {
  const ids = await followedActivityIds(db, dialect, userId, following, { before, limit });
  const rows = await activityRows(db, ids);
  return { rows, nextCursor: ids.length === limit ? ids[ids.length - 1]! : null };
}

/**
 * Activities by id with their actor, game, review and target, in the order
 * given; suspended actors left out. The activities and actors come first, as
 * a materialized CTE: as one seven-table join, PostgreSQL spent longer
 * planning it (~2.5 ms) than running it.
 */
export async function activityRows(db: Conn, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .with(
      (cte) => cte('page').materialized(),
      (qb) =>
        qb
          .selectFrom('activities as a')
          .innerJoin('users as u', 'u.id', 'a.actor_id')
          .select(['a.id', 'a.actor_id', 'a.verb', 'a.value', 'a.created_at', 'a.game_id', 'a.entry_id', 'a.target_user_id', 'a.comment_id', 'a.list_id', 'u.username', 'u.avatar'])
          .where('a.id', 'in', ids)
          .where('u.state', '=', 'active'),
    )
    .selectFrom('page as a')
    .leftJoin('games as g', 'g.id', 'a.game_id')
    .leftJoin('library_entries as e', 'e.id', 'a.entry_id')
    .leftJoin('users as eu', 'eu.id', 'e.user_id')
    .leftJoin('users as t', 't.id', 'a.target_user_id')
    .leftJoin('comments as c', 'c.id', 'a.comment_id')
    .leftJoin('lists as l', 'l.id', 'a.list_id')
    .leftJoin('users as lu', 'lu.id', 'l.user_id')
    // A list made private takes what was said about it out of feeds (and brings it back if made public again).
    .where((eb) => eb.or([eb('a.list_id', 'is', null), eb('l.is_public', '=', 1)]))
    // What a moderator hid after a report leaves feeds with it: the list, the comment, or the review with what was said of it.
    .where('l.hidden_at', 'is', null)
    .where('c.hidden_at', 'is', null)
    .where((eb) => eb.or([eb('e.hidden_at', 'is', null), eb('a.verb', 'not in', ['reviewed', 'liked', 'commented'])]))
    // So does a member's game awaiting a moderator (catalog.visibility.ts): its approval brings it back.
    .where((eb) => eb.or([eb('a.game_id', 'is', null), listedGame('a.game_id')]))
    .select([
      'a.id',
      'a.actor_id',
      'a.verb',
      'a.value',
      'a.created_at',
      'a.game_id',
      'a.username',
      'a.avatar',
      ...entryGameColumns,
      'e.review_slug',
      'e.review',
      'eu.username as review_username',
      't.username as target_username',
      't.avatar as target_avatar',
      'c.id as comment_id',
      'c.body as comment_body',
      'l.slug as list_slug',
      'l.title as list_title',
      'lu.username as list_username',
      // Whom a line is about, for the audience rules (blocks, mutes, private members: activity.service).
      'a.target_user_id',
      'eu.id as review_user_id',
      'eu.is_private as review_user_private',
      'e.review_visibility',
      'lu.id as list_user_id',
      'lu.is_private as list_user_private',
    ])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
}

type NewActivity = Required<Omit<Insertable<ActivitiesTable>, 'id'>>;

/** One row per thing a member does: compiled once, every column named so its shape is fixed. */
const insertActivity = prepared((db, v: NewActivity) =>
  db.insertInto('activities').values({
    actor_id: v.actor_id,
    verb: v.verb,
    game_id: v.game_id,
    entry_id: v.entry_id,
    comment_id: v.comment_id,
    target_user_id: v.target_user_id,
    list_id: v.list_id,
    value: v.value,
    created_at: v.created_at,
  }),
);

export const activityRepo = {
  insert: (db: Conn, values: NewActivity) => insertActivity(db, values),

  /**
   * Feed rows by people the user follows after activity `seenId`, newest first, `limit` at a time below
   * `before`; muted and blocked members (`exceptActors`) and accounts not in good standing left out.
   */
  async followedSince(db: Conn, dialect: Dialect, userId: number, following: number, search: { after: number; before?: number; limit: number; exceptActors: number[] }) {
    const ids = await followedActivityIds(db, dialect, userId, following, { ...search, activeActors: true });
    return { rows: await activityRows(db, ids), lastId: ids.length === search.limit ? ids[ids.length - 1]! : null };
  },

  /** Forget an actor's activities about an entry or a comment (an un-like, a deleted comment). */
  removeFor: (db: Conn, actorId: number, verb: ActivitiesTable['verb'], ref: { entryId?: number; commentId?: number; targetUserId?: number; listId?: number }) =>
    db
      .deleteFrom('activities')
      .where('actor_id', '=', actorId)
      .where('verb', '=', verb)
      .$if(ref.entryId !== undefined, (q) => q.where('entry_id', '=', ref.entryId!))
      .$if(ref.commentId !== undefined, (q) => q.where('comment_id', '=', ref.commentId!))
      .$if(ref.targetUserId !== undefined, (q) => q.where('target_user_id', '=', ref.targetUserId!))
      .$if(ref.listId !== undefined, (q) => q.where('list_id', '=', ref.listId!))
      .execute(),
};

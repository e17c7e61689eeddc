import { sql, type Insertable } from 'kysely';
import type { ActivitiesTable } from '../../db/schema.js';
import type { Conn } from '../library/library.repo.js';

/**
 * Up to this many followees, a feed page reads each followee's newest
 * activities through activities_actor and merges them; past it, walking all
 * activities newest first and keeping those by followees finds a page sooner
 * (the more people one follows, the denser their activities are).
 * Tuned with `npm run bench:social`.
 */
export const FEW_FOLLOWEES = 300;

export type FeedRow = Awaited<ReturnType<typeof activityRows>>[number];

/**
 * Feed rows (newest first, id < before) of the people `userId` follows, with
 * what presenters need, and the cursor of the next page (null at the end).
 */
export async function feedPage(db: Conn, userId: number, following: number, before: number | undefined, limit: number) {
  const followees = db.selectFrom('follows').select('followee_id').where('follower_id', '=', userId);
  const ids = await (following <= FEW_FOLLOWEES
    ? db
        .selectFrom('activities as a')
        .select('a.id')
        .where('a.actor_id', 'in', followees)
        .$if(before !== undefined, (q) => q.where('a.id', '<', before!))
        .orderBy('a.id', 'desc')
        .limit(limit)
        .execute()
    : db
        .selectFrom('activities as a')
        .select('a.id')
        // A correlated EXISTS (not IN) keeps the planners walking ids newest first, probing follows' primary key.
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('follows as f')
              .select(sql`1`.as('one'))
              .where('f.follower_id', '=', userId)
              .whereRef('f.followee_id', '=', db.dynamic.ref('a.actor_id')),
          ),
        )
        .$if(before !== undefined, (q) => q.where('a.id', '<', before!))
        .orderBy('a.id', 'desc')
        .limit(limit)
        .execute());
  const rows = await activityRows(db, ids.map((r) => r.id));
  return { rows, nextCursor: ids.length === limit ? ids[ids.length - 1]!.id : null };
}

/** Activities by id with their actor, game, review and target, in the order given; suspended actors left out. */
export async function activityRows(db: Conn, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('activities as a')
    .innerJoin('users as u', 'u.id', 'a.actor_id')
    .leftJoin('games as g', 'g.id', 'a.game_id')
    .leftJoin('library_entries as e', 'e.id', 'a.entry_id')
    .leftJoin('users as eu', 'eu.id', 'e.user_id')
    .leftJoin('users as t', 't.id', 'a.target_user_id')
    .leftJoin('comments as c', 'c.id', 'a.comment_id')
    .select([
      'a.id',
      'a.actor_id',
      'a.verb',
      'a.value',
      'a.created_at',
      'a.game_id',
      'u.username',
      'u.avatar',
      'g.name as game_name',
      'g.slug as game_slug',
      'g.cover_image_id as game_cover',
      'g.first_release_date as game_release_date',
      'g.release_year as game_release_year',
      'e.review_slug',
      'e.review',
      'eu.username as review_username',
      't.username as target_username',
      't.avatar as target_avatar',
      'c.id as comment_id',
      'c.body as comment_body',
    ])
    .where('a.id', 'in', ids)
    .where('u.state', '=', 'active')
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
}

export const activityRepo = {
  insert: (db: Conn, values: Insertable<ActivitiesTable>) => db.insertInto('activities').values(values).execute(),

  /** The newest activity id among the people the user follows (0 when none). */
  async newestFollowedId(db: Conn, userId: number, following: number): Promise<number> {
    const followees = db.selectFrom('follows').select('followee_id').where('follower_id', '=', userId);
    if (following <= FEW_FOLLOWEES) {
      const row = await db.selectFrom('activities').select((eb) => eb.fn.max('id').as('id')).where('actor_id', 'in', followees).executeTakeFirst();
      return Number(row?.id ?? 0);
    }
    const { rows } = await feedPage(db, userId, following, undefined, 1);
    return rows[0]?.id ?? 0;
  },

  /** Forget an actor's activities about an entry or a comment (an un-like, a deleted comment). */
  removeFor: (db: Conn, actorId: number, verb: ActivitiesTable['verb'], ref: { entryId?: number; commentId?: number; targetUserId?: number }) =>
    db
      .deleteFrom('activities')
      .where('actor_id', '=', actorId)
      .where('verb', '=', verb)
      .$if(ref.entryId !== undefined, (q) => q.where('entry_id', '=', ref.entryId!))
      .$if(ref.commentId !== undefined, (q) => q.where('comment_id', '=', ref.commentId!))
      .$if(ref.targetUserId !== undefined, (q) => q.where('target_user_id', '=', ref.targetUserId!))
      .execute(),
};

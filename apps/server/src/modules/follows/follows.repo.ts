import { sql } from 'kysely';
import { preparedFirst } from '../../db/prepared.js';
import type { Conn } from '../library/library.repo.js';

/**
 * Moves the follower's following count and the followee's followers count.
 * The two rows are updated lowest id first: ann following bob while bob
 * follows ann would otherwise lock them in opposite orders and deadlock.
 */
async function moveCounts(db: Conn, followerId: number, followeeId: number, by: 1 | -1): Promise<void> {
  const following = () => db.updateTable('users').set({ following_count: sql`following_count + ${by}` }).where('id', '=', followerId).execute();
  const followers = () => db.updateTable('users').set({ followers_count: sql`followers_count + ${by}` }).where('id', '=', followeeId).execute();
  for (const update of followerId < followeeId ? [following, followers] : [followers, following]) await update();
}

/** Asked by every profile a member opens: compiled once. */
const follow = preparedFirst((db, v: { followerId: number; followeeId: number }) =>
  db.selectFrom('follows').select('followee_id').where('follower_id', '=', v.followerId).where('followee_id', '=', v.followeeId),
);

export const followsRepo = {
  isFollowing: async (db: Conn, followerId: number, followeeId: number) => (await follow(db, { followerId, followeeId })) !== undefined,

  /** The subset of `ids` the viewer follows. */
  async followedAmong(db: Conn, viewerId: number, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await db.selectFrom('follows').select('followee_id').where('follower_id', '=', viewerId).where('followee_id', 'in', ids).execute();
    return new Set(rows.map((r) => r.followee_id));
  },

  /** Adds the follow and moves both counts; false when it existed. */
  async add(db: Conn, followerId: number, followeeId: number, at: number): Promise<boolean> {
    const rows = await db
      .insertInto('follows')
      .values({ follower_id: followerId, followee_id: followeeId, created_at: at })
      .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
      .returning('followee_id')
      .execute();
    if (rows.length === 0) return false;
    await moveCounts(db, followerId, followeeId, 1);
    return true;
  },

  async remove(db: Conn, followerId: number, followeeId: number): Promise<boolean> {
    const result = await db.deleteFrom('follows').where('follower_id', '=', followerId).where('followee_id', '=', followeeId).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    await moveCounts(db, followerId, followeeId, -1);
    return true;
  },

  /**
   * People `userId` follows (or who follow them), newest first, active accounts only. The page walks
   * (one side, date, other side) and the total is the stored count less the follows of accounts that are
   * not active (migration 0031): neither reads every follower of a much-followed member.
   */
  async page(db: Conn, userId: number, direction: 'following' | 'followers', limit: number, offset: number) {
    const [mine, theirs, stored] =
      direction === 'following' ? (['f.follower_id', 'f.followee_id', 'following_count'] as const) : (['f.followee_id', 'f.follower_id', 'followers_count'] as const);
    const [rows, total] = await Promise.all([
      db
        .selectFrom('follows as f')
        .innerJoin('users as u', 'u.id', theirs)
        .where(mine, '=', userId)
        .where('u.state', '=', 'active')
        .select(['u.id', 'u.username', 'u.avatar', 'u.bio', 'u.followers_count'])
        .orderBy('f.created_at', 'desc')
        .orderBy(theirs, 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      db
        .selectFrom('users as me')
        .where('me.id', '=', userId)
        .select((eb) =>
          eb(
            `me.${stored}`,
            '-',
            eb
              .selectFrom('follows as f')
              .select(eb.fn.countAll<number>().as('n'))
              .where(mine, '=', userId)
              // A literal, not a bound value, so that SQLite can use the partial index of these accounts.
              .where(theirs, 'in', eb.selectFrom('users as away').select('away.id').where('away.state', '<>', sql.lit('active'))),
          ).as('n'),
        )
        .executeTakeFirst(),
    ]);
    return { rows, total: Math.max(0, Number(total?.n ?? 0)) };
  },
};

import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type K = Kysely<Database>;

/**
 * The people `followerId` follows who have the game in their library (active
 * members only), the most recently changed first. Walks the follower's
 * follows and looks each one up by the (user_id, game_id) key of library
 * entries, so the cost grows with whom one follows, not with the game's fans.
 */
function friendsWithGame(k: K, followerId: number, gameId: number) {
  return k
    .selectFrom('follows as f')
    .innerJoin('library_entries as e', (join) => join.onRef('e.user_id', '=', 'f.followee_id').on('e.game_id', '=', gameId))
    .innerJoin('users as u', 'u.id', 'f.followee_id')
    .where('f.follower_id', '=', followerId)
    .where('u.state', '=', 'active');
}

export const friendsRepo = {
  async whoPlayed(k: K, followerId: number, gameId: number, limit: number) {
    const [rows, count] = await Promise.all([
      friendsWithGame(k, followerId, gameId)
        .select(['u.username', 'u.avatar', 'e.status', 'e.rating', 'e.review_slug', 'e.updated_at'])
        .orderBy('e.updated_at', 'desc')
        .orderBy('u.id')
        .limit(limit)
        .execute(),
      friendsWithGame(k, followerId, gameId)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  },
};

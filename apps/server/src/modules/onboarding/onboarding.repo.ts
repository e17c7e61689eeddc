import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type K = Kysely<Database>;

export interface MemberRank {
  id: number;
  username: string;
  avatar: string | null;
  followers: number;
  reviewLikes: number;
}

export const onboardingRepo = {
  /** Whether the member has a game, follows someone, made a list, imported a file: four lookups that stop at the first row. */
  async firstSteps(k: K, userId: number) {
    const exists = (table: 'library_entries' | 'lists') => k.selectFrom(table).select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
    const [entry, list, follow, user] = await Promise.all([
      exists('library_entries'),
      exists('lists'),
      k.selectFrom('follows').select('followee_id').where('follower_id', '=', userId).limit(1).executeTakeFirst(),
      k.selectFrom('users').select('imported_at').where('id', '=', userId).executeTakeFirst(),
    ]);
    return { loggedGame: Boolean(entry), madeList: Boolean(list), followed: Boolean(follow), imported: user?.imported_at !== null && user?.imported_at !== undefined };
  },

  /** The most followed active members (the counts are kept on the user row). */
  mostFollowed(k: K, limit: number): Promise<MemberRank[]> {
    return k
      .selectFrom('users')
      .select(['id', 'username', 'avatar', 'followers_count as followers', sql<number>`0`.as('reviewLikes')])
      .where('state', '=', 'active')
      .where('followers_count', '>', 0)
      .orderBy('followers_count', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
  },

  /** The active members whose reviews have the most likes. */
  mostLiked(k: K, limit: number): Promise<MemberRank[]> {
    return k
      .selectFrom('library_entries as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select(['u.id', 'u.username', 'u.avatar', 'u.followers_count as followers', (eb) => eb.fn.sum<number>('e.likes_count').as('reviewLikes')])
      .where('e.likes_count', '>', 0)
      .where('u.state', '=', 'active')
      .groupBy(['u.id', 'u.username', 'u.avatar', 'u.followers_count'])
      .orderBy(sql`sum(e.likes_count)`, 'desc')
      .orderBy('u.id')
      .limit(limit)
      .execute();
  },

  /** Which of `ids` the member follows already. */
  async followed(k: K, userId: number, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await k.selectFrom('follows').select('followee_id').where('follower_id', '=', userId).where('followee_id', 'in', ids).execute();
    return new Set(rows.map((r) => r.followee_id));
  },
};

import { sql } from 'kysely';
import type { Conn } from '../library/library.repo.js';

/** A likeable thing: a review (library entry) or a comment; each has its own like table and count column. */
export type LikeTarget = { kind: 'review'; id: number } | { kind: 'comment'; id: number };

const tableOf = (t: LikeTarget) => (t.kind === 'review' ? ({ likes: 'review_likes', key: 'entry_id', owner: 'library_entries' } as const) : ({ likes: 'comment_likes', key: 'comment_id', owner: 'comments' } as const));

export const likesRepo = {
  /** The thing a like is about, when it exists and its author is in good standing. */
  async target(db: Conn, t: LikeTarget) {
    if (t.kind === 'review') {
      return db
        .selectFrom('library_entries as e')
        .innerJoin('users as u', 'u.id', 'e.user_id')
        .select(['e.id', 'e.user_id', 'e.likes_count', 'e.game_id', 'e.id as entry_id'])
        .where('e.id', '=', t.id)
        .where('e.review', 'is not', null)
        .where('u.state', '=', 'active')
        .executeTakeFirst();
    }
    return db
      .selectFrom('comments as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .innerJoin('library_entries as e', 'e.id', 'c.entry_id')
      .select(['c.id', 'c.user_id', 'c.likes_count', 'e.game_id', 'c.entry_id'])
      .where('c.id', '=', t.id)
      .where('u.state', '=', 'active')
      .executeTakeFirst();
  },

  async isLiked(db: Conn, userId: number, t: LikeTarget): Promise<boolean> {
    const { likes, key } = tableOf(t);
    const row = await db
      .selectFrom(likes)
      .select('user_id')
      .where('user_id', '=', userId)
      .where(key as 'user_id', '=', t.id)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Adds the like; false when it was already there. */
  async add(db: Conn, userId: number, t: LikeTarget, at: number): Promise<boolean> {
    const rows =
      t.kind === 'review'
        ? await db.insertInto('review_likes').values({ user_id: userId, entry_id: t.id, created_at: at }).onConflict((oc) => oc.columns(['user_id', 'entry_id']).doNothing()).returning('user_id').execute()
        : await db.insertInto('comment_likes').values({ user_id: userId, comment_id: t.id, created_at: at }).onConflict((oc) => oc.columns(['user_id', 'comment_id']).doNothing()).returning('user_id').execute();
    return rows.length > 0;
  },

  /** Removes the like; false when there was none. */
  async remove(db: Conn, userId: number, t: LikeTarget): Promise<boolean> {
    const result =
      t.kind === 'review'
        ? await db.deleteFrom('review_likes').where('user_id', '=', userId).where('entry_id', '=', t.id).executeTakeFirst()
        : await db.deleteFrom('comment_likes').where('user_id', '=', userId).where('comment_id', '=', t.id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  async adjustCount(db: Conn, t: LikeTarget, by: 1 | -1): Promise<number> {
    const row = await db
      .updateTable(tableOf(t).owner)
      .set({ likes_count: sql`likes_count + ${by}` })
      .where('id', '=', t.id)
      .returning('likes_count')
      .executeTakeFirstOrThrow();
    return Number(row.likes_count);
  },
};

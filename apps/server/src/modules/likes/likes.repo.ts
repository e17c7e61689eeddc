import { sql } from 'kysely';
import type { Conn } from '../library/library.repo.js';

export const likesRepo = {
  /** The review a like is about, when it exists and is visible. */
  review: (db: Conn, entryId: number) =>
    db
      .selectFrom('library_entries as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select(['e.id', 'e.user_id', 'e.likes_count'])
      .where('e.id', '=', entryId)
      .where('e.review', 'is not', null)
      .where('u.state', '=', 'active')
      .executeTakeFirst(),

  isLiked: async (db: Conn, userId: number, entryId: number) =>
    (await db.selectFrom('review_likes').select('entry_id').where('user_id', '=', userId).where('entry_id', '=', entryId).executeTakeFirst()) !== undefined,

  /** Adds the like; false when it was already there. */
  add: async (db: Conn, userId: number, entryId: number, at: number) => {
    const rows = await db
      .insertInto('review_likes')
      .values({ user_id: userId, entry_id: entryId, created_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'entry_id']).doNothing())
      .returning('entry_id')
      .execute();
    return rows.length > 0;
  },

  /** Removes the like; false when there was none. */
  remove: async (db: Conn, userId: number, entryId: number) => {
    const result = await db.deleteFrom('review_likes').where('user_id', '=', userId).where('entry_id', '=', entryId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  adjustCount: (db: Conn, entryId: number, by: 1 | -1) =>
    db
      .updateTable('library_entries')
      .set({ likes_count: sql`likes_count + ${by}` })
      .where('id', '=', entryId)
      .returning('likes_count')
      .executeTakeFirstOrThrow(),
};

import { sql, type Insertable } from 'kysely';
import type { CommentsTable } from '../../db/schema.js';
import type { Conn } from '../library/library.repo.js';

function commentRows(db: Conn) {
  return db
    .selectFrom('comments as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .innerJoin('library_entries as e', 'e.id', 'c.entry_id')
    .select(['c.id', 'c.entry_id', 'c.user_id', 'c.body', 'c.likes_count', 'c.created_at', 'c.updated_at', 'u.username', 'u.avatar', 'e.user_id as review_user_id']);
}
export type CommentRow = NonNullable<Awaited<ReturnType<typeof commentsRepo.byId>>>;

export const commentsRepo = {
  byId: (db: Conn, id: number) => commentRows(db).where('c.id', '=', id).where('u.state', '=', 'active').executeTakeFirst(),

  /** Oldest first, from accounts in good standing. */
  async ofReview(db: Conn, entryId: number, limit: number, offset: number) {
    const [rows, total] = await Promise.all([
      commentRows(db).where('c.entry_id', '=', entryId).where('u.state', '=', 'active').orderBy('c.id').limit(limit).offset(offset).execute(),
      db
        .selectFrom('comments as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('c.entry_id', '=', entryId)
        .where('u.state', '=', 'active')
        .executeTakeFirst(),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },

  insert: (db: Conn, values: Insertable<CommentsTable>) => db.insertInto('comments').values(values).returning('id').executeTakeFirstOrThrow(),

  updateBody: (db: Conn, id: number, body: string, at: number) => db.updateTable('comments').set({ body, updated_at: at }).where('id', '=', id).execute(),

  /** Whether this request deleted it (another one deleting it at the same time gets false). */
  delete: async (db: Conn, id: number) => Number((await db.deleteFrom('comments').where('id', '=', id).executeTakeFirst()).numDeletedRows) > 0,

  /**
   * The review's comment count moves with its comments, in the same
   * transaction; false when the review is gone. Run before inserting a
   * comment, it also locks the review's row, so the review cannot go while
   * its new comment is being written.
   */
  adjustReviewCount: async (db: Conn, entryId: number, by: 1 | -1) =>
    Number(
      (
        await db
          .updateTable('library_entries')
          .set({ comments_count: sql`comments_count + ${by}` })
          .where('id', '=', entryId)
          .$if(by > 0, (q) => q.where('review', 'is not', null))
          .executeTakeFirst()
      ).numUpdatedRows,
    ) > 0,
};

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

  delete: (db: Conn, id: number) => db.deleteFrom('comments').where('id', '=', id).execute(),

  /** The review's comment count moves with its comments, in the same transaction. */
  adjustReviewCount: (db: Conn, entryId: number, by: 1 | -1) =>
    db.updateTable('library_entries').set({ comments_count: sql`comments_count + ${by}` }).where('id', '=', entryId).execute(),
};

import type { Kysely, Migration } from 'kysely';

/**
 * Who liked which review. The review's likes_count is kept in the same
 * transaction as these rows, so lists never count. Deleting a review or a
 * user removes their likes.
 */
export const reviewLikesMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('review_likes')
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('entry_id', 'integer', (col) => col.notNull().references('library_entries.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('review_likes_pk', ['user_id', 'entry_id'])
      .execute();
    await db.schema.createIndex('review_likes_entry').on('review_likes').columns(['entry_id', 'created_at desc']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('review_likes').execute();
  },
});

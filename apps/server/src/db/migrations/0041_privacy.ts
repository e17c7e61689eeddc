import type { Kysely, Migration } from 'kysely';

/**
 * Privacy (issue 36): a member may make their profile private (only approved
 * followers see their activity, library, diary, lists, reviews and stats;
 * a follow becomes a request they approve) and ask search engines not to
 * index their pages. Both flags default to 0, so the previous release keeps
 * writing users unchanged; follow requests get a table of their own.
 * A review has its own visibility (public, followers, private: "only me"),
 * 'public' by default, which is what the previous release shows anyway.
 * A list may also be for followers only: `lists.followers_only` (default 0)
 * counts only while is_public is 0, so the previous release, which writes
 * is_public alone, keeps meaning what it says (public, or its owner's only).
 */
export const privacyMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('is_private', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('users').addColumn('hide_from_search', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema
      .createTable('follow_requests')
      .addColumn('requester_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('target_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('follow_requests_pk', ['requester_id', 'target_id'])
      .execute();
    await db.schema.alterTable('library_entries').addColumn('review_visibility', 'text', (c) => c.notNull().defaultTo('public')).execute();
    await db.schema.alterTable('lists').addColumn('followers_only', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.createIndex('follow_requests_target').on('follow_requests').columns(['target_id', 'created_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('follow_requests').execute();
    await db.schema.alterTable('lists').dropColumn('followers_only').execute();
    await db.schema.alterTable('library_entries').dropColumn('review_visibility').execute();
    await db.schema.alterTable('users').dropColumn('hide_from_search').execute();
    await db.schema.alterTable('users').dropColumn('is_private').execute();
  },
});

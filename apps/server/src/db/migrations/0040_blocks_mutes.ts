import type { Kysely, Migration } from 'kysely';

/**
 * Blocks and mutes (issue 36). A block (blocker → blocked) hides the
 * blocker's things from the blocked and stops them following, liking or
 * commenting; a mute (muter → muted) only takes someone out of the muter's
 * feed and notifications, unseen by them. Each pair is its own key; the
 * second index answers "who blocked me" (both ways are asked on every read).
 */
export const blocksMutesMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('blocks')
      .addColumn('blocker_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('blocked_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
      .execute();
    await db.schema.createIndex('blocks_blocked').on('blocks').columns(['blocked_id', 'blocker_id']).execute();
    await db.schema
      .createTable('mutes')
      .addColumn('muter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('muted_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('mutes_pk', ['muter_id', 'muted_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('mutes').execute();
    await db.schema.dropTable('blocks').execute();
  },
});

import type { Kysely, Migration } from 'kysely';

/**
 * Former usernames, so that links to /u/{old-name} keep working after a
 * rename. One row per former name (the key, lower-cased, is the primary
 * key: a name points at one member at most); the row goes when someone
 * takes the name, and with the member.
 */
export const usernameHistoryMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('username_history')
      .addColumn('username_key', 'varchar(16)', (col) => col.primaryKey())
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('changed_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('username_history_user').on('username_history').column('user_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('username_history').execute();
  },
});

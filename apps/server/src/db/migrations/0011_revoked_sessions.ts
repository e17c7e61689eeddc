import type { Kysely, Migration } from 'kysely';

/**
 * Session tokens ended by "Log out" before they expire. A token is a JWT
 * (valid 30 days); logging out records its id here until it would have
 * expired anyway, and every request checks it.
 */
export const revokedSessionsMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('revoked_sessions')
      .addColumn('jti', 'varchar(32)', (col) => col.primaryKey())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('revoked_sessions_expiry').on('revoked_sessions').column('expires_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('revoked_sessions').execute();
  },
});

import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './helpers.js';

/**
 * Who may join (REGISTRATION): approval and invite modes.
 *
 * - users.awaiting_approval_since: set while a pending account waits for a
 *   moderator. The account stays state 'pending' (not a new state): the
 *   previous release treats it as not activated, never as a member in good
 *   standing. Nullable, so the previous release's inserts leave it null.
 * - invites: codes members and admins hand out. `uses` counts sign-ups;
 *   using one is a guarded update (uses < max_uses) in the sign-up's
 *   transaction, so the last use goes to exactly one of two racing sign-ups.
 *   An invite goes with the account that created it.
 *
 * The mode set on the dashboard is kept in app_meta (no schema).
 * No index for the approval queue: it reads the few pending accounts, and
 * an index on users would need a concurrent build of its own.
 */
export const registrationMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('awaiting_approval_since', 'bigint').execute();
    await db.schema
      .createTable('invites')
      .$call(withId(dialect))
      .addColumn('code', 'varchar(64)', (col) => col.notNull().unique())
      .addColumn('created_by', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('max_uses', 'integer', (col) => col.notNull())
      .addColumn('uses', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('expires_at', 'bigint')
      .addColumn('revoked_at', 'bigint')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('invites_created_by').on('invites').columns(['created_by', 'created_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('invites').execute();
    await db.schema.alterTable('users').dropColumn('awaiting_approval_since').execute();
  },
});

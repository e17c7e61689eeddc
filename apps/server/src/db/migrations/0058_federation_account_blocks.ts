import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './helpers.js';

/**
 * Federation safety for single accounts (issue 40). Expand only: two new
 * tables, which the previous release neither reads nor minds.
 *
 * - federation_account_blocks: a member's block of one remote actor, by its
 *   actor id (a URL), not by a federation_actors row: a follower has none,
 *   and that row goes when the account deletes itself while the block must
 *   stay. Who it is (handle, name, profile page) is kept for the member's
 *   list. One row per member and actor: two blocks at once leave one.
 * - federation_account_suspensions: an actor suspended on the whole
 *   instance by a moderator (its deliveries refused at the inbox, as a
 *   blocked server's), keyed by its actor id, so two moderators suspending
 *   it at once leave one row.
 */
export const federationAccountBlocksMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('federation_account_blocks')
      .$call(withId(dialect))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('actor_id', 'varchar(2000)', (c) => c.notNull())
      .addColumn('handle', 'varchar(600)', (c) => c.notNull())
      .addColumn('name', 'varchar(200)')
      .addColumn('url', 'varchar(2000)')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('federation_account_blocks_once', ['user_id', 'actor_id'])
      .execute();
    // The inbox asks "does anyone here block this actor?" by actor id.
    await db.schema.createIndex('federation_account_blocks_actor').on('federation_account_blocks').column('actor_id').execute();
    await db.schema
      .createTable('federation_account_suspensions')
      .addColumn('actor_id', 'varchar(2000)', (c) => c.primaryKey())
      .addColumn('handle', 'varchar(600)', (c) => c.notNull())
      .addColumn('url', 'varchar(2000)')
      .addColumn('reason', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('federation_account_suspensions').execute();
    await db.schema.dropTable('federation_account_blocks').execute();
  },
});

import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './helpers.js';

/**
 * The moderation audit log: one row per dashboard action, written in the
 * action's own transaction. The actor's username is copied so the row still
 * says who acted after their account is gone (actor_id then turns null);
 * targets are kept as type + id + a label for the same reason, without a
 * foreign key.
 */
export const moderationMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('audit_log')
      .$call(withId(dialect))
      .addColumn('actor_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('actor_username', 'varchar(16)')
      // user.suspend | user.unsuspend | user.role | review.delete | comment.delete | review.feature | review.unfeature | featured.reorder
      .addColumn('action', 'varchar(20)', (col) => col.notNull())
      // user | review | comment | featured
      .addColumn('target_type', 'varchar(10)', (col) => col.notNull())
      .addColumn('target_id', 'integer')
      .addColumn('target_label', 'varchar(200)')
      .addColumn('reason', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('audit_log_created').on('audit_log').columns(['created_at desc']).execute();
    // Deleting a user sets actor_id null here: this keeps that from scanning the table.
    await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('audit_log').execute();
  },
});

import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './helpers.js';

/**
 * Members report reviews, comments, lists and members (issue 36); the
 * reports form the moderators' queue, grouped by target.
 *
 * - target_type + target_id: a review is its library entry's id. No foreign
 *   key (the target is one of four tables); target_user_id is the target's
 *   author at report time, for their history in the queue.
 * - state: open → resolved; resolution hide | suspend | dismiss. One open
 *   report per reporter and target (the partial unique index); once resolved
 *   the same member may report it again.
 *
 * hidden_at / hidden_by on library_entries (the review), comments and lists:
 * set when a moderator hides it from everyone but its author and moderators.
 * Nullable, so the release before this one keeps writing rows unchanged;
 * hidden_by has no foreign key so SQLite can add it in place.
 */
export const reportsMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('reports')
      .$call(withId(dialect))
      .addColumn('reporter_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('target_type', 'varchar(10)', (col) => col.notNull())
      .addColumn('target_id', 'integer', (col) => col.notNull())
      .addColumn('target_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('reason', 'varchar(20)', (col) => col.notNull())
      .addColumn('details', 'text')
      .addColumn('state', 'varchar(10)', (col) => col.notNull().defaultTo('open'))
      .addColumn('resolution', 'varchar(10)')
      .addColumn('resolved_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('resolved_at', 'bigint')
      .addColumn('note', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('reports_one_open')
      .on('reports')
      .columns(['reporter_id', 'target_type', 'target_id'])
      .unique()
      .where(sql.ref('state'), '=', sql.lit('open'))
      .execute();
    // The queue (open reports by target) and a target's history.
    await db.schema.createIndex('reports_target').on('reports').columns(['target_type', 'target_id', 'state']).execute();
    await db.schema.createIndex('reports_state').on('reports').columns(['state', 'created_at']).execute();
    await db.schema.createIndex('reports_target_user').on('reports').column('target_user_id').where(sql.ref('target_user_id'), 'is not', null).execute();
    await db.schema.createIndex('reports_resolved_by').on('reports').column('resolved_by').where(sql.ref('resolved_by'), 'is not', null).execute();

    for (const table of ['library_entries', 'comments', 'lists']) {
      await db.schema.alterTable(table).addColumn('hidden_at', 'bigint').execute();
      await db.schema.alterTable(table).addColumn('hidden_by', 'integer').execute();
    }
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['library_entries', 'comments', 'lists']) {
      await db.schema.alterTable(table).dropColumn('hidden_by').execute();
      await db.schema.alterTable(table).dropColumn('hidden_at').execute();
    }
    await db.schema.dropTable('reports').execute();
  },
});

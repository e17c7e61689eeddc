import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Background jobs on SQLite (modules/jobs/jobs.sqlite.ts): mail waiting to
 * be sent or retried survives a restart. On PostgreSQL pg-boss keeps jobs in
 * its own schema (created at start-up, jobs.pg.ts), so there is nothing here.
 */
export const jobsMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    if (dialect !== 'sqlite') return;
    await db.schema
      .createTable('jobs')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('data', 'text', (col) => col.notNull())
      .addColumn('state', 'text', (col) => col.notNull())
      .addColumn('retry_count', 'integer', (col) => col.notNull())
      .addColumn('retry_limit', 'integer', (col) => col.notNull())
      .addColumn('retry_delay', 'integer', (col) => col.notNull())
      .addColumn('retry_backoff', 'integer', (col) => col.notNull())
      .addColumn('start_after', 'bigint', (col) => col.notNull())
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('jobs_due').on('jobs').columns(['name', 'state', 'start_after']).execute();
  },
  async down(db: Kysely<unknown>) {
    if (dialect !== 'sqlite') return;
    await db.schema.dropTable('jobs').execute();
  },
});

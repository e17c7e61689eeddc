import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * What several instances on one PostgreSQL must share instead of keeping on
 * their own disk or in their own memory (DESIGN.md): avatar images, keyed by
 * the file name the API names (`/uploads/avatars/{name}`), and the counters
 * of rate limits (http/limits.ts), one row per key and window.
 */
export const sharedStateMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('avatars')
      .addColumn('name', 'varchar(64)', (col) => col.primaryKey())
      .addColumn('content_type', 'varchar(64)', (col) => col.notNull())
      .addColumn('size', 'integer', (col) => col.notNull())
      .addColumn('bytes', dialect === 'postgres' ? 'bytea' : 'blob', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    // Counters are worth nothing after a crash and change on every limited request: on PostgreSQL
    // an unlogged table skips the write-ahead log (SQLite keeps its counters in memory anyway).
    await db.schema
      .createTable('rate_limits')
      .$call((table) => (dialect === 'postgres' ? table.modifyFront(sql`unlogged`) : table))
      .addColumn('key', 'text', (col) => col.primaryKey())
      .addColumn('window_start', 'bigint', (col) => col.notNull())
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addColumn('count', 'integer', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('rate_limits_expiry').on('rate_limits').column('expires_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('rate_limits').execute();
    await db.schema.dropTable('avatars').execute();
  },
});

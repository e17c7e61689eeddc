import { sql, type CreateTableBuilder, type Kysely, type Migration, type RawBuilder } from 'kysely';
import type { Dialect } from '../database.js';

/** An auto-numbered integer primary key named "id", in each dialect's own way. */
export function withId<T extends string>(dialect: Dialect) {
  return (table: CreateTableBuilder<T, never>) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
      : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

export interface IndexSpec {
  name: string;
  /** What follows the index's name: "on table (columns) [where …]". */
  on: RawBuilder<unknown>;
}

/**
 * A migration of indexes only, built without blocking writes: on PostgreSQL
 * with CREATE INDEX CONCURRENTLY, outside a transaction (a plain CREATE INDEX
 * holds off every write to the table while it builds, seconds on a big one,
 * and the previous release's writes would wait that long). A build that
 * failed halfway leaves an invalid index behind: it is dropped and built
 * again. On a new database (no one writes yet) and on SQLite (one process,
 * no such option): a plain build.
 */
export function concurrentIndexes(dialect: Dialect, indexes: IndexSpec[]): Migration & { transaction: false; upOnNewDatabase: Migration['up'] } {
  const plain = async (db: Kysely<unknown>) => {
    for (const { name, on } of indexes) await sql`create index if not exists ${sql.ref(name)} ${on}`.execute(db);
  };
  return {
    transaction: false,
    upOnNewDatabase: plain,
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') return plain(db);
      for (const { name, on } of indexes) {
        const { rows } = await sql<{ valid: boolean }>`select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = ${name}`.execute(db);
        if (rows[0]?.valid) continue;
        if (rows[0]) await sql`drop index concurrently ${sql.ref(name)}`.execute(db);
        await sql`create index concurrently ${sql.ref(name)} ${on}`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      for (const { name } of [...indexes].reverse()) await sql`drop index if exists ${sql.ref(name)}`.execute(db);
    },
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dbKinds, type TestDatabase } from '../test/databases.js';
import { createDb, type Db } from './database.js';
import { migrateToLatest } from './migrate.js';
import { migrationsFor } from './migrations/index.js';

/**
 * Expand, then contract (db/migrations/index.ts): the previous release runs
 * on the migrated database during a rolling upgrade and after a rollback, so
 * a migration must not drop or rename what it reads, nor add a NOT NULL
 * column it does not fill. Every statement the migrations send is read; one
 * that contracts the schema is allowed only in a migration marked as the
 * contract step of an earlier expand (`contracts: '<expand migration>'`).
 */

const CONTRACTING: { what: string; pattern: RegExp }[] = [
  { what: 'drops a table', pattern: /\bdrop table\b/ },
  { what: 'drops a column', pattern: /\bdrop column\b/ },
  { what: 'renames a table or column', pattern: /\brename\b/ },
  { what: 'changes a column type', pattern: /\balter column\s+\S+\s+(set data )?type\b/ },
  { what: 'makes a column NOT NULL', pattern: /\bset not null\b/ },
  { what: 'adds a NOT NULL column without a default', pattern: /\badd column\b(?![^,]*\bdefault\b)[^,]*\bnot null\b/ },
];

/** Landed before the rule, each checked by hand: the previous release keeps working. */
const REVIEWED: Record<string, string> = {
  // SQLite: games_fts, the search's own table, dropped and made again at once (0003's was never filled).
  '0004_search_ranks': 'rebuilds the full-text table in the same migration',
  // SQLite cannot relax a NOT NULL: comments is copied into a new table with every column, and renamed back.
  '0015_lists': 'SQLite table rebuild keeping every column',
};

describe.each(dbKinds)('expand-only migrations on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;
  const statements: { migration: string; sql: string }[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = createDb(database.config);
    await migrateToLatest(db, { onStatement: (migration, sql) => statements.push({ migration, sql: sql.toLowerCase().replace(/\s+/g, ' ') }) });
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('sees what the migrations send, through Kysely’s builders and as raw SQL', () => {
    const of = (migration: string) => statements.filter((s) => s.migration === migration).map((s) => s.sql);
    expect(of('0016_journal')).toContain('alter table "library_entries" add column "owned" integer');
    expect(of('0028_review_score_index').join('\n')).toContain('on library_entries ((likes_count + comments_count * 2) desc');
  });

  it('never drops, renames or tightens what the previous release uses, but in a contract step', () => {
    const migrations = migrationsFor(kind);
    const found = statements.flatMap(({ migration, sql }) =>
      CONTRACTING.filter(({ pattern }) => pattern.test(sql))
        .filter(() => !migrations[migration]?.contracts && !REVIEWED[migration])
        .map(({ what }) => `${migration} ${what}: ${sql.slice(0, 160)}`),
    );
    expect(found).toEqual([]);
  });

  it('flags the contracting statements it is meant to', () => {
    const flagged = (sql: string) => CONTRACTING.filter(({ pattern }) => pattern.test(sql)).map(({ what }) => what);
    expect(flagged('alter table "users" drop column "bio"')).toEqual(['drops a column']);
    expect(flagged('alter table "users" rename column "bio" to "about"')).toEqual(['renames a table or column']);
    expect(flagged('alter table "users" add column "x" integer not null')).toEqual(['adds a NOT NULL column without a default']);
    expect(flagged('alter table "users" add column "x" integer default 0 not null')).toEqual([]);
    expect(flagged('alter table "comments" alter column "entry_id" drop not null')).toEqual([]);
    expect(flagged('drop table "lists"')).toEqual(['drops a table']);
    expect(flagged('create index "x" on "users" ("id")')).toEqual([]);
  });
});

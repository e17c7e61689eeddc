import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dbKinds, type TestDatabase } from '../test/databases.js';
import { createDb, type Db } from './database.js';
import pg from 'pg';
import { migrateToLatest, type LockWait } from './migrate.js';
import { migrationsFor } from './migrations/index.js';
import { sql } from 'kysely';

describe.each(dbKinds)('migrations on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = createDb(database.config);
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('applies every migration to an empty database', async () => {
    const report = await migrateToLatest(db);
    expect(report.applied).toEqual(Object.keys(migrationsFor(kind)));
  });

  it('is a no-op the second time', async () => {
    expect((await migrateToLatest(db)).applied).toEqual([]);
  });

  it('runs on a database a newer release migrated (a rollback), and says so', async () => {
    const future = '9999_from_a_newer_release';
    await db.kysely.insertInto('kysely_migration' as never).values({ name: future, timestamp: new Date().toISOString() } as never).execute();
    try {
      expect(await migrateToLatest(db)).toEqual({ applied: [], current: Object.keys(migrationsFor(kind)).at(-1), newer: [future] });
    } finally {
      await db.kysely.deleteFrom('kysely_migration' as never).where('name' as never, '=', future as never).execute();
    }
  });

  it('leaves a working schema behind', async () => {
    await db.kysely.insertInto('app_meta').values({ key: 'k', value: 'v', updated_at: 1_800_000_000_000 }).execute();
    const row = await db.kysely.selectFrom('app_meta').selectAll().where('key', '=', 'k').executeTakeFirstOrThrow();
    expect(row).toEqual({ key: 'k', value: 'v', updated_at: 1_800_000_000_000 });
  });

  it('keeps the sparse columns’ indexes to the rows that have a value, and reads through them (0033)', async () => {
    const sparse = ['activities_comment', 'activities_target', 'activities_list', 'library_entries_featured'];
    if (kind === 'sqlite') {
      const rows = db.sqlite!.prepare(`select name, sql from sqlite_master where type = 'index' and name in (${sparse.map(() => '?').join(', ')})`).all(...sparse) as { name: string; sql: string }[];
      expect(rows.map((r) => r.name).sort()).toEqual([...sparse].sort());
      for (const row of rows) expect(row.sql).toMatch(/where "\w+" is not null$/);
      const plan = (query: string) => (db.sqlite!.prepare(`explain query plan ${query}`).all(1) as { detail: string }[]).map((r) => r.detail).join('; ');
      expect(plan('select id from activities where comment_id = ?')).toContain('activities_comment');
      expect(plan('select id from activities where list_id = ?')).toContain('activities_list');
      expect(plan('select id from library_entries where featured_position = ?')).toContain('library_entries_featured');
    } else {
      const { rows } = await sql<{ indexname: string; indexdef: string }>`select indexname, indexdef from pg_indexes where indexname in (${sql.join(sparse)})`.execute(db.kysely);
      expect(rows.map((r) => r.indexname).sort()).toEqual([...sparse].sort());
      for (const row of rows) expect(row.indexdef).toMatch(/WHERE \(\w+ IS NOT NULL\)$/);
    }
  });

  it('undoes and redoes the sparse indexes (0033)', async () => {
    const migration = migrationsFor(kind)['0033_sparse_indexes']!;
    await migration.down!(db.kysely);
    await migration.up(db.kysely);
    await db.kysely.selectFrom('activities').select('id').where('comment_id', '=', 1).execute();
  });

  if (kind === 'postgres') {
    it('gives way to a session writing to a table it needs, says so, and names it when it gives up', async () => {
      // Undo 0037 (a new table referencing games, which locks games against writes) and every migration after it, newest first.
      const last = '0037_game_slug_history';
      const migrations = migrationsFor(kind);
      const undone = Object.keys(migrations).filter((name) => name >= last);
      for (const name of [...undone].reverse()) {
        await migrations[name]!.down!(db.kysely);
        await sql`delete from kysely_migration where name = ${name}`.execute(db.kysely);
      }

      const url = database.config.kind === 'postgres' ? database.config.url : '';
      const writer = new pg.Client({ connectionString: url, application_name: 'a previous release' });
      await writer.connect();
      try {
        // A write's lock on games, held in an open transaction.
        await writer.query('begin');
        await writer.query('lock table games in row exclusive mode');
        const waits: LockWait[] = [];
        const failure = await migrateToLatest(db, { lockTimeoutMs: 50, giveUpAfterMs: 600, onLockWait: (w) => waits.push(w) }).catch((e: unknown) => e);
        expect(failure).toBeInstanceOf(Error);
        expect((failure as Error).message).toMatch(new RegExp(`^Migration ${last} gave up after \\d+ tries .*could not lock games.*held by process \\d+ \\(a previous release\\)`));
        expect(waits.length).toBeGreaterThan(0);
        expect(waits.map((w) => w.retry)).toEqual(waits.map((_, i) => i + 1));
        expect(waits[0]).toMatchObject({ migration: last, table: 'games' });
        // The writer's transaction was never disturbed: it still writes and commits.
        await writer.query('update app_meta set value = value where false');
        await writer.query('commit');
      } finally {
        await writer.end();
      }
      // Once the writer is done, the migration goes through.
      expect((await migrateToLatest(db)).applied).toEqual(undone);
    });
    it('takes the tables it needs together, so writes that hold one and want the other never lock it out (0051 under a cycle-prone write load)', async () => {
      await migrateToLatest(db);
      const migrations = migrationsFor(kind);
      const undone = Object.keys(migrations).filter((name) => name >= '0051_plays');
      for (const name of [...undone].reverse()) {
        await migrations[name]!.down!(db.kysely);
        await sql`delete from kysely_migration where name = ${name}`.execute(db.kysely);
      }
      // Writes as a serving instance makes them: some take the library, then the journal; others the other way round.
      const url = database.config.kind === 'postgres' ? database.config.url : '';
      const orders = [['library_entries', 'diary_entries'], ['diary_entries', 'library_entries'], ['library_entries', 'diary_entries']];
      let running = true;
      let commits = 0;
      const errors: unknown[] = [];
      const writers = orders.map(async (tables) => {
        const writer = new pg.Client({ connectionString: url, application_name: 'a previous release' });
        await writer.connect();
        try {
          while (running) {
            try {
              await writer.query('begin');
              await writer.query(`lock table ${tables[0]} in row exclusive mode`);
              await writer.query('select pg_sleep(0.01)');
              await writer.query(`lock table ${tables[1]} in row exclusive mode`);
              await writer.query('commit');
              commits++;
            } catch (error) {
              errors.push(error);
              await writer.query('rollback');
            }
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
        } finally {
          await writer.end();
        }
      });
      try {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const waits: LockWait[] = [];
        const report = await migrateToLatest(db, { lockTimeoutMs: 50, giveUpAfterMs: 30_000, onLockWait: (w) => waits.push(w) });
        expect(report.applied, `${waits.length} lock waits`).toEqual(undone);
        // Taking them one by one, it lost to these writes for 13–22 s (some 40 tries); together, at the third try at most (each try learns a table).
        expect(waits.length, waits.map((w) => `${w.migration} ${w.table}`).join(", ")).toBeLessThanOrEqual(6);
      } finally {
        running = false;
        await Promise.all(writers);
      }
      // The writes were never the ones to give way.
      expect(errors).toEqual([]);
      expect(commits).toBeGreaterThan(0);
    }, 60_000);
  }

  if (kind === 'sqlite') {
    it('turns on WAL and foreign keys', () => {
      expect(db.sqlite!.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.sqlite!.pragma('foreign_keys', { simple: true })).toBe(1);
    });
  }
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dbKinds, type TestDatabase } from '../test/databases.js';
import { createDb, type Db } from './database.js';
import { migrateToLatest } from './migrate.js';
import { migrationsFor } from './migrations/index.js';

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

  it('leaves a working schema behind', async () => {
    await db.kysely.insertInto('app_meta').values({ key: 'k', value: 'v', updated_at: 1_800_000_000_000 }).execute();
    const row = await db.kysely.selectFrom('app_meta').selectAll().where('key', '=', 'k').executeTakeFirstOrThrow();
    expect(row).toEqual({ key: 'k', value: 'v', updated_at: 1_800_000_000_000 });
  });

  if (kind === 'sqlite') {
    it('turns on WAL and foreign keys', () => {
      expect(db.sqlite!.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.sqlite!.pragma('foreign_keys', { simple: true })).toBe(1);
    });
  }
});

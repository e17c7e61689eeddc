import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { createTestDatabase, dbKinds, type TestDatabase } from '../../test/databases.js';
import { databaseCounters } from './counters.db.js';
import { Limit, memoryCounters, type LimitCounters } from './counters.js';

describe.each(dbKinds)('limit counters on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;
  const clock = { now: 1_000_000 };
  let counters: LimitCounters;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = createDb(database.config);
    await migrateToLatest(db);
    // SQLite's instances are one process: memory. PostgreSQL's share the table.
    counters = kind === 'postgres' ? databaseCounters(db, () => clock.now) : memoryCounters(() => clock.now);
  });
  afterAll(async () => {
    counters.close();
    await db.destroy();
    await database.drop();
  });

  it('counts uses at once without losing one, and starts a new window once the last has ended', async () => {
    const counts = await Promise.all(Array.from({ length: 20 }, () => counters.hit('race', 60_000)));
    expect(counts.map((w) => w.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(counts.map((w) => w.resetAt))).toEqual(new Set([clock.now + 60_000]));
    clock.now += 60_000;
    expect(await counters.peek('race')).toBeUndefined();
    expect(await counters.hit('race', 60_000)).toEqual({ count: 1, resetAt: clock.now + 60_000 });
  });

  it('answers a limit: room until the max, then blocked until the window ends or it is reset', async () => {
    const limit = new Limit(counters, 'test', 3, 10_000);
    expect([await limit.take('ann'), await limit.take('ann'), await limit.take('ann'), await limit.take('ann')]).toEqual([true, true, true, false]);
    expect(await limit.isBlocked('ann')).toBe(true);
    expect(await limit.isBlocked('bob')).toBe(false);
    await limit.reset('ann');
    expect(await limit.isBlocked('ann')).toBe(false);
    await limit.record('bob');
    await limit.record('bob');
    await limit.record('bob');
    expect(await limit.isBlocked('bob')).toBe(true);
    clock.now += 10_000;
    expect(await limit.isBlocked('bob')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/databases.js';
import { createDb } from './database.js';

describe.skipIf(!process.env.TEST_DATABASE_URL)('how long queries wait for a pooled PostgreSQL connection (skipped without TEST_DATABASE_URL: SQLite has no pool)', () => {
  it('is 0 while none waits, grows while one does, and is 0 again once it has its connection', async () => {
    const database = await createTestDatabase('postgres');
    if (database.config.kind !== 'postgres') throw new Error('PostgreSQL only');
    const db = createDb({ ...database.config, poolMax: 2 });
    try {
      expect(db.poolWaitMs!()).toBe(0);
      // Both connections held: the third query waits.
      const held = [await db.pool!.connect(), await db.pool!.connect()];
      const waiting = db.kysely.selectNoFrom((eb) => eb.val(1).as('one')).execute();
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(db.poolWaitMs!()).toBeGreaterThanOrEqual(100);
      expect(db.pool!.waitingCount).toBe(1);
      held[0]!.release();
      await waiting;
      expect(db.poolWaitMs!()).toBe(0);
      held[1]!.release();
      // Quick queries, many at once, through a pool of two: they wait in line, each for a moment only.
      let longest = 0;
      const sampler = setInterval(() => (longest = Math.max(longest, db.poolWaitMs!())), 1);
      await Promise.all(Array.from({ length: 200 }, () => db.kysely.selectNoFrom((eb) => eb.val(1).as('one')).execute()));
      clearInterval(sampler);
      expect(db.poolWaitMs!()).toBe(0);
      expect(longest).toBeGreaterThan(0);
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});

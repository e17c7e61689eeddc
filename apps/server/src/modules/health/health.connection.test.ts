import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { dbKinds } from '../../test/databases.js';

// SQLite has no pool to queue in: its checks run on the calling thread.
describe.runIf(dbKinds.includes('postgres'))('health checks on PostgreSQL with every pooled connection taken', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres', { env: { DB_POOL_MAX: '2' } });
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('answers ready and healthy on a connection of their own, not behind the pool’s queue', async () => {
    const pool = t.db.pool!;
    const held: pg.PoolClient[] = [await pool.connect(), await pool.connect()];
    try {
      // A read now waits for a connection, as under a flood.
      const queued = t.app.inject({ method: 'GET', url: '/api/igdb/games' });
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode, ready.body).toBe(200);
      expect(ready.json()).toMatchObject({ status: 'ready', database: 'postgres' });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect(pool.waitingCount).toBeGreaterThan(0);
      for (const client of held.splice(0)) client.release();
      expect((await queued).statusCode).toBe(200);
    } finally {
      for (const client of held) client.release();
    }
  });
});

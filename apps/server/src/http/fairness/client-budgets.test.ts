import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MESSAGES } from '@vgl/shared';
import { createDb, type Db } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { createTestDatabase, dbKinds, type TestDatabase } from '../../test/databases.js';
import { databaseTally } from '../limits/shared-tally.db.js';
import { memoryTally, type SharedTally } from '../limits/shared-tally.js';
import { registerClientBudgets, type BudgetName } from './client-budgets.js';

/**
 * The budgets on a clock of the test's own, each "instance" a Fastify app
 * with the hook and a tally of its own: on PostgreSQL both tallies share
 * the database's counts, as two VGL processes do.
 */
describe.each(dbKinds)('client budgets on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;
  const clock = { now: 1_000_000 };
  const tallies: SharedTally[] = [];
  const limited: BudgetName[] = [];

  async function instance(readsPerMinute: number): Promise<{ app: FastifyInstance; tally: SharedTally }> {
    const tally = kind === 'postgres' ? databaseTally(db, { now: () => clock.now, flushMs: 3_600_000 }) : memoryTally(() => clock.now);
    tallies.push(tally);
    const app = Fastify({ trustProxy: '127.0.0.1' });
    registerClientBudgets(app, { tally, settings: { readsPerMinute, searchPerMinute: 0 }, onLimited: (budget) => limited.push(budget), now: () => clock.now, holdMs: 0 });
    app.get('/api/igdb/games', async () => []);
    app.get('/api/igdb/search', async () => []);
    app.get('/api/users', async () => []);
    app.get('/api/health/live', async () => ({ status: 'ok' }));
    app.get('/assets/index-abc123.js', async () => '');
    app.post('/api/igdb/games', async () => ({}));
    return { app, tally };
  }
  const read = (app: FastifyInstance, client: string, url = '/api/igdb/games') => app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': client } });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = createDb(database.config);
    await migrateToLatest(db);
  });
  afterAll(async () => {
    for (const tally of tallies) tally.close();
    await db.destroy();
    await database.drop();
  });

  it('serves a client its budget for the minute at a steady pace, then answers 429 with Retry-After until the window ends', async () => {
    const { app } = await instance(6); // one read every 10 s, one at once
    const answers: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      answers.push((await read(app, '203.0.113.1')).statusCode);
      clock.now += 9_000;
      answers.push((await read(app, '203.0.113.1')).statusCode); // too soon: the pace
      clock.now += 1_000;
    }
    expect(answers).toEqual([200, 429, 200, 429, 200, 429, 200, 429, 200, 429, 200, 429]);
    // 60 s after the first: a new window, and the pace allows one.
    expect((await read(app, '203.0.113.1')).statusCode).toBe(200);
    clock.now += 5_000;
    const refused = await read(app, '203.0.113.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual({ error: 'rate_limited', message: API_MESSAGES.tooManyRequests, statusCode: 429 });
    // Another client, writes, health checks and files are not this client's reads.
    expect((await read(app, '198.51.100.2')).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/igdb/games', headers: { 'x-forwarded-for': '203.0.113.1' } })).statusCode).toBe(200);
    expect((await read(app, '203.0.113.1', '/api/health/live')).statusCode).toBe(200);
    expect((await read(app, '203.0.113.1', '/assets/index-abc123.js')).statusCode).toBe(200);
    // Searches have their own budget: off here.
    expect((await read(app, '203.0.113.1', '/api/igdb/search?q=zelda')).statusCode).toBe(200);
    expect(limited.every((budget) => budget === 'reads')).toBe(true);
    await app.close();
  });

  it('counts member search (/api/users with a q) as a search, and the members directory as a read', async () => {
    const { app } = await instance(6); // one read every 10 s, one at once
    clock.now += 600_000;
    expect((await read(app, '203.0.113.20', '/api/users?sort=followers')).statusCode).toBe(200);
    // The read budget is spent for ten seconds; searches have their own (off here).
    expect((await read(app, '203.0.113.20', '/api/users?q=ann')).statusCode).toBe(200);
    expect((await read(app, '203.0.113.20', '/api/users?q=%20')).statusCode).toBe(429);
    expect((await read(app, '203.0.113.20', '/api/users')).statusCode).toBe(429);
    await app.close();
  });

  it('refuses a client over its minute when the window is spent, even at a pace the pacing allows', async () => {
    const { app } = await instance(12); // one read every 5 s, two at once
    clock.now += 120_000;
    const start = clock.now;
    expect([(await read(app, '203.0.113.9')).statusCode, (await read(app, '203.0.113.9')).statusCode]).toEqual([200, 200]);
    for (let i = 1; i <= 10; i += 1) {
      clock.now = start + i * 5_000;
      expect((await read(app, '203.0.113.9')).statusCode).toBe(200);
    }
    // Twelve in this window, which began with the first: the pace would allow a thirteenth now; the minute does not.
    clock.now = start + 57_000;
    const refused = await read(app, '203.0.113.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('3');
    clock.now = start + 60_000;
    expect((await read(app, '203.0.113.9')).statusCode).toBe(200);
    await app.close();
  });

  it.runIf(kind === 'postgres')('gives a client one budget across instances sharing the database', async () => {
    const first = await instance(6);
    const second = await instance(6);
    clock.now += 300_000;
    for (let i = 0; i < 4; i += 1) {
      expect((await read(first.app, '192.0.2.44')).statusCode).toBe(200);
      clock.now += 10_000;
    }
    await first.tally.flush();
    // The second instance's pace is its own, but the minute's count is the first's 4 and its own.
    expect((await read(second.app, '192.0.2.44')).statusCode).toBe(200);
    await second.tally.flush();
    clock.now += 10_000;
    expect((await read(second.app, '192.0.2.44')).statusCode).toBe(200);
    clock.now += 10_000;
    const refused = await read(second.app, '192.0.2.44');
    expect(refused.statusCode).toBe(429);
    // Alone, the second instance would have served it: another address there is fine.
    expect((await read(second.app, '192.0.2.45')).statusCode).toBe(200);
    await first.app.close();
    await second.app.close();
  });
});

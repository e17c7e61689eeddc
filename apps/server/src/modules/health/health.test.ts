import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { dbKinds } from '../../test/databases.js';

describe.each(dbKinds)('GET /api/health on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers ok after checking the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: kind, version: expect.any(String) });
  });

  it('tells liveness from readiness: the process runs; the database answers and has every migration', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok', uptimeSeconds: expect.any(Number) });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: kind, schema: expect.stringMatching(/^\d{4}_/) });
  });

  it('is not ready on a database without this version\'s latest migration', async () => {
    const latest = (await sql<{ name: string }>`select max(name) as name from kysely_migration`.execute(t.db.kysely)).rows[0]!.name;
    await sql`update kysely_migration set name = ${`${latest}_renamed`} where name = ${latest}`.execute(t.db.kysely);
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    await sql`update kysely_migration set name = ${latest} where name = ${`${latest}_renamed`}`.execute(t.db.kysely);
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ error: 'migrations_pending', message: expect.stringContaining(latest), statusCode: 503 });
  });

  it('is not ready while the database takes over a second to answer', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding!: Promise<void>;
    // The one SQLite connection held, or the migrations table locked on PostgreSQL.
    await new Promise<void>((taken) => {
      holding =
        kind === 'postgres'
          ? t.db.kysely.transaction().execute(async (trx) => {
              await sql`lock table kysely_migration in access exclusive mode`.execute(trx);
              taken();
              await held;
            })
          : t.db.kysely.connection().execute(async () => {
              taken();
              await held;
            });
    });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    release();
    await holding;
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ error: 'database_slow', message: 'The database did not answer within 1000 ms.' });
  });

  it('answers 503 with a clear message when the database is gone', async () => {
    await t.db.destroy();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 'database_unavailable', message: 'The database is not reachable.', statusCode: 503 });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ error: 'database_unavailable', statusCode: 503 });
    // Liveness does not ask the database: an outage must not get the instance restarted.
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
  });
});

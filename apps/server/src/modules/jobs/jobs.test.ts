import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { createDb, type Db } from '../../db/database.js';
import { createTestApp, openAnotherApp, type TestApp } from '../../test/app.js';
import { createTestDatabase, dbKinds, type TestDatabase } from '../../test/databases.js';
import { createJobQueue } from './jobs.js';
import type { JobQueue } from './jobs.queue.js';

const silent = pino({ level: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const register = (t: TestApp, name: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: `${name}@example.com`, username: name, password: 'Secret123', password2: 'Secret123' } });

describe('VGL_ROLE', () => {
  it('is all by default, and web needs PostgreSQL', () => {
    expect(loadConfig({}, '/').role).toBe('all');
    expect(loadConfig({ VGL_ROLE: 'worker' }, '/').role).toBe('worker');
    expect(loadConfig({ VGL_ROLE: 'web', DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/vgl' }, '/').role).toBe('web');
    expect(() => loadConfig({ VGL_ROLE: 'web' }, '/')).toThrow(/VGL_ROLE web needs DATABASE_URL/);
    expect(() => loadConfig({ VGL_ROLE: 'cron' }, '/')).toThrow(ConfigError);
    expect(() => loadConfig({ VGL_ROLE: 'cron' }, '/')).toThrow(/VGL_ROLE must be web .*, worker .* or all/);
  });
});

describe.each(dbKinds)('a worker instance on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { smtp: true, env: { VGL_ROLE: 'worker', METRICS_TOKEN: 'metrics-token-0123456789' } });
  });
  afterAll(() => t.close());

  it('answers its health checks and nothing else', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    const games = await t.app.inject({ method: 'GET', url: '/api/igdb/games' });
    expect(games.statusCode).toBe(404);
    expect(games.json()).toMatchObject({ error: 'not_found' });
    expect((await t.app.inject({ method: 'GET', url: '/' })).statusCode).toBe(404);
  });

  it('reports the job queue’s depth and failures in /metrics', async () => {
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-token-0123456789' } });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toMatch(/^vgl_jobs_pending 0$/m);
    expect(metrics.body).toMatch(/^vgl_jobs_failed 0$/m);
  });
});

describe.skipIf(!dbKinds.includes('postgres'))('instances on one PostgreSQL', () => {
  it('a web instance sends mail jobs, and only a worker delivers them', async () => {
    const web = await createTestApp('postgres', { smtp: true, env: { VGL_ROLE: 'web' } });
    try {
      expect((await register(web, 'Queued_01')).statusCode).toBe(201);
      await sleep(1500);
      expect(web.smtp!.mails).toHaveLength(0);
      const worker = await openAnotherApp(web, { env: { VGL_ROLE: 'worker', SMTP_URL: web.smtp!.url } });
      try {
        expect((await web.smtp!.waitFor('Queued_01@example.com', /Activate/)).text).toContain('/auth/activation/');
      } finally {
        await worker.close();
      }
    } finally {
      await web.close();
    }
  });

  describe('a scheduled job', () => {
    let database: TestDatabase;
    const dbs: Db[] = [];
    const queues: JobQueue[] = [];
    beforeAll(async () => {
      database = await createTestDatabase('postgres');
    });
    afterAll(async () => {
      await Promise.all(queues.map((q) => q.stop()));
      await Promise.all(dbs.map((db) => db.destroy()));
      await database.drop();
    });

    it('runs once however many workers keep the schedule', async () => {
      // The cron fires every minute: start early in a minute so the ~20 s watched below never see the next one
      // (crossing it made a correct second run look like a double one, seen once in CI).
      const second = new Date().getUTCSeconds();
      if (second > 35) await sleep((61 - second) * 1000);
      const runs: string[] = [];
      for (const instance of ['a', 'b', 'c']) {
        const db = createDb(database.config);
        dbs.push(db);
        const queue = createJobQueue(db, silent, { queues: { 'test.tick': { retry: { retryLimit: 0, retryDelaySeconds: 0, backoff: false } } }, works: true, pollSeconds: 0.5 });
        queues.push(queue);
        await queue.start();
        await queue.work('test.tick', async () => void runs.push(instance));
        // Every minute: due at once (the minute under way), then not again for a minute.
        await queue.schedule('test.tick', '* * * * *');
      }
      const deadline = Date.now() + 15_000;
      while (runs.length === 0 && Date.now() < deadline) await sleep(200);
      await sleep(3000);
      expect(runs).toHaveLength(1);
    }, 60_000);
  });
});

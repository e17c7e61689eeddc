import { CATALOG_SYNC_MESSAGES, type AdminCatalog, type AuditEntry, type CatalogSyncState } from '@vgl/shared';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { captureIO, envFor } from '../../test/cli.js';
import { createTestDatabase, dbKinds, type TestDatabase } from '../../test/databases.js';
import { startFakeIgdb, type FakeIgdb, type FakeIgdbData } from '../../test/fake-igdb.js';
import { bearer, createUser, loginToken } from '../../test/users.js';
import { IgdbClient } from './igdb.client.js';
import { createJobQueue } from '../jobs/jobs.js';
import { IGDB_SYNC_JOB, IGDB_SYNC_QUEUE, workIgdbSync, type ScheduleOptions } from './igdb.job.js';
import { syncLease as leaseOf } from '../catalog-sync/sync.lease.js';
import { igdbSyncStatus as syncStatus, startIgdbSync, SYNC_LEASE_KEY, SyncBusyError, SyncStoppedError } from './igdb.run.js';

const syncLease = (db: Parameters<typeof leaseOf>[0]) => leaseOf(db, SYNC_LEASE_KEY);
import { dbTokenStore } from './igdb.token.js';
import { GAME_TYPES, type IgdbGame } from './igdb.types.js';

const T0 = 1_700_000_000;
const games = (count: number): IgdbGame[] =>
  Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    name: `Catalog Quest ${i + 1}`,
    slug: `catalog-quest-${i + 1}`,
    game_type: GAME_TYPES.main_game,
    platforms: [19],
    genres: [8],
    updated_at: T0 + i,
  }));
const data = (count: number): FakeIgdbData => ({
  games: games(count),
  platforms: [{ id: 19, name: 'Super Nintendo Entertainment System', slug: 'snes' }],
  genres: [{ id: 8, name: 'Platform', slug: 'platform' }],
  themes: [{ id: 1, name: 'Action', slug: 'action' }],
});
const igdbEnv = (igdb: FakeIgdb) => ({ IGDB_CLIENT_ID: 'test-client', IGDB_CLIENT_SECRET: 'test-secret', IGDB_API_URL: igdb.apiUrl, TWITCH_TOKEN_URL: igdb.tokenUrl });
const credentials = (igdb: FakeIgdb) => ({ clientId: 'test-client', clientSecret: 'test-secret', apiUrl: igdb.apiUrl, tokenUrl: igdb.tokenUrl });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` answers something, for at most `ms`. */
async function until<T>(check: () => Promise<T | null | undefined | false>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out');
    await sleep(50);
  }
}

const silentLog = () => {
  const lines: string[] = [];
  const note = (a: unknown, b?: unknown) => void lines.push(typeof a === 'string' ? a : String(b));
  return { log: { info: note, warn: note, error: note, debug: note } as unknown as FastifyBaseLogger, lines };
};

describe.each(dbKinds)('the Catalog page’s API on %s, with IGDB', (kind) => {
  let t: TestApp;
  let igdb: FakeIgdb;
  let root: string;
  let member: string;
  let moderator: string;

  beforeAll(async () => {
    // Slow enough answers that a run is seen under way: about 4 s for 2,000 games.
    igdb = await startFakeIgdb(data(2000), { latencyMs: 150 });
    t = await createTestApp(kind, { env: igdbEnv(igdb) });
    const k = t.db.kysely;
    await createUser(k, { username: 'root', role: 'admin' });
    await createUser(k, { username: 'member' });
    await createUser(k, { username: 'mod', role: 'moderator' });
    [root, member, moderator] = await Promise.all([loginToken(t.app, 'root'), loginToken(t.app, 'member'), loginToken(t.app, 'mod')]);
  });
  afterAll(async () => {
    await t.close();
    await igdb.close();
  });

  const get = (token = root) => t.app.inject({ method: 'GET', url: '/api/admin/catalog', headers: bearer(token) });
  const syncNow = (token = root) => t.app.inject({ method: 'POST', url: '/api/admin/catalog/sync', headers: bearer(token) });
  const catalog = async () => (await get()).json() as AdminCatalog;
  const idle = () => until(async () => ((await catalog()).sync.running === null ? catalog() : null));

  it('is for admins only: 401 for visitors, 403 for members and moderators', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const url = method === 'GET' ? '/api/admin/catalog' : '/api/admin/catalog/sync';
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
      expect((await t.app.inject({ method, url, headers: bearer(member) })).statusCode).toBe(403);
      expect((await t.app.inject({ method, url, headers: bearer(moderator) })).statusCode).toBe(403);
    }
    expect(await syncStatus(t.db).read()).toMatchObject({ running: null, lastRun: null });
  });

  it('names IGDB as the source and counts the catalog; nothing synced yet', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    // The app works the sync's scheduled job: its first run is noted (an hour out in tests).
    expect(res.json()).toMatchObject({
      source: { kind: 'igdb', name: 'IGDB' },
      counts: { games: 0, gamesBySource: { mame: 0, igdb: 0, import: 0 }, relatedItems: 0, companies: 0 },
      sync: { running: null, lastRun: null, lastError: null, nextRunAt: expect.any(Number), nextMode: 'full' },
    });
  });

  it('starts a sync in the background (202), shows its progress while it runs, refuses a second (409) and audits it', async () => {
    const res = await syncNow();
    expect(res.statusCode).toBe(202);
    const started = res.json() as CatalogSyncState;
    expect(started.running).toMatchObject({ mode: 'full', trigger: 'admin', startedBy: 'root', pages: 0, saved: 0, total: null });

    const second = await syncNow();
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ error: 'sync_running' });
    expect(second.json().message).toMatch(/^A catalog sync is already running; wait for it to finish\. It is a full crawl started by root at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\.$/);

    // Mid-run, as the page polls it: pages fetched, records saved of the total expected, a rate.
    const during = await until(async () => {
      const { running } = (await catalog()).sync;
      return running && running.pages >= 1 && running.saved > 0 ? running : null;
    });
    expect(during.total).toBe(2000);
    expect(during.saved).toBeLessThanOrEqual(2000);
    expect(during.rate).toBeGreaterThan(0);
    expect(during.updatedAt).toBeGreaterThan(during.startedAt);

    const after = await idle();
    expect(after.sync.lastRun).toMatchObject({ trigger: 'admin', startedBy: 'root', report: { mode: 'full', games: 2000, resumedFrom: 0 } });
    expect(after.sync.lastRun!.report.pages).toBeGreaterThanOrEqual(4);
    expect(after.sync.lastRun!.finishedAt).toBeGreaterThanOrEqual(after.sync.lastRun!.startedAt);
    expect(after.sync).toMatchObject({ lastError: null, nextMode: 'incremental' });
    expect(after.counts).toMatchObject({ games: 2000, gamesBySource: { igdb: 2000 }, platforms: 1, genres: 1, themes: 1 });

    const audit = (await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: bearer(root) })).json() as AuditEntry[];
    expect(audit[0]).toMatchObject({ actor: { username: 'root' }, action: 'catalog.sync', targetType: 'catalog', targetId: null, targetLabel: 'IGDB: full crawl' });
  });

  it('records the last error when IGDB fails, and keeps the last good run', async () => {
    igdb.failNext(400);
    expect((await syncNow()).statusCode).toBe(202);
    const after = await idle();
    expect(after.sync.lastError).toMatchObject({ mode: 'incremental', trigger: 'admin' });
    expect(after.sync.lastError!.message).toMatch(/^IGDB \w+ answered HTTP 400/);
    expect(after.sync.lastError!.at).toBeGreaterThan(after.sync.lastRun!.finishedAt);
    expect(after.sync.lastRun!.report.mode).toBe('full');

    // The next run succeeds; the error stays visible, older than the run.
    expect((await syncNow()).statusCode).toBe(202);
    const healed = await idle();
    expect(healed.sync.lastRun!.report.mode).toBe('incremental');
    expect(healed.sync.lastError!.at).toBeLessThan(healed.sync.lastRun!.finishedAt);
  });
});

describe.each(dbKinds)('the Catalog page’s API on %s, without IGDB', (kind) => {
  it('names the embedded catalog and refuses "Sync now" with a clear message', async () => {
    const t = await createTestApp(kind);
    try {
      await createUser(t.db.kysely, { username: 'root', role: 'admin' });
      const token = await loginToken(t.app, 'root');
      const page = (await t.app.inject({ method: 'GET', url: '/api/admin/catalog', headers: bearer(token) })).json() as AdminCatalog;
      expect(page.source).toMatchObject({ kind: 'embedded', name: 'The embedded catalog (MAME’s software lists)' });
      expect(page.source.description).toContain('IGDB_CLIENT_ID');
      expect(page.sync).toMatchObject({ running: null, nextRunAt: null });
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/catalog/sync', headers: bearer(token) });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'igdb_not_configured', message: CATALOG_SYNC_MESSAGES.notConfigured });
    } finally {
      await t.close();
    }
  });
});

describe.each(dbKinds)('one IGDB sync at a time across processes on %s', (kind) => {
  let database: TestDatabase;
  let igdb: FakeIgdb;
  // Two processes: each its own database connection and IGDB client.
  let a: Db;
  let b: Db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    igdb = await startFakeIgdb(data(1500), { latencyMs: 100 });
    a = createDb(database.config);
    b = createDb(database.config);
    await migrateToLatest(a);
  });
  afterAll(async () => {
    await a.destroy();
    await b.destroy();
    await igdb.close();
    await database.drop();
  });
  // One client per process, as in production: its limiter keeps to IGDB's 4 requests a second across runs.
  let clientA: IgdbClient;
  const client = () => (clientA ??= new IgdbClient(credentials(igdb), dbTokenStore(a), { maxRetries: 4, backoffMs: 300 }));

  it('gives the lease to exactly one of two processes asking at once', async () => {
    for (let round = 0; round < 10; round += 1) {
      const now = Date.now();
      const asks = [a, b, a, b].map((db, i) => syncLease(db).take(`process-${i}`, now + 60_000, now));
      const won = (await Promise.all(asks)).flatMap((taken, i) => (taken ? [`process-${i}`] : []));
      expect(won).toHaveLength(1);
      expect((await syncLease(b).holder(Date.now()))?.owner).toBe(won[0]);
      // Only the holder can renew or release it.
      expect(await syncLease(a).renew(won[0] === 'process-0' ? 'process-1' : 'process-0', now + 90_000)).toBe(false);
      await syncLease(a).release(won[0]!);
      expect(await syncLease(a).holder(Date.now())).toBeUndefined();
    }
  });

  it('shows one process’s run to the other, and refuses a second run there (and in the CLI, exit 1)', async () => {
    const first = await startIgdbSync(a, client(), { trigger: 'schedule', heartbeatMs: 50 });
    const seen = await until(async () => {
      const { running } = await syncStatus(b).read();
      return running && running.pages >= 1 && running.saved > 0 ? running : null;
    });
    expect(seen).toMatchObject({ mode: 'full', trigger: 'schedule', startedBy: null, total: 1500 });

    const refused = await startIgdbSync(b, new IgdbClient(credentials(igdb), dbTokenStore(b), { maxRetries: 4, backoffMs: 300 }), { trigger: 'cli' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SyncBusyError);
    expect((refused as Error).message).toMatch(/It is a full crawl started by the server’s schedule at /);

    const { runCli } = await import('../../cli/run.js');
    const { io, err } = captureIO();
    expect(await runCli(['catalog:sync'], { ...envFor(database), ...igdbEnv(igdb) }, io)).toBe(1);
    expect(err.at(-1)).toContain(CATALOG_SYNC_MESSAGES.running);

    const report = await first.done;
    expect(report).toMatchObject({ mode: 'full', games: 1500 });
    const state = await syncStatus(b).read();
    expect(state).toMatchObject({ running: null, lastRun: { trigger: 'schedule', report: { games: 1500 } } });
    // Free again: the CLI runs (an incremental sync now) and says what it did.
    const { io: io2, out } = captureIO();
    expect(await runCli(['catalog:sync'], { ...envFor(database), ...igdbEnv(igdb) }, io2)).toBe(0);
    expect(out.at(-1)).toMatch(/^Incremental sync: 0 games/);
    expect((await syncStatus(a).read()).lastRun).toMatchObject({ trigger: 'cli', report: { mode: 'incremental' } });
  });

  it('frees the lease of a process that died once it expires', async () => {
    const now = Date.now();
    expect(await syncLease(b).take('crashed', now + 60_000, now)).toBe(true);
    await expect(startIgdbSync(a, client(), { trigger: 'schedule' })).rejects.toBeInstanceOf(SyncBusyError);
    // A minute later, nobody renewed it.
    await a.kysely.updateTable('app_meta').set({ updated_at: Date.now() - 1 }).where('key', '=', SYNC_LEASE_KEY).execute();
    expect((await syncStatus(a).read()).running).toBeNull();
    const run = await startIgdbSync(a, client(), { trigger: 'schedule' });
    await run.done;
  });

  it('stops a run that lost its lease at its next query, records why, and leaves the new holder’s state alone', async () => {
    igdb.updateGame(5, { name: 'Changed 5' });
    const run = await startIgdbSync(a, client(), { trigger: 'schedule', heartbeatMs: 20, leaseMs: 80, restart: true });
    // Another process took the lease over (this one had stalled past its expiry).
    await b.kysely.updateTable('app_meta').set({ value: 'process-b', updated_at: Date.now() + 60_000 }).where('key', '=', SYNC_LEASE_KEY).execute();
    await expect(run.done).rejects.toBeInstanceOf(SyncStoppedError);
    const state = await syncStatus(b).read();
    expect(state.lastError?.message).toContain('lost its lease');
    expect((await syncLease(b).holder(Date.now()))?.owner).toBe('process-b');
    await syncLease(b).release('process-b');
  });

  it('the server’s scheduled job notes its next run, skips while another process syncs, syncs, and stops cleanly', async () => {
    const { log, lines } = silentLog();
    /** What a worker instance runs: the sync's job on the database's queue. */
    const schedule = async (options: ScheduleOptions) => {
      const queue = createJobQueue(a, log, { queues: { [IGDB_SYNC_JOB]: IGDB_SYNC_QUEUE }, works: true, pollSeconds: 0.5 });
      await queue.start();
      const stopSync = await workIgdbSync(queue, a, credentials(igdb), log, options);
      return async () => {
        await stopSync();
        await queue.stop();
      };
    };

    // Due at once, while another process holds the lease: skipped, with the reason in the log.
    const now = Date.now();
    expect(await syncLease(b).take('process-b', now + 60_000, now)).toBe(true);
    const busy = await schedule({ firstRunDelayMs: 0, heartbeatMs: 50 });
    expect(await until(async () => (await syncStatus(b).read()).nextRunAt)).toBeGreaterThan(now);
    await until(async () => lines.some((l) => l.startsWith('Scheduled IGDB sync skipped: A catalog sync is already running')));
    await busy();
    expect((await syncStatus(b).read()).nextRunAt).toBeNull();
    await syncLease(b).release('process-b');

    // Due at once and free: it runs, and its run is the last one.
    const lastBefore = (await syncStatus(a).read()).lastRun!.finishedAt;
    const running = await schedule({ firstRunDelayMs: 0, heartbeatMs: 50 });
    const last = await until(async () => {
      const { lastRun } = await syncStatus(b).read();
      return lastRun && lastRun.finishedAt > lastBefore ? lastRun : null;
    });
    // A full crawl: the stopped --restart run above left one to finish.
    expect(last).toMatchObject({ trigger: 'schedule', report: { mode: 'full' } });
    await running();
  });
});

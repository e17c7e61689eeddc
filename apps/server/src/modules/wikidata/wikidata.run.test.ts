import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/run.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { captureIO } from '../../test/cli.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';
import { startWikidataDouble, type WikidataDouble } from '../../test/wikidata-double.js';
import { wikidataFixture } from '../../test/wikidata-fixture.js';
import { SyncBusyError } from '../catalog-sync/sync.run.js';
import { startWikidataSync, wikidataClient, wikidataSyncStatus } from './wikidata.run.js';

/**
 * The Wikidata sync as an operator meets it: on by itself a few seconds
 * after start without IGDB keys, one run at a time across processes, polite
 * when the service says to slow down, resumable after a failure, shown and
 * started on the dashboard's Catalog page and from the CLI, and off with
 * WIKIDATA_SYNC=off.
 */
const GAMES = 600;

describe.each(dbKinds)('Wikidata sync runs on %s', (kind) => {
  let t: TestApp;
  let double: WikidataDouble;
  let admin: string;
  const env = () => ({ WIKIDATA_SYNC: 'on', WIKIDATA_SPARQL_URL: double.sparqlUrl, WIKIDATA_API_URL: double.apiUrl });
  const client = (options = {}) => wikidataClient(t.config.wikidata, { perSecond: 50, backoffMs: 20, ...options });
  const count = async () => Number((await t.db.kysely.selectFrom('wikidata_items').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    double = await startWikidataDouble({ data: wikidataFixture({ games: GAMES }).chunks() });
    // The server's own schedule: the first run 0.2 s after start.
    t = await createTestApp(kind, { env: env(), jobs: { wikidataSchedule: { firstRunDelayMs: 200, heartbeatMs: 50 } } });
    await createUser(t.db.kysely, { username: 'root', role: 'admin' });
    admin = await loginToken(t.app, 'root');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await double?.close();
  });

  it('fills the catalog by itself after start, and the Catalog page says so', async () => {
    const status = wikidataSyncStatus(t.db);
    await expect.poll(async () => (await status.read()).lastRun, { timeout: 60_000, interval: 200 }).not.toBeNull();
    const page = (await t.app.inject({ method: 'GET', url: '/api/admin/catalog', headers: bearer(admin) })).json();
    expect(page.source.kind).toBe('wikidata');
    expect(page.wikidata.mode).toBe('on');
    expect(page.wikidata.sync.lastRun).toMatchObject({ trigger: 'schedule', report: { mode: 'full' } });
    expect(page.wikidata.sync.lastRun.report.added).toBeGreaterThan(GAMES / 2);
    expect(page.wikidata.sync.nextRunAt).toBeGreaterThan(Date.now());
    expect(page.counts.gamesBySource.wikidata).toBe(page.wikidata.sync.lastRun.report.added);
  });

  it('runs once at a time: a second start while one goes is refused, on the page too', async () => {
    double.setDelayMs(100);
    const first = await startWikidataSync(t.db, client(), { trigger: 'cli', heartbeatMs: 50 });
    await expect(startWikidataSync(t.db, client(), { trigger: 'cli' })).rejects.toBeInstanceOf(SyncBusyError);
    const busy = await t.app.inject({ method: 'POST', url: '/api/admin/catalog/sync', headers: bearer(admin), payload: { source: 'wikidata' } });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error ?? busy.json().code).toMatch(/sync_running/);
    await first.done;
    double.setDelayMs(0);
  });

  it('waits when told to slow down (429 with Retry-After) and still finishes', async () => {
    const startedAt = Date.now();
    double.throttle(1, 1);
    const seen = double.requests.length;
    const report = await (await startWikidataSync(t.db, client(), { trigger: 'cli', restart: true })).done;
    expect(report.games).toBeGreaterThan(GAMES / 2);
    const mine = double.requests.slice(seen);
    expect(mine[0]!.status).toBe(429);
    expect(mine[1]!.at - mine[0]!.at).toBeGreaterThanOrEqual(950);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1000);
  });

  it('resumes after an interrupted run: what was saved stays, the next run reads the rest', async () => {
    // Everything is due again; the run is stopped (as at a shutdown) once its first batches are saved.
    await t.db.kysely.updateTable('wikidata_items').set({ modified: 0 }).execute();
    const total = await count();
    const stop = new AbortController();
    const interrupted = await startWikidataSync(t.db, client(), { trigger: 'cli', signal: stop.signal, onProgress: (done) => done >= 200 && stop.abort() });
    await expect(interrupted.done).rejects.toThrow(/shutting down; the next run resumes where it stopped/);
    expect((await wikidataSyncStatus(t.db).read()).lastError?.message).toMatch(/shutting down/);
    const readBefore = (await t.db.kysely.selectFrom('wikidata_items').select('qid').where('modified', '>', 0).execute()).length;
    expect(readBefore).toBeGreaterThanOrEqual(200);
    expect(readBefore).toBeLessThan(total);

    const resumed = await (await startWikidataSync(t.db, client(), { trigger: 'cli' })).done;
    // Only what the interrupted run had not read is read again.
    expect(resumed.games + resumed.related).toBeLessThanOrEqual(total - readBefore);
    expect(await t.db.kysely.selectFrom('wikidata_items').select('qid').where('modified', '=', 0).execute()).toEqual([]);
  });

  it('runs from the CLI with --source wikidata, and refuses a bad argument clearly', async () => {
    const { io, out } = captureIO();
    const databaseEnv = t.config.database.kind === 'postgres' ? { DATABASE_URL: t.config.database.url } : { DATA_DIR: t.config.dataDir };
    const code = await runCli(['catalog:sync', '--source', 'wikidata'], { ...databaseEnv, ...env(), PUBLIC_URL: 'https://vgl.test' }, io);
    expect(code).toBe(0);
    expect(out.at(-1)).toMatch(/^Wikidata incremental sync: \d+ games read \(\d+ new, \d+ completed an existing game\), \d+ expansions and DLC, \d+ removed, in \d+ request\(s\)\.$/);

    const bad = captureIO();
    expect(await runCli(['catalog:sync', '--source', 'mobygames'], { ...databaseEnv, ...env() }, bad.io)).not.toBe(0);
    expect(bad.err.join('\n')).toMatch(/--source must be igdb or wikidata, not "mobygames"/);
    const off = captureIO();
    expect(await runCli(['catalog:sync', '--source', 'wikidata'], { ...databaseEnv, WIKIDATA_SYNC: 'off' }, off.io)).not.toBe(0);
    expect(off.err.join('\n')).toContain('The Wikidata sync is off on this server (WIKIDATA_SYNC=off).');
  });
});

describe.each(dbKinds)('Wikidata sync off on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { WIKIDATA_SYNC: 'off' } });
    await createUser(t.db.kysely, { username: 'root', role: 'admin' });
  });
  afterAll(async () => t?.close());

  it('sends nothing, schedules nothing, and says why "Sync now" is refused', async () => {
    const token = await loginToken(t.app, 'root');
    const page = (await t.app.inject({ method: 'GET', url: '/api/admin/catalog', headers: bearer(token) })).json();
    expect(page.source.kind).toBe('embedded');
    expect(page.wikidata).toMatchObject({ mode: 'off', sync: { running: null, nextRunAt: null } });
    const refused = await t.app.inject({ method: 'POST', url: '/api/admin/catalog/sync', headers: bearer(token), payload: { source: 'wikidata' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The Wikidata sync is off on this server (WIKIDATA_SYNC=off).');
  });
});

import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { loadConfig, type Config } from './config.js';
import { createDb, type Db } from './db/database.js';
import { getMeta } from './db/meta.js';
import { countGames } from './modules/catalog/catalog.import.js';
import { catalogLoad } from './modules/catalog/catalog.loading.js';
import { FIRST_LOAD_KEY, needsFirstLoad } from './modules/catalog/catalog.seed.js';
import { loadCatalogAfterStart, prepareInstance } from './startup.js';
import { writeFakeWebRoot } from './test/app.js';
import { createTestDatabase, dbKinds, type TestDatabase } from './test/databases.js';
import { bearer, createUser, loginToken } from './test/users.js';

/*
 * A first start on an empty database listens once its migrations are done and
 * loads the embedded catalog behind the pages it serves (main.ts; issue 41):
 * what it answers meanwhile, what it answers after, and a load cut short.
 */

// Over two of the import's batches (400 games), so a load can be cut between them.
const SEED = Array.from({ length: 900 }, (_, i) => ({ name: `Quest ${i + 1}`, slug: `quest-${i + 1}`, year: 1980 + (i % 40), platforms: ['nes'] }));
const LOADING = 'The game catalog is still loading. This instance serves pages meanwhile.';

describe.each(dbKinds)('a first start on an empty %s database', (kind) => {
  let database: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  const dbs: Db[] = [];

  afterEach(async () => {
    // The load's state is the process's: a test that stopped halfway must not leave it loading for the next.
    await catalogLoad.end();
    await app?.close();
    app = undefined;
    await Promise.all(dbs.splice(0).map((db) => db.destroy().catch(() => undefined)));
    await database?.drop();
    database = undefined;
  });

  async function open(): Promise<{ config: Config; db: Db; seedFile: string }> {
    database ??= await createTestDatabase(kind);
    const seedFile = path.join(database.dataDir, 'seed.jsonl');
    fs.writeFileSync(seedFile, SEED.map((g) => JSON.stringify(g)).join('\n'));
    const config = loadConfig({ DATA_DIR: database.dataDir, DATABASE_URL: database.config.kind === 'postgres' ? database.config.url : '', LOG_LEVEL: 'silent', JWT_SECRET: 'first-start-secret-first-start-secret-0123' });
    const db = createDb(config.database);
    dbs.push(db);
    return { config, db, seedFile };
  }

  it('serves before the catalog is loaded, says it is loading, and is ready once it is', async () => {
    const { config, db, seedFile } = await open();
    const report = await prepareInstance(config, db, { seedFile, deferFirstCatalogLoad: true });
    expect(report.catalogDeferred).toBe(true);
    expect(await countGames(db)).toBe(0);
    catalogLoad.begin();
    app = await buildApp({ config, db, webRoot: writeFakeWebRoot(path.join(config.dataDir, 'web')), logger: false, rateLimits: false, loadSignals: false });
    const get = (url: string) => app!.inject({ method: 'GET', url });

    expect((await get('/')).statusCode).toBe(200);
    expect((await get('/api/health')).statusCode).toBe(200);
    const notReady = await get('/api/health/ready');
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toEqual({ error: 'catalog_loading', message: LOADING, statusCode: 503 });
    const status = await get('/api/igdb/status');
    expect(status.json()).toEqual({ state: 'loading', loaded: null, total: null });
    expect(status.headers['cache-control']).toBe('no-store');
    // Partial answers are kept by no browser past the load.
    const home = await get('/api/home');
    expect(home.json()).toMatchObject({ catalogLoading: true });
    expect(home.headers['cache-control']).toBe('no-store');
    const trending = await get('/api/igdb/trending');
    expect(trending.statusCode, trending.body).toBe(200);
    expect(trending.headers['cache-control']).toBe('no-store');

    const seen: number[] = [];
    const loaded = await loadCatalogAfterStart(config, db, {
      seedFile,
      onProgress: (done, total) => {
        catalogLoad.progress(done, total);
        seen.push(done);
      },
    });
    expect(loaded.games).toBe(900);
    expect(seen).toEqual([400, 800, 900]);
    const halfway = await get('/api/health/ready');
    expect(halfway.json()).toMatchObject({ error: 'catalog_loading', message: 'The game catalog is still loading (900 of 900 games). This instance serves pages meanwhile.' });
    expect((await get('/api/igdb/status')).json()).toEqual({ state: 'loading', loaded: 900, total: 900 });

    await catalogLoad.end();
    expect((await get('/api/health/ready')).statusCode).toBe(200);
    expect((await get('/api/igdb/status')).json()).toEqual({ state: 'ready', loaded: null, total: null });
    const after = await get('/api/home');
    expect(after.json()).toMatchObject({ catalogLoading: false, catalog: { games: 900 } });
    expect(after.headers['cache-control']).toBe('public, max-age=60');
    expect((await get('/api/igdb/trending')).headers['cache-control']).toBe('public, max-age=300');
    const found = (await get('/api/igdb/search?q=quest%20777')).json() as { slug: string }[];
    expect(found[0]?.slug).toBe('quest-777');
    expect(await needsFirstLoad(db)).toBe(false);
  });

  it('refuses "Sync now" while loading, with a clear message', async () => {
    const { config, db, seedFile } = await open();
    await prepareInstance(config, db, { seedFile, deferFirstCatalogLoad: true });
    catalogLoad.begin();
    catalogLoad.progress(400, 900);
    app = await buildApp({ config, db, webRoot: writeFakeWebRoot(path.join(config.dataDir, 'web')), logger: false, rateLimits: false, loadSignals: false });
    await createUser(db.kysely, { username: 'root', role: 'admin' });
    const res = await app.inject({ method: 'POST', url: '/api/admin/catalog/sync', headers: bearer(await loginToken(app, 'root')) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'catalog_loading', message: 'The game catalog is still loading (400 of 900 games). Start a sync once it is done.' });
  });

  it('finishes a load that was cut short at the next start, in the background or not', async () => {
    const { config, db, seedFile } = await open();
    await prepareInstance(config, db, { seedFile, deferFirstCatalogLoad: true });
    // Stopped after the first batch, as main.ts stops a load when the process is asked to stop.
    await expect(
      loadCatalogAfterStart(config, db, {
        seedFile,
        onProgress: () => {
          throw new Error('stopping');
        },
      }),
    ).rejects.toThrow('stopping');
    expect(await countGames(db)).toBe(400);
    expect(await getMeta(db.kysely, FIRST_LOAD_KEY)).toBeDefined();

    // Not taken for an older embedded catalog: the next start defers it again, and finishes it.
    const again = await prepareInstance(config, db, { seedFile, deferFirstCatalogLoad: true });
    expect(again.catalogDeferred).toBe(true);
    expect((await loadCatalogAfterStart(config, db, { seedFile })).games).toBe(900);
    expect(await countGames(db)).toBe(900);
    expect(await getMeta(db.kysely, FIRST_LOAD_KEY)).toBeUndefined();
    expect((await prepareInstance(config, db, { seedFile, deferFirstCatalogLoad: true })).catalogDeferred).toBe(false);
  });

  it('a start that does not defer (tests, the CLI) finishes a cut-short load before it serves', async () => {
    const { config, db, seedFile } = await open();
    await prepareInstance(config, db, { seedFile, deferFirstCatalogLoad: true });
    await loadCatalogAfterStart(config, db, {
      seedFile,
      onProgress: () => {
        throw new Error('stopping');
      },
    }).catch(() => undefined);
    const report = await prepareInstance(config, db, { seedFile });
    expect(report).toMatchObject({ catalogDeferred: false, seeded: { games: 900 } });
    expect(report.seeded.refresh).toBeUndefined();
    expect(await countGames(db)).toBe(900);
  });
});

describe('waiting for the catalog', () => {
  afterEach(() => catalogLoad.end());

  it('lets a sync wait until the load ends, or until its process stops', async () => {
    expect(catalogLoad.loading).toBe(false);
    await catalogLoad.whenLoaded();
    catalogLoad.begin();
    let done = false;
    const waiting = catalogLoad.whenLoaded().then(() => (done = true));
    const stopping = new AbortController();
    const aborted = catalogLoad.whenLoaded(stopping.signal);
    stopping.abort();
    await aborted;
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toBe(false);
    await catalogLoad.end();
    await waiting;
    expect(done).toBe(true);
  });

  it('runs the work that must precede "ready" before it says so', async () => {
    catalogLoad.begin();
    const states: boolean[] = [];
    const stop = catalogLoad.beforeReady(async () => {
      states.push(catalogLoad.loading);
    });
    await catalogLoad.end();
    stop();
    expect(states).toEqual([true]);
    expect(catalogLoad.loading).toBe(false);
  });
});

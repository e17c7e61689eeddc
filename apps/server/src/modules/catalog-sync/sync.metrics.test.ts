import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { dbKinds } from '../../test/databases.js';
import { startFakeIgdb, type FakeIgdb } from '../../test/fake-igdb.js';
import { IgdbClient } from '../igdb/igdb.client.js';
import { igdbSyncStatus, startIgdbSync } from '../igdb/igdb.run.js';
import { dbTokenStore } from '../igdb/igdb.token.js';
import { GAME_TYPES } from '../igdb/igdb.types.js';

const METRICS_TOKEN = 'sync-metrics-token-0123456789';
const data = {
  games: Array.from({ length: 30 }, (_, i) => ({ id: i + 1, name: `Metric Quest ${i + 1}`, slug: `metric-quest-${i + 1}`, game_type: GAME_TYPES.main_game, platforms: [19], genres: [8], updated_at: 1_700_000_000 + i })),
  platforms: [{ id: 19, name: 'Super Nintendo Entertainment System', slug: 'snes' }],
  genres: [{ id: 8, name: 'Platform', slug: 'platform' }],
  themes: [{ id: 1, name: 'Action', slug: 'action' }],
};

/** Each catalog source's sync in /metrics, as a Prometheus alert would read it. */
describe.each(dbKinds)('catalog sync metrics on %s', (kind) => {
  let igdb: FakeIgdb;
  let t: TestApp;
  const credentials = () => ({ clientId: 'test-client', clientSecret: 'test-secret', apiUrl: igdb.apiUrl, tokenUrl: igdb.tokenUrl });
  const scrape = async () => (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;
  const value = (text: string, series: string) => text.match(new RegExp(`^${series.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm'))?.[1];

  beforeAll(async () => {
    igdb = await startFakeIgdb(data);
    const c = credentials();
    t = await createTestApp(kind, { env: { METRICS_TOKEN, IGDB_CLIENT_ID: c.clientId, IGDB_CLIENT_SECRET: c.clientSecret, IGDB_API_URL: c.apiUrl, TWITCH_TOKEN_URL: c.tokenUrl } });
  });
  afterAll(async () => {
    await t.close();
    await igdb.close();
  });

  it('shows the next scheduled run before any has run, and no last success', async () => {
    // The schedule notes its next run as the app starts, without holding the start up.
    let { nextRunAt } = await igdbSyncStatus(t.db).read();
    for (let tries = 0; nextRunAt === null && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ({ nextRunAt } = await igdbSyncStatus(t.db).read());
    }
    expect(nextRunAt).toEqual(expect.any(Number));
    const text = await scrape();
    expect(Number(value(text, 'vgl_catalog_sync_next_run_timestamp_seconds{source="igdb"}'))).toBe(nextRunAt! / 1000);
    expect(value(text, 'vgl_catalog_sync_last_success_timestamp_seconds{source="igdb"}')).toBeUndefined();
    expect(value(text, 'vgl_catalog_sync_last_result{source="igdb"}')).toBeUndefined();
    expect(value(text, 'vgl_catalog_sync_running{source="igdb"}')).toBe('0');
    // Wikidata is off in tests: no series for it.
    expect(text).not.toContain('source="wikidata"');
  });

  it('shows when a sync last succeeded, and a failed one after it as the last result', async () => {
    const run = await startIgdbSync(t.db, new IgdbClient(credentials(), dbTokenStore(t.db)), { trigger: 'cli' });
    await run.done;
    const { lastRun } = await igdbSyncStatus(t.db).read();
    // One read serves a scrape's gauges for a second: wait it out so the next scrape reads afresh.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    let text = await scrape();
    expect(Number(value(text, 'vgl_catalog_sync_last_success_timestamp_seconds{source="igdb"}'))).toBe(lastRun!.finishedAt / 1000);
    expect(value(text, 'vgl_catalog_sync_last_result{source="igdb"}')).toBe('1');

    // Nothing answers on port 1: the next run fails at its first request.
    const broken = new IgdbClient({ ...credentials(), apiUrl: 'http://127.0.0.1:1/v4' }, dbTokenStore(t.db), { maxRetries: 0 });
    const failing = await startIgdbSync(t.db, broken, { trigger: 'cli' });
    await expect(failing.done).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    text = await scrape();
    expect(value(text, 'vgl_catalog_sync_last_result{source="igdb"}')).toBe('0');
    expect(Number(value(text, 'vgl_catalog_sync_last_success_timestamp_seconds{source="igdb"}'))).toBe(lastRun!.finishedAt / 1000);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { dbKinds } from '../../test/databases.js';
import { startFakeIgdb, type FakeIgdb } from '../../test/fake-igdb.js';
import { importReference } from '../catalog/catalog.import.js';
import { IgdbClient, IgdbError } from './igdb.client.js';
import { RateLimiter } from './rate-limiter.js';
import { syncFromIgdb } from './igdb.sync.js';
import type { IgdbGame } from './igdb.types.js';

const T0 = 1_700_000_000;

function fakeGames(): IgdbGame[] {
  const games: IgdbGame[] = [];
  for (let id = 1; id <= 1100; id += 1) {
    games.push({
      id,
      name: `Synthetic Quest ${id}`,
      slug: `synthetic-quest-${id}`,
      platforms: [19],
      genres: [8],
      cover: { image_id: `co${id}` },
      first_release_date: T0 - id * 86_400,
      total_rating: 70,
      total_rating_count: id % 50,
      updated_at: T0 + id,
    });
  }
  games.push({
    id: 5000,
    name: 'Tetris',
    slug: 'tetris',
    summary: 'Falling blocks.',
    platforms: [33],
    alternative_names: [{ name: 'Тетрис' }],
    involved_companies: [{ company: { id: 70, name: 'Nintendo', slug: 'nintendo' }, publisher: true }],
    updated_at: T0 + 5000,
  });
  return games;
}

describe('RateLimiter', () => {
  it('spaces starts and caps how many run at once', async () => {
    const limiter = new RateLimiter(40, 3);
    const starts: number[] = [];
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 9 }, () =>
        limiter.run(async () => {
          starts.push(Date.now());
          running += 1;
          most = Math.max(most, running);
          await new Promise((r) => setTimeout(r, 60));
          running -= 1;
        }),
      ),
    );
    expect(most).toBeLessThanOrEqual(3);
    const gaps = starts.slice(1).map((s, i) => s - starts[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(20);
  });
});

describe.each(dbKinds)('IGDB sync on %s', (kind) => {
  let t: TestApp;
  let igdb: FakeIgdb;
  let client: IgdbClient;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await importReference(t.db);
    // A seed game with the same slug as an IGDB game: the sync adopts it instead of duplicating it.
    await t.db.kysely
      .insertInto('games')
      .values({ slug: 'tetris', name: 'Tetris', source: 'mame', created_at: 1, updated_at: 1, igdb_id: null, summary: null, cover_image_id: null, first_release_date: null, release_year: 1989, rating: null, igdb_updated_at: null })
      .execute();
    igdb = await startFakeIgdb({
      games: fakeGames(),
      platforms: [
        { id: 19, name: 'Super Nintendo Entertainment System', slug: 'snes', abbreviation: 'SNES', generation: 4, platform_family: { name: 'Nintendo' } },
        { id: 33, name: 'Game Boy', slug: 'gb', abbreviation: 'GB' },
      ],
      genres: [{ id: 8, name: 'Platform', slug: 'platform' }],
      themes: [{ id: 1, name: 'Action', slug: 'action' }],
      popularity: [{ game_id: 5000, value: 0.9 }],
    });
    client = new IgdbClient(
      { clientId: 'test-client', clientSecret: 'test-secret', apiUrl: igdb.apiUrl, tokenUrl: igdb.tokenUrl },
      { maxRetries: 2, backoffMs: 10 },
    );
  });
  afterAll(async () => {
    await igdb.close();
    await t.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const gameCount = async () => Number((await get('/api/igdb/games?limit=1')).headers['x-total-count']);

  it('resumes an interrupted full crawl where it stopped', async () => {
    igdb.breakGamesAfter(1);
    await expect(syncFromIgdb(t.db, client)).rejects.toBeInstanceOf(IgdbError);
    expect(await gameCount()).toBe(1 + 500); // the seed game + the first page

    igdb.heal();
    const report = await syncFromIgdb(t.db, client);
    expect(report).toMatchObject({ mode: 'full', resumedFrom: 500, games: 601 });
    expect(await gameCount()).toBe(1101);
  });

  it('fills the catalog with covers, platforms, genres, companies and alternative names', async () => {
    expect((await get('/api/igdb/games/synthetic-quest-7')).json()).toMatchObject({
      cover: 'co7',
      first_release_date: T0 - 7 * 86_400,
      rating: 70,
      platforms: [{ slug: 'snes', name: 'Super Nintendo Entertainment System' }],
      genres: [{ slug: 'platform' }],
    });
    const tetris = (await get('/api/igdb/games/tetris')).json();
    expect(tetris).toMatchObject({ source: 'igdb', summary: 'Falling blocks.', publishers: [{ slug: 'nintendo' }], alternative_names: ['Тетрис'] });
    expect((await get('/api/igdb/search?q=synthetic%20quest%201099')).json()[0]).toMatchObject({ slug: 'synthetic-quest-1099' });
    expect((await get('/api/igdb/search?q=tetris')).headers['x-total-count']).toBe('1');
  });

  it('ranks by IGDB popularity', async () => {
    expect((await get('/api/igdb/trending?limit=1')).json()[0]).toMatchObject({ slug: 'tetris' });
    expect((await get('/api/igdb/platforms/snes')).json()).toMatchObject({ games_count: 1100, generation: 4, family: 'Nintendo' });
  });

  it('picks up an update on the incremental run, and only that', async () => {
    const game = igdb.data.games.find((g) => g.id === 42)!;
    game.name = 'Synthetic Quest 42: Director’s Cut';
    game.updated_at = T0 + 99_999;
    const report = await syncFromIgdb(t.db, client);
    expect(report).toMatchObject({ mode: 'incremental', games: 1 });
    expect((await get('/api/igdb/games/synthetic-quest-42')).json().name).toBe('Synthetic Quest 42: Director’s Cut');
    expect((await syncFromIgdb(t.db, client)).games).toBe(0);
  });

  it('backs off on 429 and renews an expired token', async () => {
    const tokensBefore = igdb.stats.tokenRequests;
    igdb.revokeTokens();
    igdb.failNext(429, 429);
    await expect(client.query('genres', 'fields name,slug; limit 500;')).resolves.toEqual([{ id: 8, name: 'Platform', slug: 'platform' }]);
    expect(igdb.stats.tokenRequests).toBe(tokensBefore + 1);
  });

  it('never has more than 8 requests open', () => {
    expect(igdb.stats.maxInFlight).toBeLessThanOrEqual(8);
  });
});

describe('npm run vgl -- catalog:sync', () => {
  it('syncs from the IGDB_API_URL / TWITCH_TOKEN_URL it is configured with, and says so', async () => {
    const { createTestDatabase } = await import('../../test/databases.js');
    const { runCli } = await import('../../cli/run.js');
    const database = await createTestDatabase('sqlite');
    const igdb = await startFakeIgdb({ games: fakeGames().slice(0, 3), platforms: [], genres: [], themes: [] });
    const out: string[] = [];
    const err: string[] = [];
    const env = {
      DATA_DIR: database.dataDir,
      IGDB_CLIENT_ID: 'test-client',
      IGDB_CLIENT_SECRET: 'test-secret',
      IGDB_API_URL: igdb.apiUrl,
      TWITCH_TOKEN_URL: igdb.tokenUrl,
    };
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
    expect(await runCli(['catalog:sync'], env, io)).toBe(0);
    expect(out.at(-1)).toBe('Full crawl: 3 games in 1 page(s).');
    expect(await runCli(['catalog:sync'], env, io)).toBe(0);
    expect(out.at(-1)).toBe('Incremental sync: 0 games in 0 page(s).');
    expect(await runCli(['catalog:sync'], { DATA_DIR: database.dataDir }, io)).toBe(1);
    expect(err.at(-1)).toContain('IGDB is not configured');
    await igdb.close();
    await database.drop();
  });
});

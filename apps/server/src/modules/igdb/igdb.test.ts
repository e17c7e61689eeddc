import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../db/database.js';
import { getMeta } from '../../db/meta.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { captureIO, envFor } from '../../test/cli.js';
import { createTestDatabase, dbKinds } from '../../test/databases.js';
import { startFakeIgdb, type FakeIgdb, type FakeIgdbData } from '../../test/fake-igdb.js';
import { importReference, REFERENCE_FILE } from '../catalog/catalog.import.js';
import { IgdbClient, IgdbError } from './igdb.client.js';
import { RateLimiter } from './rate-limiter.js';
import { SYNC_KEYS, syncFromIgdb } from './igdb.sync.js';
import { dbTokenStore } from './igdb.token.js';
import { CATALOG_GAME_TYPES, GAME_TYPES, RELATED_KINDS, type IgdbGame } from './igdb.types.js';

const T0 = 1_700_000_000;
/** Tetris's IGDB id: right after the synthetic games, its relatives after it. */
const TETRIS = 1101;
const credentials = (igdb: FakeIgdb) => ({ clientId: 'test-client', clientSecret: 'test-secret', apiUrl: igdb.apiUrl, tokenUrl: igdb.tokenUrl });

function syntheticGames(count: number): IgdbGame[] {
  return Array.from({ length: count }, (_, i) => {
    const id = i + 1;
    return {
      id,
      name: `Synthetic Quest ${id}`,
      slug: `synthetic-quest-${id}`,
      game_type: GAME_TYPES.main_game,
      platforms: [19],
      genres: [8],
      cover: { image_id: `co${id}` },
      first_release_date: T0 - id * 86_400,
      total_rating: 70,
      total_rating_count: id % 50,
      updated_at: T0 + id,
    };
  });
}

/** Tetris and what IGDB lists around it: games of their own, and records that are not. */
function tetrisFamily(): IgdbGame[] {
  const base = { platforms: [33], updated_at: T0 + 2000 };
  return [
    {
      id: TETRIS,
      name: 'Tetris',
      slug: 'tetris',
      summary: 'Falling blocks.',
      game_type: GAME_TYPES.main_game,
      platforms: [33],
      alternative_names: [{ name: 'Тетрис' }],
      involved_companies: [{ company: { id: 70, name: 'Nintendo', slug: 'nintendo' }, publisher: true }],
      bundles: [TETRIS + 3],
      updated_at: T0 + 1500,
    },
    { ...base, id: TETRIS + 1, name: 'Tetris: Bonus Blocks', slug: 'tetris-bonus-blocks', game_type: GAME_TYPES.dlc_addon, parent_game: TETRIS, first_release_date: T0, cover: { image_id: 'dlc6001' } },
    { ...base, id: TETRIS + 2, name: 'Tetris Deluxe Edition', slug: 'tetris-deluxe-edition', game_type: GAME_TYPES.main_game, version_parent: TETRIS },
    { ...base, id: TETRIS + 3, name: 'Puzzle Classics Bundle', slug: 'puzzle-classics-bundle', game_type: GAME_TYPES.bundle },
    { ...base, id: TETRIS + 4, name: 'Tetris Neon Mod', slug: 'tetris-neon-mod', game_type: GAME_TYPES.mod, parent_game: TETRIS },
    { ...base, id: TETRIS + 5, name: 'Tetris: Episode 1', slug: 'tetris-episode-1', game_type: GAME_TYPES.episode, parent_game: TETRIS },
    { ...base, id: TETRIS + 6, name: 'Tetris: Season 2', slug: 'tetris-season-2', game_type: GAME_TYPES.season, parent_game: TETRIS },
    { ...base, id: TETRIS + 7, name: 'Tetris Skin Pack', slug: 'tetris-skin-pack', game_type: GAME_TYPES.pack, parent_game: TETRIS },
    { ...base, id: TETRIS + 8, name: 'Tetris 1.1 Update', slug: 'tetris-1-1-update', game_type: GAME_TYPES.update, parent_game: TETRIS },
    { ...base, id: TETRIS + 9, name: 'Tetris: Lost Levels', slug: 'tetris-lost-levels', game_type: GAME_TYPES.expansion, parent_game: TETRIS },
    { ...base, id: TETRIS + 10, name: 'Tetris Remade', slug: 'tetris-remade', game_type: GAME_TYPES.remake, parent_game: TETRIS },
    { ...base, id: TETRIS + 11, name: 'Tetris Remastered', slug: 'tetris-remastered', game_type: GAME_TYPES.remaster, parent_game: TETRIS },
    { ...base, id: TETRIS + 12, name: 'Tetris Pocket', slug: 'tetris-pocket', game_type: GAME_TYPES.port, parent_game: TETRIS },
    { ...base, id: TETRIS + 13, name: 'Tetris Plus', slug: 'tetris-plus', game_type: GAME_TYPES.expanded_game, parent_game: TETRIS },
    { ...base, id: TETRIS + 14, name: 'Tetris Gaiden', slug: 'tetris-gaiden', game_type: GAME_TYPES.standalone_expansion, parent_game: TETRIS },
  ];
}

const reference = (): Omit<FakeIgdbData, 'games'> => ({
  platforms: [
    { id: 19, name: 'Super Nintendo Entertainment System', slug: 'snes', abbreviation: 'SNES', generation: 4, platform_family: { name: 'Nintendo' } },
    { id: 33, name: 'Game Boy', slug: 'gb', abbreviation: 'GB' },
  ],
  genres: [{ id: 8, name: 'Platform', slug: 'platform' }],
  themes: [{ id: 1, name: 'Action', slug: 'action' }],
});

/** IGDB ids of catalog games whose name in our catalog is not IGDB's current one (or that are missing). */
async function staleGames(db: Db, igdb: FakeIgdb): Promise<number[]> {
  const rows = await db.kysely.selectFrom('games').select(['igdb_id', 'name']).where('igdb_id', 'is not', null).execute();
  const ours = new Map(rows.map((r) => [r.igdb_id!, r.name]));
  return igdb.data.games.filter((g) => CATALOG_GAME_TYPES.has(Number(g.game_type ?? 0)) && !g.version_parent && ours.get(g.id) !== g.name).map((g) => g.id);
}

describe('RateLimiter', () => {
  it('caps how many run at once and how many start within a window', async () => {
    const limiter = new RateLimiter(4, 3, 200);
    const starts: number[] = [];
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 13 }, () =>
        limiter.run(async () => {
          starts.push(Date.now());
          running += 1;
          most = Math.max(most, running);
          await new Promise((r) => setTimeout(r, 30));
          running -= 1;
        }),
      ),
    );
    expect(most).toBe(3);
    // The limiter spaces its own start times; a task reads the clock a moment after its start was granted, and the
    // millisecond may turn over in between for one task and not the other (CI once measured 199): 1 ms of slack.
    for (let i = 4; i < starts.length; i += 1) expect(starts[i]! - starts[i - 4]!).toBeGreaterThanOrEqual(199);
  });

  it('does not burst when timers fire late (a busy event loop)', async () => {
    const limiter = new RateLimiter(2, 8, 200);
    const starts: number[] = [];
    const tasks = Array.from({ length: 8 }, () => limiter.run(async () => void starts.push(Date.now())));
    // Block the event loop past several due times.
    const until = Date.now() + 450;
    while (Date.now() < until);
    await Promise.all(tasks);
    // The limiter keeps its own start times 200 ms apart; a task notes its start a moment after its turn,
    // so two notes can be a millisecond or two closer than the turns were.
    for (let i = 2; i < starts.length; i += 1) expect(starts[i]! - starts[i - 2]!).toBeGreaterThanOrEqual(197);
  });
});

describe('IGDB game types', () => {
  it('are the enum of data/catalog/igdb-reference.json', () => {
    const { game_type_enum } = JSON.parse(fs.readFileSync(REFERENCE_FILE, 'utf8')) as { game_type_enum: { values: Record<string, string> } };
    expect(Object.fromEntries(Object.entries(game_type_enum.values).map(([id, name]) => [name, Number(id)]))).toEqual(GAME_TYPES);
  });

  it('sort every type into games of their own or related items', () => {
    const games = Object.values(GAME_TYPES).filter((t) => CATALOG_GAME_TYPES.has(t));
    expect(games.sort((a, b) => a - b)).toEqual([0, 4, 8, 9, 10, 11, 12]);
    expect(Object.keys(RELATED_KINDS).map(Number)).toEqual([1, 2, 3, 5, 6, 7, 13, 14]);
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
    igdb = await startFakeIgdb({ games: [...syntheticGames(1100), ...tetrisFamily()], ...reference(), popularity: [{ game_id: TETRIS, value: 0.9 }, { game_id: TETRIS + 1, value: 0.8 }] });
    client = new IgdbClient(credentials(igdb), dbTokenStore(t.db), { maxRetries: 2, backoffMs: 10 });
  });
  afterAll(async () => {
    await igdb.close();
    await t.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const gameCount = async () => Number((await get('/api/igdb/games?limit=1')).headers['x-total-count']);

  it('resumes an interrupted full crawl where it stopped', async () => {
    // Two game queries to note where IGDB stands, then the first range (ids 1–500); then IGDB goes away.
    igdb.breakGamesAfter(3);
    await expect(syncFromIgdb(t.db, client)).rejects.toBeInstanceOf(IgdbError);
    expect(await getMeta(t.db.kysely, SYNC_KEYS.cursor)).toBe('500');
    expect(await gameCount()).toBe(1 + 500); // the seed game + the first range

    igdb.heal();
    const report = await syncFromIgdb(t.db, client);
    // The rest: 600 synthetic games, Tetris (adopting the seed's), 5 relatives that are games, 9 that are not.
    expect(report).toMatchObject({ mode: 'full', resumedFrom: 500, games: 606, related: 9 });
    // The seed Tetris (adopted), 1100 synthetic games and Tetris's five game-type relatives.
    expect(await gameCount()).toBe(1 + 1100 + 5);
    expect(await staleGames(t.db, igdb)).toEqual([]);
  });

  it('fills the catalog with covers, platforms, genres, companies and alternative names', async () => {
    expect((await get('/api/igdb/games/synthetic-quest-7')).json()).toMatchObject({
      cover: 'co7',
      first_release_date: T0 - 7 * 86_400,
      rating: 70,
      platforms: [{ slug: 'snes', name: 'Super Nintendo Entertainment System' }],
      genres: [{ slug: 'platform' }],
      related: [],
    });
    const tetris = (await get('/api/igdb/games/tetris')).json();
    expect(tetris).toMatchObject({ source: 'igdb', summary: 'Falling blocks.', publishers: [{ slug: 'nintendo' }], alternative_names: ['Тетрис'] });
    expect((await get('/api/igdb/search?q=synthetic%20quest%201099')).json()[0]).toMatchObject({ slug: 'synthetic-quest-1099' });
  });

  it('lists main games, remakes, remasters, ports, expanded games and standalone expansions; DLC and the like only on their parent’s page', async () => {
    const search = (await get('/api/igdb/search?q=tetris&limit=60')).json() as { slug: string }[];
    expect(search.map((g) => g.slug).sort()).toEqual(['tetris', 'tetris-gaiden', 'tetris-plus', 'tetris-pocket', 'tetris-remade', 'tetris-remastered']);
    for (const slug of ['tetris-bonus-blocks', 'tetris-deluxe-edition', 'puzzle-classics-bundle', 'tetris-neon-mod', 'tetris-skin-pack', 'tetris-1-1-update']) {
      expect((await get(`/api/igdb/games/${slug}`)).statusCode).toBe(404);
    }
    const browse = (await get('/api/igdb/games?platform=gb&limit=60')).json() as { slug: string }[];
    expect(browse).toHaveLength(6);

    const { related } = (await get('/api/igdb/games/tetris')).json() as { related: { kind: string; name: string; slug: string; cover: string | null }[] };
    expect(related.map((r) => [r.kind, r.name])).toEqual([
      ['edition', 'Tetris Deluxe Edition'],
      ['expansion', 'Tetris: Lost Levels'],
      ['dlc', 'Tetris: Bonus Blocks'],
      ['episode', 'Tetris: Episode 1'],
      ['season', 'Tetris: Season 2'],
      ['bundle', 'Puzzle Classics Bundle'],
      ['pack', 'Tetris Skin Pack'],
      ['update', 'Tetris 1.1 Update'],
      ['mod', 'Tetris Neon Mod'],
    ]);
    expect(related.find((r) => r.kind === 'dlc')).toMatchObject({ slug: 'tetris-bonus-blocks', cover: 'dlc6001', igdb_id: TETRIS + 1, first_release_date: T0 });
  });

  it('ranks by IGDB popularity, DLC left out', async () => {
    expect((await get('/api/igdb/trending?limit=2')).json().map((g: { slug: string }) => g.slug)[0]).toBe('tetris');
    expect((await get('/api/igdb/platforms/snes')).json()).toMatchObject({ games_count: 1100, generation: 4, family: 'Nintendo' });
    expect((await get('/api/igdb/platforms/gb')).json()).toMatchObject({ games_count: 6 });
  });

  it('picks up an update on the incremental run, and only that', async () => {
    igdb.updateGame(42, { name: 'Synthetic Quest 42: Director’s Cut' });
    const report = await syncFromIgdb(t.db, client);
    expect(report).toMatchObject({ mode: 'incremental', games: 1 });
    expect((await get('/api/igdb/games/synthetic-quest-42')).json().name).toBe('Synthetic Quest 42: Director’s Cut');
    expect(await syncFromIgdb(t.db, client)).toMatchObject({ mode: 'incremental', games: 0, related: 0, covers: 0 });
  });

  it('skips nothing when IGDB changes records while the incremental sync pages (no offsets)', async () => {
    // 700 records changed since the last run; while the sync reads the first page of them,
    // one it has read changes again and moves to the end. With offset paging the next
    // page began one record late and game 501 was skipped for good.
    for (let id = 1; id <= 700; id += 1) igdb.updateGame(id, { name: `Edited ${id}` });
    igdb.afterGamesPage(1, () => igdb.updateGame(100, { name: 'Edited again 100' }));
    const report = await syncFromIgdb(t.db, client);
    expect(await staleGames(t.db, igdb)).toEqual([]);
    expect(report.games).toBe(701);
    expect(igdb.stats.bodies.some((b) => /offset/.test(b) && /updated_at/.test(b))).toBe(false);
  });

  it('reads a second with more than a page of updates by id, and goes past it', async () => {
    const second = T0 + 10_000_000;
    for (let id = 1; id <= 1100; id += 1) igdb.updateGame(id, { name: `Batch ${id}`, updated_at: second });
    igdb.updateGame(TETRIS, { name: 'Tetris' });
    const report = await syncFromIgdb(t.db, client);
    expect(report.games).toBe(1101);
    expect(await staleGames(t.db, igdb)).toEqual([]);
    expect(await syncFromIgdb(t.db, client)).toMatchObject({ games: 0 });
  });

  it('moves a DLC that was listed as a game out of the catalog, and back when IGDB says it is a game', async () => {
    igdb.updateGame(77, { game_type: GAME_TYPES.dlc_addon, parent_game: TETRIS, name: 'Synthetic Quest 77 Pack' });
    await syncFromIgdb(t.db, client);
    expect((await get('/api/igdb/games/synthetic-quest-77')).statusCode).toBe(404);
    expect((await get('/api/igdb/games/tetris')).json().related.map((r: { name: string }) => r.name)).toContain('Synthetic Quest 77 Pack');
    igdb.updateGame(77, { game_type: GAME_TYPES.main_game, parent_game: undefined, name: 'Synthetic Quest 77' });
    await syncFromIgdb(t.db, client);
    expect((await get('/api/igdb/games/synthetic-quest-77')).statusCode).toBe(200);
    expect((await get('/api/igdb/games/tetris')).json().related.map((r: { name: string }) => r.name)).not.toContain('Synthetic Quest 77');
  });

  it('refreshes covers IGDB replaced, though the game itself did not change', async () => {
    igdb.replaceCover(7, 'co7-new');
    igdb.replaceCover(TETRIS + 1, 'dlc6001-new');
    const report = await syncFromIgdb(t.db, client);
    expect(report).toMatchObject({ games: 0, covers: 2 });
    expect((await get('/api/igdb/games/synthetic-quest-7')).json().cover).toBe('co7-new');
    expect((await get('/api/igdb/games/tetris')).json().related.find((r: { igdb_id: number }) => r.igdb_id === TETRIS + 1).cover).toBe('dlc6001-new');
  });

  it('backs off on 429 and renews a revoked token once, storing it', async () => {
    const tokensBefore = igdb.stats.tokenRequests;
    igdb.revokeTokens();
    igdb.failNext(429, 429);
    await expect(client.query('genres', 'fields name,slug; limit 500;')).resolves.toEqual([{ id: 8, name: 'Platform', slug: 'platform' }]);
    expect(igdb.stats.tokenRequests).toBe(tokensBefore + 1);
    expect((await dbTokenStore(t.db).read())?.value).toBe(igdb.activeTokens()[0]);
  });

  it('keeps to IGDB’s limits: never more than 8 open, never a 429 it did not force', () => {
    expect(igdb.stats.maxInFlight).toBeLessThanOrEqual(8);
    expect(igdb.stats.rateLimited).toBe(0);
    const starts = igdb.stats.starts;
    // No window of one second saw more than 4 requests start (a little slack for timers).
    for (let i = 4; i < starts.length; i += 1) expect(starts[i]! - starts[i - 4]!).toBeGreaterThanOrEqual(950);
  });
});

describe.each(dbKinds)('a full crawl under changing data on %s', (kind) => {
  it('misses no game IGDB edits on a page already crawled, even as later edits arrive', async () => {
    const t = await createTestApp(kind);
    const igdb = await startFakeIgdb({ games: syntheticGames(1600), ...reference() });
    try {
      const client = new IgdbClient(credentials(igdb), dbTokenStore(t.db), { maxRetries: 2, backoffMs: 10 });
      // Right after the crawl read ids 501–1000, game 601 changes, then game 1550: the crawl
      // sees 1550's new updated_at on a later page. Taking the newest updated_at seen as
      // the next run's start, game 601 stayed stale for good.
      igdb.afterGamesPage(4, () => {
        igdb.updateGame(601, { name: 'Changed 601' });
        igdb.updateGame(1550, { name: 'Changed 1550' });
      });
      expect(await syncFromIgdb(t.db, client)).toMatchObject({ mode: 'full', games: 1600 });
      expect(await syncFromIgdb(t.db, client)).toMatchObject({ mode: 'incremental' });
      expect(await staleGames(t.db, igdb)).toEqual([]);
      expect(igdb.stats.rateLimited).toBe(0);
    } finally {
      await igdb.close();
      await t.close();
    }
  });
});

describe.each(dbKinds)('the Twitch token on %s', (kind) => {
  it('is fetched once by processes starting together, and reused by later ones until it nears expiry', async () => {
    const database = await createTestDatabase(kind);
    const igdb = await startFakeIgdb({ games: [], ...reference() });
    const env = envFor(database);
    // Two processes: each its own database connection and client.
    const { migrateToLatest } = await import('../../db/migrate.js');
    const server = createDb(database.config);
    const cli = createDb(database.config);
    try {
      await migrateToLatest(server);
      const a = new IgdbClient(credentials(igdb), dbTokenStore(server));
      const b = new IgdbClient(credentials(igdb), dbTokenStore(cli));
      await Promise.all([a.query('genres', 'fields name;'), b.query('genres', 'fields name;'), a.query('themes', 'fields name;'), b.query('themes', 'fields name;')]);
      expect(igdb.stats.tokenRequests).toBe(1);

      // A restart, and the CLI: the stored token again.
      await new IgdbClient(credentials(igdb), dbTokenStore(server)).query('genres', 'fields name;');
      const { runCli } = await import('../../cli/run.js');
      const { io, out } = captureIO();
      expect(await runCli(['catalog:sync'], { ...env, IGDB_CLIENT_ID: 'test-client', IGDB_CLIENT_SECRET: 'test-secret', IGDB_API_URL: igdb.apiUrl, TWITCH_TOKEN_URL: igdb.tokenUrl }, io)).toBe(0);
      expect(out.at(-1)).toBe('Full crawl: 0 games in 1 page(s).');
      expect(igdb.stats.tokenRequests).toBe(1);

      // IGDB refuses the token (revoked): the first process to notice fetches one, the other reads it.
      igdb.revokeTokens();
      await Promise.all([a.query('genres', 'fields name;'), b.query('genres', 'fields name;')]);
      expect(igdb.stats.tokenRequests).toBe(2);
      await b.query('themes', 'fields name;');
      expect(igdb.stats.tokenRequests).toBe(2);

      // Shortly before it expires, a new one.
      await server.kysely.updateTable('igdb_token').set({ expires_at: Date.now() + 60_000 }).execute();
      await new IgdbClient(credentials(igdb), dbTokenStore(server)).query('genres', 'fields name;');
      expect(igdb.stats.tokenRequests).toBe(3);
      // Another application's token is not used.
      await server.kysely.updateTable('igdb_token').set({ client_id: 'another-app' }).execute();
      await new IgdbClient(credentials(igdb), dbTokenStore(server)).query('genres', 'fields name;');
      expect(igdb.stats.tokenRequests).toBe(4);
    } finally {
      await server.destroy();
      await cli.destroy();
      await igdb.close();
      await database.drop();
    }
  });
});

describe('npm run vgl -- catalog:sync', () => {
  it('syncs from the IGDB_API_URL / TWITCH_TOKEN_URL it is configured with, and says so', async () => {
    const { runCli } = await import('../../cli/run.js');
    const database = await createTestDatabase('sqlite');
    const igdb = await startFakeIgdb({ games: [...syntheticGames(3), tetrisFamily()[1]!], platforms: [], genres: [], themes: [] });
    const { io, out, err } = captureIO();
    const env = {
      DATA_DIR: database.dataDir,
      IGDB_CLIENT_ID: 'test-client',
      IGDB_CLIENT_SECRET: 'test-secret',
      IGDB_API_URL: igdb.apiUrl,
      TWITCH_TOKEN_URL: igdb.tokenUrl,
    };
    expect(await runCli(['catalog:sync'], env, io)).toBe(0);
    expect(out.at(-1)).toBe('Full crawl: 3 games, 1 DLC, bundles and editions in 2 page(s).');
    expect(await runCli(['catalog:sync'], env, io)).toBe(0);
    expect(out.at(-1)).toBe('Incremental sync: 0 games in 1 page(s).');
    expect(await runCli(['catalog:sync'], { DATA_DIR: database.dataDir, WIKIDATA_SYNC: 'off' }, io)).toBe(1);
    expect(err.at(-1)).toContain('IGDB is not configured');
    expect(igdb.stats.tokenRequests).toBe(1);
    await igdb.close();
    await database.drop();
  });
});

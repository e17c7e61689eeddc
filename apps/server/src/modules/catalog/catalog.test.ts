import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { dbKinds } from '../../test/databases.js';
import { importCatalogFile, importReference } from './catalog.import.js';
import { createCatalogService, TRENDING_RECOUNT_MS } from './catalog.service.js';

/** A small catalog in the import format, including the tricky cases. */
const FIXTURE = [
  { kind: 'platform', slug: 'mame-test-machine', name: 'Test Machine' },
  { name: 'The Legend of Zelda', slug: 'the-legend-of-zelda', releaseDate: '1986-02-21', platforms: ['nes', 'famicom'], firstPlatform: 'famicom', publishers: ['Nintendo'], altNames: ['Zeruda no Densetsu'], popularity: 90 },
  { name: 'Zelda II: The Adventure of Link', year: 1987, platforms: ['nes'], publishers: ['Nintendo'], popularity: 60 },
  { name: 'Pokémon Red', year: 1996, platforms: ['gb'], publishers: ['Nintendo'], popularity: 95 },
  { name: 'Super Mario World', releaseDate: '1990-11-21', platforms: ['snes'], publishers: ['Nintendo'], genres: ['platform'], popularity: 99 },
  { name: 'Street Fighter II', year: 1992, platforms: ['snes', 'genesis-slash-megadrive'], publishers: ['Capcom'], genres: ['fighting'], popularity: 80 },
  { name: 'Sonic the Hedgehog', year: 1991, platforms: ['genesis-slash-megadrive'], publishers: ['Sega'], genres: ['platform'], popularity: 85 },
  { name: 'Future Quest', releaseDate: '2099-01-01', platforms: ['mame-test-machine'] },
  { name: 'Broken year', year: 'soon' },
  'not json at all',
];

function writeFixture(dir: string): string {
  const file = path.join(dir, 'catalog.jsonl');
  fs.writeFileSync(file, FIXTURE.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n'));
  return file;
}

describe.each(dbKinds)('catalog API on %s', (kind) => {
  let t: TestApp;
  let skipped: { line: number; reason: string }[];
  beforeAll(async () => {
    t = await createTestApp(kind);
    await importReference(t.db);
    ({ skipped } = await importCatalogFile(t.db, writeFixture(t.config.dataDir)));
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const names = (res: { json: () => unknown }) => (res.json() as { name: string }[]).map((g) => g.name);

  it('reports bad import lines with their number and reason, and imports the rest', () => {
    expect(skipped).toEqual([
      { line: 9, reason: expect.stringContaining('year') },
      { line: 10, reason: 'not valid JSON' },
    ]);
  });

  it('browses all games by popularity, with the total in X-Total-Count', async () => {
    const res = await get('/api/igdb/games?limit=3');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('7');
    expect(names(res)).toEqual(['Super Mario World', 'Pokémon Red', 'The Legend of Zelda']);
    expect(res.json()[0]).toMatchObject({ slug: 'super-mario-world', cover: null, first_release_date: 659145600, rating: null });
  });

  it('filters by platform, genre and a year range, and pages', async () => {
    expect(names(await get('/api/igdb/games?platform=snes'))).toEqual(['Super Mario World', 'Street Fighter II']);
    expect(names(await get('/api/igdb/games?genre=platform&sort=name'))).toEqual(['Sonic the Hedgehog', 'Super Mario World']);
    expect(names(await get('/api/igdb/games?releaseDate=1991-1992&sort=name'))).toEqual(['Sonic the Hedgehog', 'Street Fighter II']);
    expect(names(await get('/api/igdb/games?platform=nes&releaseDate=1987'))).toEqual(['Zelda II: The Adventure of Link']);
    const page2 = await get('/api/igdb/games?limit=2&page=2');
    expect(page2.headers['x-total-count']).toBe('7');
    expect(names(page2)).toEqual(['The Legend of Zelda', 'Sonic the Hedgehog']);
  });

  it('answers a page past the end with no games and the true total, filtered or not', async () => {
    for (const query of ['sort=rating&page=10000', 'sort=rating&platform=snes&page=10000', 'genre=platform&releaseDate=1990-1995&page=2', 'limit=2&page=5']) {
      for (const round of [1, 2]) {
        const res = await get(`/api/igdb/games?${query}`);
        expect(res.statusCode, query).toBe(200);
        expect(res.json(), `${query} (${round})`).toEqual([]);
        expect(res.headers['x-total-count'], query).toBe(query.includes('platform=snes') ? '2' : query.startsWith('genre') ? '2' : '7');
      }
    }
  });

  it('sorts by release date and name', async () => {
    expect(names(await get('/api/igdb/games?sort=release&limit=2'))).toEqual(['Future Quest', 'Super Mario World']);
    expect(names(await get('/api/igdb/games?sort=name&limit=2'))).toEqual(['Future Quest', 'Pokémon Red']);
  });

  it('answers bad filters with 400 and unknown slugs with 404', async () => {
    for (const query of ['page=0', 'limit=500', 'sort=loudest', 'releaseDate=199x', 'releaseDate=1995-1990', 'platform=%3Cscript%3E']) {
      const res = await get(`/api/igdb/games?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await get('/api/igdb/games?platform=no-such-platform')).statusCode).toBe(404);
    expect((await get('/api/igdb/games/no-such-game')).statusCode).toBe(404);
  });

  it('searches forgiving case, accents, punctuation and a typo', async () => {
    expect(names(await get('/api/igdb/search?q=POKEMON'))).toEqual(['Pokémon Red']);
    expect(names(await get('/api/igdb/search?q=zelda'))).toEqual(['The Legend of Zelda', 'Zelda II: The Adventure of Link']);
    expect(names(await get('/api/igdb/search?q=street-fighter!!'))).toEqual(['Street Fighter II']);
    expect(names(await get('/api/igdb/search?q=zelad'))).toContain('The Legend of Zelda');
    expect(names(await get('/api/igdb/search?q=zeruda'))).toEqual(['The Legend of Zelda']);
    expect(names(await get('/api/igdb/search?q=son'))).toEqual(['Sonic the Hedgehog']);
    const none = await get('/api/igdb/search?q=qqqqqq');
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('returns a game page with platforms, companies and alternative names', async () => {
    const res = await get('/api/igdb/games/the-legend-of-zelda');
    expect(res.json()).toMatchObject({
      name: 'The Legend of Zelda',
      first_release_date: 509328000,
      platforms: [
        { slug: 'famicom', name: 'Family Computer' },
        { slug: 'nes', name: 'Nintendo Entertainment System' },
      ],
      publishers: [{ slug: 'nintendo', name: 'Nintendo' }],
      alternative_names: ['Zeruda no Densetsu'],
    });
  });

  it('shows on a card the platform of the first release, first on the game page too; else the best-known on both', async () => {
    const cards = (await get('/api/igdb/games?sort=name&limit=10')).json() as { slug: string; platform: string | null }[];
    const card = (slug: string) => cards.find((c) => c.slug === slug)?.platform;
    const page = async (slug: string) => ((await get(`/api/igdb/games/${slug}`)).json() as { platforms: { name: string }[] }).platforms.map((p) => p.name);
    // The Famicom release came first, though the NES has more games.
    expect(card('the-legend-of-zelda')).toBe('Family Computer');
    expect((await page('the-legend-of-zelda'))[0]).toBe('Family Computer');
    // No first platform said: the one with most games (a tie: by name), the same on the card and the page.
    expect(card('street-fighter-ii')).toBe('Sega Mega Drive/Genesis');
    expect(await page('street-fighter-ii')).toEqual(['Sega Mega Drive/Genesis', 'Super Nintendo Entertainment System']);
  });

  it('lists upcoming games soonest first and trending ones', async () => {
    expect(names(await get('/api/igdb/upcoming/tsr'))).toEqual(['Future Quest']);
    expect(names(await get('/api/igdb/trending?limit=2'))).toEqual(['Super Mario World', 'Pokémon Red']);
  });

  it("counts the week's busiest games again only every 10 seconds once as many as asked for are busy, and at every ask before", async () => {
    const idOf = async (slug: string) => (await t.db.kysely.selectFrom('games').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
    const clock = { now: Date.UTC(2026, 10, 26) };
    let busiest = [await idOf('the-legend-of-zelda')];
    let counts = 0;
    const signals = {
      busiestGames: async () => (counts++, busiest),
      communityRating: async () => ({ count: 0, average: null, distribution: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0] }),
    };
    const catalog = createCatalogService(t.db, signals, () => clock.now);
    const trending = async () => (await catalog.trending(2)).map((g) => g.name);
    // One busy game of the two asked for: topped up with the most popular, and counted again at every ask.
    expect(await trending()).toEqual(['The Legend of Zelda', 'Super Mario World']);
    busiest = [await idOf('sonic-the-hedgehog'), await idOf('the-legend-of-zelda')];
    expect(await trending()).toEqual(['Sonic the Hedgehog', 'The Legend of Zelda']);
    expect(counts).toBe(2);
    // Two busy games: kept for 10 seconds.
    busiest = [await idOf('the-legend-of-zelda'), await idOf('sonic-the-hedgehog')];
    clock.now += TRENDING_RECOUNT_MS - 1;
    expect(await trending()).toEqual(['Sonic the Hedgehog', 'The Legend of Zelda']);
    expect(counts).toBe(2);
    clock.now += 1;
    expect(await trending()).toEqual(['The Legend of Zelda', 'Sonic the Hedgehog']);
    expect(counts).toBe(3);
  });

  it('knows the ~220 IGDB platforms, flags the 11 featured ones and keeps local platforms', async () => {
    const featured = (await get('/api/igdb/platforms?feat=1')).json() as { slug: string }[];
    expect(featured.map((p) => p.slug).sort()).toEqual(
      ['android', 'ios', 'linux', 'mac', 'ps4--1', 'ps5', 'series-x-s', 'switch', 'switch-2', 'win', 'xboxone'].sort(),
    );
    expect((await get('/api/igdb/platforms/snes')).json()).toMatchObject({ name: 'Super Nintendo Entertainment System', feat: false, games_count: 2 });
    expect((await get('/api/igdb/platforms/mame-test-machine')).json()).toMatchObject({ name: 'Test Machine', games_count: 1 });
    expect((await get('/api/igdb/genres/platform')).json()).toMatchObject({ name: 'Platform' });
  });

  it('updates a game in place when imported again', async () => {
    const file = path.join(t.config.dataDir, 'update.jsonl');
    fs.writeFileSync(file, JSON.stringify({ name: 'Sonic the Hedgehog', year: 1991, platforms: ['genesis-slash-megadrive', 'sms'], summary: 'Gotta go fast.' }));
    await importCatalogFile(t.db, file);
    const res = await get('/api/igdb/games/sonic-the-hedgehog');
    // The best-known platform first (as on its card), then the others by name.
    expect(res.json()).toMatchObject({ summary: 'Gotta go fast.', platforms: [{ slug: 'genesis-slash-megadrive' }, { slug: 'sms' }] });
    expect((await get('/api/igdb/games')).headers['x-total-count']).toBe('7');
  });

  it('counts a filter again once an import changes the catalog', async () => {
    const total = async (query: string) => (await get(`/api/igdb/games?${query}`)).headers['x-total-count'];
    const filters = ['platform=snes', 'platform=snes&releaseDate=1990-1995', 'releaseDate=1990-1995&sort=rating'];
    const before = await Promise.all(filters.map(total));
    expect(await Promise.all(filters.map(total))).toEqual(before);
    const file = path.join(t.config.dataDir, 'more-snes.jsonl');
    fs.writeFileSync(file, JSON.stringify({ name: 'F-Zero', year: 1990, platforms: ['snes'] }));
    await importCatalogFile(t.db, file);
    // The server reads the catalog's version once a second (an import may come from another process).
    await expect.poll(() => Promise.all(filters.map(total)), { timeout: 5_000, interval: 200 }).toEqual(before.map((n) => String(Number(n) + 1)));
  });
});

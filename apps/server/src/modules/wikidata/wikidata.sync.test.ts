import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';
import { startWikidataDouble, type WikidataDouble } from '../../test/wikidata-double.js';
import { wikidataFixture, type WikidataFixture } from '../../test/wikidata-fixture.js';
import { startWikidataSync, wikidataClient } from './wikidata.run.js';

/**
 * The Wikidata source against a standard SPARQL 1.1 engine loaded with
 * Wikidata-shaped RDF (the double): a fresh instance finds modern games
 * first for their names, shows their facts, fills Upcoming, matches a Steam
 * library by app id; a second run after Wikidata changed reads only what
 * changed and adds no duplicate; an embedded game is completed, not doubled.
 */
const GAMES = 1500;
const now = new Date();

/** Games the embedded catalog (or an import) already has: Wikidata completes them. */
const EMBEDDED = [
  { name: 'Super Mario Bros.', slug: 'super-mario-bros', year: 1985, platforms: ['nes'], publishers: ['Nintendo'] },
  { name: 'Tetris', slug: 'tetris', year: 1984, platforms: [] },
  // A ZX Spectrum game of the same name as Supergiant's Hades: not the same game.
  { name: 'Hades', slug: 'hades-1986', year: 1986, platforms: ['zxs'] },
];

describe.each(dbKinds)('Wikidata catalog source on %s', (kind) => {
  let t: TestApp;
  let double: WikidataDouble;
  let first: WikidataFixture;
  let second: WikidataFixture;
  let token: string;
  let modToken: string;
  const sync = async () => (await startWikidataSync(t.db, wikidataClient(t.config.wikidata, { perSecond: 50, concurrency: 2, backoffMs: 50 }), { trigger: 'cli', heartbeatMs: 50 })).done;
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const searchFirst = async (q: string) => (await get(`/api/igdb/search?q=${encodeURIComponent(q)}&p=1`)).json()[0]?.name;
  const gamesNamed = async (name: string) => (await t.db.kysely.selectFrom('games').select(['id', 'slug', 'source']).where('name', '=', name).execute());

  beforeAll(async () => {
    first = wikidataFixture({ games: GAMES, now, revision: 1 });
    second = wikidataFixture({ games: GAMES, now, revision: 2 });
    double = await startWikidataDouble();
    double.replace(first.turtle);
    t = await createTestApp(kind, { env: { WIKIDATA_SYNC: 'on', WIKIDATA_SPARQL_URL: double.sparqlUrl, WIKIDATA_API_URL: double.apiUrl } });
    await seedGames(t, EMBEDDED);
    // A game an IGDB sync brought (IGDB's slug and id, its own date, genre and popularity): IGDB stays the primary source.
    await seedGames(t, [{ name: 'Disco Elysium', slug: 'disco-elysium', releaseDate: '2019-10-14', platforms: ['win'], genres: ['adventure'], popularity: 1500 }]);
    await t.db.kysely.updateTable('games').set({ source: 'igdb', igdb_id: 113112 }).where('slug', '=', 'disco-elysium').execute();
    await createUser(t.db.kysely, { username: 'gamer' });
    await createUser(t.db.kysely, { username: 'mod', role: 'moderator' });
    token = await loginToken(t.app, 'gamer');
    modToken = await loginToken(t.app, 'mod');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await double?.close();
  });

  it('fills the catalog: modern games found first for their names, with their facts', async () => {
    const report = await sync();
    expect(report).toMatchObject({ mode: 'full', removed: 0 });
    expect(report.added).toBeGreaterThan(GAMES * 0.8);
    // Every request named VGL and this instance, as Wikimedia's policy asks.
    expect(double.requests.every((r) => r.userAgent?.startsWith('VGL/') && r.userAgent.includes('https://vgl.test'))).toBe(true);

    for (const [q, name] of [
      ['elden ring', 'Elden Ring'],
      ["baldur's gate 3", "Baldur's Gate 3"],
      ['hades', 'Hades'],
      ['stardew valley', 'Stardew Valley'],
      ['the witcher 3 wild hunt', 'The Witcher 3: Wild Hunt'],
      ['BG3', "Baldur's Gate 3"],
    ]) {
      expect(await searchFirst(q!), q).toBe(name);
    }
    // Supergiant's Hades, not the ZX Spectrum one, is first: Wikidata's sitelinks are its popularity.
    const hades = (await get('/api/igdb/search?q=hades&p=1')).json()[0];
    expect(hades.release_year ?? new Date(hades.first_release_date * 1000).getUTCFullYear()).toBeGreaterThanOrEqual(2018);

    const er = first.items.named['elden-ring']!;
    const [eldenRing] = await gamesNamed('Elden Ring');
    const page = (await get(`/api/igdb/games/${eldenRing!.slug}`)).json();
    expect(page.source).toBe('wikidata');
    expect(page.first_release_date).toBe(Date.UTC(2022, 1, 25) / 1000);
    expect(page.developers.map((d: { name: string }) => d.name)).toEqual(expect.arrayContaining(er.developers));
    expect(page.genres.map((g: { name: string }) => g.name)).toContain('Role-playing (RPG)');
    expect(page.platforms.map((p: { slug: string }) => p.slug)).toEqual(expect.arrayContaining(['ps5', 'win']));
    expect(page.releases.length).toBeGreaterThan(0);
    expect(page.websites.map((w: { url: string }) => w.url)).toContain('https://store.steampowered.com/app/1245620/');
    // Its DLC is listed with it, not a game of its own.
    expect(page.related.map((r: { name: string }) => r.name)).toContain(first.items.named['shadow-of-the-erdtree']!.label);
    expect(await gamesNamed(first.items.named['shadow-of-the-erdtree']!.label)).toEqual([]);
  });

  it('completes a game the catalog already has instead of adding a second', async () => {
    const marios = await gamesNamed('Super Mario Bros.');
    expect(marios).toHaveLength(1);
    expect(marios[0]).toMatchObject({ slug: 'super-mario-bros', source: 'import' });
    const page = (await get('/api/igdb/games/super-mario-bros')).json();
    expect(page.genres.length).toBeGreaterThan(0);
    // The ZX Spectrum Hades stays its own game, untouched.
    expect((await gamesNamed('Hades')).map((g) => g.slug).sort()).toEqual(['hades', 'hades-1986']);
  });

  it('only fills what an IGDB game lacks', async () => {
    const games = await gamesNamed('Disco Elysium');
    expect(games).toEqual([expect.objectContaining({ slug: 'disco-elysium', source: 'igdb' })]);
    const page = (await get('/api/igdb/games/disco-elysium')).json();
    // IGDB's date, genre and popularity stay; Wikidata adds the developer IGDB had not named, and the store ids.
    expect(page.first_release_date).toBe(Date.UTC(2019, 9, 14) / 1000);
    expect(page.genres.map((g: { slug: string }) => g.slug)).toEqual(['adventure']);
    expect(page.developers.map((d: { name: string }) => d.name)).toEqual(first.items.named['disco-elysium']!.developers);
    const popularity = await t.db.kysely.selectFrom('games').select('popularity').where('slug', '=', 'disco-elysium').executeTakeFirstOrThrow();
    expect(Number(popularity.popularity)).toBe(1500);
    expect(await t.db.kysely.selectFrom('game_store_ids').select(['source', 'uid']).where('game_id', '=', games[0]!.id).orderBy('source').execute()).toEqual([
      { source: 'gog', uid: 'game/disco_elysium' },
      { source: 'steam', uid: '632470' },
    ]);
  });

  it('fills Upcoming Releases with the games still to come', async () => {
    const upcoming = (await get('/api/igdb/upcoming/tsr?page=1&limit=24')).json() as { name: string; first_release_date: number }[];
    const expected = first.items.upcoming.map((key) => first.items.named[key]!.label);
    expect(upcoming.map((g) => g.name)).toEqual(expect.arrayContaining(expected.filter((name) => upcoming.some((g) => g.name === name))));
    expect(upcoming.length).toBeGreaterThan(0);
    expect(upcoming.every((g) => g.first_release_date * 1000 > Date.now())).toBe(true);
  });

  it("matches a Steam library by Wikidata's app ids", async () => {
    const owned = ['elden-ring', 'baldurs-gate-3', 'hades', 'stardew-valley', 'witcher-3'].map((key) => first.items.named[key]!);
    // Steam's own names differ from the catalog's ("ELDEN RING", trademarks): the app id decides.
    const file = JSON.stringify({ response: { game_count: owned.length, games: owned.map((g) => ({ appid: Number(g.steamAppId), name: `App ${g.steamAppId}`, playtime_forever: 60 })) } });
    const res = await t.app.inject({ method: 'POST', url: '/api/users/gamer/library/import/preview', headers: bearer(token), payload: { csv: file } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ format: 'steam', total: 5, matched: 5, unmatched: 0 });
    expect(body.rows.map((r: { match: { name: string } }) => r.match.name).sort()).toEqual(owned.map((g) => g.label).sort());
  });

  it('a second run reads only what changed, follows merges and deletions, and adds no duplicate', async () => {
    // A member logs a game that Wikidata will delete: their entry must survive.
    const [gone] = second.items.removed;
    const goneRow = await t.db.kysely.selectFrom('wikidata_items').select(['game_id', 'name']).where('qid', '=', gone!).executeTakeFirst();
    const [kept] = await t.db.kysely.selectFrom('games').select('slug').where('id', '=', goneRow!.game_id!).execute();
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/gamer/library/${kept!.slug}`, headers: bearer(token), payload: { status: 1 } })).statusCode).toBeLessThan(300);
    // A member adds a game that is nowhere yet, logs it, and a moderator approves it.
    const fresh = second.items.newTitle;
    const freshYear = Number(second.items.named[fresh.key]!.year);
    const submitted = await t.app.inject({ method: 'POST', url: '/api/games/submissions', headers: bearer(token), payload: { name: fresh.label, year: freshYear, platforms: ['win'] } });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const submission = submitted.json<{ id: number; game: { slug: string } }>();
    const logged = await t.app.inject({ method: 'PUT', url: `/api/users/gamer/library/${submission.game.slug}`, headers: bearer(token), payload: { status: 2, rating: 9, review: 'Found it before anyone.' } });
    expect(logged.statusCode, logged.body).toBeLessThan(300);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/submissions/${submission.id}/approve`, headers: bearer(modToken) })).statusCode).toBe(200);

    const before = Number((await t.db.kysely.selectFrom('games').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const requestsBefore = double.requests.length;

    double.replace(second.turtle);
    const report = await sync();
    expect(report.mode).toBe('incremental');
    // Only the changed and new items are read (and the merged one's target), in a handful of batches.
    expect(report.games).toBeLessThanOrEqual(second.items.changed.length + second.items.added.length + second.items.redirected.length);
    expect(report.requests).toBeLessThan(20);
    expect(double.requests.length - requestsBefore).toBe(report.requests);

    expect(await searchFirst(fresh.label)).toBe(fresh.label);
    // The sync brought the submitted game: the submission merged into it, the member's entry intact on it.
    const synced = await gamesNamed(fresh.label);
    expect(synced).toHaveLength(1);
    expect(synced[0]!.source).toBe('wikidata');
    const entry = await t.db.kysely
      .selectFrom('library_entries as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select(['e.game_id', 'e.rating', 'e.review', 'e.status'])
      .where('u.username', '=', 'gamer')
      .where('e.game_id', '=', synced[0]!.id)
      .executeTakeFirst();
    expect(entry).toMatchObject({ rating: 9, review: 'Found it before anyone.', status: 2 });
    expect(await t.db.kysely.selectFrom('game_submissions').select('state').where('id', '=', submission.id).executeTakeFirst()).toEqual({ state: 'merged' });
    for (const { from } of second.items.redirected) expect(await t.db.kysely.selectFrom('wikidata_items').select('qid').where('qid', '=', from).executeTakeFirst()).toBeUndefined();
    // The deleted item's game stays, with the member's entry; the link to Wikidata is gone.
    expect(await t.db.kysely.selectFrom('games').select('id').where('slug', '=', kept!.slug).executeTakeFirst()).toBeDefined();

    const after = Number((await t.db.kysely.selectFrom('games').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    // The submitted game went into the synced one: one game fewer than Wikidata added.
    expect(after).toBe(before + report.added - report.removed - 1);
    expect(report.added).toBeLessThanOrEqual(second.items.added.length);
    // One item, one game: no game is filled by two items, and no item was read as a second game of its own.
    const shared = await t.db.kysely
      .selectFrom('wikidata_items')
      .select('game_id')
      .where('kind', '=', 'game')
      .where('game_id', 'is not', null)
      .groupBy('game_id')
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    expect(shared).toEqual([]);
    // An edit lands on the same game: The Witcher 3 gains the developer of its Switch port, and stays one game.
    const witcher = second.items.named['witcher-3']!;
    const [game] = await gamesNamed(witcher.label);
    expect(await gamesNamed(witcher.label)).toHaveLength(1);
    const developers = (await get(`/api/igdb/games/${game!.slug}`)).json().developers.map((d: { name: string }) => d.name);
    expect(developers).toEqual(expect.arrayContaining(witcher.developers));
    expect(witcher.developers.length).toBeGreaterThan(first.items.named['witcher-3']!.developers.length);

    // A third run with nothing changed reads nothing but the listing.
    const idle = await sync();
    expect(idle).toMatchObject({ games: 0, added: 0, removed: 0 });
  });
});

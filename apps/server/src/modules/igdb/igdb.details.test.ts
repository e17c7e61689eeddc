import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { dbKinds } from '../../test/databases.js';
import { startFakeIgdb, type FakeIgdb } from '../../test/fake-igdb.js';
import { importReference } from '../catalog/catalog.import.js';
import { IgdbClient } from './igdb.client.js';
import { syncFromIgdb } from './igdb.sync.js';
import { dbTokenStore } from './igdb.token.js';
import { GAME_TYPES, type IgdbGame } from './igdb.types.js';

const T0 = 1_700_000_000;
const HOUR = 3600;

/** A game as IGDB documents it with every field the game page shows (shapes from api-docs.igdb.com). */
const portal: IgdbGame = {
  id: 71,
  name: 'Portal',
  slug: 'portal',
  summary: 'A puzzle game with a portal gun.',
  storyline: 'Chell wakes up in the Aperture Science Enrichment Center.',
  game_type: GAME_TYPES.main_game,
  platforms: [6, 9],
  first_release_date: 1_191_974_400,
  cover: { image_id: 'co1x7d' },
  screenshots: [{ image_id: 'sc6k8x' }, { image_id: 'sc6k8y' }],
  artworks: [{ image_id: 'ar5ab' }],
  game_modes: [{ id: 1, name: 'Single player' } as { name: string }],
  player_perspectives: [{ id: 1, name: 'First person' } as { name: string }],
  franchises: [{ id: 1, name: 'Portal', slug: 'portal' } as { name: string; slug: string }],
  collections: [{ id: 2, name: 'Half-Life', slug: 'half-life' } as { name: string; slug: string }],
  release_dates: [
    { date: 1_191_974_400, platform: 6, release_region: { region: 'north_america' } },
    { date: 1_192_147_200, platform: 9, release_region: { region: 'europe' } },
    { platform: 9, release_region: { region: 'japan' } },
  ],
  websites: [
    { url: 'https://www.thinkwithportals.com', type: 1 },
    { url: 'https://store.steampowered.com/app/400', type: 13 },
    { url: 'https://www.gog.com/game/portal', type: 17 },
    { url: 'https://en.wikipedia.org/wiki/Portal_(video_game)', type: 3 },
    { url: 'javascript:alert(1)', type: 1 },
  ],
  age_ratings: [
    { organization: { name: 'ESRB' }, rating_category: { rating: 'T' } },
    { organization: { name: 'PEGI' }, rating_category: { rating: '12' } },
  ],
  similar_games: [72, 999_999],
  external_games: [
    { uid: '400', external_game_source: 1 },
    { uid: '1207658903', external_game_source: 5 },
    { uid: 'xyz', external_game_source: 14 },
  ],
  updated_at: T0,
};

const others: IgdbGame[] = [
  { id: 72, name: 'Portal 2', slug: 'portal-2', game_type: GAME_TYPES.main_game, platforms: [6], updated_at: T0 },
  { id: 73, name: 'Portal: Still Alive', slug: 'portal-still-alive', game_type: GAME_TYPES.port, parent_game: 71, platforms: [12], updated_at: T0 },
  { id: 74, name: 'Portal Remastered', slug: 'portal-remastered', game_type: GAME_TYPES.remaster, parent_game: 71, platforms: [6], updated_at: T0 },
  { id: 75, name: 'Portal Soundtrack', slug: 'portal-soundtrack', game_type: GAME_TYPES.dlc_addon, parent_game: 71, updated_at: T0 },
];

describe.each(dbKinds)('IGDB game details on %s', (kind) => {
  let t: TestApp;
  let igdb: FakeIgdb;
  let client: IgdbClient;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await importReference(t.db);
    igdb = await startFakeIgdb({
      games: [portal, ...others],
      platforms: [
        { id: 6, name: 'PC (Microsoft Windows)', slug: 'win', abbreviation: 'PC' },
        { id: 9, name: 'PlayStation 3', slug: 'ps3', abbreviation: 'PS3' },
        { id: 12, name: 'Xbox 360', slug: 'xbox360', abbreviation: 'X360' },
      ],
      genres: [],
      themes: [],
      timesToBeat: [{ game_id: 71, hastily: 3 * HOUR, normally: 4 * HOUR, completely: 7 * HOUR, count: 120, updated_at: T0 }],
    });
    client = new IgdbClient(
      { clientId: 'test-client', clientSecret: 'test-secret', apiUrl: igdb.apiUrl, tokenUrl: igdb.tokenUrl },
      dbTokenStore(t.db),
      { maxRetries: 2, backoffMs: 10 },
    );
    await syncFromIgdb(t.db, client);
  });
  afterAll(async () => {
    await igdb.close();
    await t.close();
  });

  const game = async (slug: string) => (await t.app.inject({ method: 'GET', url: `/api/igdb/games/${slug}` })).json();

  it('shows every detail IGDB has on the game page', async () => {
    expect(await game('portal')).toMatchObject({
      storyline: 'Chell wakes up in the Aperture Science Enrichment Center.',
      screenshots: ['sc6k8x', 'sc6k8y'],
      artworks: ['ar5ab'],
      modes: ['Single player'],
      perspectives: ['First person'],
      franchises: [{ slug: 'portal', name: 'Portal' }],
      series: [{ slug: 'half-life', name: 'Half-Life' }],
      releases: [
        { platform: 'PC (Microsoft Windows)', platform_slug: 'win', date: 1_191_974_400, region: 'north_america' },
        { platform: 'PlayStation 3', platform_slug: 'ps3', date: 1_192_147_200, region: 'europe' },
        { platform: 'PlayStation 3', platform_slug: 'ps3', date: null, region: 'japan' },
      ],
      // Stores are told by their address; a javascript: link never reaches the page.
      websites: [
        { kind: 'official', url: 'https://www.thinkwithportals.com', store: false },
        { kind: 'steam', url: 'https://store.steampowered.com/app/400', store: true },
        { kind: 'gog', url: 'https://www.gog.com/game/portal', store: true },
        { kind: 'wikipedia', url: 'https://en.wikipedia.org/wiki/Portal_(video_game)', store: false },
      ],
      age_ratings: [
        { organization: 'ESRB', rating: 'T' },
        { organization: 'PEGI', rating: '12' },
      ],
      time_to_beat: { hastily: 3 * HOUR, normally: 4 * HOUR, completely: 7 * HOUR, count: 120 },
      // Similar games in the catalog (999999 is not).
      similar: [{ slug: 'portal-2', name: 'Portal 2' }],
      related: [{ kind: 'dlc', slug: 'portal-soundtrack' }],
    });
    const versions = (await game('portal')).versions as { slug: string; relation: string }[];
    expect(versions.map((v) => [v.slug, v.relation]).sort()).toEqual([
      ['portal-remastered', 'remaster'],
      ['portal-still-alive', 'port'],
    ]);
    // A port names its original.
    expect((await game('portal-still-alive')).versions).toMatchObject([{ slug: 'portal', relation: 'original' }]);
  });

  it('keeps the store ids imports look games up by', async () => {
    const ids = await t.db.kysely.selectFrom('game_external_ids').select(['source', 'uid', 'game_igdb_id']).orderBy('source').execute();
    expect(ids).toEqual([
      { source: 'gog', uid: '1207658903', game_igdb_id: 71 },
      { source: 'steam', uid: '400', game_igdb_id: 71 },
    ]);
  });

  it('answers empty details for a game IGDB says little about', async () => {
    expect(await game('portal-2')).toMatchObject({ storyline: null, screenshots: [], websites: [], time_to_beat: null, versions: [], similar: [] });
  });

  it('follows IGDB’s changes: a game’s details, and times to beat changed during a run', async () => {
    igdb.updateGame(71, { screenshots: [{ image_id: 'scnew' }], websites: [{ url: 'https://store.epicgames.com/p/portal', type: 16 }] });
    // New times for Portal 2 arrive while the sync pages through the games: this run or the next one has them.
    igdb.afterGamesPage(1, () => igdb.updateTimeToBeat(72, { hastily: 8 * HOUR, normally: 10 * HOUR, completely: 20 * HOUR, count: 5 }));
    igdb.updateTimeToBeat(71, { hastily: 2 * HOUR, normally: 5 * HOUR, completely: 8 * HOUR, count: 121 });
    await syncFromIgdb(t.db, client);
    await syncFromIgdb(t.db, client);
    expect(await game('portal')).toMatchObject({
      screenshots: ['scnew'],
      websites: [{ kind: 'epic', store: true }],
      time_to_beat: { hastily: 2 * HOUR, normally: 5 * HOUR, completely: 8 * HOUR, count: 121 },
    });
    expect((await game('portal-2')).time_to_beat).toEqual({ hastily: 8 * HOUR, normally: 10 * HOUR, completely: 20 * HOUR, count: 5 });
  });
});

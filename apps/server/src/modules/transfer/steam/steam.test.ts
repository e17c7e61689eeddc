import type { FastifyBaseLogger } from 'fastify';
import { PLAY_STATUS } from '@vgl/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../http/errors.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { seedGames } from '../../../test/catalog.js';
import { dbKinds } from '../../../test/databases.js';
import { FAKE_STEAM_KEY, startFakeSteam, type FakeSteam, type FakeSteamProfile } from '../../../test/fake-steam.js';
import { bearer, createUser, loginToken } from '../../../test/users.js';
import { createSteamClient } from './steam.client.js';
import { parseSteamProfile } from './steam.profile.js';

const ANN = '76561198000000001';
const PRIVATE = '76561198000000002';
const EMPTY = '76561198000000003';

const GAMES = [
  { name: 'Portal 2', slug: 'portal-2', year: 2011, platforms: ['win'], popularity: 90 },
  { name: 'Celeste', slug: 'celeste', year: 2018, platforms: ['win', 'switch'], popularity: 60 },
  { name: 'Hollow Knight', slug: 'hollow-knight', year: 2017, platforms: ['win', 'switch'], popularity: 65 },
];
/** Catalog games IGDB knows, with their Steam app ids (game_external_ids). */
const IGDB = [
  { slug: 'portal-2', igdbId: 72, appId: 620 },
  { slug: 'celeste', igdbId: 26226, appId: 504230 },
];

const PROFILES: FakeSteamProfile[] = [
  {
    steamId: ANN,
    vanity: 'AnnPlays',
    games: [
      // Steam's name differs from the catalog's: only the app id can match it.
      { appid: 620, name: 'Portal 2 - Steam Edition', playtime_forever: 1250 },
      { appid: 504230, name: 'Celeste', playtime_forever: 2170, rtime_last_played: 1_600_000_000 },
      // No external id: matched by title.
      { appid: 367520, name: 'Hollow Knight', playtime_forever: 0 },
      { appid: 999_999, name: 'A Game Not In The Catalog', playtime_forever: 5 },
    ],
  },
  { steamId: PRIVATE, vanity: 'secretive', private: true, games: [{ appid: 620, name: 'Portal 2', playtime_forever: 10 }] },
  { steamId: EMPTY, vanity: 'nogames', games: [] },
];

const silentLog = { warn: () => {}, error: () => {}, info: () => {} } as unknown as FastifyBaseLogger;

describe('reading the Steam profile a member enters', () => {
  it.each([
    ['76561198000000001', { kind: 'id', steamId: '76561198000000001' }],
    ['https://steamcommunity.com/profiles/76561198000000001', { kind: 'id', steamId: '76561198000000001' }],
    ['https://steamcommunity.com/profiles/76561198000000001/', { kind: 'id', steamId: '76561198000000001' }],
    ['steamcommunity.com/profiles/76561198000000001/games/?tab=all', { kind: 'id', steamId: '76561198000000001' }],
    ['https://steamcommunity.com/id/AnnPlays', { kind: 'vanity', name: 'AnnPlays' }],
    ['http://www.steamcommunity.com/id/ann_plays-2/', { kind: 'vanity', name: 'ann_plays-2' }],
    ['  AnnPlays ', { kind: 'vanity', name: 'AnnPlays' }],
    ['12345', { kind: 'vanity', name: '12345' }],
  ])('reads %s', (input, expected) => {
    expect(parseSteamProfile(input)).toEqual(expected);
  });

  it.each([
    ['https://steamcommunity.com/profiles/12345', 'is not a SteamID64'],
    ['12345678901234567', 'is not a SteamID64'],
    ['https://steamcommunity.com/id/a', 'is not a Steam profile name'],
    ['https://store.steampowered.com/app/620', 'is not a Steam profile'],
    ['ann plays', 'is not a Steam profile'],
    ['x'.repeat(33), 'is not a Steam profile'],
  ])('refuses %s with a 400 that says what a profile looks like', (input, message) => {
    const read = () => parseSteamProfile(input);
    expect(read).toThrow(AppError);
    expect(read).toThrow(message);
  });

  it('says Steam did not answer when it cannot be reached', async () => {
    const client = createSteamClient({ apiKey: 'k', apiUrl: 'http://127.0.0.1:1' }, silentLog);
    await expect(client.ownedGames(ANN)).rejects.toMatchObject({ statusCode: 502, message: 'Steam did not answer. Try again in a few minutes.' });
  });
});

describe.each(dbKinds)('Steam library import on %s', (kind) => {
  let t: TestApp;
  let steam: FakeSteam;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    steam = await startFakeSteam({ profiles: PROFILES });
    t = await createTestApp(kind, { env: { STEAM_API_KEY: FAKE_STEAM_KEY, STEAM_API_URL: steam.url } });
    await seedGames(t, GAMES);
    for (const { slug, igdbId, appId } of IGDB) {
      await t.db.kysely.updateTable('games').set({ igdb_id: igdbId }).where('slug', '=', slug).execute();
      await t.db.kysely.insertInto('game_external_ids').values({ source: 'steam', uid: String(appId), game_igdb_id: igdbId }).execute();
    }
    for (const name of ['ann', 'bob', 'cat']) {
      await createUser(t.db.kysely, { username: name });
      tokens[name] = await loginToken(t.app, name);
    }
  });
  afterAll(async () => {
    await t.close();
    await steam.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, user: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tokens[user]!), ...(payload ? { payload } : {}) });
  const preview = (user: string, profile: string, owner = user) => call('POST', `/api/users/${owner}/library/import/steam/preview`, user, { profile });
  const importSteam = (user: string, profile: string) => call('POST', `/api/users/${user}/library/import/steam`, user, { profile });
  const entriesOf = (username: string) =>
    t.db.kysely
      .selectFrom('library_entries as e')
      .innerJoin('games as g', 'g.id', 'e.game_id')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select(['g.slug', 'e.status', 'e.rating', 'e.review', 'e.owned', 'e.playtime_minutes', 'e.playtime_source'])
      .where('u.username', '=', username)
      .orderBy('g.slug')
      .execute();

  it('tells the web that Steam import is available', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/home' })).json().steamImport).toBe(true);
  });

  it('previews a library found by custom name: owned games matched by Steam app id, else by title, writing nothing', async () => {
    const res = await preview('ann', 'AnnPlays');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ format: 'steam', total: 4, matched: 3, unmatched: 1, errors: [] });
    // In title order, whatever order Steam sent.
    expect(body.rows.map((r: { title: string }) => r.title)).toEqual(['A Game Not In The Catalog', 'Celeste', 'Hollow Knight', 'Portal 2 - Steam Edition']);
    const rowOf = (title: string) => body.rows.find((r: { title: string }) => r.title === title);
    expect(rowOf('Portal 2 - Steam Edition')).toMatchObject({ match: { slug: 'portal-2' }, hours: 20.8, status: null, platforms: ['win'] });
    expect(rowOf('Hollow Knight')).toMatchObject({ match: { slug: 'hollow-knight' }, hours: 0, status: PLAY_STATUS.wantToPlay });
    expect(rowOf('A Game Not In The Catalog')).toMatchObject({ match: null });
    expect(await entriesOf('ann')).toEqual([]);
  });

  it('reads the profile from its address or its SteamID64, asking Steam for a name only when given one', async () => {
    const resolves = () => steam.requests('/ISteamUser/ResolveVanityURL');
    for (const profile of ['https://steamcommunity.com/id/annplays/', `https://steamcommunity.com/profiles/${ANN}`, ANN]) {
      const before = resolves();
      const res = await preview('ann', profile);
      expect(res.statusCode, profile).toBe(200);
      expect(res.json()).toMatchObject({ format: 'steam', total: 4, matched: 3 });
      expect(resolves() - before, profile).toBe(profile.includes('/id/') ? 1 : 0);
    }
  });

  it.each([
    ['secretive', 'set “Game details” to Public'],
    [`https://steamcommunity.com/profiles/${PRIVATE}`, 'set “Game details” to Public'],
    ['nobody-here', 'No Steam profile is called “nobody-here”'],
    ['nogames', 'This Steam profile owns no games'],
    ['not a profile!', 'is not a Steam profile'],
  ])('answers %s with a clear 400', async (profile, message) => {
    const res = await preview('ann', profile);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('lets only the owner import into a library', async () => {
    expect((await preview('bob', 'AnnPlays', 'ann')).statusCode).toBe(403);
  });

  it('answers 503 with Retry-After when Steam limits the server, and 502 when Steam fails', async () => {
    steam.failNext(429);
    const limited = await preview('ann', ANN);
    expect(limited.statusCode).toBe(503);
    expect(limited.headers['retry-after']).toBe('42');
    expect(limited.json().error).toBe('steam_busy');
    steam.failNext(500);
    const failed = await preview('ann', ANN);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe('Steam did not answer. Try again in a few minutes.');
  });

  it('imports the owned games with their playtime; a re-import updates the playtime and keeps what the member said', async () => {
    const res = await importSteam('ann', 'AnnPlays');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ format: 'steam', entries: 3, unmatched: 1 });
    expect(await entriesOf('ann')).toEqual([
      { slug: 'celeste', status: null, rating: null, review: null, owned: 1, playtime_minutes: 2170, playtime_source: 'steam' },
      { slug: 'hollow-knight', status: PLAY_STATUS.wantToPlay, rating: null, review: null, owned: 1, playtime_minutes: 0, playtime_source: 'steam' },
      { slug: 'portal-2', status: null, rating: null, review: null, owned: 1, playtime_minutes: 1250, playtime_source: 'steam' },
    ]);
    const user = await t.db.kysely.selectFrom('users').select('imported_at').where('username', '=', 'ann').executeTakeFirstOrThrow();
    expect(user.imported_at).not.toBeNull();

    expect((await call('PUT', '/api/users/ann/library/portal-2', 'ann', { status: PLAY_STATUS.beaten, rating: 9, review: 'Still funny.' })).statusCode).toBe(200);
    expect((await call('PUT', '/api/users/ann/library/hollow-knight', 'ann', { status: PLAY_STATUS.playing })).statusCode).toBe(200);
    steam.setPlaytime(ANN, 620, 1500);
    steam.setPlaytime(ANN, 367520, 90);
    expect((await importSteam('ann', ANN)).statusCode).toBe(200);
    const after = await entriesOf('ann');
    expect(after.find((e) => e.slug === 'portal-2')).toMatchObject({ status: PLAY_STATUS.beaten, rating: 9, review: 'Still funny.', playtime_minutes: 1500, owned: 1 });
    expect(after.find((e) => e.slug === 'hollow-knight')).toMatchObject({ status: PLAY_STATUS.playing, playtime_minutes: 90 });
    expect(after.find((e) => e.slug === 'celeste')).toMatchObject({ status: null, playtime_minutes: 2170 });
  });

  it('imports a saved GetOwnedGames answer as a file', async () => {
    const saved = await fetch(`${steam.url}/IPlayerService/GetOwnedGames/v1/?key=${FAKE_STEAM_KEY}&steamid=${ANN}&include_appinfo=1&format=json`);
    const file = await saved.text();
    const previewed = await call('POST', '/api/users/cat/library/import/preview', 'cat', { csv: file });
    expect(previewed.statusCode, previewed.body).toBe(200);
    expect(previewed.json()).toMatchObject({ format: 'steam', total: 4, matched: 3, unmatched: 1 });
    const res = await call('POST', '/api/users/cat/library/import', 'cat', { csv: file, format: 'auto' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ format: 'steam', entries: 3 });
    expect((await entriesOf('cat')).map((e) => [e.slug, e.owned, e.playtime_minutes, e.playtime_source])).toEqual([
      ['celeste', 1, 2170, 'steam'],
      ['hollow-knight', 1, 90, 'steam'],
      ['portal-2', 1, 1500, 'steam'],
    ]);
  });

  it('says the server’s Steam key was refused, and that Steam import is not set up without one', async () => {
    const wrongKey = await createTestApp(kind, { env: { STEAM_API_KEY: 'not-the-key', STEAM_API_URL: steam.url } });
    const noKey = await createTestApp(kind);
    try {
      for (const app of [wrongKey, noKey]) await createUser(app.db.kysely, { username: 'dan' });
      const previewOn = async (app: TestApp) =>
        app.app.inject({
          method: 'POST',
          url: '/api/users/dan/library/import/steam/preview',
          headers: bearer(await loginToken(app.app, 'dan')),
          payload: { profile: 'AnnPlays' },
        });
      const refused = await previewOn(wrongKey);
      expect(refused.statusCode).toBe(502);
      expect(refused.json()).toMatchObject({ error: 'steam_key_refused', message: expect.stringContaining('STEAM_API_KEY') });
      const unset = await previewOn(noKey);
      expect(unset.statusCode).toBe(503);
      expect(unset.json().message).toBe('Steam import is not set up on this server (STEAM_API_KEY).');
      expect((await noKey.app.inject({ method: 'GET', url: '/api/home' })).json().steamImport).toBe(false);
    } finally {
      await wrongKey.close();
      await noKey.close();
    }
  });
});

import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';
import { createNotificationsService } from '../notifications/notifications.service.js';
import { releaseAlerts } from './releases.alerts.js';
import { releaseFor } from './releases.platforms.js';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;

describe('which release counts for a member', () => {
  const game = { firstReleaseDate: day('2030-03-12'), platformIds: [1, 2], releases: [{ platformId: 1, date: day('2030-03-12') }, { platformId: 2, date: day('2030-06-01') }, { platformId: 3, date: null }] };
  it('the first release without platforms named; else the earliest on theirs; none when undated there; off when not on theirs', () => {
    expect(releaseFor(new Set(), game)).toEqual({ date: day('2030-03-12'), platformId: null, off: false });
    expect(releaseFor(new Set([2, 1]), game)).toEqual({ date: day('2030-03-12'), platformId: 1, off: false });
    expect(releaseFor(new Set([2]), game)).toEqual({ date: day('2030-06-01'), platformId: 2, off: false });
    expect(releaseFor(new Set([3]), game)).toEqual({ date: null, platformId: null, off: false });
    expect(releaseFor(new Set([4]), game)).toEqual({ date: null, platformId: null, off: true });
    // Without per-platform dates the first release is all there is, on a listed platform; off when not listed.
    expect(releaseFor(new Set([2]), { ...game, releases: [] })).toEqual({ date: day('2030-03-12'), platformId: null, off: false });
    expect(releaseFor(new Set([4]), { ...game, releases: [] })).toMatchObject({ date: null, off: true });
    expect(releaseFor(new Set([4]), { ...game, releases: [], platformIds: [] })).toEqual({ date: day('2030-03-12'), platformId: null, off: false });
  });
});

describe.each(dbKinds)('release alerts, Coming up and the calendar on a member’s platforms on %s', (kind) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  const user: Record<string, number> = {};
  const platform: Record<string, number> = {};
  const HADES = { name: 'Hades II', slug: 'hades-2', platforms: ['win', 'switch'] };
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, [
      HADES,
      { name: 'Outer Wilds 2', slug: 'outer-wilds-2', releaseDate: '2030-04-01', platforms: ['win', 'switch'] },
      // Out on PC long ago; its Switch port is to come.
      { name: 'Celeste Port', slug: 'celeste-port', releaseDate: '2025-01-10', platforms: ['win', 'switch'] },
    ]);
    for (const p of await t.db.kysely.selectFrom('platforms').select(['id', 'slug']).where('slug', 'in', ['win', 'switch', 'ps5']).execute()) platform[p.slug] = p.id;
    for (const [username, owns] of [['ann', ['switch']], ['bob', []], ['cat', ['ps5']]] as const) {
      user[username] = (await createUser(t.db.kysely, { username })).id;
      token[username] = await loginToken(t.app, username);
      if (owns.length) expect((await call('PUT', '/api/profile/platforms', username, { platformIds: owns.map((s) => platform[s]) })).statusCode).toBe(200);
      for (const slug of ['hades-2', 'outer-wilds-2', 'celeste-port']) expect((await call('PUT', `/api/users/${username}/library/${slug}`, username, { status: 4, owned: false })).statusCode).toBeLessThan(300);
    }
    // Outer Wilds 2 comes from Wikidata: on Switch a month after PC (day precision), a vaguer date on PS5 ignored.
    const ow = await t.db.kysely.selectFrom('games').select('id').where('slug', '=', 'outer-wilds-2').executeTakeFirstOrThrow();
    const data = { description: null, releases: [{ platform: platform.win, date: day('2030-04-01'), precision: 11 }, { platform: platform.switch, date: day('2030-05-02'), precision: 11 }], series: [], links: { igdb: [], steam: [], gog: [], mobygames: [] } };
    await t.db.kysely.updateTable('games').set({ igdb_id: 9002 }).where('slug', '=', 'celeste-port').execute();
    await igdbReleases(9002, [{ platform: 6, date: day('2025-01-10'), region: null }, { platform: 130, date: day('2030-02-01'), region: null }]);
    await t.db.kysely.insertInto('wikidata_items').values({ qid: 'Q1', game_id: ow.id, kind: 'game', parent_qid: null, name: 'Outer Wilds 2', first_release_date: day('2030-04-01'), modified: 1, sitelinks: 1, data: JSON.stringify(data), updated_at: 1 }).execute();
  });
  afterAll(() => t.close());

  async function igdbReleases(igdbId: number, releases: { platform: number; date: number; region: null }[]) {
    const data = { screenshots: [], artworks: [], modes: [], perspectives: [], franchises: [], series: [], releases, websites: [], age_ratings: [], similar: [] };
    await t.db.kysely.insertInto('game_details').values({ igdb_id: igdbId, game_type: 0, parent_igdb_id: null, storyline: null, data: JSON.stringify(data), updated_at: 1 }).execute();
  }
  function call(method: 'GET' | 'POST' | 'PUT', url: string, who?: string, payload?: object) {
    return t.app.inject({ method, url, headers: who ? bearer(token[who]!) : {}, ...(payload ? { payload } : {}) });
  }
  const pass = (at = Date.now()) => releaseAlerts({ db: t.db, notifications: createNotificationsService(t.db), now: () => at }).run();
  const toldHades = async (who: string) =>
    (await t.db.kysely.selectFrom('notifications').select('message').where('user_id', '=', user[who]!).where('kind', 'in', ['release_dated', 'released']).orderBy('id').execute())
      .map((n) => n.message)
      .filter((m) => m?.startsWith('Hades'));

  it('dates a game by its release on the member’s platform and names it; "out today" only there', async () => {
    await pass();
    // IGDB learns the dates: March on PC, June on Switch (game_details, by IGDB platform id: 6 PC, 130 Switch).
    await t.db.kysely.updateTable('games').set({ igdb_id: 9001, first_release_date: day('2030-03-12') }).where('slug', '=', 'hades-2').execute();
    await igdbReleases(9001, [{ platform: 6, date: day('2030-03-12'), region: null }, { platform: 130, date: day('2030-06-01'), region: null }]);
    await pass();
    expect(await toldHades('ann')).toEqual(['Hades II comes out on June 1, 2030 on Nintendo Switch']);
    expect(await toldHades('bob')).toEqual(['Hades II now has a release date: March 12, 2030']);
    expect(await toldHades('cat')).toEqual([]);

    await pass(Date.UTC(2030, 2, 12, 9));
    expect(await toldHades('ann')).toHaveLength(1);
    expect(await toldHades('bob')).toEqual(['Hades II now has a release date: March 12, 2030', 'Hades II is out today']);
    await pass(Date.UTC(2030, 5, 1, 9));
    expect(await toldHades('ann')).toEqual(['Hades II comes out on June 1, 2030 on Nintendo Switch', 'Hades II is out today on Nintendo Switch']);
    expect(await toldHades('cat')).toEqual([]);
    expect(await toldHades('bob')).toHaveLength(2);
  });

  it('Coming up dates games on the owner’s platform, ports of games out long ago too, and marks the ones not coming there', async () => {
    const games = async (who: string) => (await call('GET', `/api/users/${who}/coming-up`, 'bob')).json().months.flatMap((m: { games: object[] }) => m.games);
    expect(await games('ann')).toEqual([
      expect.objectContaining({ slug: 'celeste-port', releaseDate: day('2030-02-01'), platform: 'Nintendo Switch', offPlatforms: false }),
      expect.objectContaining({ slug: 'outer-wilds-2', releaseDate: day('2030-05-02'), platform: 'Nintendo Switch', offPlatforms: false }),
      expect.objectContaining({ slug: 'hades-2', releaseDate: day('2030-06-01'), platform: 'Nintendo Switch', offPlatforms: false }),
    ]);
    expect(await games('bob')).toEqual([
      expect.objectContaining({ slug: 'hades-2', releaseDate: day('2030-03-12'), platform: null, offPlatforms: false }),
      expect.objectContaining({ slug: 'outer-wilds-2', releaseDate: day('2030-04-01'), platform: null, offPlatforms: false }),
    ]);
    expect((await games('cat')).map((g: { offPlatforms: boolean }) => g.offPlatforms)).toEqual([true, true]);
  });

  it('the calendar feed uses the date on the member’s platform', async () => {
    const url: string = (await call('POST', '/api/profile/calendar', 'ann')).json().url;
    const res = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    const events = new ICAL.Component(ICAL.parse(res.body)).getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
    expect(events.map((e) => [e.summary, e.startDate.toString()])).toEqual([
      ['Celeste Port', '2030-02-01'],
      ['Outer Wilds 2', '2030-05-02'],
      ['Hades II', '2030-06-01'],
    ]);
  });
});

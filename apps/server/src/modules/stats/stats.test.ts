import type { MemberStats, YearInReview } from '@vgl/shared/stats';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';
import { FACTS_MAX_AGE_MS, createGameFacts } from './stats.facts.js';

const GAMES = [
  { name: 'Celeste', slug: 'celeste', year: 2018, platforms: ['win', 'switch'], genres: ['platform', 'indie'] },
  { name: 'Hades', slug: 'hades', year: 2020, platforms: ['win', 'switch'], genres: ['role-playing-rpg', 'indie'] },
  { name: 'Tetris', slug: 'tetris', year: 1984, platforms: ['nes'], genres: ['puzzle'] },
  { name: 'Super Mario World', slug: 'super-mario-world', year: 1990, platforms: ['snes'], genres: ['platform'] },
];

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const THIS_YEAR = new Date().getUTCFullYear();

describe.each(dbKinds)('stats and the year in review on %s', (kind) => {
  let t: TestApp;
  const tokens = new Map<string, string>();
  let seq = 0;

  const call = (method: Method, url: string, who?: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...headers, ...(who ? bearer(tokens.get(who)!) : {}) }, ...(payload ? { payload } : {}) });
  const ok = async <T>(url: string, who?: string): Promise<T> => {
    const res = await call('GET', url, who);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json() as T;
  };
  const statsOf = (who: string, year?: number) => ok<MemberStats>(`/api/users/${who}/stats${year ? `?year=${year}` : ''}`);
  const yearOf = (who: string, year: number) => ok<YearInReview>(`/api/users/${who}/year/${year}`);

  async function member(): Promise<string> {
    seq += 1;
    const user = await createUser(t.db.kysely, { username: `stats${seq}` });
    tokens.set(user.username, await loginToken(t.app, user.username));
    return user.username;
  }

  /** Logs a session through the journal API and answers its id. */
  async function log(who: string, body: object): Promise<number> {
    const res = await call('POST', `/api/users/${who}/diary`, who, body);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, GAMES);
  });
  afterAll(() => t.close());

  it('answers zeros, empty breakdowns and twelve empty months for a member with nothing logged', async () => {
    const me = await member();
    const all = await statsOf(me);
    expect(all).toMatchObject({
      username: me,
      year: null,
      totals: { played: 0, beaten: 0, abandoned: 0, playsFinished: 0, replaysFinished: 0, sessions: 0, hours: 0, daysPlayed: 0, reviews: 0 },
      byPlatform: [],
      byGenre: [],
      byDecade: [],
      ratings: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      mostPlayed: [],
      longestStreak: { days: 0, from: null, to: null },
      timeline: [],
      years: [],
    });
    const review = await yearOf(me, 2024);
    expect(review.stats.timeline).toHaveLength(12);
    expect(review.stats.timeline.every((m) => m.sessions === 0 && m.hours === 0)).toBe(true);
    expect(review.highlights).toEqual({ firstGame: null, lastGame: null, bestRated: null, mostPlayed: null });
  });

  describe('a member who logged sessions across a new year', () => {
    let me: string;
    const ids: Record<string, number> = {};
    beforeAll(async () => {
      me = await member();
      ids.eve = await log(me, { game: 'celeste', playedOn: '2023-12-31', minutes: 60, platform: 'switch' });
      ids.day1 = await log(me, { game: 'celeste', playedOn: '2024-01-01', minutes: 90, platform: 'switch', rating: 9 });
      ids.finish = await log(me, { game: 'celeste', playedOn: '2024-01-02', minutes: 30, event: 'finished' });
      ids.hades1 = await log(me, { game: 'hades', playedOn: '2024-01-03', minutes: 120, platform: 'win' });
      ids.hades2 = await log(me, { game: 'hades', playedOn: '2024-03-10', minutes: 45, platform: 'win' });
      const put = (slug: string, body: object) => call('PUT', `/api/users/${me}/library/${slug}`, me, body);
      // Celeste's rating from the library form (Beaten by its finish, as the form shows it); Tetris started (a diary "started" row), then abandoned; Mario only wanted.
      expect((await put('celeste', { status: 2, rating: 9, finishedOn: '2024-01-02', hours: 0.5 })).statusCode).toBe(200);
      expect((await put('hades', { status: 1, rating: 8, review: 'One more run.' })).statusCode).toBe(200);
      expect((await put('tetris', { status: 3, rating: 4, platforms: ['nes'], startedOn: '2024-02-01' })).statusCode).toBe(201);
      expect((await put('super-mario-world', { status: 4, rating: 10 })).statusCode).toBe(201);
    });

    it('counts a year exactly as logged: played, beaten, abandoned, sessions, hours, days and reviews', async () => {
      const stats = await statsOf(me, 2024);
      // Celeste (sessions), Hades (sessions), Tetris (Started date); Mario is only wanted.
      expect(stats.totals).toMatchObject({ played: 3, beaten: 1, abandoned: 1, sessions: 5, hours: 4.8, daysPlayed: 5, reviews: 0 });
      expect(stats.years).toEqual([2024, 2023]);
      expect(stats.ratings).toEqual([0, 0, 0, 1, 0, 0, 0, 1, 1, 0]);
      expect(stats.byDecade).toEqual([
        { key: '1980', label: '1980s', games: 1 },
        { key: '2010', label: '2010s', games: 1 },
        { key: '2020', label: '2020s', games: 1 },
      ]);
      expect(stats.byGenre).toEqual([
        { key: 'indie', label: 'Indie', games: 2 },
        { key: 'platform', label: 'Platform', games: 1 },
        { key: 'puzzle', label: 'Puzzle', games: 1 },
        { key: 'role-playing-rpg', label: 'Role-playing (RPG)', games: 1 },
      ]);
      expect(stats.mostPlayed.map((g) => [g.game.slug, g.hours, g.sessions])).toEqual([
        ['hades', 2.8, 2],
        ['celeste', 2, 2],
        ['tetris', 0, 1],
      ]);
      expect(stats.longestStreak).toEqual({ days: 3, from: '2024-01-01', to: '2024-01-03' });
      expect(stats.timeline.slice(0, 4)).toEqual([
        { period: '2024-01', sessions: 3, hours: 4 },
        { period: '2024-02', sessions: 1, hours: 0 },
        { period: '2024-03', sessions: 1, hours: 0.8 },
        { period: '2024-04', sessions: 0, hours: 0 },
      ]);
    });

    it('puts each game on the platforms of its sessions, else of its library entry, and the rest under "Not said"', async () => {
      const stats = await statsOf(me, 2024);
      // Sessions that name no platform count where their game is (on one platform): never a group of 0 games with hours.
      expect(stats.byPlatform).toEqual([
        { key: 'win', label: 'PC (Microsoft Windows)', games: 1, sessions: 2, hours: 2.8 },
        { key: 'switch', label: 'Nintendo Switch', games: 1, sessions: 2, hours: 2 },
        { key: 'nes', label: 'Nintendo Entertainment System', games: 1, sessions: 1, hours: 0 },
      ]);
      expect(stats.byPlatform.every((p) => p.games > 0)).toBe(true);
    });

    it('keeps the year boundary: New Year’s Eve is in 2023, and all time adds both', async () => {
      expect((await statsOf(me, 2023)).totals).toMatchObject({ played: 1, beaten: 0, abandoned: 0, sessions: 1, hours: 1, daysPlayed: 1, reviews: 0 });
      const all = await statsOf(me);
      expect(all.totals).toMatchObject({ played: 3, beaten: 1, abandoned: 1, sessions: 6, hours: 5.8, daysPlayed: 6 });
      expect(all.totals.reviews).toBe(1);
      // The streak runs across the new year when the period is all time.
      expect(all.longestStreak).toEqual({ days: 4, from: '2023-12-31', to: '2024-01-03' });
      expect(all.timeline).toEqual([
        { period: '2023', sessions: 1, hours: 1 },
        { period: '2024', sessions: 5, hours: 4.8 },
      ]);
      expect((await statsOf(me, THIS_YEAR)).totals.reviews).toBe(1);
      expect((await statsOf(me, 2022)).totals).toMatchObject({ played: 0, sessions: 0 });
    });

    it('gives the year in review its highlights', async () => {
      const review = await yearOf(me, 2024);
      expect(review.stats.year).toBe(2024);
      expect(review.stats.totals.sessions).toBe(5);
      expect(review.highlights.firstGame).toMatchObject({ game: { slug: 'celeste', name: 'Celeste' }, playedOn: '2024-01-01' });
      expect(review.highlights.lastGame).toMatchObject({ game: { slug: 'hades' }, playedOn: '2024-03-10' });
      expect(review.highlights.bestRated).toMatchObject({ game: { slug: 'celeste' }, rating: 9 });
      expect(review.highlights.mostPlayed).toMatchObject({ game: { slug: 'hades' }, hours: 2.8, sessions: 2 });
    });

    it('follows edits and deletions of sessions at once', async () => {
      const other = await member();
      const a = await log(other, { game: 'hades', playedOn: '2024-05-01', minutes: 60, platform: 'win' });
      const b = await log(other, { game: 'hades', playedOn: '2024-05-02', minutes: 30 });
      await log(other, { game: 'celeste', playedOn: '2024-05-03', minutes: 15, event: 'finished' });
      expect((await statsOf(other, 2024)).totals).toMatchObject({ played: 2, beaten: 1, sessions: 3, hours: 1.8 });

      // Moved to the previous year with more time, then one deleted.
      const edit = await call('PUT', `/api/users/${other}/diary/${a}`, other, { playedOn: '2023-11-30', minutes: 120, platform: 'switch', note: null, rating: null, replay: false, event: 'played' });
      expect(edit.statusCode).toBe(200);
      expect((await call('DELETE', `/api/users/${other}/diary/${b}`, other)).statusCode).toBe(204);
      const after = await statsOf(other, 2024);
      expect(after.totals).toMatchObject({ played: 1, beaten: 1, sessions: 1, hours: 0.3 });
      // The year picker of a year already seen learns of the new year too.
      expect(after.years).toEqual([2024, 2023]);
      const last = await statsOf(other, 2023);
      expect(last.totals).toMatchObject({ played: 1, sessions: 1, hours: 2 });
      expect(last.byPlatform[0]).toMatchObject({ key: 'switch', games: 1, sessions: 1, hours: 2 });
      expect((await statsOf(other)).years).toEqual([2024, 2023]);
    });

    it('stops counting a game when the session that added it is deleted, and counts a finish of a game already there as beaten', async () => {
      const me = await member();
      await log(me, { game: 'tetris', playedOn: '2024-02-01', minutes: 30 });
      const id = await log(me, { game: 'celeste', playedOn: '2024-03-05', minutes: 60, event: 'finished' });
      // Seen once, so what is kept must be dropped by the deletion's counters.
      expect((await statsOf(me, 2024)).totals).toMatchObject({ played: 2, beaten: 1, sessions: 2 });
      expect((await statsOf(me)).totals).toMatchObject({ played: 2, beaten: 1 });
      expect((await yearOf(me, 2024)).highlights.lastGame).toMatchObject({ game: { slug: 'celeste' } });

      expect((await call('DELETE', `/api/users/${me}/diary/${id}`, me)).statusCode).toBe(204);
      expect((await statsOf(me, 2024)).totals).toMatchObject({ played: 1, beaten: 0, sessions: 1 });
      expect((await statsOf(me)).totals).toMatchObject({ played: 1, beaten: 0 });
      expect((await yearOf(me, 2024)).highlights.lastGame).toMatchObject({ game: { slug: 'tetris' } });

      // Tetris, Abandoned on the form, then a finish logged in 2025: beaten that year and all time.
      expect((await call('PUT', `/api/users/${me}/library/tetris`, me, { status: 3 })).statusCode).toBe(200);
      expect((await statsOf(me)).totals).toMatchObject({ played: 1, beaten: 0, abandoned: 1 });
      await log(me, { game: 'tetris', playedOn: '2025-01-04', event: 'finished' });
      expect((await statsOf(me, 2025)).totals).toMatchObject({ played: 1, beaten: 1, abandoned: 0 });
      expect((await statsOf(me)).totals).toMatchObject({ played: 1, beaten: 1, abandoned: 0 });
    });
  });

  describe('the cache of answers', () => {
    /** The member's counters added up: it moves whenever any of them does. */
    const versionOf = async (username: string) => {
      const rows = await t.db.kysely
        .selectFrom('member_stats_versions as v')
        .innerJoin('users as u', 'u.id', 'v.user_id')
        .select('v.version')
        .where('u.username', '=', username)
        .execute();
      return rows.reduce((sum, r) => sum + Number(r.version), 0);
    };

    it('is keyed by a version that every counted write bumps, whoever makes it, and that likes leave alone', async () => {
      const me = await member();
      const v0 = await versionOf(me);
      const id = await log(me, { game: 'celeste', playedOn: '2024-06-01', minutes: 30 });
      const v1 = await versionOf(me);
      expect(v1).toBeGreaterThan(v0);
      expect((await statsOf(me, 2024)).totals.hours).toBe(0.5);

      // Written straight to the database (another instance, a script): the next answer still sees it.
      await t.db.kysely.updateTable('diary_entries').set({ minutes_played: 90 }).where('id', '=', id).execute();
      expect(await versionOf(me)).toBeGreaterThan(v1);
      expect((await statsOf(me, 2024)).totals.hours).toBe(1.5);

      const v2 = await versionOf(me);
      await t.db.kysely.updateTable('library_entries').set({ likes_count: 5, comments_count: 2 }).where('user_id', '=', (await t.db.kysely.selectFrom('users').select('id').where('username', '=', me).executeTakeFirstOrThrow()).id).execute();
      expect(await versionOf(me)).toBe(v2);
      expect((await call('PUT', `/api/users/${me}/library/celeste`, me, { status: 2, rating: 7 })).statusCode).toBe(200);
      expect(await versionOf(me)).toBeGreaterThan(v2);
      expect((await statsOf(me, 2024)).ratings[6]).toBe(1);

      // Only the entry's platforms change: its session names none, so the game moves from "Not said" to them.
      expect((await statsOf(me, 2024)).byPlatform.map((p) => [p.key, p.games])).toEqual([[null, 1]]);
      expect((await call('PUT', `/api/users/${me}/library/celeste`, me, { status: 2, rating: 7, platforms: ['win'] })).statusCode).toBe(200);
      // Its sessions go with it: no "Not said" group with 0 games is left behind (issue 38).
      expect((await statsOf(me, 2024)).byPlatform.map((p) => [p.key, p.games, p.sessions])).toEqual([['win', 1, 1]]);
    });

    it("keeps games' catalog facts per game for an hour, and drops games gone from the catalog", async () => {
      let clock = 0;
      const facts = createGameFacts(t.db.kysely, () => clock);
      const ids = (await t.db.kysely.selectFrom('games').select(['id', 'slug']).where('slug', 'in', ['celeste', 'tetris']).orderBy('slug').execute()).map((g) => g.id);
      const first = await facts.of([...ids, 2_000_000_000]);
      expect([...first.values()].map((f) => [f.name, f.genres.map((g) => g.slug).sort()])).toEqual([
        ['Celeste', ['indie', 'platform']],
        ['Tetris', ['puzzle']],
      ]);
      await t.db.kysely.updateTable('games').set({ name: 'Celeste (2018)' }).where('id', '=', ids[0]!).execute();
      expect((await facts.of([ids[0]!])).get(ids[0]!)?.name).toBe('Celeste');
      clock += FACTS_MAX_AGE_MS;
      expect((await facts.of([ids[0]!])).get(ids[0]!)?.name).toBe('Celeste (2018)');
      await t.db.kysely.updateTable('games').set({ name: 'Celeste' }).where('id', '=', ids[0]!).execute();
    });

    it('lets a member with counted rows be deleted', async () => {
      const me = await member();
      await log(me, { game: 'tetris', playedOn: '2024-06-01', minutes: 30 });
      await t.db.kysely.deleteFrom('users').where('username', '=', me).execute();
      expect((await call('GET', `/api/users/${me}/stats`)).statusCode).toBe(404);
    });
  });

  describe('who may see them', () => {
    it('hides unknown, pending and suspended members as their profiles do; a suspended member still sees their own', async () => {
      const suspended = await member();
      await t.db.kysely.updateTable('users').set({ state: 'suspended' }).where('username', '=', suspended).execute();
      const pending = (await createUser(t.db.kysely, { username: 'statspending', state: 'pending' })).username;
      for (const who of ['nobody', pending, suspended]) {
        for (const url of [`/api/users/${who}/stats`, `/api/users/${who}/year/2024`, `/api/users/${who}/year/2024/card.png`]) {
          expect((await call('GET', url)).statusCode, url).toBe(404);
        }
        expect((await call('GET', `/api/users/${who}`)).statusCode).toBe(404);
      }
      expect((await call('GET', `/api/users/${suspended}/stats`, suspended)).statusCode).toBe(200);
      expect((await call('GET', `/api/users/${suspended}/year/2024`, suspended)).statusCode).toBe(200);
    });

    it('explains a bad year', async () => {
      const me = await member();
      for (const url of [`/api/users/${me}/stats?year=1949`, `/api/users/${me}/stats?year=soon`, `/api/users/${me}/year/20245`, `/api/users/${me}/year/abc/card.png`]) {
        const res = await call('GET', url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message).toBe('The year must be a year from 1950 to 2100, such as 2024');
      }
    });
  });

  describe('the share card', () => {
    it('is a 1200×630 PNG with a short public cache and an ETag that changes with the data', async () => {
      const me = await member();
      await log(me, { game: 'celeste', playedOn: '2024-02-02', minutes: 50, platform: 'switch' });
      const url = `/api/users/${me}/year/2024/card.png`;
      const res = await call('GET', url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);

      const etag = res.headers.etag as string;
      expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
      const again = await call('GET', `${url}?v=whatever`, undefined, undefined, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');

      await log(me, { game: 'hades', playedOn: '2024-02-03', minutes: 10 });
      const changed = await call('GET', url, undefined, undefined, { 'if-none-match': etag });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
    });
  });
});

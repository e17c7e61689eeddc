import { JOURNAL_LIMITS, JOURNAL_MESSAGES, STATUS_MESSAGES } from '@vgl/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { signedInMembers } from '../../test/users.js';

const GAMES = [
  { name: 'Super Mario World', slug: 'super-mario-world', year: 1990, platforms: ['snes'], popularity: 99 },
  { name: 'Celeste', slug: 'celeste', year: 2018, platforms: ['win', 'switch'], popularity: 80 },
  { name: 'Hades', slug: 'hades', year: 2020, platforms: ['win', 'switch'], popularity: 70 },
  { name: 'Tetris', slug: 'tetris', year: 1984, platforms: ['nes'], popularity: 60 },
];

const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode).sort();

describe.each(dbKinds)('backlog, wishlist and the play journal on %s', (kind) => {
  let t: TestApp;
  const { member, call } = signedInMembers(() => t, 'player');
  const log = (who: string, body: object) => call('POST', `/api/users/${who}/diary`, who, body);


  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, GAMES);
  });
  afterAll(() => t.close());

  describe('backlog and wishlist', () => {
    it('keeps ownership beside the status, filters the library by shelf and counts both on the profile', async () => {
      const me = await member();
      const put = (slug: string, body: object) => call('PUT', `/api/users/${me}/library/${slug}`, me, body);
      expect((await put('super-mario-world', { status: 4, owned: true, platforms: ['snes'] })).json()).toMatchObject({ status: 4, owned: true, platform: ['snes'] });
      expect((await put('celeste', { status: 4, owned: false })).json()).toMatchObject({ owned: false });
      // Not said: a want-to-play game is in the backlog, as before ownership existed.
      expect((await put('hades', { status: 4 })).json()).toMatchObject({ owned: null });
      expect((await put('tetris', { status: 2, owned: true })).json()).toMatchObject({ status: 2, owned: true });

      const shelf = async (name: string) => {
        const res = await call('GET', `/api/users/${me}/library?shelf=${name}&sort=name`);
        return { total: res.headers['x-total-count'], slugs: (res.json() as { slug: string }[]).map((g) => g.slug) };
      };
      expect(await shelf('backlog')).toEqual({ total: '2', slugs: ['hades', 'super-mario-world'] });
      expect(await shelf('wishlist')).toEqual({ total: '1', slugs: ['celeste'] });
      expect((await call('GET', `/api/users/${me}/library?status=4`)).headers['x-total-count']).toBe('3');
      expect((await call('GET', `/api/users/${me}/library?shelf=wishlist`)).json()[0]).toMatchObject({ slug: 'celeste', status: 4, owned: false });

      const counts = (await call('GET', `/api/users/${me}`)).json().counts;
      expect(counts).toMatchObject({ games: 4, beaten: 1, backlog: 2, wishlist: 1 });

      // Bought it: the game moves from the wishlist to the backlog.
      await put('celeste', { status: 4, owned: true });
      expect((await call('GET', `/api/users/${me}`)).json().counts).toMatchObject({ backlog: 3, wishlist: 0 });
    });

    it('keeps ownership when a client leaves it out, clears it with null, and explains bad values', async () => {
      const me = await member();
      const put = (body: object) => call('PUT', `/api/users/${me}/library/celeste`, me, body);
      await put({ status: 4, owned: false });
      expect((await put({ status: 4, rating: 8 })).json()).toMatchObject({ owned: false, rating: 8 });
      expect((await put({ status: 4, owned: null })).json()).toMatchObject({ owned: null });

      const bad = await put({ status: 4, owned: 'maybe' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({ owned: 'Owned must be true, false or null' });
      const shelf = await call('GET', `/api/users/${me}/library?shelf=attic`);
      expect(shelf.statusCode).toBe(400);
      expect(shelf.json().message).toContain('shelf must be backlog or wishlist');
    });
  });

  describe('the play journal', () => {
    it('logs a session on a past day with time, platform, note and flags, and counts it into the game’s hours', async () => {
      const me = await member();
      const res = await log(me, { game: 'celeste', playedOn: '2024-03-01', minutes: 95, platform: 'switch', note: 'Chapter 3.', replay: true });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        playedOn: '2024-03-01',
        event: 'played',
        minutes: 95,
        hours: 1.6,
        platform: { slug: 'switch', name: 'Nintendo Switch' },
        note: 'Chapter 3.',
        replay: true,
        game: { slug: 'celeste' },
      });
      expect((await log(me, { game: 'celeste', playedOn: '2024-03-05', hours: 2.5, event: 'finished' })).json()).toMatchObject({ minutes: 150, event: 'finished', platform: null });

      const entry = (await call('GET', `/api/users/${me}/library/celeste`)).json();
      // New to the library: added as Playing (its first logged play), then Beaten by the finish; 95 + 150 minutes played.
      expect(entry).toMatchObject({ status: 2, finishedOn: '2024-03-05', sessions: 2, totalHours: 4.1 });
    });

    it('refuses days in the future, sessions over a day, unknown platforms and long notes with clear messages', async () => {
      const me = await member();
      const refused = async (body: object) => {
        const res = await log(me, { game: 'celeste', playedOn: '2024-03-01', event: 'started', ...body });
        expect(res.statusCode).toBe(400);
        return res.json() as { message: string; errors: Record<string, string> };
      };
      expect((await refused({ playedOn: daysFromToday(3) })).errors).toEqual({ playedOn: 'Date cannot be in the future' });
      expect((await refused({ playedOn: '2024-02-30' })).errors).toEqual({ playedOn: 'Date is not a real date' });
      expect((await refused({ minutes: 1441 })).errors).toEqual({ minutes: JOURNAL_MESSAGES.minutesRange });
      expect((await refused({ hours: 25 })).errors).toEqual({ hours: JOURNAL_MESSAGES.sessionTooLong });
      expect((await refused({ hours: 1, minutes: 30 })).errors).toEqual({ minutes: JOURNAL_MESSAGES.hoursOrMinutes });
      expect((await refused({ platform: 'gameboy-deluxe' })).errors).toEqual({ platform: 'There is no platform "gameboy-deluxe".' });
      expect((await refused({ note: 'x'.repeat(1001) })).errors).toEqual({ note: 'Note must have at most 1,000 characters' });
      expect((await refused({ game: '' })).errors).toEqual({ game: 'Choose a game' });
      // Nothing in it (issue 38): no time, note, rating, start or finish. A platform or a replay mark alone says nothing either.
      for (const empty of [{ event: 'played' }, { event: 'played', minutes: 0, hours: null, note: '   ', platform: 'switch', replay: true }]) {
        const res = await refused(empty);
        expect(res).toMatchObject({ message: STATUS_MESSAGES.emptySession, errors: { minutes: STATUS_MESSAGES.emptySession } });
      }
      expect((await log(me, { game: 'no-such-game', playedOn: '2024-03-01', minutes: 30 })).statusCode).toBe(404);
      // Nothing was written by any of them.
      expect((await call('GET', `/api/users/${me}/diary`)).json()).toEqual([]);
      // Any one of them is enough.
      for (const [i, enough] of [{ minutes: 1 }, { hours: 0.5 }, { note: 'Tried it.' }, { rating: 6 }, { event: 'started' }, { event: 'finished' }].entries()) {
        expect((await log(me, { game: 'tetris', playedOn: `2024-03-1${i}`, ...enough })).statusCode, JSON.stringify(enough)).toBe(201);
      }
      expect((await call('GET', `/api/users/${me}/diary`)).headers['x-total-count']).toBe('6');
    });

    it('edits and deletes sessions in place; other members cannot touch them', async () => {
      const [me, other] = [await member(), await member()];
      const id = (await log(me, { game: 'hades', playedOn: '2024-05-01', minutes: 60, platform: 'win' })).json().id as number;

      const edited = await call('PUT', `/api/users/${me}/diary/${id}`, me, { playedOn: '2024-05-02', minutes: 45, platform: 'switch', note: 'One more run.', event: 'finished' });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({ id, playedOn: '2024-05-02', minutes: 45, platform: { slug: 'switch' }, note: 'One more run.', event: 'finished', game: { slug: 'hades' } });
      expect((await call('PUT', `/api/users/${me}/diary/${id}`, me, { playedOn: daysFromToday(5) })).json().errors).toEqual({ playedOn: 'Date cannot be in the future' });

      // Through the owner's address: not the other member's to change (403); through their own: no such entry (404).
      expect((await call('PUT', `/api/users/${me}/diary/${id}`, other, { playedOn: '2024-05-03' })).statusCode).toBe(403);
      expect((await call('DELETE', `/api/users/${me}/diary/${id}`, other)).statusCode).toBe(403);
      expect((await call('PUT', `/api/users/${other}/diary/${id}`, other, { playedOn: '2024-05-03' })).statusCode).toBe(404);
      expect((await call('DELETE', `/api/users/${other}/diary/${id}`, other)).statusCode).toBe(404);
      expect((await call('PUT', `/api/users/${me}/diary/${id}`, undefined, { playedOn: '2024-05-03' })).statusCode).toBe(401);
      expect((await call('GET', `/api/users/${me}/diary`)).json()).toMatchObject([{ id, playedOn: '2024-05-02', minutes: 45 }]);

      expect((await call('DELETE', `/api/users/${me}/diary/${id}`, me)).statusCode).toBe(204);
      expect((await call('DELETE', `/api/users/${me}/diary/${id}`, me)).statusCode).toBe(404);
      expect((await call('PUT', `/api/users/${me}/diary/${id}`, me, { playedOn: '2024-05-03' })).json().message).toBe(JOURNAL_MESSAGES.noSuchEntry);
      // That session was what added Hades: the game left the library with it.
      expect((await call('GET', `/api/users/${me}/library/hades`)).statusCode).toBe(404);
    });

    it('beats a game already in the library when a finish is logged or a session is edited into one, Abandoned included', async () => {
      const me = await member();
      const put = (slug: string, body: object) => call('PUT', `/api/users/${me}/library/${slug}`, me, body);
      const entry = async (slug: string) => (await call('GET', `/api/users/${me}/library/${slug}`)).json();

      // Abandoned, then finished after all: Beaten on the session's day.
      await put('celeste', { status: 3, startedOn: '2024-01-10' });
      await log(me, { game: 'celeste', playedOn: '2024-03-05', event: 'finished' });
      expect(await entry('celeste')).toMatchObject({ status: 2, startedOn: '2024-01-10', finishedOn: '2024-03-05' });
      // An earlier finish logged afterwards keeps the latest date.
      await log(me, { game: 'celeste', playedOn: '2024-02-01', event: 'finished', replay: true });
      expect(await entry('celeste')).toMatchObject({ status: 2, finishedOn: '2024-03-05' });

      // Already Beaten: a replay's finish leaves the entry as the member set it.
      await put('tetris', { status: 2, finishedOn: '2024-06-10' });
      await log(me, { game: 'tetris', playedOn: '2024-06-20', event: 'finished', replay: true });
      expect(await entry('tetris')).toMatchObject({ status: 2, finishedOn: '2024-06-10' });

      // A plain session changes nothing; edited into a finish, it beats the game, and moving it moves the date.
      await put('hades', { status: 4 });
      const id = (await log(me, { game: 'hades', playedOn: '2024-05-01', minutes: 30 })).json().id as number;
      expect(await entry('hades')).toMatchObject({ status: 4, finishedOn: null });
      await call('PUT', `/api/users/${me}/diary/${id}`, me, { playedOn: '2024-05-02', event: 'finished' });
      expect(await entry('hades')).toMatchObject({ status: 2, finishedOn: '2024-05-02' });
      await call('PUT', `/api/users/${me}/diary/${id}`, me, { playedOn: '2024-04-28', event: 'finished' });
      expect(await entry('hades')).toMatchObject({ status: 2, finishedOn: '2024-04-28' });
    });

    it('takes a game out of the library with the session that added it, and keeps it when there is more to it', async () => {
      const me = await member();
      const inLibrary = async (slug: string) => (await call('GET', `/api/users/${me}/library/${slug}`)).statusCode === 200;
      const remove = async (id: number) => expect((await call('DELETE', `/api/users/${me}/diary/${id}`, me)).statusCode).toBe(204);
      const logged = async (body: object) => (await log(me, { playedOn: '2024-07-01', ...body })).json().id as number;

      // Added by the session, nothing else: goes with it, "added" included.
      await remove(await logged({ game: 'celeste', event: 'finished' }));
      expect(await inLibrary('celeste')).toBe(false);
      expect((await call('GET', `/api/users/${me}`)).json().counts).toMatchObject({ games: 0 });

      // Another session of the game: the game stays until the last one, which did not add it.
      const first = await logged({ game: 'hades', minutes: 30 });
      const second = await logged({ game: 'hades', playedOn: '2024-07-02', minutes: 30 });
      await remove(first);
      expect(await inLibrary('hades')).toBe(true);
      await remove(second);
      expect(await inLibrary('hades')).toBe(true);

      // Rated on the library form after the session added it: the member's own, it stays.
      const rated = await logged({ game: 'tetris', minutes: 30 });
      expect((await call('PUT', `/api/users/${me}/library/tetris`, me, { status: 1, rating: 8 })).statusCode).toBe(200);
      await remove(rated);
      expect(await inLibrary('tetris')).toBe(true);

      // Added on the library form with a Started date: its diary row goes alone.
      await call('PUT', `/api/users/${me}/library/super-mario-world`, me, { status: 1, startedOn: '2024-07-03' });
      const started = (await call('GET', `/api/users/${me}/diary`)).json().find((d: { game: { slug: string } }) => d.game.slug === 'super-mario-world');
      await remove(started.id as number);
      expect(await inLibrary('super-mario-world')).toBe(true);
    });

    it('limits sessions per game and per day, on logging and on moving a session to a full day', async () => {
      const me = await member();
      const day = '2024-06-01';
      for (let i = 0; i < JOURNAL_LIMITS.sessionsPerGamePerDay; i++) expect((await log(me, { game: 'tetris', playedOn: day, minutes: 10 })).statusCode).toBe(201);
      const sixth = await log(me, { game: 'tetris', playedOn: day, minutes: 10 });
      expect(sixth.statusCode).toBe(400);
      expect(sixth.json()).toMatchObject({ message: JOURNAL_MESSAGES.sessionsPerGamePerDay, errors: { playedOn: JOURNAL_MESSAGES.sessionsPerGamePerDay } });

      const elsewhere = (await log(me, { game: 'tetris', playedOn: '2024-06-02', minutes: 10 })).json().id as number;
      const moved = await call('PUT', `/api/users/${me}/diary/${elsewhere}`, me, { playedOn: day });
      expect(moved.json().message).toBe(JOURNAL_MESSAGES.sessionsPerGamePerDay);
      // Editing a session of a full day without moving it is fine.
      const first = (await call('GET', `/api/users/${me}/diary?year=2024`)).json().find((d: { playedOn: string }) => d.playedOn === day).id as number;
      expect((await call('PUT', `/api/users/${me}/diary/${first}`, me, { playedOn: day, minutes: 20 })).statusCode).toBe(200);

      const games = ['super-mario-world', 'celeste', 'hades'];
      let logged = JOURNAL_LIMITS.sessionsPerGamePerDay;
      for (const game of games) {
        for (let i = 0; i < JOURNAL_LIMITS.sessionsPerGamePerDay && logged < JOURNAL_LIMITS.sessionsPerDay; i++, logged++) {
          expect((await log(me, { game, playedOn: day, minutes: 10 })).statusCode).toBe(201);
        }
      }
      expect(logged).toBe(JOURNAL_LIMITS.sessionsPerDay);
      expect((await log(me, { game: 'hades', playedOn: day, minutes: 10 })).json().message).toBe(JOURNAL_MESSAGES.sessionsPerDay);
    });

    it('filters the diary by year and platform, and lists what the filters offer', async () => {
      const me = await member();
      await log(me, { game: 'celeste', playedOn: '2023-12-31', platform: 'switch', minutes: 30 });
      await log(me, { game: 'celeste', playedOn: '2024-01-01', platform: 'win', minutes: 30 });
      await log(me, { game: 'hades', playedOn: '2024-07-14', platform: 'switch', minutes: 30 });
      await log(me, { game: 'tetris', playedOn: '2024-08-01', minutes: 30 });
      const diary = async (query: string) => {
        const res = await call('GET', `/api/users/${me}/diary?${query}`);
        return { total: res.headers['x-total-count'], days: (res.json() as { playedOn: string }[]).map((d) => d.playedOn) };
      };
      expect(await diary('year=2024')).toEqual({ total: '3', days: ['2024-08-01', '2024-07-14', '2024-01-01'] });
      expect(await diary('platform=switch')).toEqual({ total: '2', days: ['2024-07-14', '2023-12-31'] });
      expect(await diary('year=2024&platform=switch')).toEqual({ total: '1', days: ['2024-07-14'] });
      expect(await diary('platform=no-such-platform')).toEqual({ total: '0', days: [] });
      const bad = await call('GET', `/api/users/${me}/diary?year=twenty`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('year must be a year such as 2024');

      expect((await call('GET', `/api/users/${me}/diary/filters`)).json()).toEqual({
        years: [
          { year: 2024, count: 3 },
          { year: 2023, count: 1 },
        ],
        platforms: [
          { slug: 'switch', name: 'Nintendo Switch', count: 2 },
          { slug: 'win', name: 'PC (Microsoft Windows)', count: 1 },
        ],
      });
    });

    it('tells followers "played" in their feed, and takes it back when the session is deleted', async () => {
      const [me, follower] = [await member(), await member()];
      await call('POST', `/api/users/${me}/follow`, follower);
      await call('PUT', `/api/users/${me}/library/super-mario-world`, me, { status: 1 });
      const id = (await log(me, { game: 'super-mario-world', playedOn: '2024-02-02', minutes: 30 })).json().id as number;
      const feed = async () => (await call('GET', '/api/activity', follower)).json() as { verbs: string[]; game: { slug: string } }[];
      expect((await feed())[0]).toMatchObject({ verbs: ['played', 'added'], game: { slug: 'super-mario-world' } });
      await call('DELETE', `/api/users/${me}/diary/${id}`, me);
      expect((await feed())[0]).toMatchObject({ verbs: ['added'] });
    });

    it('exports ownership and each session’s platform and minutes, and imports them back', async () => {
      const [me, fresh] = [await member(), await member()];
      await call('PUT', `/api/users/${me}/library/celeste`, me, { status: 4, owned: false });
      await log(me, { game: 'hades', playedOn: '2024-04-01', minutes: 50, platform: 'switch', note: '=SUM(A1)' });
      await log(me, { game: 'hades', playedOn: '2024-04-01', minutes: 25, platform: 'win' });
      const file = (await call('GET', `/api/users/${me}/library/export`, me)).body;
      expect(file.split('\r\n')[0]).toContain(',owned');
      const imported = await call('POST', `/api/users/${fresh}/library/import`, fresh, { csv: file });
      expect(imported.json()).toMatchObject({ entries: 2, diary: 2, skipped: 0 });
      expect((await call('GET', `/api/users/${fresh}/library/export`, fresh)).body).toBe(file);
      expect((await call('GET', `/api/users/${fresh}/library?shelf=wishlist`)).json()).toMatchObject([{ slug: 'celeste', owned: false }]);
      expect((await call('GET', `/api/users/${fresh}/diary`)).json()).toMatchObject([
        { minutes: 25, platform: { slug: 'win' } },
        { minutes: 50, platform: { slug: 'switch' }, note: '=SUM(A1)' },
      ]);
      // Twice changes nothing.
      expect((await call('POST', `/api/users/${fresh}/library/import`, fresh, { csv: file })).json()).toMatchObject({ diary: 0, skipped: 2 });
    });
  });

  describe('at the same time', () => {
    it('logs at most the per-game limit of sessions fired at once for one day', async () => {
      const me = await member();
      const res = await Promise.all(Array.from({ length: 12 }, () => log(me, { game: 'celeste', playedOn: '2024-09-09', minutes: 5 })));
      const limit = JOURNAL_LIMITS.sessionsPerGamePerDay;
      expect(statuses(res)).toEqual([...Array<number>(limit).fill(201), ...Array<number>(12 - limit).fill(400)]);
      expect((await call('GET', `/api/users/${me}/diary`)).headers['x-total-count']).toBe(String(limit));
      // The game joined the library once.
      expect((await call('GET', `/api/users/${me}/library`)).headers['x-total-count']).toBe('1');
    });

    it('moves at most as many sessions onto a day as it has room for', async () => {
      const me = await member();
      for (let i = 0; i < JOURNAL_LIMITS.sessionsPerGamePerDay - 2; i++) await log(me, { game: 'hades', playedOn: '2024-10-10', minutes: 30 });
      const ids = await Promise.all(Array.from({ length: 6 }, async (_, i) => (await log(me, { game: 'hades', playedOn: `2024-10-${11 + i}`, minutes: 30 })).json().id as number));
      const res = await Promise.all(ids.map((id) => call('PUT', `/api/users/${me}/diary/${id}`, me, { playedOn: '2024-10-10' })));
      expect(statuses(res)).toEqual([200, 200, 400, 400, 400, 400]);
      expect((await call('GET', `/api/users/${me}/diary`)).json().filter((d: { playedOn: string }) => d.playedOn === '2024-10-10')).toHaveLength(JOURNAL_LIMITS.sessionsPerGamePerDay);
    });

    it('deleting a session while it is edited is a 204 and 404s, never a 500', async () => {
      const me = await member();
      const id = (await log(me, { game: 'tetris', playedOn: '2024-11-11', minutes: 30 })).json().id as number;
      const res = await Promise.all([
        ...Array.from({ length: 4 }, () => call('PUT', `/api/users/${me}/diary/${id}`, me, { playedOn: '2024-11-12', minutes: 5 })),
        call('DELETE', `/api/users/${me}/diary/${id}`, me),
        call('DELETE', `/api/users/${me}/diary/${id}`, me),
      ]);
      for (const r of res) expect([200, 204, 404]).toContain(r.statusCode);
      expect(res.filter((r) => r.statusCode === 204)).toHaveLength(1);
    });
  });
});

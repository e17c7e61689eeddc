import { STATUS_MESSAGES } from '@vgl/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { signedInMembers } from '../../test/users.js';

// Issue 38, first slice: the statuses Played (5) and Shelved (6), and the completion level of a beaten game.

const GAMES = [
  { name: 'Minecraft', slug: 'minecraft', year: 2011, platforms: ['win'], popularity: 99 },
  { name: 'Celeste', slug: 'celeste', year: 2018, platforms: ['win', 'switch'], popularity: 80 },
  { name: 'Hades', slug: 'hades', year: 2020, platforms: ['win', 'switch'], popularity: 70 },
  { name: 'Tetris', slug: 'tetris', year: 1984, platforms: ['nes'], popularity: 60 },
];


describe.each(dbKinds)('Played, Shelved and completion levels on %s', (kind) => {
  let t: TestApp;
  const { member, call } = signedInMembers(() => t, 'shelf');
  const put = (who: string, slug: string, body: object) => call('PUT', `/api/users/${who}/library/${slug}`, who, body);
  const entry = async (who: string, slug: string) => (await call('GET', `/api/users/${who}/library/${slug}`)).json();


  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, GAMES);
  });
  afterAll(() => t.close());

  it('keeps Played and Shelved, filters the library by them, and counts them as played in the stats', async () => {
    const me = await member();
    expect((await put(me, 'minecraft', { status: 5 })).statusCode).toBe(201);
    expect((await put(me, 'hades', { status: 6 })).statusCode).toBe(201);
    expect((await put(me, 'celeste', { status: 2 })).statusCode).toBe(201);
    expect((await put(me, 'tetris', { status: 4 })).statusCode).toBe(201);
    expect(await entry(me, 'minecraft')).toMatchObject({ status: 5, completion: null });
    expect(await entry(me, 'hades')).toMatchObject({ status: 6 });

    const only = async (status: string) => (await call('GET', `/api/users/${me}/library?status=${status}`)).json().map((g: { slug: string }) => g.slug);
    expect(await only('5')).toEqual(['minecraft']);
    expect(await only('6')).toEqual(['hades']);
    const bad = await call('GET', `/api/users/${me}/library?status=7`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('status must be any, 1, 2, 3, 4, 5 or 6');

    // Played and Shelved are not Beaten, nor games to play; all time counts them as played.
    expect((await call('GET', `/api/users/${me}`)).json().counts).toMatchObject({ games: 4, beaten: 1, backlog: 1 });
    expect((await call('GET', `/api/users/${me}/stats`)).json().totals).toMatchObject({ played: 3, beaten: 1, abandoned: 0 });
  });

  it('tells followers a game was shelved', async () => {
    const [me, follower] = [await member(), await member()];
    await call('POST', `/api/users/${me}/follow`, follower);
    await put(me, 'hades', { status: 1 });
    await put(me, 'hades', { status: 6 });
    const feed = (await call('GET', '/api/activity', follower)).json() as { verbs: string[]; status: number | null }[];
    expect(feed[0]).toMatchObject({ verbs: expect.arrayContaining(['status']), status: 6 });
  });

  it('keeps a beaten game’s completion level, keeps it when left out, and clears it with another status', async () => {
    const me = await member();
    expect((await put(me, 'celeste', { status: 2, completion: 'main_extras' })).json()).toMatchObject({ status: 2, completion: 'main_extras' });
    // Left out (QuickLog, older clients): kept while the game stays beaten.
    expect((await put(me, 'celeste', { status: 2, rating: 9 })).json()).toMatchObject({ completion: 'main_extras', rating: 9 });
    expect((await put(me, 'celeste', { status: 2, completion: 'complete' })).json()).toMatchObject({ completion: 'complete' });
    expect((await put(me, 'celeste', { status: 2, completion: null })).json()).toMatchObject({ completion: null });
    await put(me, 'celeste', { status: 2, completion: 'main' });
    // Another status: the level goes, and does not come back with Beaten.
    expect((await put(me, 'celeste', { status: 6 })).json()).toMatchObject({ status: 6, completion: null });
    expect((await put(me, 'celeste', { status: 2 })).json()).toMatchObject({ status: 2, completion: null });
    // Others read it on the entry too.
    await put(me, 'celeste', { status: 2, completion: 'complete' });
    expect((await call('GET', `/api/users/${me}/library/celeste`)).json()).toMatchObject({ completion: 'complete' });
  });

  it('refuses a completion level with another status or an unknown one, with a clear message, and writes nothing', async () => {
    const me = await member();
    await put(me, 'hades', { status: 1 });
    for (const [body, message] of [
      [{ status: 1, completion: 'main' }, STATUS_MESSAGES.completionNeedsBeaten],
      [{ status: null, completion: 'complete' }, STATUS_MESSAGES.completionNeedsBeaten],
      [{ status: 2, completion: 'all of it' }, STATUS_MESSAGES.completionFormat],
      [{ status: 2, completion: 3 }, STATUS_MESSAGES.completionFormat],
    ] as const) {
      const res = await put(me, 'hades', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ message, errors: { completion: message } });
    }
    expect(await entry(me, 'hades')).toMatchObject({ status: 1, completion: null });
  });

  it('sets the level from many requests at once without a 500, ending with one of them', async () => {
    const me = await member();
    await put(me, 'celeste', { status: 2 });
    const levels = ['main', 'main_extras', 'complete', null] as const;
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => put(me, 'celeste', i % 5 === 4 ? { status: 6 } : { status: 2, completion: levels[i % 4] })));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const final = await entry(me, 'celeste');
    // Never a level on another status, whichever write came last.
    if (final.status === 6) expect(final.completion).toBeNull();
    else expect([...levels]).toContain(final.completion);
  });
});

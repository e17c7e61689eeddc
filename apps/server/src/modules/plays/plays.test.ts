import { PLAY_MESSAGES, type Play } from '@vgl/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { signedInMembers } from '../../test/users.js';

// Issue 38: every playthrough is a play with its own dates, completion and verdict.

const GAMES = [
  { name: 'Hollow Knight', slug: 'hollow-knight', year: 2017, platforms: ['win', 'switch'], popularity: 90 },
  { name: 'Celeste', slug: 'celeste', year: 2018, platforms: ['win', 'switch'], popularity: 80 },
  { name: 'Hades', slug: 'hades', year: 2020, platforms: ['win', 'switch'], popularity: 70 },
];

describe.each(dbKinds)('plays on %s', (kind) => {
  let t: TestApp;
  const { member, call } = signedInMembers(() => t, 'player');
  const plays = async (who: string, slug: string, reader = who) => (await call('GET', `/api/users/${who}/library/${slug}/plays`, reader)).json<Play[]>();
  const entry = async (who: string, slug: string) => (await call('GET', `/api/users/${who}/library/${slug}`, who)).json();

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, GAMES);
  });
  afterAll(() => t.close());

  it('makes the library form’s entry the first play, and a replay its own play with its own review; the entry shows the latest verdict', async () => {
    const me = await member();
    const first = await call('PUT', `/api/users/${me}/library/hollow-knight`, me, {
      status: 2, completion: 'main', rating: 8, review: 'A haunting first run.', startedOn: '2023-01-02', finishedOn: '2023-02-10', platforms: ['switch'],
    });
    expect(first.statusCode).toBe(201);
    const [one] = await plays(me, 'hollow-knight');
    expect(one).toMatchObject({
      number: 1, replay: false, startedOn: '2023-01-02', finishedOn: '2023-02-10', completion: 'main', rating: 8,
      review: 'A haunting first run.', reviewPath: `/u/${me}/reviews/hollow-knight`, platform: { slug: 'switch' },
    });

    const replay = await call('POST', `/api/users/${me}/library/hollow-knight/plays`, me, {
      startedOn: '2024-05-01', finishedOn: '2024-07-20', platform: 'win', completion: 'complete', rating: 10, review: 'Every charm, every boss.',
    });
    expect(replay.statusCode).toBe(201);
    const second = replay.json<Play>();
    expect(second).toMatchObject({ number: 2, replay: true, rating: 10, completion: 'complete', reviewPath: `/u/${me}/reviews/hollow-knight/plays/${second.id}` });

    // The diary shows the replay's start and finish, in the replay, the finish with its stars.
    const diary = (await call('GET', `/api/users/${me}/diary?limit=20`, me)).json() as { playedOn: string; event: string; rating: number | null; playNumber: number }[];
    expect(diary.map((d) => [d.playedOn, d.event, d.rating, d.playNumber])).toEqual([
      ['2024-07-20', 'finished', 10, 2],
      ['2024-05-01', 'started', null, 2],
      ['2023-02-10', 'finished', 8, 1],
      ['2023-01-02', 'started', null, 1],
    ]);
    // The entry: the first play's dates, the latest verdict, the main review unchanged.
    expect(await entry(me, 'hollow-knight')).toMatchObject({
      status: 2, rating: 10, completion: 'complete', startedOn: '2023-01-02', finishedOn: '2023-02-10', review: 'A haunting first run.', plays: 2,
    });
    expect((await call('GET', `/api/users/${me}/reviews/hollow-knight`)).json()).toMatchObject({ review: 'A haunting first run.', rating: 10 });
    const page = await call('GET', `/api/users/${me}/reviews/hollow-knight/plays/${second.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ play: { review: 'Every charm, every boss.', number: 2 }, game: { slug: 'hollow-knight' }, user: { username: me }, plays: 2 });

    // Editing the library form's rating later changes the latest play's, not the first's.
    await call('PUT', `/api/users/${me}/library/hollow-knight`, me, {
      status: 2, completion: 'complete', rating: 9, review: 'A haunting first run.', startedOn: '2023-01-02', finishedOn: '2023-02-10', platforms: ['switch'],
    });
    expect((await plays(me, 'hollow-knight')).map((p) => p.rating)).toEqual([8, 9]);

    // Deleting the replay gives the entry back the first play's verdict; the first play stays.
    expect((await call('DELETE', `/api/users/${me}/plays/${one!.id}`, me)).json()).toMatchObject({ message: PLAY_MESSAGES.firstPlayStays });
    expect((await call('DELETE', `/api/users/${me}/plays/${second.id}`, me)).statusCode).toBe(204);
    expect(await entry(me, 'hollow-knight')).toMatchObject({ rating: 8, completion: 'main', plays: 1 });
    expect((await call('GET', `/api/users/${me}/reviews/hollow-knight/plays/${second.id}`)).statusCode).toBe(404);
  });

  it('edits the first play as the entry: its dates and review are the entry’s', async () => {
    const me = await member();
    const made = await call('POST', `/api/users/${me}/library/celeste/plays`, me, { startedOn: '2024-01-01', rating: 6, review: 'Climbing.' });
    expect(made.statusCode).toBe(201);
    expect(await entry(me, 'celeste')).toMatchObject({ status: 1, rating: 6, startedOn: '2024-01-01', review: 'Climbing.', plays: 1 });
    const id = made.json<Play>().id;
    const edited = await call('PUT', `/api/users/${me}/plays/${id}`, me, { startedOn: '2024-01-01', finishedOn: '2024-01-20', completion: 'main_extras', rating: 9, review: 'Summit reached.', spoilers: true });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ number: 1, finishedOn: '2024-01-20', spoilers: true, reviewPath: `/u/${me}/reviews/celeste` });
    expect(await entry(me, 'celeste')).toMatchObject({ status: 2, rating: 9, completion: 'main_extras', finishedOn: '2024-01-20', review: 'Summit reached.', spoilers: true });
    const diary = (await call('GET', `/api/users/${me}/diary?limit=20`, me)).json() as { playedOn: string; event: string; rating: number | null }[];
    expect(diary.map((d) => [d.playedOn, d.event, d.rating])).toEqual([['2024-01-20', 'finished', 9], ['2024-01-01', 'started', null]]);
  });

  it('puts sessions in their play: a replay session in the replay under way, a finish ends it', async () => {
    const me = await member();
    await call('PUT', `/api/users/${me}/library/hades`, me, { status: 2, rating: 8, startedOn: '2022-01-01', finishedOn: '2022-03-01' });
    const log = (body: object) => call('POST', `/api/users/${me}/diary`, me, { game: 'hades', ...body });
    const a = await log({ playedOn: '2024-02-01', replay: true, minutes: 90 });
    const b = await log({ playedOn: '2024-02-03', replay: true, event: 'finished', rating: 10, minutes: 60 });
    const c = await log({ playedOn: '2024-02-05', minutes: 30 });
    expect([a, b, c].map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const [first, replay] = await plays(me, 'hades');
    expect(replay).toMatchObject({ number: 2, startedOn: '2024-02-01', finishedOn: '2024-02-03', rating: 10, sessions: 2, hours: 2.5 });
    expect(first).toMatchObject({ number: 1, finishedOn: '2022-03-01', sessions: 3 });
    expect([a, b, c].map((r) => r.json().playNumber)).toEqual([2, 2, 1]);
    expect(await entry(me, 'hades')).toMatchObject({ rating: 10, finishedOn: '2022-03-01' });
    // A session asked into another member's play, or a play of another game, is refused by field.
    const wrong = await log({ playedOn: '2024-02-06', minutes: 10, playId: 999_999 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ playId: PLAY_MESSAGES.noSuchPlay });
  });

  it('refuses bad plays with a clear message by field, and another member’s play', async () => {
    const me = await member();
    const other = await member();
    const post = (body: object, who = me) => call('POST', `/api/users/${me}/library/celeste/plays`, who, body);
    const cases: [object, string, string][] = [
      [{}, 'startedOn', PLAY_MESSAGES.empty],
      [{ completion: 'all' }, 'completion', 'Completion must be main, main_extras, complete or null'],
      [{ startedOn: '2024-02-02', finishedOn: '2024-01-01' }, 'finishedOn', PLAY_MESSAGES.finishBeforeStart],
      [{ rating: 11 }, 'rating', 'Rating must be from 0.5 to 5 stars (1–10)'],
      [{ rating: 5, platform: 'no-such-console' }, 'platform', 'There is no platform "no-such-console".'],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
    expect((await post({ rating: 5 }, other)).statusCode).toBe(403);
    const mine = (await post({ rating: 5 })).json<Play>();
    expect((await call('PUT', `/api/users/${other}/plays/${mine.id}`, other, { rating: 1 })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/users/${other}/plays/${mine.id}`, other)).statusCode).toBe(404);
    expect((await call('GET', `/api/users/${me}/library/hades/plays`)).statusCode).toBe(404);
  });

  it('keeps a replay’s review from readers the entry’s review visibility leaves out', async () => {
    const me = await member();
    const reader = await member();
    await call('PUT', `/api/users/${me}/library/celeste`, me, { status: 2, rating: 7, review: 'Mine alone.', reviewVisibility: 'private', finishedOn: '2023-01-01' });
    const replay = (await call('POST', `/api/users/${me}/library/celeste/plays`, me, { finishedOn: '2024-01-01', rating: 9, review: 'Also mine.' })).json<Play>();
    expect((await plays(me, 'celeste', reader)).map((p) => [p.rating, p.review, p.reviewPath])).toEqual([[7, null, null], [9, null, null]]);
    expect((await call('GET', `/api/users/${me}/reviews/celeste/plays/${replay.id}`, reader)).statusCode).toBe(404);
    expect((await call('GET', `/api/users/${me}/reviews/celeste/plays/${replay.id}`, me)).statusCode).toBe(200);
  });

  it('logs replays sent at once as plays of their own, numbered without gaps', async () => {
    const me = await member();
    await call('PUT', `/api/users/${me}/library/hades`, me, { status: 2, finishedOn: '2020-01-01' });
    const sent = await Promise.all(
      Array.from({ length: 6 }, (_, i) => call('POST', `/api/users/${me}/library/hades/plays`, me, { finishedOn: `2021-0${i + 1}-01`, rating: i + 1 })),
    );
    expect(sent.map((r) => r.statusCode)).toEqual(Array<number>(6).fill(201));
    const all = await plays(me, 'hades');
    expect(all.map((p) => p.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(all.filter((p) => !p.replay)).toHaveLength(1);
    expect((await entry(me, 'hades')).rating).toBe(6);
  });
});

import type { Play } from '@vgl/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { signedInMembers } from '../../test/users.js';

// Issue 38: VGL's own CSV carries plays — a play row each, and each session's play — so a round trip loses none.

const GAMES = [
  { name: 'Hollow Knight', slug: 'hollow-knight', year: 2017, platforms: ['win', 'switch'], popularity: 90 },
  { name: 'Celeste', slug: 'celeste', year: 2018, platforms: ['win', 'switch'], popularity: 80 },
];

describe.each(dbKinds)('plays through export and import on %s', (kind) => {
  let t: TestApp;
  const { member, call } = signedInMembers(() => t, 'carrier');
  const exportOf = async (who: string) => (await call('GET', `/api/users/${who}/library/export`, who)).body;
  const importCsv = (who: string, csv: string) => call('POST', `/api/users/${who}/library/import`, who, { csv });
  const playsOf = async (who: string, slug: string) =>
    (await call('GET', `/api/users/${who}/library/${slug}/plays`, who)).json<Play[]>().map(({ id: _id, reviewPath: _path, reviewCreatedAt: _c, reviewUpdatedAt: _u, ...play }) => play);

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, GAMES);
  });
  afterAll(() => t.close());

  /** A member with a first play (beaten, main story, 4★, a review), a replay (100 %, 5★, its own review) and sessions in both. */
  async function player(): Promise<string> {
    const me = await member();
    await call('PUT', `/api/users/${me}/library/hollow-knight`, me, {
      status: 2, completion: 'main', rating: 8, review: 'First: haunting.', startedOn: '2023-01-02', finishedOn: '2023-02-10', platforms: ['switch'],
    });
    await call('POST', `/api/users/${me}/diary`, me, { game: 'hollow-knight', playedOn: '2023-01-15', minutes: 120 });
    const replay = (
      await call('POST', `/api/users/${me}/library/hollow-knight/plays`, me, {
        startedOn: '2024-05-01', finishedOn: '2024-07-20', platform: 'win', completion: 'complete', rating: 10, review: 'Second: every charm.',
      })
    ).json<Play>();
    await call('POST', `/api/users/${me}/diary`, me, { game: 'hollow-knight', playedOn: '2024-05-03', minutes: 95, replay: true, playId: replay.id });
    await call('PUT', `/api/users/${me}/library/celeste`, me, { status: 5, rating: 6 });
    return me;
  }

  it('imports its own export with every play, its verdict, review and sessions, and exports it again byte for byte', async () => {
    const me = await player();
    const file = await exportOf(me);
    expect(file.split('\r\n').filter((line) => line.startsWith('play,'))).toHaveLength(3);
    const other = await member();
    const res = await importCsv(other, file);
    expect(res.statusCode).toBe(200);
    expect(await playsOf(other, 'hollow-knight')).toEqual(await playsOf(me, 'hollow-knight'));
    expect(await playsOf(other, 'celeste')).toEqual(await playsOf(me, 'celeste'));
    expect(await exportOf(other)).toBe(file);
    // Importing the same file again adds no play and no session.
    expect((await importCsv(other, file)).json()).toMatchObject({ diary: 0 });
    expect(await playsOf(other, 'hollow-knight')).toHaveLength(2);
    expect(await exportOf(other)).toBe(file);
  });

  it('makes plays from an older file without them: the first from the library row, replays from replay sessions', async () => {
    const other = await member();
    const csv = [
      'record_type,game_slug,title,status,rating,started,finished,review,played_on,event,replay,hours',
      'library,hollow-knight,Hollow Knight,Beaten,8,2023-01-02,2023-02-10,Old review,,,,',
      'diary,hollow-knight,Hollow Knight,,,,,,2023-01-15,played,false,2',
      'diary,hollow-knight,Hollow Knight,,,,,,2024-05-01,started,true,1',
      'diary,hollow-knight,Hollow Knight,,10,,,,2024-07-20,finished,true,3',
      'diary,hollow-knight,Hollow Knight,,,,,,2025-01-05,played,true,1',
    ].join('\n');
    expect((await importCsv(other, csv)).statusCode).toBe(200);
    const plays = await playsOf(other, 'hollow-knight');
    expect(plays.map((p) => [p.number, p.replay, p.startedOn, p.finishedOn, p.rating, p.sessions])).toEqual([
      [1, false, '2023-01-02', '2023-02-10', 8, 1],
      [2, true, '2024-05-01', '2024-07-20', 10, 2],
      [3, true, '2025-01-05', null, null, 1],
    ]);
    expect(plays[0]!.review).toBe('Old review');
  });

  it('refuses a play row without its number, with the line and a clear message', async () => {
    const other = await member();
    const res = await call('POST', `/api/users/${other}/library/import/preview`, other, {
      csv: 'record_type,game_slug,title,rating,play\nplay,celeste,Celeste,6,\n',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().errors).toEqual([{ line: 2, message: 'A play row needs play, its number (1 the first play)' }]);
  });
});

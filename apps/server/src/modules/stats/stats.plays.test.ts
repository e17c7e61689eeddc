import type { MemberStats, YearInReview } from '@vgl/shared/stats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYS_PART_BASE } from '../../db/migrations/0052_play_stats.js';
import { createTestApp, openAnotherApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { createUser } from '../../test/users.js';

const GAMES = [
  { name: 'Celeste', slug: 'celeste', year: 2018, platforms: ['switch'], genres: ['platform'] },
  { name: 'Hades', slug: 'hades', year: 2020, platforms: ['win'], genres: ['indie'] },
];

/*
 * Stats and the year in review count plays (issue 38, migration 0052): a
 * member with a first play and a finished replay of a game in 2025 sees
 * both counted; moving the replay's finish into 2024 moves it there; the
 * answers kept in memory and stored in member_stats_answers follow, on this
 * instance and another. Plays are written straight to the table (as every
 * path does — the plays API, imports): the triggers are what is tested.
 */
describe.each(dbKinds)('stats count plays on %s', (kind) => {
  let t: TestApp;
  let me: string;
  let myId: number;
  let celeste: number;
  let replayId: number;

  const get = async <T>(app: TestApp, url: string) => {
    const res = await app.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const statsOf = (year?: number, app = t) => get<MemberStats>(app, `/api/users/${me}/stats${year ? `?year=${year}` : ''}`);
  const reviewOf = (year: number, app = t) => get<YearInReview>(app, `/api/users/${me}/year/${year}`);
  const counted = (s: MemberStats) => ({ played: s.totals.played, beaten: s.totals.beaten, plays: s.totals.playsFinished, replays: s.totals.replaysFinished });
  const partVersion = async (year: number) =>
    Number(
      (await t.db.kysely.selectFrom('member_stats_versions').select('version').where('user_id', '=', myId).where('part', '=', PLAYS_PART_BASE - year).executeTakeFirst())
        ?.version ?? 0,
    );
  const storedPayload = async (question: string) => {
    const row = await t.db.kysely.selectFrom('member_stats_answers').select('payload').where('user_id', '=', myId).where('question', '=', question).executeTakeFirst();
    return row ? (JSON.parse(row.payload) as MemberStats) : undefined;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, GAMES);
    const user = await createUser(t.db.kysely, { username: 'replayer' });
    [me, myId] = [user.username, user.id];
    const k = t.db.kysely;
    const gameId = (slug: string) => k.selectFrom('games').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
    const at = Date.now();
    const entry = (game: number, finishedOn: string | null) => ({
      user_id: myId,
      game_id: game,
      status: 2,
      rating: 8,
      review: null,
      review_slug: null,
      review_created_at: null,
      review_updated_at: null,
      started_on: null,
      finished_on: finishedOn,
      favourite_position: null,
      featured_position: null,
      owned: null,
      created_at: at,
      updated_at: at,
    });
    celeste = (await k.insertInto('library_entries').values(entry((await gameId('celeste')).id, '2025-03-01')).returning('id').executeTakeFirstOrThrow()).id;
    const hades = (await k.insertInto('library_entries').values(entry((await gameId('hades')).id, null)).returning('id').executeTakeFirstOrThrow()).id;
    const play = (entryId: number, replay: number, startedOn: string | null, finishedOn: string | null) => ({
      user_id: myId,
      entry_id: entryId,
      replay,
      started_on: startedOn,
      finished_on: finishedOn,
      platform_id: null,
      completion: null,
      rating: null,
      review: null,
      review_created_at: null,
      review_updated_at: null,
      created_at: at,
      updated_at: at,
    });
    // Celeste: the first play (the entry's dates) and a replay, both finished in 2025. Hades: a first play never finished, which counts nowhere.
    await k.insertInto('plays').values([play(celeste, 0, '2025-02-01', '2025-03-01'), play(hades, 0, '2025-01-05', null)]).execute();
    replayId = (await k.insertInto('plays').values(play(celeste, 1, '2025-06-01', '2025-07-01')).returning('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  it('counts the first play and the finished replay of 2025, in the stats, the year in review and all time', async () => {
    expect(counted(await statsOf(2025))).toEqual({ played: 1, beaten: 1, plays: 2, replays: 1 });
    const review = await reviewOf(2025);
    expect(counted(review.stats)).toEqual({ played: 1, beaten: 1, plays: 2, replays: 1 });
    expect(counted(await statsOf())).toMatchObject({ plays: 2, replays: 1 });
    expect(counted(await statsOf(2024))).toEqual({ played: 0, beaten: 0, plays: 0, replays: 0 });
  });

  it('moves the replay to 2024 when its finish is edited there, and the kept and stored answers follow', async () => {
    // The answers of 2025 are stored (after they were sent).
    await expect.poll(async () => (await storedPayload('stats:2025'))?.totals.replaysFinished, { timeout: 5000 }).toBe(1);
    const [before2024, before2025] = [await partVersion(2024), await partVersion(2025)];

    await t.db.kysely.updateTable('plays').set({ started_on: '2024-12-01', finished_on: '2024-12-20' }).where('id', '=', replayId).execute();
    // Both years' parts moved: the one the replay left and the one it joined.
    expect(await partVersion(2024)).toBeGreaterThan(before2024);
    expect(await partVersion(2025)).toBeGreaterThan(before2025);

    expect(counted(await statsOf(2025))).toEqual({ played: 1, beaten: 1, plays: 1, replays: 0 });
    // A game replayed and finished in 2024 was played and beaten in 2024, though nothing else of it is dated then.
    expect(counted(await statsOf(2024))).toEqual({ played: 1, beaten: 1, plays: 1, replays: 1 });
    expect(counted((await reviewOf(2024)).stats)).toEqual({ played: 1, beaten: 1, plays: 1, replays: 1 });
    expect(counted(await statsOf())).toMatchObject({ plays: 2, replays: 1 });
    await expect.poll(async () => (await storedPayload('stats:2025'))?.totals.replaysFinished, { timeout: 5000 }).toBe(0);

    // Another instance (nothing in memory: it reads the stored answers and the counters) agrees.
    const other = await openAnotherApp(t);
    try {
      expect(counted(await statsOf(2025, other))).toEqual({ played: 1, beaten: 1, plays: 1, replays: 0 });
      expect(counted(await statsOf(2024, other))).toEqual({ played: 1, beaten: 1, plays: 1, replays: 1 });
    } finally {
      await other.close();
    }
  });

  it('follows a replay deleted, and a change that moves no finish leaves the parts alone', async () => {
    const kept = await partVersion(2024);
    // A rating or a review of the replay is not what stats count of plays.
    await t.db.kysely.updateTable('plays').set({ rating: 9, review: 'Even better the second time.' }).where('id', '=', replayId).execute();
    expect(await partVersion(2024)).toBe(kept);

    await t.db.kysely.deleteFrom('plays').where('id', '=', replayId).execute();
    expect(await partVersion(2024)).toBeGreaterThan(kept);
    expect(counted(await statsOf(2024))).toEqual({ played: 0, beaten: 0, plays: 0, replays: 0 });
    expect(counted(await statsOf())).toMatchObject({ plays: 1, replays: 0 });
  });

  it('follows a whole game removed from the library: its plays go with it (a cascade)', async () => {
    expect(counted(await statsOf(2025)).plays).toBe(1);
    const kept = await partVersion(2025);
    await t.db.kysely.deleteFrom('library_entries').where('id', '=', celeste).execute();
    expect(await partVersion(2025)).toBeGreaterThan(kept);
    expect(counted(await statsOf(2025))).toEqual({ played: 0, beaten: 0, plays: 0, replays: 0 });
  });
});

import { createHash } from 'node:crypto';
import type { MemberStats } from '@vgl/shared/stats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openAnotherApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';
import { STORED_ANSWER_MAX_AGE_MS } from './stats.service.js';

const GAMES = [
  { name: 'Celeste', slug: 'celeste', year: 2018, platforms: ['switch'], genres: ['platform'] },
  { name: 'Hades', slug: 'hades', year: 2020, platforms: ['win'], genres: ['indie'] },
];

/*
 * Answers stored in member_stats_answers (0026): a restart (here, another
 * instance on the same database, with nothing in memory) serves the stored
 * answer while the member's counters are unchanged, and counts again after
 * a write. To see which it served, the test doctors the stored payload
 * (its fingerprint left alone): a doctored number shown means the stored
 * row was used.
 */
describe.each(dbKinds)('stats answers stored in the database on %s', (kind) => {
  let first: TestApp;
  let me: string;
  let myId: number;
  let token: string;

  const statsOn = async (t: TestApp) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/users/${me}/stats` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as MemberStats;
  };
  const stored = () => first.db.kysely.selectFrom('member_stats_answers').selectAll().where('user_id', '=', myId).where('question', '=', 'stats:all').executeTakeFirst();
  /** The stored row, once the write made after the answer was sent has landed (with a fingerprint other than `notFingerprint`, if given). */
  async function storedRow(notFingerprint?: string) {
    for (let i = 0; i < 100; i += 1) {
      const row = await stored();
      if (row && row.fingerprint !== notFingerprint) return row;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('no stored answer');
  }
  const doctor = async (sessions: number, computedAt?: number) => {
    const row = (await stored())!;
    const payload = JSON.parse(row.payload) as MemberStats;
    payload.totals.sessions = sessions;
    await first.db.kysely
      .updateTable('member_stats_answers')
      .set({ payload: JSON.stringify(payload), ...(computedAt === undefined ? {} : { computed_at: computedAt }) })
      .where('user_id', '=', myId)
      .where('question', '=', 'stats:all')
      .execute();
  };
  const log = async (t: TestApp, body: object) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/users/${me}/diary`, headers: bearer(token), payload: body });
    expect(res.statusCode, res.body).toBe(201);
  };

  beforeAll(async () => {
    first = await createTestApp(kind);
    await seedGames(first, GAMES);
    const user = await createUser(first.db.kysely, { username: 'stored1' });
    [me, myId] = [user.username, user.id];
    token = await loginToken(first.app, me);
    await log(first, { game: 'celeste', playedOn: '2024-01-01', minutes: 60, platform: 'switch' });
  });
  afterAll(() => first.close());

  it('serves the stored answer after a restart, and counts again after a write', async () => {
    const counted = await statsOn(first);
    expect(counted.totals.sessions).toBe(1);
    const row = await storedRow();
    expect(JSON.parse(row.payload)).toEqual(counted);

    await doctor(41);
    const restarted = await openAnotherApp(first);
    try {
      // Nothing kept in this process: the stored answer (still under the member's counters) is the one served, then kept in memory.
      expect((await statsOn(restarted)).totals.sessions).toBe(41);
      expect((await statsOn(restarted)).totals.sessions).toBe(41);

      // A write moves a counter: the answer is counted again (on this instance and the other), and stored under the new fingerprint.
      await log(restarted, { game: 'hades', playedOn: '2024-02-01', minutes: 30, platform: 'win' });
      const recounted = await statsOn(restarted);
      expect(recounted.totals.sessions).toBe(2);
      expect(recounted.totals.played).toBe(2);
      // The other instance agrees once it has read the new counters (on a loaded CI machine, SQLite's second
      // connection to the file once answered from before the write on its first read after it).
      await expect.poll(() => statsOn(first), { timeout: 8000 }).toEqual(recounted);
      expect(JSON.parse((await storedRow(row.fingerprint)).payload)).toEqual(recounted);
    } finally {
      await restarted.close();
    }
  });

  it('never serves an answer stored under the counters alone, as the release before plays stored them (a rolling upgrade)', async () => {
    await statsOn(first);
    await storedRow();
    // The fingerprint the previous release makes of the same counters: the username and the parts, without the answer's shape.
    const versions = await first.db.kysely.selectFrom('member_stats_versions').select(['part', 'version']).where('user_id', '=', myId).execute();
    const signature = [me, ...versions.map((v) => [Number(v.part), Number(v.version)]).sort(([a], [b]) => a! - b!).map(([p, v]) => `${p}:${v}`)].join('|');
    const old = JSON.parse((await stored())!.payload) as Record<string, Record<string, unknown>>;
    delete old.totals!.playsFinished;
    delete old.totals!.replaysFinished;
    old.totals!.sessions = 55;
    await first.db.kysely
      .updateTable('member_stats_answers')
      .set({ fingerprint: createHash('sha256').update(signature).digest('base64url'), payload: JSON.stringify(old), computed_at: Date.now() })
      .where('user_id', '=', myId)
      .where('question', '=', 'stats:all')
      .execute();
    const restarted = await openAnotherApp(first);
    try {
      const answer = await statsOn(restarted);
      expect(answer.totals).toMatchObject({ sessions: 2, playsFinished: 0, replaysFinished: 0 });
    } finally {
      await restarted.close();
    }
  });

  it('counts again rather than use a stored answer older than the games’ facts may be', async () => {
    await statsOn(first);
    await storedRow();
    await doctor(77, Date.now() - STORED_ANSWER_MAX_AGE_MS - 1_000);
    const restarted = await openAnotherApp(first);
    try {
      expect((await statsOn(restarted)).totals.sessions).toBe(2);
    } finally {
      await restarted.close();
    }
  });
});

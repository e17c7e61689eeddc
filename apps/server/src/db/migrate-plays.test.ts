import { createHash } from 'node:crypto';
import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dbKinds, type TestDatabase } from '../test/databases.js';
import { createDb, type Db } from './database.js';
import { migrateToLatest } from './migrate.js';
import { migrationsFor } from './migrations/index.js';

/*
 * Issue 38's migration (0051 plays, 0052 play stats) over a library of a
 * realistic size, on both databases: a database migrated up to 0050 (the
 * release before plays) is filled by set-based SQL — 2,000 members, 60,000
 * entries over every status and none, with ratings, reviews, dates,
 * completions and platforms, 150,000 diary sessions of which ~6 % are
 * replay sessions that start, play and finish — then the remaining
 * migrations run as an upgrade does. Then:
 *
 * - nothing in library_entries or diary_entries changed but play_id;
 * - every played entry has exactly one first play, with the entry's dates,
 *   rating, completion (and its platform when it lists exactly one); an
 *   entry never played has none;
 * - every first-play session keeps play_id null; every replay session
 *   points at a replay of its own entry and member;
 * - replay sessions are split into replays at a finished session (and at a
 *   start after sessions), each replay dated by its first session and
 *   finished by its finishing one.
 *
 * The migration's time is printed, not asserted (the machine decides it).
 */
const LAST_BEFORE_PLAYS = '0050_play_completion';
const MEMBERS = 2_000;
const GAMES = 3_000;
const ENTRIES = 60_000;
const SESSIONS = 150_000;
const PLATFORMS = 6;

type Row = Record<string, unknown>;

/** A digest of rows (in id order) over the given columns: equal digests, equal data. */
function digest(rows: Row[], columns: string[]): string {
  const hash = createHash('sha256');
  for (const row of rows) hash.update(JSON.stringify(columns.map((c) => row[c] ?? null))).update('\n');
  return hash.digest('hex');
}

describe.each(dbKinds)('migrating a realistic library to plays (0051, 0052) on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;
  let k: Kysely<unknown>;
  /** YYYY-MM-DD, `days` (an SQL integer expression) after 2019-01-01. */
  const day = (days: string) => (kind === 'postgres' ? `to_char(date '2019-01-01' + (${days})::int, 'YYYY-MM-DD')` : `date('2019-01-01', '+' || (${days}) || ' days')`);
  /** 0 … count-1 as n(i). */
  const numbers = (count: number) => `with recursive n(i) as (select 0 union all select i + 1 from n where i < ${count - 1})`;
  const run = (text: string) => sql.raw(text).execute(k);

  let entryColumns: string[];
  let sessionColumns: string[];
  let entriesBefore: Row[];
  let sessionsBefore: Row[];
  let listedBefore: { entry_id: number; platform_id: number }[];
  let counts: Record<string, number>;

  const countOf = async (table: string) => Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(k)).rows[0]!.n);
  const all = async (table: string, columns = '*') => (await sql.raw<Row>(`select ${columns} from ${table} order by id`).execute(k)).rows;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = createDb(database.config);
    k = db.kysely as unknown as Kysely<unknown>;

    // The release before plays: every migration up to 0050, as a new database gets them.
    const migrations = migrationsFor(kind);
    const before = Object.fromEntries(
      Object.entries(migrations)
        .filter(([name]) => name <= LAST_BEFORE_PLAYS)
        .map(([name, m]) => [name, { up: m.upOnNewDatabase ?? m.up }]),
    );
    const { error } = await new Migrator({ db: k, provider: { getMigrations: async () => before } }).migrateToLatest();
    if (error) throw error;

    const seedStarted = performance.now();
    await run(
      `${numbers(MEMBERS)} insert into users (username, username_key, email, email_key, password_hash, created_at, updated_at, activated_at) ` +
        `select 'member' || i, 'member' || i, 'member' || i || '@example.test', 'member' || i || '@example.test', 'x', 1, 1, 1 from n`,
    );
    await run(`${numbers(GAMES)} insert into games (slug, name, source, created_at, updated_at) select 'game-' || i, 'Game ' || i, 'import', 1, 1 from n`);
    await run(`${numbers(PLATFORMS)} insert into platforms (slug, name) select 'platform-' || i, 'Platform ' || i from n`);
    const [u0, g0, p0] = ['users', 'games', 'platforms'].map((t) => `(select min(id) from ${t})`);
    // Entry i: member i % 2,000, its (i / 2,000)th game; statuses 1–6 and none, ratings, reviews, dates and completions spread over them.
    await run(
      `${numbers(ENTRIES)} insert into library_entries (user_id, game_id, status, rating, review, review_slug, review_created_at, review_updated_at, ` +
        `started_on, finished_on, completion, owned, notes, created_at, updated_at) ` +
        `select ${u0} + i % ${MEMBERS}, ${g0} + (i % ${MEMBERS} + (i / ${MEMBERS}) * 97) % ${GAMES}, ` +
        `case when i % 7 = 6 then null else i % 7 + 1 end, ` +
        `case when i % 3 = 0 then i % 10 + 1 end, ` +
        `case when i % 5 = 0 then 'A review, number ' || i end, case when i % 5 = 0 then 'game-' || i end, ` +
        `case when i % 5 = 0 then 1700000000000 + i end, case when i % 5 = 0 then 1700000000000 + i end, ` +
        `case when i % 2 = 0 then ${day(`i % 1500`)} end, ` +
        `case when i % 7 = 1 then ${day(`i % 1500 + 20`)} end, ` +
        `case when i % 7 = 1 and i % 3 = 1 then 'main' when i % 7 = 1 and i % 3 = 2 then 'complete' end, ` +
        `case when i % 4 = 3 then 0 when i % 4 = 2 then 1 end, case when i % 17 = 0 then 'A note' end, ` +
        `1600000000000 + i, 1600000000000 + i from n`,
    );
    const e0 = '(select min(id) from library_entries)';
    // Three entries in four list one platform, one in eight a second one.
    await run(`insert into library_entry_platforms (entry_id, platform_id) select id, ${p0} + id % ${PLATFORMS} from library_entries where id % 4 <> 0`);
    await run(`insert into library_entry_platforms (entry_id, platform_id) select id, ${p0} + (id + 1) % ${PLATFORMS} from library_entries where id % 8 = 1`);
    // Session i: entry x = i % 60,000, its kth session (k = i / 60,000: 0, 1 and, for half the entries, 2), 40 days apart.
    // Entries x % 10 = 0 replay the game in sessions 1 and 2: a start then a finish, a finish then more play (two replays),
    // or play then a new start (two replays).
    const x = `(i % ${ENTRIES})`;
    const kth = `(i / ${ENTRIES})`;
    const replay = `(${x} % 10 = 0 and ${kth} >= 1)`;
    const m = `((${x} / 10) % 3)`;
    await run(
      `${numbers(SESSIONS)} insert into diary_entries (user_id, entry_id, game_id, played_on, event, rating, note, replay, minutes_played, created_at, platform_id) ` +
        `select e.user_id, e.id, e.game_id, ${day(`${x} % 1500 + ${kth} * 40`)}, ` +
        `case when ${replay} then (case when ${m} = 0 then (case when ${kth} = 1 then 'started' else 'finished' end) ` +
        `when ${m} = 1 then (case when ${kth} = 1 then 'finished' else 'played' end) ` +
        `else (case when ${kth} = 1 then 'played' else 'started' end) end) ` +
        `when ${x} % 9 = 3 and ${kth} = 1 then 'finished' when ${kth} = 0 then 'started' else 'played' end, ` +
        `case when i % 11 = 0 then i % 10 + 1 end, case when i % 13 = 0 then 'A note ' || i end, ` +
        `case when ${replay} then 1 else 0 end, case when i % 4 <> 0 then 30 + i % 120 end, 1600000000000 + i, ` +
        `case when i % 3 = 0 then ${p0} + i % ${PLATFORMS} end ` +
        `from n join library_entries e on e.id = ${e0} + ${x}`,
    );
    const seedMs = performance.now() - seedStarted;

    counts = Object.fromEntries(await Promise.all(['users', 'library_entries', 'library_entry_platforms', 'diary_entries'].map(async (t) => [t, await countOf(t)])));
    entriesBefore = await all('library_entries');
    sessionsBefore = await all('diary_entries');
    listedBefore = (await sql<{ entry_id: number; platform_id: number }>`select entry_id, platform_id from library_entry_platforms`.execute(k)).rows;
    entryColumns = Object.keys(entriesBefore[0]!);
    sessionColumns = Object.keys(sessionsBefore[0]!);

    const started = performance.now();
    const report = await migrateToLatest(db);
    const ms = performance.now() - started;
    expect(report.applied).toEqual(Object.keys(migrations).filter((name) => name > LAST_BEFORE_PLAYS));
    const replays = sessionsBefore.filter((s) => Number(s.replay) === 1).length;
    // One line for whoever reads the run: the migration's time on this machine (not asserted: the machine decides it).
    // eslint-disable-next-line no-console
    console.log(
      `migrate-plays on ${kind}: ${report.applied.join(', ')} took ${Math.round(ms)} ms over ${ENTRIES.toLocaleString('en-US')} entries and ` +
        `${SESSIONS.toLocaleString('en-US')} sessions (${replays.toLocaleString('en-US')} replay sessions); seeding took ${Math.round(seedMs)} ms`,
    );
  }, 120_000);

  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it('seeded what it meant to: every status and none, replay sessions that start, play and finish', () => {
    expect(counts).toMatchObject({ users: MEMBERS, library_entries: ENTRIES, diary_entries: SESSIONS });
    expect(new Set(entriesBefore.map((e) => e.status))).toEqual(new Set([1, 2, 3, 4, 5, 6, null]));
    const replays = sessionsBefore.filter((s) => Number(s.replay) === 1);
    expect(replays.length / SESSIONS).toBeGreaterThan(0.04);
    expect(replays.length / SESSIONS).toBeLessThan(0.08);
    expect(new Set(replays.map((s) => s.event))).toEqual(new Set(['started', 'played', 'finished']));
  });

  it('changes nothing in library entries, their platforms and sessions but the sessions’ play_id', async () => {
    for (const [table, n] of Object.entries(counts)) expect(await countOf(table), table).toBe(n);
    expect(digest(await all('library_entries', entryColumns.join(', ')), entryColumns)).toBe(digest(entriesBefore, entryColumns));
    expect(digest(await all('diary_entries', sessionColumns.join(', ')), sessionColumns)).toBe(digest(sessionsBefore, sessionColumns));
    const listed = (await sql<{ entry_id: number; platform_id: number }>`select entry_id, platform_id from library_entry_platforms`.execute(k)).rows;
    const key = (r: { entry_id: number; platform_id: number }) => `${r.entry_id}:${r.platform_id}`;
    expect(listed.map(key).sort()).toEqual(listedBefore.map(key).sort());
  });

  it('gives every played entry exactly one first play with its dates, rating, completion and platform, and none to an entry never played', async () => {
    const plays = await all('plays', 'id, user_id, entry_id, replay, started_on, finished_on, platform_id, completion, rating, review');
    const firstPlays = new Map<number, Row[]>();
    for (const p of plays) if (Number(p.replay) === 0) firstPlays.set(Number(p.entry_id), [...(firstPlays.get(Number(p.entry_id)) ?? []), p]);

    const sessionsOf = new Map<number, Row[]>();
    for (const s of sessionsBefore) sessionsOf.set(Number(s.entry_id), [...(sessionsOf.get(Number(s.entry_id)) ?? []), s]);
    const listedOf = new Map<number, number[]>();
    for (const l of listedBefore) listedOf.set(l.entry_id, [...(listedOf.get(l.entry_id) ?? []), l.platform_id]);

    let played = 0;
    const wrong: string[] = [];
    for (const e of entriesBefore) {
      const id = Number(e.id);
      const sessions = sessionsOf.get(id) ?? [];
      const wasPlayed =
        (e.status !== null && Number(e.status) !== 4) ||
        e.rating !== null ||
        e.review !== null ||
        e.started_on !== null ||
        e.finished_on !== null ||
        sessions.length > 0;
      const found = firstPlays.get(id) ?? [];
      if (!wasPlayed) {
        if (found.length > 0) wrong.push(`entry ${id} was never played but has a first play`);
        continue;
      }
      played += 1;
      if (found.length !== 1) {
        wrong.push(`entry ${id} has ${found.length} first plays`);
        continue;
      }
      const firstDays = sessions.filter((s) => Number(s.replay) === 0).map((s) => String(s.played_on));
      const listed = listedOf.get(id) ?? [];
      const expected = {
        user_id: e.user_id,
        started_on: e.started_on ?? (firstDays.length > 0 ? firstDays.sort()[0] : null),
        finished_on: e.finished_on,
        rating: e.rating,
        completion: e.completion,
        platform_id: listed.length === 1 ? listed[0] : null,
        // The first play's review is the entry's (the game's main review): it is not copied.
        review: null,
      };
      const actual = Object.fromEntries(Object.keys(expected).map((c) => [c, found[0]![c]]));
      if (JSON.stringify(actual) !== JSON.stringify(expected)) wrong.push(`entry ${id}: ${JSON.stringify(actual)} is not ${JSON.stringify(expected)}`);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    // Most entries were played (all but the untouched Want to play ones).
    expect(played).toBeGreaterThan(ENTRIES / 2);
    expect(firstPlays.size).toBe(played);
  });

  it('leaves first-play sessions in the first play and puts replay sessions in replays of their own entry, split at a finish', async () => {
    const plays = new Map((await all('plays', 'id, user_id, entry_id, replay, started_on, finished_on')).map((p) => [Number(p.id), p]));
    const sessions = await all('diary_entries', 'id, user_id, entry_id, played_on, event, replay, play_id');
    const wrong: string[] = [];
    const byPlay = new Map<number, Row[]>();
    const replaysOf = new Map<number, Row[]>();
    for (const s of sessions) {
      if (Number(s.replay) === 0) {
        if (s.play_id !== null) wrong.push(`first-play session ${s.id} has play_id ${s.play_id}`);
        continue;
      }
      const play = s.play_id === null ? undefined : plays.get(Number(s.play_id));
      if (!play || Number(play.replay) !== 1 || play.entry_id !== s.entry_id || play.user_id !== s.user_id) {
        wrong.push(`replay session ${s.id} is in ${JSON.stringify(play ?? null)}`);
        continue;
      }
      byPlay.set(Number(play.id), [...(byPlay.get(Number(play.id)) ?? []), s]);
      replaysOf.set(Number(s.entry_id), [...(replaysOf.get(Number(s.entry_id)) ?? []), s]);
    }
    const inOrder = (a: Row, b: Row) => String(a.played_on).localeCompare(String(b.played_on)) || Number(a.id) - Number(b.id);
    // An entry's replay sessions in the order played: a finish ends a replay, a start after sessions begins one, and nothing else does.
    for (const list of replaysOf.values()) {
      list.sort(inOrder);
      for (let i = 1; i < list.length; i += 1) {
        const [a, b] = [list[i - 1]!, list[i]!];
        const split = a.event === 'finished' || b.event === 'started';
        if (split === (a.play_id === b.play_id)) wrong.push(`sessions ${a.id} (${a.event}) and ${b.id} (${b.event}) ${split ? 'share a replay' : 'are split'}`);
      }
    }
    // Each replay is dated by its sessions: its first day, and the day of its finish (the last session) if it has one.
    const replays = [...plays.values()].filter((p) => Number(p.replay) === 1);
    for (const play of replays) {
      const list = (byPlay.get(Number(play.id)) ?? []).sort(inOrder);
      if (list.length === 0) {
        wrong.push(`replay ${play.id} has no session`);
        continue;
      }
      const last = list.at(-1)!;
      const expected = { started_on: list[0]!.played_on, finished_on: last.event === 'finished' ? last.played_on : null };
      if (play.started_on !== expected.started_on || play.finished_on !== expected.finished_on) wrong.push(`replay ${play.id} is dated ${JSON.stringify(play)}, not ${JSON.stringify(expected)}`);
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    // The seed's three shapes: one replay (start, finish), two (finish | play), two (play | start), or one lone session.
    expect(replays.length).toBeGreaterThan(replaysOf.size);
    expect(replays.some((p) => p.finished_on !== null) && replays.some((p) => p.finished_on === null)).toBe(true);
  });
});

import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import { STATS_BUCKETS } from '../../db/migrations/0024_stats_buckets.js';
import type { Database } from '../../db/schema.js';

export type Conn = Kysely<Database> | Transaction<Database>;

/*
 * What stats read: the parts member_stats_versions counts — one year of a
 * member's diary (aggregated per day and per game and platform), their
 * library entries and the platforms their entries list, by bucket of games
 * (game_id % STATS_BUCKETS, 0024) — and the catalog facts
 * and genres of games by id. Every member query starts from one member's
 * rows, through an index whose first column is user_id, so it costs what
 * that member logged, never the size of the tables.
 */

/** A calendar year of diary dates ("YYYY-MM-DD" text compares as dates). */
export const yearRange = (year: number) => ({ from: `${year}-01-01`, to: `${year}-12-31` });

/** The diary of a year, or of every year from `year` to `until`. */
const diaryIn = (db: Conn, userId: number, year: number, until = year) =>
  db
    .selectFrom('diary_entries as d')
    .where('d.user_id', '=', userId)
    .where('d.played_on', '>=', yearRange(year).from)
    .where('d.played_on', '<=', yearRange(until).to);

/** The bucket of a game's library parts. */
export const bucketOf = (gameId: number) => gameId % STATS_BUCKETS;

/** Rows of these buckets only; every bucket: no filter. */
const inBuckets = (buckets: number[] | undefined) => (eb: ExpressionBuilder<Database & { e: Database['library_entries'] }, 'e'>) =>
  buckets === undefined || buckets.length === STATS_BUCKETS ? eb.lit(true) : eb(sql<number>`e.game_id % ${sql.lit(STATS_BUCKETS)}`, 'in', buckets);

export const statsRepo = {
  /** The member's counters by part (YYYY: that year's diary; negative: a bucket of the library, 0024); a part never written is 0. */
  async versions(db: Conn, userId: number): Promise<Map<number, number>> {
    const rows = await db.selectFrom('member_stats_versions').select(['part', 'version']).where('user_id', '=', userId).execute();
    return new Map(rows.map((r) => [Number(r.part), Number(r.version)]));
  },

  /** The answer stored for this member and question (0026), if any. */
  storedAnswer: (db: Conn, userId: number, question: string) =>
    db.selectFrom('member_stats_answers').select(['fingerprint', 'payload', 'computed_at']).where('user_id', '=', userId).where('question', '=', question).executeTakeFirst(),

  /** Stores (or replaces) an answer with the fingerprint of the counters it was made from. */
  storeAnswer: (db: Conn, row: { user_id: number; question: string; fingerprint: string; payload: string; computed_at: number }) =>
    db
      .insertInto('member_stats_answers')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'question']).doUpdateSet({ fingerprint: row.fingerprint, payload: row.payload, computed_at: row.computed_at }))
      .execute(),

  /**
   * The years of the member's diary, newest first, in one query that seeks
   * the index once per year (the newest day before the year last found)
   * instead of reading the whole diary.
   */
  async years(db: Conn, userId: number): Promise<number[]> {
    const { rows } = await sql<{ day: string }>`
      with recursive found(day) as (
        select max(played_on) from diary_entries where user_id = ${userId}
        union all
        select (select max(d.played_on) from diary_entries d where d.user_id = ${userId} and d.played_on < substr(found.day, 1, 4) || '-01-01')
        from found where found.day is not null
      )
      select day from found where day is not null`.execute(db);
    return rows.map((r) => Number(r.day.slice(0, 4)));
  },

  /** The years in which the member finished a play, newest first: the index (user_id, finished_on) sought once per year, as years() does. */
  async playYears(db: Conn, userId: number): Promise<number[]> {
    const { rows } = await sql<{ day: string }>`
      with recursive found(day) as (
        select max(finished_on) from plays where user_id = ${userId}
        union all
        select (select max(p.finished_on) from plays p where p.user_id = ${userId} and p.finished_on < substr(found.day, 1, 4) || '-01-01')
        from found where found.day is not null
      )
      select day from found where day is not null`.execute(db);
    return rows.map((r) => Number(r.day.slice(0, 4)));
  },

  /** The plays the member finished in a year (or from \`year\` to \`until\`): one row a play, its entry and whether it is a replay. */
  async finishedPlays(db: Conn, userId: number, year: number, until = year) {
    const rows = await db
      .selectFrom('plays as p')
      .select(['p.finished_on', 'p.entry_id', 'p.replay'])
      .where('p.user_id', '=', userId)
      .where('p.finished_on', '>=', yearRange(year).from)
      .where('p.finished_on', '<=', yearRange(until).to)
      .execute();
    return rows.map((r) => ({ year: Number(r.finished_on!.slice(0, 4)), entryId: r.entry_id, replay: Number(r.replay) === 1 }));
  },

  /** A year's (or years') sessions and minutes per day, oldest first (diary_entries_user_stats, index only). */
  async diaryDays(db: Conn, userId: number, year: number, until = year) {
    const rows = await diaryIn(db, userId, year, until)
      .select(['d.played_on', (eb) => eb.fn.countAll().as('n'), (eb) => eb.fn.sum('d.minutes_played').as('minutes')])
      .groupBy('d.played_on')
      .orderBy('d.played_on')
      .execute();
    return rows.map((r) => ({ day: r.played_on, sessions: Number(r.n), minutes: Number(r.minutes ?? 0) }));
  },

  /** A year's (or each of several years') sessions, minutes and "finished" per game and platform (null: not said). */
  async diaryGames(db: Conn, userId: number, year: number, until = year) {
    const rows = await diaryIn(db, userId, year, until)
      .select([
        (eb) => eb.fn<string>('substr', ['d.played_on', eb.lit(1), eb.lit(4)]).as('year'),
        'd.game_id',
        'd.platform_id',
        (eb) => eb.fn.countAll().as('n'),
        (eb) => eb.fn.sum('d.minutes_played').as('minutes'),
        (eb) => eb.fn.max(eb.case().when('d.event', '=', 'finished').then(1).else(0).end()).as('finished'),
      ])
      .groupBy([(eb) => eb.fn('substr', ['d.played_on', eb.lit(1), eb.lit(4)]), 'd.game_id', 'd.platform_id'])
      .execute();
    return rows.map((r) => ({
      year: Number(r.year),
      gameId: r.game_id,
      platformId: r.platform_id,
      sessions: Number(r.n),
      minutes: Number(r.minutes ?? 0),
      finished: Number(r.finished) === 1,
    }));
  },

  /** The member's library entries (of some buckets), with the columns stats count. */
  libraryEntries: (db: Conn, userId: number, buckets?: number[]) =>
    db
      .selectFrom('library_entries as e')
      .select([
        'e.id',
        'e.game_id',
        'e.status',
        'e.rating',
        'e.started_on',
        'e.finished_on',
        'e.review_created_at',
        // A review counts when everyone reading the stats may open it: public and not hidden by a moderator
        // (stats are one answer for every reader; migration 0046 makes a change of either renew them).
        (eb) =>
          eb
            .case()
            .when(eb.and([eb('e.review', 'is not', null), eb('e.hidden_at', 'is', null), eb('e.review_visibility', '=', 'public')]))
            .then(1)
            .else(0)
            .end()
            .as('has_review'),
      ])
      .where('e.user_id', '=', userId)
      .where(inBuckets(buckets))
      .execute(),

  /** Catalog facts of games by id (the service keeps them per game, for every member). */
  gameFacts: async (db: Conn, ids: number[]) =>
    ids.length === 0 ? [] : db.selectFrom('games').select(['id', 'slug', 'name', 'cover_image_id', 'release_year']).where('id', 'in', ids).execute(),

  /** Catalog facts of every game in the member's library (a first view on PostgreSQL reads them beside the member's parts). */
  memberGameFacts: (db: Conn, userId: number) =>
    db
      .selectFrom('library_entries as e')
      .innerJoin('games as g', 'g.id', 'e.game_id')
      .select(['g.id', 'g.slug', 'g.name', 'g.cover_image_id', 'g.release_year'])
      .where('e.user_id', '=', userId)
      .execute(),

  /** The genres of every game in the member's library. */
  memberGameGenres: (db: Conn, userId: number) =>
    db
      .selectFrom('library_entries as e')
      .innerJoin('game_genres as gg', 'gg.game_id', 'e.game_id')
      .innerJoin('genres as ge', 'ge.id', 'gg.genre_id')
      .select(['gg.game_id', 'ge.slug', 'ge.name'])
      .where('e.user_id', '=', userId)
      .execute(),

  /** The genres of games by id. */
  gameGenres: async (db: Conn, ids: number[]) =>
    ids.length === 0
      ? []
      : db
          .selectFrom('game_genres as gg')
          .innerJoin('genres as ge', 'ge.id', 'gg.genre_id')
          .select(['gg.game_id', 'ge.slug', 'ge.name'])
          .where('gg.game_id', 'in', ids)
          .execute(),

  /** The platforms each library entry (of some buckets) lists. */
  libraryPlatforms: (db: Conn, userId: number, buckets?: number[]) =>
    db
      .selectFrom('library_entries as e')
      .innerJoin('library_entry_platforms as lp', 'lp.entry_id', 'e.id')
      .select(['e.game_id', 'lp.platform_id'])
      .where('e.user_id', '=', userId)
      .where(inBuckets(buckets))
      .execute(),

  platformNames: async (db: Conn, ids: number[]) =>
    ids.length === 0 ? [] : db.selectFrom('platforms').select(['id', 'slug', 'name']).where('id', 'in', ids).execute(),

  /** The first (or last) diary entry of a year: its game and day. */
  edgeSession: (db: Conn, userId: number, year: number, edge: 'first' | 'last') =>
    diaryIn(db, userId, year)
      .innerJoin('games as g', 'g.id', 'd.game_id')
      .select(['d.played_on', 'g.slug', 'g.name', 'g.cover_image_id', 'g.release_year'])
      .orderBy('d.played_on', edge === 'first' ? 'asc' : 'desc')
      .orderBy('d.id', edge === 'first' ? 'asc' : 'desc')
      .limit(1)
      .executeTakeFirst(),
};

export type LibraryEntryRow = Awaited<ReturnType<typeof statsRepo.libraryEntries>>[number];
/** A diary row per game and platform (its year is the part's). */
export type DiaryGameRow = Omit<Awaited<ReturnType<typeof statsRepo.diaryGames>>[number], 'year'>;
export type DiaryDayRow = Awaited<ReturnType<typeof statsRepo.diaryDays>>[number];
/** A play finished in the part's year. */
export type FinishedPlayRow = Omit<Awaited<ReturnType<typeof statsRepo.finishedPlays>>[number], 'year'>;

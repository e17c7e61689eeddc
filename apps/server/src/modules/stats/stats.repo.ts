import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

export type Conn = Kysely<Database> | Transaction<Database>;

/*
 * What stats read: the parts member_stats_versions counts — one year of a
 * member's diary (aggregated per day and per game and platform), their
 * library entries, the platforms their entries list — and the catalog facts
 * and genres of games by id. Every member query starts from one member's
 * rows, through an index whose first column is user_id, so it costs what
 * that member logged, never the size of the tables.
 */

/** A calendar year of diary dates ("YYYY-MM-DD" text compares as dates). */
export const yearRange = (year: number) => ({ from: `${year}-01-01`, to: `${year}-12-31` });

const diaryIn = (db: Conn, userId: number, year: number) =>
  db
    .selectFrom('diary_entries as d')
    .where('d.user_id', '=', userId)
    .where('d.played_on', '>=', yearRange(year).from)
    .where('d.played_on', '<=', yearRange(year).to);

export const statsRepo = {
  /** The member's counters by part (0: the library; YYYY: that year's diary); a part never written is 0. */
  async versions(db: Conn, userId: number): Promise<Map<number, number>> {
    const rows = await db.selectFrom('member_stats_versions').select(['part', 'version']).where('user_id', '=', userId).execute();
    return new Map(rows.map((r) => [Number(r.part), Number(r.version)]));
  },

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

  /** A year's sessions and minutes per day, oldest first (diary_entries_user_stats, index only). */
  async diaryDays(db: Conn, userId: number, year: number) {
    const rows = await diaryIn(db, userId, year)
      .select(['d.played_on', (eb) => eb.fn.countAll().as('n'), (eb) => eb.fn.sum('d.minutes_played').as('minutes')])
      .groupBy('d.played_on')
      .orderBy('d.played_on')
      .execute();
    return rows.map((r) => ({ day: r.played_on, sessions: Number(r.n), minutes: Number(r.minutes ?? 0) }));
  },

  /** A year's sessions, minutes and "finished" per game and platform (null: not said). */
  async diaryGames(db: Conn, userId: number, year: number) {
    const rows = await diaryIn(db, userId, year)
      .select([
        'd.game_id',
        'd.platform_id',
        (eb) => eb.fn.countAll().as('n'),
        (eb) => eb.fn.sum('d.minutes_played').as('minutes'),
        (eb) => eb.fn.max(eb.case().when('d.event', '=', 'finished').then(1).else(0).end()).as('finished'),
      ])
      .groupBy(['d.game_id', 'd.platform_id'])
      .execute();
    return rows.map((r) => ({
      gameId: r.game_id,
      platformId: r.platform_id,
      sessions: Number(r.n),
      minutes: Number(r.minutes ?? 0),
      finished: Number(r.finished) === 1,
    }));
  },

  /** Every library entry of the member, with the columns stats count (part 0). */
  libraryEntries: (db: Conn, userId: number) =>
    db
      .selectFrom('library_entries as e')
      .select([
        'e.game_id',
        'e.status',
        'e.rating',
        'e.started_on',
        'e.finished_on',
        'e.review_created_at',
        (eb) => eb.case().when('e.review', 'is not', null).then(1).else(0).end().as('has_review'),
      ])
      .where('e.user_id', '=', userId)
      .execute(),

  /** Catalog facts of games by id (the service keeps them per game, for every member). */
  gameFacts: async (db: Conn, ids: number[]) =>
    ids.length === 0 ? [] : db.selectFrom('games').select(['id', 'slug', 'name', 'cover_image_id', 'release_year']).where('id', 'in', ids).execute(),

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

  /** The platforms each library entry lists (part 1). */
  libraryPlatforms: (db: Conn, userId: number) =>
    db
      .selectFrom('library_entries as e')
      .innerJoin('library_entry_platforms as lp', 'lp.entry_id', 'e.id')
      .select(['e.game_id', 'lp.platform_id'])
      .where('e.user_id', '=', userId)
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
export type DiaryGameRow = Awaited<ReturnType<typeof statsRepo.diaryGames>>[number];
export type DiaryDayRow = Awaited<ReturnType<typeof statsRepo.diaryDays>>[number];

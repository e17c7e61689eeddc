import { sql, type SelectQueryBuilder } from 'kysely';
import { prepared, preparedByShape, preparedFirst, preparedRowWrites } from '../../db/prepared.js';
import type { Database, DiaryEntriesTable } from '../../db/schema.js';
import { entryGameColumns, type Conn } from './library.columns.js';
import { playNumberSql } from '../plays/plays.repo.js';

/** An entry's sessions and minutes (shown with the entry, after every write to it): compiled once. */
const entryTotals = preparedFirst((db, v: { entryId: number }) =>
  db
    .selectFrom('diary_entries')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum('minutes_played').as('minutes')])
    .where('entry_id', '=', v.entryId),
);

/** A member's diary rows on a day (of one game or all, leaving one out or not): one prepared statement a shape. */
const countOnDay = preparedByShape(
  (db, v: { userId: number; playedOn: string; gameId?: number; exceptId?: number }, shape: `${'game' | ''}|${'except' | ''}`) =>
    db
      .selectFrom('diary_entries')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', v.userId)
      .$if(shape.startsWith('game'), (q) => q.where('game_id', '=', v.gameId!))
      .where('played_on', '=', v.playedOn)
      .$if(shape.endsWith('except'), (q) => q.where('id', '<>', v.exceptId!)),
);

/** Every diary line written (a library PUT with a date, a diary POST, an import row). */
const diaryWrites = preparedRowWrites('diary_entries');

const newestRowOn = preparedFirst((db, v: { entryId: number; event: 'started' | 'finished'; playedOn: string }) =>
  db.selectFrom('diary_entries').selectAll().where('entry_id', '=', v.entryId).where('event', '=', v.event).where('played_on', '=', v.playedOn).orderBy('id', 'desc').limit(1),
);

/** The diary's rows (one a play of a game): part of libraryRepo, kept apart from the library's entries. */
export const diaryRepo = {

  insertDiary: diaryWrites.insert,

  updateDiary: diaryWrites.update,

  deleteDiary: (db: Conn, id: number) => db.deleteFrom('diary_entries').where('id', '=', id).execute(),

  /** The newest diary row of an event on a date: the one the library form's date points at. */
  diaryRowOn: (db: Conn, entryId: number, event: 'started' | 'finished', playedOn: string) => newestRowOn(db, { entryId, event, playedOn }),

  diaryById: (db: Conn, id: number) => diaryWithId(db, { id }),

  /** A member's diary, latest play first; a year and a platform narrow it (both on diary_entries_user_played's range). */
  /** A member's latest plays, without their count (the profile shows a few). */
  latestDiary: (db: Conn, userId: number, limit: number) => newestPlays(db, { userId, limit }),

  async diaryOf(db: Conn, userId: number, limit: number, offset: number, f: DiaryFilter = {}) {
    const [rows, total] = await Promise.all([
      diaryFiltered(diaryRows(db), userId, f).orderBy('d.played_on', 'desc').orderBy('d.id', 'desc').limit(limit).offset(offset).execute(),
      diaryFiltered(db.selectFrom('diary_entries as d'), userId, f)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
        .then((r) => Number(r?.n ?? 0)),
    ]);
    return { rows, total };
  },

  /** Diary entries of a member on a day, of every game or of one; `exceptId` leaves out the one being moved there. */
  diaryCountOn: async (db: Conn, userId: number, playedOn: string, f: { gameId?: number; exceptId?: number } = {}) => {
    const shape = `${f.gameId === undefined ? '' : 'game'}|${f.exceptId === undefined ? '' : 'except'}` as const;
    const [row] = await countOnDay(db, shape, { userId, playedOn, gameId: f.gameId, exceptId: f.exceptId });
    return Number(row?.n ?? 0);
  },

  /** How many diary entries a library entry has and their minutes together (null when none has any). */
  async diaryTotals(db: Conn, entryId: number) {
    const row = await entryTotals(db, { entryId });
    return { sessions: Number(row?.n ?? 0), minutes: row?.minutes === null || row?.minutes === undefined ? null : Number(row.minutes) };
  },

  /** The years and platforms of a member's diary, with how many entries each has. */
  async diaryFilters(db: Conn, userId: number) {
    const year = sql<string>`substr(played_on, 1, 4)`;
    const [years, platforms] = await Promise.all([
      db
        .selectFrom('diary_entries')
        .select([year.as('year'), (eb) => eb.fn.countAll().as('n')])
        .where('user_id', '=', userId)
        .groupBy(year)
        .orderBy(year, 'desc')
        .execute(),
      db
        .selectFrom('diary_entries as d')
        .innerJoin('platforms as p', 'p.id', 'd.platform_id')
        .select(['p.slug', 'p.name', (eb) => eb.fn.countAll().as('n')])
        .where('d.user_id', '=', userId)
        .groupBy(['p.slug', 'p.name'])
        .orderBy('n', 'desc')
        .orderBy('p.name')
        .execute(),
    ]);
    return {
      years: years.map((r) => ({ year: Number(r.year), count: Number(r.n) })),
      platforms: platforms.map((r) => ({ slug: r.slug, name: r.name, count: Number(r.n) })),
    };
  },
};

export interface DiaryFilter {
  /** Only plays of this year. */
  year?: number | undefined;
  /** Only plays on this platform; null matches nothing (an unknown slug). */
  platformId?: number | null | undefined;
}

function diaryFiltered<Q extends SelectQueryBuilder<Database & { d: DiaryEntriesTable }, 'd', object>>(q: Q, userId: number, f: DiaryFilter): Q {
  let out = q.where('d.user_id', '=', userId);
  if (f.year !== undefined) out = out.where('d.played_on', '>=', `${f.year}-01-01`).where('d.played_on', '<=', `${f.year}-12-31`);
  if (f.platformId === null) out = out.where(sql<boolean>`1 = 0`);
  else if (f.platformId !== undefined) out = out.where('d.platform_id', '=', f.platformId);
  return out as Q;
}

function diaryRows(db: Conn) {
  return db
    .selectFrom('diary_entries as d')
    .innerJoin('games as g', 'g.id', 'd.game_id')
    .innerJoin('library_entries as e', 'e.id', 'd.entry_id')
    .leftJoin('platforms as p', 'p.id', 'd.platform_id')
    .select([
      'd.id',
      'd.user_id',
      'd.entry_id',
      'd.game_id',
      'd.played_on',
      'd.event',
      'd.rating',
      'd.note',
      'd.replay',
      'd.minutes_played',
      'd.created_at',
      'd.platform_id',
      'p.slug as platform_slug',
      'p.name as platform_name',
      'e.review_slug',
      'e.review',
      'd.play_id',
      playNumberSql.as('play_number'),
      ...entryGameColumns,
    ]);
}

const diaryWithId = preparedFirst((db, v: { id: number }) => diaryRows(db).where('d.id', '=', v.id));

/** A profile's latest plays: compiled once. */
const newestPlays = prepared((db, v: { userId: number; limit: number }) =>
  diaryRows(db).where('d.user_id', '=', v.userId).orderBy('d.played_on', 'desc').orderBy('d.id', 'desc').limit(v.limit),
);

export type DiaryRow = NonNullable<Awaited<ReturnType<typeof diaryRepo.diaryById>>>;

import { sql, type Insertable, type Updateable } from 'kysely';
import { prepared, preparedFirst, preparedRowWrites } from '../../db/prepared.js';
import type { Conn } from '../library/library.columns.js';
import type { PlaysTable } from './plays.tables.js';

/**
 * Plays and what is counted of them. A play's sessions are the diary rows
 * whose play_id is the play's, and for the first play those of its entry
 * with none (0051: first-play sessions keep a null play_id).
 */

const playColumns = [
  'pl.id',
  'pl.user_id',
  'pl.entry_id',
  'pl.replay',
  'pl.started_on',
  'pl.finished_on',
  'pl.platform_id',
  'pl.completion',
  'pl.rating',
  'pl.review',
  'pl.review_spoilers',
  'pl.review_created_at',
  'pl.review_updated_at',
  'pl.created_at',
  'pl.updated_at',
  'p.slug as platform_slug',
  'p.name as platform_name',
] as const;

const withPlatform = (db: Conn) => db.selectFrom('plays as pl').leftJoin('platforms as p', 'p.id', 'pl.platform_id').select(playColumns);

export type PlayRow = Awaited<ReturnType<ReturnType<typeof withPlatform>['executeTakeFirstOrThrow']>>;
export interface PlayTotals {
  sessions: number;
  minutes: number | null;
}

/**
 * The order plays are numbered and listed in: the first play, then replays
 * by the day they started (or finished), undated ones last, then as logged.
 */
export function inPlayOrder<T extends Pick<PlayRow, 'id' | 'replay' | 'started_on' | 'finished_on'>>(plays: T[]): T[] {
  const day = (p: T) => p.started_on ?? p.finished_on ?? '9999-12-31';
  return [...plays].sort((a, b) => Number(a.replay) - Number(b.replay) || day(a).localeCompare(day(b)) || a.id - b.id);
}

/**
 * A diary row's play number as SQL: 1 for a first-play session, else 1 + the
 * replays of its entry up to its own in inPlayOrder's order.
 */
export const playNumberSql = sql<number>`case when d.play_id is null then 1 else 1 + (
  select count(*) from plays q inner join plays me on me.id = d.play_id
  where q.entry_id = me.entry_id and q.replay = 1 and (
    coalesce(q.started_on, q.finished_on, '9999-12-31') < coalesce(me.started_on, me.finished_on, '9999-12-31')
    or (coalesce(q.started_on, q.finished_on, '9999-12-31') = coalesce(me.started_on, me.finished_on, '9999-12-31') and q.id <= me.id))
) end`;

// Prepared once per database (db/prepared.ts): a library PUT or a diary session reads and writes an entry's
// plays several times, and Kysely building these anew each time was ~6 % of a write's CPU under bench:soak.
const playById = preparedFirst((db, v: { id: number }) => withPlatform(db).where('pl.id', '=', v.id));
const playsOfEntry = prepared((db, v: { entryId: number }) => withPlatform(db).where('pl.entry_id', '=', v.entryId));
const firstPlay = preparedFirst((db, v: { entryId: number }) => withPlatform(db).where('pl.entry_id', '=', v.entryId).where('pl.replay', '=', 0));
const playCount = preparedFirst((db, v: { entryId: number }) => db.selectFrom('plays').select((eb) => eb.fn.countAll().as('n')).where('entry_id', '=', v.entryId));
const sessionTotals = prepared((db, v: { entryId: number }) =>
  db
    .selectFrom('diary_entries')
    .select(['play_id', (eb) => eb.fn.countAll().as('n'), (eb) => eb.fn.sum('minutes_played').as('minutes')])
    .where('entry_id', '=', v.entryId)
    .groupBy('play_id'),
);
const playWrites = preparedRowWrites('plays');
const removePlay = prepared((db, v: { id: number }) => db.deleteFrom('plays').where('id', '=', v.id));
const latestOpenReplay = preparedFirst((db, v: { entryId: number }) =>
  db.selectFrom('plays').select(['id', 'started_on']).where('entry_id', '=', v.entryId).where('replay', '=', 1).where('finished_on', 'is', null).orderBy('id', 'desc').limit(1),
);

export const playsRepo = {
  byId: (db: Conn, id: number) => playById(db, { id }),

  /** An entry's plays, in play order. */
  async ofEntry(db: Conn, entryId: number): Promise<PlayRow[]> {
    return inPlayOrder(await playsOfEntry(db, { entryId }));
  },

  first: (db: Conn, entryId: number) => firstPlay(db, { entryId }),

  count: async (db: Conn, entryId: number) => Number((await playCount(db, { entryId }))?.n ?? 0),

  /** Sessions and minutes of each of an entry's plays, by play id. */
  async totals(db: Conn, entryId: number, firstPlayId: number | undefined): Promise<Map<number, PlayTotals>> {
    const rows = await sessionTotals(db, { entryId });
    const totals = new Map<number, PlayTotals>();
    for (const row of rows) {
      const id = row.play_id ?? firstPlayId;
      if (id === undefined) continue;
      totals.set(id, { sessions: Number(row.n), minutes: row.minutes === null || row.minutes === undefined ? null : Number(row.minutes) });
    }
    return totals;
  },

  insert: async (db: Conn, values: Insertable<PlaysTable>) => (await playWrites.insert(db, values)).id,

  update: (db: Conn, id: number, values: Updateable<PlaysTable>) => playWrites.update(db, id, values),

  remove: async (db: Conn, id: number) => void (await removePlay(db, { id })),

  /** The latest replay still being played (no finish), to put a replay session in. */
  openReplay: (db: Conn, entryId: number) => latestOpenReplay(db, { entryId }),
};

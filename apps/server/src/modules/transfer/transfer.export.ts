import { Readable } from 'node:stream';
import type * as csvStringify from 'csv-stringify/sync';
import { lazyRequire } from '../../lazy.js';

/** csv-stringify: loaded by the first export rather than at start-up. */
const loadCsvStringify = lazyRequire<typeof csvStringify>('csv-stringify/sync');
import { VGL_COLUMNS, diaryRecord, formulaSafeCell, libraryRecord, playRecord, type ExportDiary, type ExportPlay } from './transfer.csv.js';
import { inPlayOrder } from '../plays/plays.repo.js';
import { libraryRepo, type Conn } from '../library/library.repo.js';
import { listRecords } from '../lists/lists.export.js';

/**
 * Entries read per query. Their diary rows come in the same piece of work, so this bounds it: with 30
 * sessions an entry (transfer.export-responsive.test.ts) the event loop's longest stall on SQLite was
 * 120–210 ms at 250 entries, 85–130 ms at 100 and ~65 ms at 50 (1,000, as before: over a second).
 */
const BATCH = 50;
/** Records turned into CSV at a time, with a turn of the event loop after each: a heavy member's export held it for 0.25–0.5 s in one piece. */
const RECORDS_PER_CHUNK = 500;
/** Lets other requests run between two pieces of an export (the next piece is otherwise read at once when the client keeps up). */
const otherRequestsFirst = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The plays of a page of entries, numbered in play order, by entry. */
async function playsOfEntries(db: Conn, entryIds: number[]): Promise<Map<number, (ExportPlay & { id: number })[]>> {
  const rows = await db
    .selectFrom('plays as pl')
    .leftJoin('platforms as p', 'p.id', 'pl.platform_id')
    .select(['pl.id', 'pl.entry_id', 'pl.replay', 'pl.started_on', 'pl.finished_on', 'pl.completion', 'pl.rating', 'pl.review', 'pl.review_created_at', 'pl.created_at', 'p.slug as platform_slug'])
    .where('pl.entry_id', 'in', entryIds)
    .execute();
  const byEntry = new Map<number, typeof rows>();
  for (const row of rows) byEntry.set(row.entry_id, [...(byEntry.get(row.entry_id) ?? []), row]);
  return new Map([...byEntry].map(([entryId, plays]) => [entryId, inPlayOrder(plays).map((play, i) => ({ ...play, number: i + 1 }))]));
}

/** RFC 4180: CRLF between records, quotes doubled, fields with commas, quotes or line breaks quoted. */
const toCsv = (records: string[][]) =>
  loadCsvStringify().stringify(
    records.map((record) => record.map(formulaSafeCell)),
    { record_delimiter: 'windows', quoted_match: /[\r\n]/ },
  );

/**
 * The user's library as VGL CSV text, a page at a time: the header, then
 * each entry followed by its diary rows, then the member's lists
 * (lists.export.ts). Pages by game id on the
 * (user_id, game_id) unique index, so each page is one index range
 * however large the library.
 */
async function* exportPages(db: Conn, userId: number): AsyncGenerator<string> {
  yield toCsv([[...VGL_COLUMNS]]);
  let after = 0;
  for (;;) {
    const entries = await db
      .selectFrom('library_entries as e')
      .innerJoin('games as g', 'g.id', 'e.game_id')
      .select([
        'e.id',
        'e.game_id',
        'e.status',
        'e.rating',
        'e.review',
        'e.review_created_at',
        'e.started_on',
        'e.finished_on',
        'e.favourite_position',
        'e.owned',
        'e.notes',
        'e.playtime_minutes',
        'e.playtime_source',
        'e.completion',
        'e.created_at',
        'g.igdb_id',
        'g.slug as game_slug',
        'g.name as game_name',
        'g.release_year',
      ])
      .where('e.user_id', '=', userId)
      .where('e.game_id', '>', after)
      .orderBy('e.game_id')
      .limit(BATCH)
      .execute();
    if (entries.length === 0) break;
    const ids = entries.map((e) => e.id);
    const [platforms, diary, plays] = await Promise.all([
      libraryRepo.platformsOf(db, ids),
      db
        .selectFrom('diary_entries as d')
        .leftJoin('platforms as p', 'p.id', 'd.platform_id')
        .select(['d.entry_id', 'd.played_on', 'd.event', 'd.rating', 'd.note', 'd.replay', 'd.minutes_played', 'd.created_at', 'p.slug as platform_slug', 'd.play_id'])
        .where('d.entry_id', 'in', ids)
        .orderBy('d.entry_id')
        .orderBy('d.played_on')
        .orderBy('d.id')
        .execute(),
      playsOfEntries(db, ids),
    ]);
    const diaryOf = new Map<number, ExportDiary[]>();
    for (const row of diary) {
      const number = row.play_id === null ? 1 : (plays.get(row.entry_id)?.find((p) => p.id === row.play_id)?.number ?? 1);
      const sessions = diaryOf.get(row.entry_id);
      if (sessions) sessions.push({ ...row, play_number: number });
      else diaryOf.set(row.entry_id, [{ ...row, play_number: number }]);
    }
    const records: string[][] = [];
    for (const entry of entries) {
      records.push(libraryRecord(entry, platforms.get(entry.id) ?? []));
      for (const session of diaryOf.get(entry.id) ?? []) records.push(diaryRecord(entry, session));
      for (const play of plays.get(entry.id) ?? []) records.push(playRecord(entry, play));
    }
    for (let i = 0; i < records.length; i += RECORDS_PER_CHUNK) {
      yield toCsv(records.slice(i, i + RECORDS_PER_CHUNK));
      await otherRequestsFirst();
    }
    after = entries.at(-1)!.game_id;
  }
  for await (const records of listRecords(db, userId)) {
    yield toCsv(records);
    await otherRequestsFirst();
  }
}

/** The export as a stream of UTF-8 text without a BOM; the next page is read only when the client has taken the last ones. */
export function exportLibraryCsv(db: Conn, userId: number): Readable {
  return Readable.from(exportPages(db, userId), { highWaterMark: 2 });
}

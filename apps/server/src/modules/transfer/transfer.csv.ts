import { PLAY_STATUS, PLAY_STATUS_LABELS, type PlayStatus } from '@vgl/shared';
import { LIST_COLUMNS } from '../lists/lists.columns.js';

/**
 * VGL's own CSV format, which the export writes and the import reads back
 * without loss (transfer/formats/vgl.ts); the rows every import format is read
 * into live in import.rows.ts.
 *
 * VGL: one row per library entry or diary entry; a library row leaves the
 * diary columns empty and a diary row the library ones. The README lists
 * the columns with their meaning; this order is the contract.
 */
export const VGL_COLUMNS = [
  'record_type',
  'igdb_id',
  'game_slug',
  'title',
  'year',
  'platforms',
  'status',
  'status_code',
  'rating_stars',
  'rating',
  'started',
  'finished',
  'favourite',
  'review',
  'reviewed_at',
  'played_on',
  'event',
  'replay',
  'hours',
  'note',
  'logged_at',
  // Added with the backlog/wishlist (0016): older files lack it and import as "not said".
  'owned',
  // The private note and another service's playtime (0022), library rows only: older files lack them and import without.
  'notes',
  'playtime_hours',
  'playtime_source',
  // Lists (issue 17): list and list_game rows; see lists.columns.ts.
  ...LIST_COLUMNS,
  // How much of a beaten game was done (issue 38, 0050), library and play rows: main, main_extras or complete; older files lack it.
  'completion',
  // Plays (issue 38, 0051): a play row's number, and a diary row's play; older files lack it and have their plays made from their sessions.
  'play',
] as const;
export type VglColumn = (typeof VGL_COLUMNS)[number];

/** A library entry with its game, as the export reads it. */
export interface ExportEntry {
  igdb_id: number | null;
  game_slug: string;
  game_name: string;
  release_year: number | null;
  status: number | null;
  rating: number | null;
  review: string | null;
  review_created_at: number | null;
  started_on: string | null;
  finished_on: string | null;
  favourite_position: number | null;
  /** 1, 0 or null (not said). */
  owned: number | null;
  notes: string | null;
  playtime_minutes: number | null;
  playtime_source: string | null;
  completion: string | null;
  created_at: number;
}

/** A play, as the export reads it. */
export interface ExportPlay {
  number: number;
  replay: number;
  started_on: string | null;
  finished_on: string | null;
  platform_slug: string | null;
  completion: string | null;
  rating: number | null;
  review: string | null;
  review_created_at: number | string | null;
  created_at: number | string;
}

export interface ExportDiary {
  played_on: string;
  event: string;
  rating: number | null;
  note: string | null;
  replay: number;
  minutes_played: number | null;
  created_at: number;
  /** The session's platform, written in the platforms column of a diary row. */
  platform_slug: string | null;
  /** Its play's number. */
  play_number: number;
}

const iso = (ms: number | null) => (ms === null ? '' : new Date(Number(ms)).toISOString());
const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

function row(values: Partial<Record<VglColumn, string>>): string[] {
  return VGL_COLUMNS.map((column) => values[column] ?? '');
}

function gameCells(entry: ExportEntry) {
  return { igdb_id: text(entry.igdb_id), game_slug: entry.game_slug, title: entry.game_name, year: text(entry.release_year) };
}

// Hundredths of an hour are finer than a minute, so minutes survive the round trip.
const hoursCell = (minutes: number | null) => (minutes === null ? '' : String(Math.round((Number(minutes) / 60) * 100) / 100));

function ratingCells(rating: number | null) {
  return rating === null ? {} : { rating_stars: String(rating / 2), rating: String(rating) };
}

export function libraryRecord(entry: ExportEntry, platforms: string[]): string[] {
  const status = entry.status as PlayStatus | null;
  return row({
    record_type: 'library',
    ...gameCells(entry),
    platforms: platforms.join(';'),
    status: status === null ? '' : (PLAY_STATUS_LABELS[status] ?? ''),
    status_code: text(status),
    ...ratingCells(entry.rating),
    started: text(entry.started_on),
    finished: text(entry.finished_on),
    favourite: text(entry.favourite_position),
    review: text(entry.review),
    reviewed_at: entry.review ? iso(entry.review_created_at) : '',
    logged_at: iso(entry.created_at),
    owned: entry.owned === null ? '' : Number(entry.owned) !== 0 ? 'true' : 'false',
    // The member's own file: their private note goes with it.
    notes: text(entry.notes),
    playtime_hours: hoursCell(entry.playtime_minutes),
    playtime_source: text(entry.playtime_source),
    completion: status === PLAY_STATUS.beaten ? text(entry.completion) : '',
  });
}

export function diaryRecord(entry: ExportEntry, diary: ExportDiary): string[] {
  return row({
    record_type: 'diary',
    ...gameCells(entry),
    platforms: diary.platform_slug ?? '',
    ...ratingCells(diary.rating),
    played_on: diary.played_on,
    event: diary.event,
    replay: Number(diary.replay) === 1 ? 'true' : 'false',
    hours: hoursCell(diary.minutes_played),
    note: text(diary.note),
    logged_at: iso(diary.created_at),
    play: String(diary.play_number),
  });
}

/** A play: its own dates, platform, completion and verdict; a replay's review (the first play's is the library row's). */
export function playRecord(entry: ExportEntry, play: ExportPlay): string[] {
  const review = Number(play.replay) === 1 ? play.review : null;
  return row({
    record_type: 'play',
    ...gameCells(entry),
    platforms: play.platform_slug ?? '',
    ...ratingCells(play.rating),
    started: text(play.started_on),
    finished: text(play.finished_on),
    review: text(review),
    reviewed_at: review ? iso(Number(play.review_created_at)) : '',
    logged_at: iso(Number(play.created_at)),
    completion: text(play.completion),
    play: String(play.number),
  });
}

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab or CR first) is
 * written with a leading apostrophe, as OWASP advises against CSV injection;
 * reading takes it off again (unformulaCell), so a round trip keeps the text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
export const formulaSafeCell = (cell: string) => (FORMULA_START.test(cell) ? `'${cell}` : cell);
export const unformulaCell = (cell: string) => (cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell);

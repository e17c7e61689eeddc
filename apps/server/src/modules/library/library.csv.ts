import { PLAY_STATUS, PLAY_STATUS_LABELS, type DiaryEvent, type PlayStatus } from '@vgl/shared';

/**
 * The CSV formats: VGL's own, which the export writes and the import reads
 * back without loss, and the exports of HowLongToBeat and Grouvee, read
 * into the same import rows.
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
  created_at: number;
}

export interface ExportDiary {
  played_on: string;
  event: string;
  rating: number | null;
  note: string | null;
  replay: number;
  minutes_played: number | null;
  created_at: number;
}

const iso = (ms: number | null) => (ms === null ? '' : new Date(Number(ms)).toISOString());
const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

function row(values: Partial<Record<VglColumn, string>>): string[] {
  return VGL_COLUMNS.map((column) => values[column] ?? '');
}

function gameCells(entry: ExportEntry) {
  return { igdb_id: text(entry.igdb_id), game_slug: entry.game_slug, title: entry.game_name, year: text(entry.release_year) };
}

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
  });
}

export function diaryRecord(entry: ExportEntry, diary: ExportDiary): string[] {
  return row({
    record_type: 'diary',
    ...gameCells(entry),
    ...ratingCells(diary.rating),
    played_on: diary.played_on,
    event: diary.event,
    replay: Number(diary.replay) === 1 ? 'true' : 'false',
    // Hundredths of an hour are finer than a minute, so minutes survive the round trip.
    hours: diary.minutes_played === null ? '' : String(Math.round((diary.minutes_played / 60) * 100) / 100),
    note: text(diary.note),
    logged_at: iso(diary.created_at),
  });
}

// Reading: every format becomes these rows, then one validation and one import path.

interface RowBase {
  /** The line of the file where the record starts. */
  line: number;
  igdbId: number | null;
  slug: string | null;
  title: string;
  year: number | null;
  /** 1–10. */
  rating: number | null;
  /** Unix ms; when the entry or play was logged. */
  loggedAt: number | null;
}

export interface LibraryImportRow extends RowBase {
  kind: 'library';
  /** Platform slugs or names, resolved later. */
  platforms: string[];
  status: PlayStatus | null;
  review: string | null;
  reviewedAt: number | null;
  startedOn: string | null;
  finishedOn: string | null;
  favourite: boolean;
  /** The place among the favourites (1–5), when the file says. */
  favouritePosition: number | null;
}

export interface DiaryImportRow extends RowBase {
  kind: 'diary';
  playedOn: string;
  event: DiaryEvent;
  replay: boolean;
  hours: number | null;
  note: string | null;
}

export type ImportRow = LibraryImportRow | DiaryImportRow;

/** Reads the cells of one record by column name; collects what cannot be read. */
export class Cells {
  readonly errors: string[] = [];
  constructor(
    private readonly columns: Map<string, number>,
    private readonly cells: string[],
  ) {}

  has(column: string): boolean {
    return this.columns.has(column.toLowerCase());
  }

  /** The trimmed cell, '' when the column is missing. */
  get(column: string): string {
    const index = this.columns.get(column.toLowerCase());
    return index === undefined ? '' : (this.cells[index] ?? '').trim();
  }

  /** The cell as written (reviews and notes keep their inner spacing; the schema trims the ends). */
  raw(column: string): string | null {
    const index = this.columns.get(column.toLowerCase());
    const value = index === undefined ? '' : (this.cells[index] ?? '');
    return value.trim() ? value : null;
  }

  fail(message: string): null {
    this.errors.push(message);
    return null;
  }

  number(column: string, what: string): number | null {
    const value = this.get(column);
    if (!value) return null;
    const n = Number(value);
    return Number.isFinite(n) ? n : this.fail(`${what} must be a number, not "${value}"`);
  }

  wholeNumber(column: string, what: string): number | null {
    const n = this.number(column, what);
    return n === null || Number.isInteger(n) ? n : this.fail(`${what} must be a whole number, not "${this.get(column)}"`);
  }

  boolean(column: string, what: string): boolean | null {
    const value = this.get(column).toLowerCase();
    if (!value) return null;
    if (['true', 'yes', 'y', '1', 'x'].includes(value)) return true;
    if (['false', 'no', 'n', '0'].includes(value)) return false;
    return this.fail(`${what} must be true or false, not "${this.get(column)}"`);
  }

  /** An instant: ISO 8601 (a bare date is midnight UTC). */
  instant(column: string, what: string): number | null {
    const value = this.get(column);
    if (!value) return null;
    const ms = /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value) : Number.NaN;
    return Number.isNaN(ms) ? this.fail(`${what} must be a date and time like 2024-05-31T18:30:00Z, not "${value}"`) : ms;
  }

  /** 'YYYY-MM-DD' as written; its validity is the schema's job. */
  date(column: string): string | null {
    return this.get(column) || null;
  }
}

const STATUS_BY_LABEL = new Map(Object.entries(PLAY_STATUS_LABELS).map(([code, label]) => [label.toLowerCase(), Number(code) as PlayStatus]));

function vglStatus(cells: Cells): PlayStatus | null {
  const label = cells.get('status');
  const code = cells.wholeNumber('status_code', 'status_code');
  const fromLabel = label ? (STATUS_BY_LABEL.get(label.toLowerCase()) ?? (/^[1-4]$/.test(label) ? (Number(label) as PlayStatus) : undefined)) : null;
  if (fromLabel === undefined) return cells.fail(`Status must be ${Object.values(PLAY_STATUS_LABELS).join(', ')}, not "${label}"`);
  if (code !== null && (code < 1 || code > 4)) return cells.fail(`status_code must be 1, 2, 3 or 4, not ${code}`);
  if (fromLabel !== null && code !== null && fromLabel !== code) return cells.fail(`Status "${label}" and status_code ${code} disagree`);
  return fromLabel ?? (code as PlayStatus | null);
}

function vglRating(cells: Cells): number | null {
  const stars = cells.number('rating_stars', 'rating_stars');
  const rating = cells.number('rating', 'rating');
  if (stars !== null && rating !== null && stars * 2 !== rating) return cells.fail(`rating_stars ${stars} and rating ${rating} disagree (rating is twice the stars)`);
  // The schema checks the range; stars that are not halves fail there as a fractional rating.
  return rating ?? (stars === null ? null : stars * 2);
}

function vglFavourite(cells: Cells): { favourite: boolean; favouritePosition: number | null } {
  const value = cells.get('favourite');
  if (/^[1-9]$/.test(value)) return { favourite: true, favouritePosition: Number(value) };
  return { favourite: cells.boolean('favourite', 'favourite') ?? false, favouritePosition: null };
}

/** One record of a VGL file as an import row (null when a cell cannot be read; see cells.errors). */
export function readVglRecord(line: number, cells: Cells): ImportRow | null {
  const type = cells.get('record_type').toLowerCase();
  if (type !== 'library' && type !== 'diary') return cells.fail(`record_type must be library or diary, not "${cells.get('record_type')}"`);
  const base = {
    line,
    igdbId: cells.wholeNumber('igdb_id', 'igdb_id'),
    slug: cells.get('game_slug').toLowerCase() || null,
    title: cells.get('title'),
    year: cells.wholeNumber('year', 'year'),
    rating: vglRating(cells),
    loggedAt: cells.instant('logged_at', 'logged_at'),
  };
  if (!base.title && base.igdbId === null && !base.slug) return cells.fail('The row names no game: fill title, game_slug or igdb_id');
  if (type === 'library') {
    return {
      ...base,
      kind: 'library',
      platforms: cells.get('platforms').split(/[;,]/).map((p) => p.trim()).filter(Boolean),
      status: vglStatus(cells),
      review: cells.raw('review'),
      reviewedAt: cells.instant('reviewed_at', 'reviewed_at'),
      startedOn: cells.date('started'),
      finishedOn: cells.date('finished'),
      ...vglFavourite(cells),
    };
  }
  const playedOn = cells.date('played_on');
  if (!playedOn) return cells.fail('A diary row needs played_on, the date of the play');
  return {
    ...base,
    kind: 'diary',
    playedOn,
    event: (cells.get('event').toLowerCase() || 'played') as DiaryEvent,
    replay: cells.boolean('replay', 'replay') ?? false,
    hours: cells.number('hours', 'hours'),
    note: cells.raw('note'),
  };
}

// Other services' exports. Both are read by column name, so columns they add
// or drop later do no harm; only the title column is required.

const HLTB_STATUS_COLUMNS: [string, PlayStatus][] = [
  ['Playing', PLAY_STATUS.playing],
  ['Completed', PLAY_STATUS.beaten],
  ['Retired', PLAY_STATUS.abandoned],
  ['Backlog', PLAY_STATUS.wantToPlay],
  // HowLongToBeat's Replay list holds games to play again.
  ['Replay', PLAY_STATUS.wantToPlay],
];
const HLTB_TIME_COLUMNS = ['Progress', 'Main Story', 'Main + Extras', 'Completionist', 'Speed Any%', 'Speed 100%'];

/** "Doom (2016)": HowLongToBeat and Grouvee tell same-named games apart by the year in the title. */
function titleAndYear(title: string): { title: string; year: number | null } {
  const match = /^(.*\S)\s*\((\d{4})\)$/.exec(title);
  return match ? { title: match[1]!, year: Number(match[2]) } : { title, year: null };
}

/** HowLongToBeat writes unknown parts of a date as zeros ("2012-00-00"); a day is all we store. */
function hltbDate(cells: Cells, column: string): string | null {
  const value = cells.get(column);
  if (!value || /^\d{4}-(00-\d{2}|\d{2}-00)$/.test(value)) return null;
  return value;
}

/** "12:30:00", "46:30" (minutes) or "32" (seconds) → hours; "--" is none. */
function hltbHours(cells: Cells, column: string): number | null {
  const value = cells.get(column);
  if (!value || value === '--') return null;
  if (!/^\d+(:\d{1,2}){0,2}$/.test(value)) return cells.fail(`${column} must be a time like 12:30:00, not "${value}"`);
  const seconds = value.split(':').reduce((total, part) => total * 60 + Number(part), 0);
  return seconds / 3600;
}

const libraryRow = (base: RowBase, fields: Partial<LibraryImportRow>): LibraryImportRow => ({
  platforms: [],
  status: null,
  review: null,
  reviewedAt: null,
  startedOn: null,
  finishedOn: null,
  favourite: false,
  favouritePosition: null,
  ...base,
  ...fields,
  kind: 'library',
});

const diaryRow = (base: RowBase, fields: Pick<DiaryImportRow, 'playedOn' | 'event' | 'replay'> & Partial<DiaryImportRow>): DiaryImportRow => ({
  hours: null,
  note: null,
  ...base,
  rating: null,
  ...fields,
  kind: 'diary',
});

/** A HowLongToBeat export row: the game with its status, score and notes, and its dates as diary rows. */
export function readHltbRecord(line: number, cells: Cells): ImportRow[] {
  if (!cells.get('Title')) return cells.fail('The row has no Title') ?? [];
  const flagged = (column: string) => !['', '0', '--', 'no', 'false'].includes(cells.get(column).toLowerCase());
  const score = cells.number('Review', 'Review');
  const rating =
    score === null || score <= 0 ? null : score > 100 ? cells.fail(`Review must be a score from 0 to 100, not ${score}`) : Math.min(10, Math.max(1, Math.round(score / 10)));
  const hours = Math.max(0, ...HLTB_TIME_COLUMNS.map((column) => hltbHours(cells, column) ?? 0));
  const added = cells.get('Added');
  const loggedAt = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/.test(added) ? Date.parse(`${added.replace(' ', 'T')}Z`) : null;
  const base: RowBase = { line, igdbId: null, slug: null, ...titleAndYear(cells.get('Title')), rating, loggedAt };
  const startedOn = hltbDate(cells, 'Start Date');
  const finishedOn = hltbDate(cells, 'Completion Date');
  const replay = /re-?play/i.test(cells.get('Playthrough'));
  const rows: ImportRow[] = [
    libraryRow(base, {
      platforms: cells.get('Platform') ? [cells.get('Platform')] : [],
      status: HLTB_STATUS_COLUMNS.find(([column]) => flagged(column))?.[1] ?? null,
      review: cells.raw('Review Notes'),
      startedOn,
      finishedOn,
    }),
  ];
  if (startedOn) rows.push(diaryRow(base, { playedOn: startedOn, event: 'started', replay }));
  if (finishedOn) rows.push(diaryRow(base, { playedOn: finishedOn, event: 'finished', replay, rating, hours: hours > 0 ? Math.round(hours * 100) / 100 : null }));
  return rows;
}

const GROUVEE_SHELVES: [RegExp, PlayStatus][] = [
  [/^(playing|currently playing)$/, PLAY_STATUS.playing],
  [/^(played|beaten|completed|finished)$/, PLAY_STATUS.beaten],
  [/^(abandoned|dropped|retired)$/, PLAY_STATUS.abandoned],
  [/^(backlog|wish ?list|want to play)$/, PLAY_STATUS.wantToPlay],
];

function grouveeJson(cells: Cells, column: string): unknown {
  const value = cells.get(column);
  if (!value) return null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return cells.fail(`${column} is not Grouvee's JSON: ${value.slice(0, 40)}`);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Grouvee writes "None" for a missing date and sometimes a time after it. */
function grouveeDate(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim() || value === 'None') return null;
  return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : value;
}

/** Names from Grouvee's JSON objects ({"PC": {"url": …}}), a JSON list, or plain comma-separated text. */
function grouveeNames(cells: Cells, column: string): string[] {
  const value = cells.get(column);
  if (!value.startsWith('{') && !value.startsWith('[')) return value.split(',').map((n) => n.trim()).filter(Boolean);
  const json = grouveeJson(cells, column);
  if (isObject(json)) return Object.keys(json);
  return Array.isArray(json) ? json.filter((n): n is string => typeof n === 'string') : [];
}

/** A Grouvee export row: shelves give the status, ratings are 1–5 stars, each play-through in "dates" becomes diary rows. */
export function readGrouveeRecord(line: number, cells: Cells): ImportRow[] {
  if (!cells.get('name')) return cells.fail('The row has no name') ?? [];
  const named = titleAndYear(cells.get('name'));
  const released = /^(\d{4})/.exec(cells.get('release_date'))?.[1];
  const stars = cells.number('rating', 'rating');
  const rating = stars === null || stars <= 0 ? null : stars > 5 ? cells.fail(`rating must be from 1 to 5 stars, not ${stars}`) : Math.max(1, Math.round(stars * 2));

  const shelvesJson = grouveeJson(cells, 'shelves');
  const shelves = isObject(shelvesJson) ? shelvesJson : {};
  const shelfNames = Object.keys(shelves).map((name) => name.trim().toLowerCase());
  const added = Object.values(shelves)
    .map((shelf) => (isObject(shelf) && typeof shelf.date_added === 'string' ? Date.parse(shelf.date_added) : Number.NaN))
    .filter((ms) => !Number.isNaN(ms));

  const datesJson = grouveeJson(cells, 'dates');
  const runs = (Array.isArray(datesJson) ? datesJson : [])
    .filter(isObject)
    .map((run) => ({
      started: grouveeDate(run.date_started),
      finished: grouveeDate(run.date_finished),
      seconds: typeof run.seconds_played === 'number' ? run.seconds_played : Number(run.seconds_played) || 0,
    }))
    .filter((run) => run.started || run.finished)
    .sort((a, b) => (a.started ?? a.finished ?? '').localeCompare(b.started ?? b.finished ?? ''));
  const last = runs.at(-1);

  const base: RowBase = {
    line,
    igdbId: null,
    slug: null,
    title: named.title,
    year: released ? Number(released) : named.year,
    rating,
    loggedAt: added.length > 0 ? Math.min(...added) : null,
  };
  const shelfStatus = GROUVEE_SHELVES.find(([pattern]) => shelfNames.some((name) => pattern.test(name)))?.[1];
  const rows: ImportRow[] = [
    libraryRow(base, {
      platforms: grouveeNames(cells, 'platforms'),
      status: shelfStatus ?? (last?.finished ? PLAY_STATUS.beaten : last ? PLAY_STATUS.playing : null),
      review: cells.raw('review'),
      startedOn: last?.started ?? null,
      finishedOn: last?.finished ?? null,
    }),
  ];
  runs.forEach((run, i) => {
    const replay = i > 0;
    if (run.started) rows.push(diaryRow(base, { playedOn: run.started, event: 'started', replay }));
    if (run.finished) {
      const hours = run.seconds > 0 ? Math.round((run.seconds / 3600) * 100) / 100 : null;
      rows.push(diaryRow(base, { playedOn: run.finished, event: 'finished', replay, hours, rating: run === last ? rating : null }));
    }
  });
  return rows;
}

import { unformulaCell } from './transfer.csv.js';
import { PLAY_STATUS_LABELS, type Completion, type DiaryEvent, type PlayStatus } from '@vgl/shared';

// Every import format is read into these rows, then one validation and one import path.

export interface RowBase {
  /** The line of the file where the record starts (JSON files: the record's number, from 1). */
  line: number;
  igdbId: number | null;
  /** Steam's app id (Steam, Playnite): matched through IGDB's external ids. */
  steamAppId: number | null;
  slug: string | null;
  title: string;
  year: number | null;
  /** 1–10. */
  rating: number | null;
  /** The rating as the file gives it, when converting it to half stars had to round it: "85/100" (see ratingFrom). */
  ratingNote: string | null;
  /** Unix ms; when the entry or play was logged. */
  loggedAt: number | null;
}

export interface LibraryImportRow extends RowBase {
  kind: 'library';
  /** Platform slugs or names, resolved later. */
  platforms: string[];
  status: PlayStatus | null;
  /** How much of a beaten game was done, when the file says (HowLongToBeat's time columns, VGL's own); kept only with Beaten. */
  completion: Completion | null;
  /** How the tracker's status was taken (see statusMapped): the preview lists each mapping with its rows. */
  statusNote: string | null;
  review: string | null;
  reviewedAt: number | null;
  startedOn: string | null;
  finishedOn: string | null;
  favourite: boolean;
  /** The place among the favourites (1–5), when the file says. */
  favouritePosition: number | null;
  /** Has the game (true), not yet (false: a "want to play" game on the wishlist), or not said. */
  owned: boolean | null;
  /** The private note on the entry: what the file says that has no field of its own (notes, storefront, status texts), one part per paragraph. */
  notes: string | null;
  /** Time played as the source counts it, whole minutes, and which source ('steam', 'playnite', 'hltb', …). */
  playtimeMinutes: number | null;
  playtimeSource: string | null;
  /**
   * 'steam': a Steam library. On a game already in the library it changes
   * only the playtime (and ownership, platforms), never the member's own
   * status, rating or review.
   */
  origin: 'file' | 'steam';
}

export interface DiaryImportRow extends RowBase {
  kind: 'diary';
  playedOn: string;
  event: DiaryEvent;
  replay: boolean;
  hours: number | null;
  note: string | null;
  /** The session's platform: a slug or name, resolved later. */
  platform: string | null;
  /** The number of the play it belongs to (VGL's own files, issue 38); null when the file does not say. */
  play: number | null;
}

/** One play of a game (VGL's own files, issue 38): the first (number 1) or a replay, with its own verdict. */
export interface PlayImportRow extends RowBase {
  kind: 'play';
  /** 1 the first play, 2 the first replay, … as the export numbered them. */
  number: number;
  startedOn: string | null;
  finishedOn: string | null;
  /** A slug or name, resolved later. */
  platform: string | null;
  completion: Completion | null;
  /** A replay's own review (the first play's is its library row's). */
  review: string | null;
  reviewedAt: number | null;
}

export type ImportRow = LibraryImportRow | DiaryImportRow | PlayImportRow;

/** A problem with one line of the file, or what of it was imported only in part. */
export interface LineError {
  line: number;
  message: string;
}

/** Reads the cells of one record by column name; collects what cannot be read. */
export class Cells {
  readonly errors: string[] = [];
  private readonly cells: string[];
  constructor(
    private readonly columns: Map<string, number>,
    cells: string[],
  ) {
    // Spreadsheets (and our export) escape a formula-like cell with a leading apostrophe.
    this.cells = cells.map(unformulaCell);
  }

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

/** What a library row holds when the file says nothing of it. */
export const EMPTY_LIBRARY_FIELDS = {
  platforms: [] as string[],
  status: null,
  completion: null,
  statusNote: null,
  review: null,
  reviewedAt: null,
  startedOn: null,
  finishedOn: null,
  favourite: false,
  favouritePosition: null,
  owned: null,
  notes: null,
  playtimeMinutes: null,
  playtimeSource: null,
  origin: 'file',
} as const satisfies Omit<LibraryImportRow, keyof RowBase | 'kind'>;

/** A library row: what the file leaves out stays empty. */
export const libraryRow = (base: RowBase, fields: Partial<LibraryImportRow>): LibraryImportRow => ({
  ...EMPTY_LIBRARY_FIELDS,
  // A list of the row's own: readers push to it.
  platforms: [],
  ...base,
  ...fields,
  kind: 'library',
});

/** A diary row: no hours, note or rating unless the file gives them. */
export const diaryRow = (base: RowBase, fields: Pick<DiaryImportRow, 'playedOn' | 'event' | 'replay'> & Partial<DiaryImportRow>): DiaryImportRow => ({
  hours: null,
  note: null,
  platform: null,
  play: null,
  ...base,
  rating: null,
  ...fields,
  kind: 'diary',
});

/** A base with nothing known but the line and title; readers spread what they know over it. */
export const rowBase = (line: number, fields: Partial<RowBase> & Pick<RowBase, 'title'>): RowBase => ({
  line,
  igdbId: null,
  steamAppId: null,
  slug: null,
  year: null,
  rating: null,
  ratingNote: null,
  loggedAt: null,
  ...fields,
});

/**
 * A rating on another scale as VGL's 1–10 (half stars): exact where half
 * stars can hold it, else rounded to the nearest half star with a note of
 * what the file said, which the preview shows. `max` is the scale's top
 * (5 stars, 10 points, 100); 0 or less is unrated.
 */
export function ratingFrom(value: number, max: number): { rating: number | null; ratingNote: string | null } {
  if (!(value > 0)) return { rating: null, ratingNote: null };
  const exact = (value / max) * 10;
  const rating = Math.min(10, Math.max(1, Math.round(exact)));
  return { rating, ratingNote: Math.abs(rating - exact) < 1e-9 ? null : `${value}/${max}` };
}

/** Note paragraphs joined, empty ones left out; null when there is none. */
export const joinNotes = (...parts: (string | null | undefined)[]): string | null => {
  const kept = parts.map((p) => p?.trim()).filter((p): p is string => Boolean(p));
  return kept.length > 0 ? kept.join('\n\n') : null;
};

/** The preview's line for how a tracker's status is taken: "Backloggd “Shelved” is imported as Shelved". */
export const statusMapping = (tracker: string, status: string, meaning: string) => `${tracker} “${status}” is imported as ${meaning}`;

/** The preview's line for a status taken as one of VGL's (issue 38: the preview shows the mapping of every status the file has). */
export const statusMapped = (tracker: string, word: string, status: PlayStatus | null, extra = '') =>
  word ? statusMapping(tracker, word, status === null ? 'no status' : `${PLAY_STATUS_LABELS[status]}${extra}`) : null;

/** "Doom (2016)": HowLongToBeat and Grouvee tell same-named games apart by the year in the title. */
export function titleAndYear(title: string): { title: string; year: number | null } {
  const match = /^(.*\S)\s*\((\d{4})\)$/.exec(title);
  return match ? { title: match[1]!, year: Number(match[2]) } : { title, year: null };
}

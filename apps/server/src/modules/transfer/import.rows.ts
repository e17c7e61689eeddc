import { unformulaCell } from './transfer.csv.js';
import type { DiaryEvent, PlayStatus } from '@vgl/shared';

// Every import format is read into these rows, then one validation and one import path.

export interface RowBase {
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
  /** Has the game (true), not yet (false: a "want to play" game on the wishlist), or not said. */
  owned: boolean | null;
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
}

export type ImportRow = LibraryImportRow | DiaryImportRow;

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

/** A library row: what the file leaves out stays empty. */
export const libraryRow = (base: RowBase, fields: Partial<LibraryImportRow>): LibraryImportRow => ({
  platforms: [],
  status: null,
  review: null,
  reviewedAt: null,
  startedOn: null,
  finishedOn: null,
  favourite: false,
  favouritePosition: null,
  owned: null,
  ...base,
  ...fields,
  kind: 'library',
});

/** A diary row: no hours, note or rating unless the file gives them. */
export const diaryRow = (base: RowBase, fields: Pick<DiaryImportRow, 'playedOn' | 'event' | 'replay'> & Partial<DiaryImportRow>): DiaryImportRow => ({
  hours: null,
  note: null,
  platform: null,
  ...base,
  rating: null,
  ...fields,
  kind: 'diary',
});

/** "Doom (2016)": HowLongToBeat and Grouvee tell same-named games apart by the year in the title. */
export function titleAndYear(title: string): { title: string; year: number | null } {
  const match = /^(.*\S)\s*\((\d{4})\)$/.exec(title);
  return match ? { title: match[1]!, year: Number(match[2]) } : { title, year: null };
}

import type { Cells } from '../import.rows.js';

// Helpers for exports whose tools name the same column differently
// (community scrapers, Playnite's localised headers) and write dates as
// their platform formats them.

/** The first of these columns that has text in this record, '' when none. */
export function cellOf(cells: Cells, names: readonly string[]): string {
  for (const name of names) {
    const value = cells.get(name);
    if (value) return value;
  }
  return '';
}

/** As cellOf, but as written (reviews and notes keep their inner spacing); null when none has text. */
export function textOf(cells: Cells, names: readonly string[]): string | null {
  for (const name of names) {
    const value = cells.raw(name);
    if (value) return value;
  }
  return null;
}

/** Names in a list cell: "Steam, GOG" or "PC; Switch" ("Xbox Series X|S" stays whole). */
export const namesIn = (value: string): string[] => value.split(/[,;]/).map((name) => name.trim()).filter(Boolean);

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * 'YYYY-MM-DD' from ISO 8601 (with or without a time), "M/D/YYYY" (the
 * en-US way .NET and spreadsheets write dates; "D/M/YYYY" when the first
 * number cannot be a month) or "D.M.YYYY"; null when it is none of them.
 */
export function calendarDay(value: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const slashed = /^(\d{1,2})\/(\d{1,2})\/(\d{4})\b/.exec(value);
  if (slashed) {
    const [first, second] = [Number(slashed[1]), Number(slashed[2])];
    const [month, day] = first > 12 ? [second, first] : [first, second];
    return `${slashed[3]}-${pad(month)}-${pad(day)}`;
  }
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})\b/.exec(value);
  return dotted ? `${dotted[3]}-${pad(Number(dotted[2]))}-${pad(Number(dotted[1]))}` : null;
}

/** Unix ms of a date with an optional time ("2024-05-31 18:30", "5/31/2024 6:30:00 PM"), read as UTC; null when unreadable. */
export function instantOf(value: string): number | null {
  const day = calendarDay(value);
  if (!day) return null;
  if (/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(value)) {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? null : ms;
  }
  const time = /[ T](\d{1,2}):(\d{2})(?::(\d{2}))?\s*(AM|PM)?/i.exec(value);
  let hours = time ? Number(time[1]) % 24 : 0;
  if (time?.[4]) hours = (hours % 12) + (time[4].toUpperCase() === 'PM' ? 12 : 0);
  const ms = Date.parse(`${day}T${pad(hours)}:${time?.[2] ?? '00'}:${time?.[3] ?? '00'}Z`);
  return Number.isNaN(ms) ? null : ms;
}

/** The year in a date or a bare year ("2007-10-10", "10/10/2007", "2007"). */
export function yearOf(value: string): number | null {
  const match = /\b(\d{4})\b/.exec(value);
  return match ? Number(match[1]) : null;
}

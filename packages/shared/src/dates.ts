import { RELEASE_DATE_UNKNOWN } from './limits.js';

const long = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const short = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * A game's release in US English (SPEC §9): "November 21, 1990" (long) or
 * "Nov 21, 1990" (short); the year alone when only that is known; "TBA" otherwise.
 */
export function formatReleaseDate(unixSeconds: number | null | undefined, year?: number | null, style: 'long' | 'short' = 'long'): string {
  if (typeof unixSeconds === 'number') return (style === 'long' ? long : short).format(new Date(unixSeconds * 1000));
  if (typeof year === 'number') return String(year);
  return RELEASE_DATE_UNKNOWN;
}

/** IGDB's 0–100 rating as VGL's 0–10 half-star scale (SPEC §3). */
export function ratingToTen(rating: number | null | undefined): number | null {
  if (typeof rating !== 'number') return null;
  return Math.max(0, Math.min(10, Math.round(rating / 10)));
}

const DAY_MS = 86_400_000;

/** The day of the year in UTC, 1-based: January 1 is 1, December 31 is 365 (366 in a leap year). */
export function dayOfYear(date: Date): number {
  return Math.floor((date.getTime() - Date.UTC(date.getUTCFullYear(), 0, 1)) / DAY_MS) + 1;
}

/**
 * The Platform of the Day and the Featured Selection (SPEC §2): the item at
 * day-of-year modulo the list length, so everyone sees the same pick all day
 * (UTC) and the list is walked through day by day. Undefined for an empty list.
 */
export function pickOfTheDay<T>(list: readonly T[], date: Date): T | undefined {
  if (list.length === 0) return undefined;
  return list[dayOfYear(date) % list.length];
}

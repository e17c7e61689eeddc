/**
 * The play journal (sessions in the diary) and the backlog/wishlist shelves
 * of "want to play" games. SPEC §9 shows no limits for them: these are ours.
 */
export const JOURNAL_LIMITS = {
  /** Diary entries one member logs on one day, every game together. */
  sessionsPerDay: 20,
  /** Diary entries of one game on one day. */
  sessionsPerGamePerDay: 5,
  /** One session's length: a day. */
  sessionMaxMinutes: 24 * 60,
} as const;

export const JOURNAL_MESSAGES = {
  sessionsPerDay: `You can log up to ${JOURNAL_LIMITS.sessionsPerDay} sessions on one day.`,
  sessionsPerGamePerDay: `You can log up to ${JOURNAL_LIMITS.sessionsPerGamePerDay} sessions of one game on one day.`,
  sessionTooLong: 'A session can last at most 24 hours',
  minutesRange: 'Minutes must be a whole number from 0 to 1440',
  hoursOrMinutes: 'Give the time played in hours or in minutes, not both',
  noSuchEntry: 'There is no such diary entry.',
} as const;

/**
 * Where a "want to play" game sits: the backlog holds the ones the member
 * has (owned, or not said), the wishlist the ones they don't have yet.
 */
export const LIBRARY_SHELVES = ['backlog', 'wishlist'] as const;
export type LibraryShelf = (typeof LIBRARY_SHELVES)[number];

export const LIBRARY_SHELF_LABELS: Record<LibraryShelf, string> = {
  backlog: 'Backlog',
  wishlist: 'Wishlist',
};

/** The shelf of an entry, or null when it is not a "want to play" game (status 4). */
export function shelfOf(status: number | null, owned: boolean | null): LibraryShelf | null {
  if (status !== 4) return null;
  return owned === false ? 'wishlist' : 'backlog';
}

/** A platform as the diary names it. */
export interface PlatformRef {
  slug: string;
  name: string;
}

/** The years and platforms a member's diary holds, for its filters. */
export interface DiaryFilters {
  /** Newest first. */
  years: { year: number; count: number }[];
  /** Most logged first. */
  platforms: (PlatformRef & { count: number })[];
}

/** 90 → "1 h 30 min", 45 → "45 min", 120 → "2 h". */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

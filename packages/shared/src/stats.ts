/**
 * A member's stats (per year or all time) and their year in review. The
 * definitions below are the contract: the server counts exactly this, the
 * OpenAPI document and the pages quote these sentences, and the README
 * repeats them.
 */

/** How much of each breakdown an answer carries (the rest is summed up as "Other" where it makes sense). */
export const STATS_LIMITS = {
  /** Games in "most played". */
  mostPlayed: 10,
  /** Genres and platforms listed; the rest are added up as "Other". */
  breakdown: 12,
  /** The first year a diary can hold (diary dates start in 1950) and the last one asked about. */
  firstYear: 1950,
  lastYear: 2100,
} as const;

// Plain literals (no expressions), so the web app's first page leaves them out when it does not use them.
export const STATS_MESSAGES = {
  year: 'The year must be a year from 1950 to 2100, such as 2024',
} as const;

/** What each number counts, word for word as the docs and the pages say it. */
export const STATS_DEFINITIONS = {
  period:
    'A period is one calendar year of diary dates (a diary date is a day, in no time zone), or all time. Reviews are placed in a year by when they were first written (UTC).',
  sessions: 'Sessions: the diary entries dated in the period (each logged session, start and finish is one).',
  hours: 'Hours: the minutes logged on those diary entries, added up, in hours with one decimal.',
  played:
    'Games played: the games with a diary entry in the period, or whose library Started or Finished date falls in it; all time also counts every game whose status is Playing, Beaten, Played, Shelved or Abandoned.',
  beaten:
    'Beaten: the games finished in the period, i.e. with a diary entry marked finished or the library Finished date in it; all time also counts every game whose status is Beaten.',
  plays:
    'Plays finished: the plays of games — each game’s first play and every replay — whose Finished date falls in the period (all time: every play with a Finished date); replays finished are those of them that are replays. A game with a play finished in the period is also counted as played and beaten in it.',
  abandoned: 'Abandoned: the games played in the period whose status is now Abandoned.',
  platforms:
    'By platform: each game played counts once on every platform its sessions of the period were logged on, or, when none of them names one, on the platforms of its library entry; hours are those of the sessions logged on the platform.',
  genres: 'By genre: the games played, each counted once in every genre the catalog gives it.',
  decades: 'By release decade: the games played, by the decade of their first release.',
  ratings: 'Ratings: how the member rates the games played in the period (their current rating, in half stars 1–10).',
  mostPlayed: 'Most played: the games played with the most hours logged in the period, then the most sessions.',
  streak: 'Longest streak: the most consecutive days with at least one diary entry, within the period.',
  years: 'Years: the years with at least one diary entry, newest first (for a year picker).',
  reviews: 'Reviews: the reviews first written in the period.',
} as const;

/** The game as stats name it. */
export interface StatsGame {
  slug: string;
  name: string;
  /** IGDB cover image id. */
  cover: string | null;
  release_year: number | null;
}

export interface StatsTotals {
  played: number;
  beaten: number;
  abandoned: number;
  /** Plays (first plays and replays) finished in the period (STATS_DEFINITIONS.plays). */
  playsFinished: number;
  /** Of those, the replays. */
  replaysFinished: number;
  sessions: number;
  /** Hours, one decimal. */
  hours: number;
  /** Days with at least one diary entry. */
  daysPlayed: number;
  reviews: number;
}

/** One bar of a breakdown; the key is the slug (platform, genre), the decade ("1990") or null for "not said"/"unknown". */
export interface StatsBucket {
  key: string | null;
  label: string;
  games: number;
}

export interface PlatformBucket extends StatsBucket {
  sessions: number;
  hours: number;
}

export interface MostPlayedGame {
  game: StatsGame;
  hours: number;
  sessions: number;
}

/** Sessions and hours of one month ("2024-03") or one year ("2024"). */
export interface StatsPeriodPoint {
  period: string;
  sessions: number;
  hours: number;
}

export interface StatsStreak {
  days: number;
  /** First and last day, YYYY-MM-DD; null when there is no diary entry. */
  from: string | null;
  to: string | null;
}

export interface MemberStats {
  username: string;
  /** Null: all time. */
  year: number | null;
  totals: StatsTotals;
  byPlatform: PlatformBucket[];
  byGenre: StatsBucket[];
  byDecade: StatsBucket[];
  /** Ten counts: ratings[0] is how many games are rated 1 (half a star), ratings[9] rated 10. */
  ratings: number[];
  mostPlayed: MostPlayedGame[];
  longestStreak: StatsStreak;
  /** Month by month for a year (12 points), year by year for all time (oldest first). */
  timeline: StatsPeriodPoint[];
  /** The years with diary entries, newest first. */
  years: number[];
}

export interface DatedGame {
  game: StatsGame;
  playedOn: string;
}

export interface YearHighlights {
  /** The game of the year's first diary entry, and of its last. */
  firstGame: DatedGame | null;
  lastGame: DatedGame | null;
  /** The best rated game played that year (ties: the most hours, then the name). */
  bestRated: { game: StatsGame; rating: number } | null;
  mostPlayed: MostPlayedGame | null;
}

export interface YearInReview {
  stats: MemberStats & { year: number };
  highlights: YearHighlights;
}

/** 1990 → "1990s"; null → "Unknown". */
export const decadeLabel = (decade: number | null) => (decade === null ? 'Unknown' : `${decade}s`);

/** Hours with one decimal from minutes. */
export const hoursOf = (minutes: number) => Math.round(minutes / 6) / 10;

/** Paths of the two pages, usernames lower-cased (SPEC §2). */
export const statsPath = (username: string) => `/u/${username.toLowerCase()}/stats`;
export const yearInReviewPath = (username: string, year: number) => `/u/${username.toLowerCase()}/year/${year}`;
/** The year in review's share image (1200×630 PNG); `version` changes with its data, so previews refresh. */
export const yearCardPath = (username: string, year: number, version?: string) =>
  `/api/users/${encodeURIComponent(username.toLowerCase())}/year/${year}/card.png${version ? `?v=${version}` : ''}`;

/** "Ann's 2024 in games". */
export const yearInReviewTitle = (username: string, year: number) => `${username}'s ${year} in games`;

/**
 * The year in review's count of what was finished: "Finished 12 games · 14 plays (2 replays)"; each group
 * only when it has some ("(2 replays)" only with replays), null when nothing was finished.
 */
export function finishedSummary(totals: Pick<StatsTotals, 'beaten' | 'playsFinished' | 'replaysFinished'>): string | null {
  const n = (value: number, one: string, many: string) => `${value.toLocaleString('en-US')} ${value === 1 ? one : many}`;
  const groups: string[] = [];
  if (totals.beaten > 0) groups.push(n(totals.beaten, 'game', 'games'));
  if (totals.playsFinished > 0) {
    const replays = totals.replaysFinished > 0 ? ` (${n(totals.replaysFinished, 'replay', 'replays')})` : '';
    groups.push(`${n(totals.playsFinished, 'play', 'plays')}${replays}`);
  }
  return groups.length === 0 ? null : `Finished ${groups.join(' · ')}`;
}

/** One sentence for link previews and the card: "12 games played, 3 beaten, 48.5 hours over 30 sessions in 2024." */
export function yearInReviewSummary(totals: StatsTotals, year: number): string {
  if (totals.played === 0 && totals.sessions === 0) return `Nothing logged in ${year} yet.`;
  const n = (value: number, one: string, many: string) => `${value.toLocaleString('en-US')} ${value === 1 ? one : many}`;
  return (
    `${n(totals.played, 'game', 'games')} played, ${totals.beaten.toLocaleString('en-US')} beaten, ` +
    `${n(totals.hours, 'hour', 'hours')} over ${n(totals.sessions, 'session', 'sessions')} in ${year}.`
  );
}

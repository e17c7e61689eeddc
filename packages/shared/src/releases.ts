import { formatReleaseDate } from './dates.js';

/**
 * Release alerts, "Coming up" and the calendar feed (issue 37): the games a
 * member wants (status "want to play": the wishlist and the backlog), by
 * release date.
 */
export const RELEASE_LIMITS = {
  /** "Coming up" also shows games out in the last this many days. */
  recentDays: 30,
  /** A game out at most this long before an alert run is "out today"; older ones are recorded without an alert. */
  releasedAlertDays: 2,
  /** The calendar feed lists releases from this many days back (calendar apps drop older ones anyway). */
  calendarPastDays: 365,
  comingUpMax: 500,
  /** For a member who named platforms, games first out up to this many years before Coming up's window may still be to come on theirs. */
  portYears: 3,
} as const;

export const RELEASE_MESSAGES = {
  dated: (game: string, releaseDate: number) => `${game} now has a release date: ${formatReleaseDate(releaseDate)}`,
  released: (game: string) => `${game} is out today`,
  /** For a member who named their platforms: the date on one of them. */
  datedOn: (game: string, releaseDate: number, platform: string) => `${game} comes out on ${formatReleaseDate(releaseDate)} on ${platform}`,
  releasedOn: (game: string, platform: string) => `${game} is out today on ${platform}`,
  /** Coming up's mark on a game with no release known on the member's platforms. */
  notOnPlatforms: 'Not announced for your platforms',
  notOnTheirPlatforms: 'Not announced for their platforms',
  noCalendar: 'There is no calendar feed at this address. Its owner may have made a new one.',
  calendarName: (username: string) => `${username}'s releases on VGL`,
  emptyComingUp: 'Nothing coming up. Games on your wishlist or backlog with a release date show here.',
} as const;

/** One wanted game on "Coming up". */
export interface ComingUpGame {
  slug: string;
  name: string;
  cover: string | null;
  /** Unix seconds (a day, UTC). */
  releaseDate: number;
  /** true: on the wishlist (not owned yet); false: in the backlog. */
  wishlist: boolean;
  /** The owner's platform whose date releaseDate is, when they named platforms and it is known; else null. */
  platform: string | null;
  /** true: the owner named platforms and the game is not known to come on any of them. */
  offPlatforms: boolean;
}

/** A month of "Coming up": "2027-03" and its games by date. */
export interface ComingUpMonth {
  month: string;
  games: ComingUpGame[];
}

export interface ComingUp {
  months: ComingUpMonth[];
}

/** The member's calendar feed: its address only in the answer that made it (only its hash is kept), and when it was made; createdAt null: none. */
export interface CalendarFeed {
  url: string | null;
  createdAt: number | null;
}

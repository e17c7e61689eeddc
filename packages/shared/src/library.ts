import type { PlatformRef } from './journal.js';
import { PLAY_STATUS, type Completion, type PlayStatus } from './limits.js';

/** Limits of what people write and log (SPEC §9 says "not shown": these are ours). */
export const LIBRARY_LIMITS = {
  reviewMaxLength: 10_000,
  noteMaxLength: 1_000,
  /** The private note on a library entry: room for what other trackers' exports bring (notes, storefront, status texts). */
  entryNotesMaxLength: 2_000,
  favourites: 5,
  platformsPerEntry: 10,
  maxHours: 100_000,
  /** Reviews, diary entries and library games per page on profiles. */
  reviewsPerPage: 10,
  diaryPerPage: 50,
  /** CSV imports: records (library + diary rows; a 50,000-game library with its diary exports ~125,000) and bytes. */
  importMaxRows: 200_000,
  importMaxBytes: 32 * 1024 * 1024,
  /** Games picked by hand in one import's preview. */
  importMaxPicks: 20_000,
} as const;

const MB = 1024 * 1024;
const count = (n: number) => n.toLocaleString('en-US');

/** What an import or its preview answers when a file cannot be read or the server cannot take it now; the import page shows them as they are. */
export const LIBRARY_MESSAGES = {
  importTooLarge: `The file is larger than ${LIBRARY_LIMITS.importMaxBytes / MB} MB; split it into smaller files.`,
  importTooManyRows: `The file has more than ${count(LIBRARY_LIMITS.importMaxRows)} rows; at most ${count(LIBRARY_LIMITS.importMaxRows)} can be imported at once. Split it into smaller files.`,
  importEmpty: 'The file is empty.',
  importNoRows: 'The file has a header row but no games.',
  importBinary: 'This is not a CSV file: it contains binary data.',
  /** A second import or preview while the member's first one runs (429). */
  importRunning: 'An import is already running. Wait for it to finish, then try again.',
  /** The server runs as many imports as it takes at once (503, with Retry-After). */
  importBusy: 'The server is busy with other imports. Try again in a minute.',
} as const;

/** Labels of the play status codes of SPEC §3, as people read them. */
export const PLAY_STATUS_LABELS: Record<PlayStatus, string> = {
  [PLAY_STATUS.playing]: 'Playing',
  [PLAY_STATUS.beaten]: 'Beaten',
  [PLAY_STATUS.abandoned]: 'Abandoned',
  [PLAY_STATUS.wantToPlay]: 'Want to play',
  [PLAY_STATUS.played]: 'Played',
  [PLAY_STATUS.shelved]: 'Shelved',
};

/** What each status means, shown under it wherever a status is picked. */
export const PLAY_STATUS_DESCRIPTIONS: Record<PlayStatus, string> = {
  [PLAY_STATUS.playing]: 'You are playing it now.',
  [PLAY_STATUS.beaten]: 'You finished it: the story, the credits, or the goal you set.',
  [PLAY_STATUS.abandoned]: 'You stopped and do not mean to come back.',
  [PLAY_STATUS.wantToPlay]: 'On your backlog or wishlist.',
  [PLAY_STATUS.played]: 'Played without finishing: endless, multiplayer, or you simply stopped.',
  [PLAY_STATUS.shelved]: 'Paused: you mean to come back to it.',
};

/** Completion levels of a beaten game, as people read them. */
export const COMPLETION_LABELS: Record<Completion, string> = {
  main: 'Main story',
  main_extras: 'Main + extras',
  complete: '100 % (completionist)',
};

/** Texts of the new statuses' rules, shared by the server's answers and the forms. */
export const STATUS_MESSAGES = {
  completionNeedsBeaten: 'A completion level is only for a beaten game: set the status to Beaten, or leave completion empty.',
  completionFormat: 'Completion must be main, main_extras, complete or null',
  /** A session with nothing in it (issue 38). */
  emptySession: 'Add how long you played, a note, or mark it finished — an empty session logs nothing.',
} as const;

export const LIBRARY_SORTS = ['updated', 'added', 'rating', 'name', 'release'] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];

export type DiaryEvent = 'started' | 'finished' | 'played';

/** A user as other people see them next to their content (SPEC §3). */
export interface UserRef {
  username: string;
  avatar: string | null;
}

/** The game as a review or library entry carries it (SPEC §3: cover image id, name, slug). */
export interface EntryGame {
  cover: string | null;
  name: string;
  slug: string;
  first_release_date: number | null;
  release_year: number | null;
}

/** A review or library entry exactly as SPEC §3 names its fields, plus what pages need to link it. */
export interface ReviewEntry {
  _id: string;
  user: UserRef;
  rating: number | null;
  review: string | null;
  /** The review's own slug: /u/{username}/reviews/{slug}. */
  slug: string | null;
  /** The author says the review gives things away: shown blurred until the reader reveals it. */
  spoilers: boolean;
  /** Hidden by a moderator after a report: only its author (and moderators) are shown it, marked so. */
  hiddenByModerator?: boolean;
  status: PlayStatus | null;
  platform: string[];
  comments: number;
  likes: number;
  game: EntryGame;
  date: { reviewCreated: number | null; reviewUpdated: number | null; created: number; updated: number };
}

/** The owner's full entry, as the library form edits it. */
export interface LibraryEntry extends ReviewEntry {
  startedOn: string | null;
  finishedOn: string | null;
  favourite: boolean;
  /** Hours of the play that ended on finishedOn (kept on its diary entry). */
  hours: number | null;
  /** Whether the member has the game: true has it, false doesn't have it yet, null not said. A "want to play" game is on the wishlist when false, else in the backlog. */
  owned: boolean | null;
  /** How much of the game was done when it is Beaten: main story, main + extras, 100 %; null when not said or not beaten. */
  completion: Completion | null;
  /** Diary entries (sessions and dated plays) of this game. */
  sessions: number;
  /** The hours of all of them together, one decimal; null when none has hours. */
  totalHours: number | null;
  /** The owner's private note; null for anyone else. */
  notes: string | null;
  /** Time played as another service counts it (an import from Steam, Playnite, HowLongToBeat), whole minutes; null for anyone but the owner. */
  playtimeMinutes: number | null;
  /** Which service counted playtimeMinutes: 'steam', 'playnite', 'hltb', …; null for anyone but the owner. */
  playtimeSource: string | null;
  /** Who reads the review: everyone, the author's approved followers, or only the author. */
  reviewVisibility?: 'public' | 'followers' | 'private';
  /** How many plays of the game the member logged (GET …/library/{slug}/plays lists them). */
  plays?: number;
}

export interface DiaryEntry {
  id: number;
  playedOn: string;
  event: DiaryEvent;
  rating: number | null;
  note: string | null;
  replay: boolean;
  hours: number | null;
  /** The time played exactly, in whole minutes; null when not logged. */
  minutes: number | null;
  /** The platform it was played on, when logged. */
  platform: PlatformRef | null;
  game: EntryGame;
  /** The library entry's review slug, when it has a review. */
  reviewSlug: string | null;
  /** The replay this session belongs to (GET …/library/{slug}/plays); null for the game's first play. */
  playId?: number | null;
  /** Its play's number: 1 the first play, 2 the first replay, … */
  playNumber?: number;
}

/** Counts of ratings 1..10 (index 0 is a rating of 1, i.e. half a star). */
export type RatingDistribution = number[];

export interface CommunityRating {
  count: number;
  /** 0–10 scale, one decimal; null without ratings. */
  average: number | null;
  distribution: RatingDistribution;
}

export interface ProfileOverview {
  username: string;
  avatar: string | null;
  bio: string | null;
  joinedAt: number;
  /** backlog and wishlist: the "want to play" games the member has, and the ones they don't have yet. */
  counts: { games: number; beaten: number; backlog: number; wishlist: number; reviews: number; followers: number; following: number };
  /** Whether the viewer follows this user; null for visitors and on one's own profile. */
  isFollowing: boolean | null;
  favourites: EntryGame[];
  ratings: CommunityRating;
  recentDiary: DiaryEntry[];
  recentReviews: ReviewEntry[];
  /** True when the member is private and the viewer is not an approved follower: the lists above are empty. */
  isPrivate?: boolean;
  /** Whether the viewer asked to follow this private member and waits; null for visitors and on one's own profile. */
  followRequested?: boolean | null;
  /** Whether the viewer blocks / mutes this member; null for visitors and on one's own profile. */
  viewerBlocks?: boolean | null;
  viewerMutes?: boolean | null;
}

/** A game in a user's library grid. */
export interface LibraryGame extends EntryGame {
  id: number;
  rating: number | null;
  status: PlayStatus | null;
  platform: string | null;
  /** See LibraryEntry.owned. */
  owned: boolean | null;
}

/** Rating 0–10 shown as stars: 7 → 3.5. */
export const ratingToStars = (rating: number) => rating / 2;

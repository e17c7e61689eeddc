import type { PlatformRef } from './journal.js';
import type { Completion } from './limits.js';

/**
 * Plays (issue 38): each time a member plays a game through is a play of its
 * own — its dates, platform, completion, hours (from its sessions) and its
 * own rating and review. The first play of a game is its library entry's:
 * its review is the game's main review at /u/{username}/reviews/{slug}
 * (SPEC), and its dates are the entry's Started and Finished. Every later
 * play is a replay, with its review at
 * /u/{username}/reviews/{slug}/plays/{id}. The entry's rating and completion
 * are the latest play's verdict.
 */
export interface Play {
  id: number;
  /** 1 for the first play, 2 for the first replay, … in the order they were played. */
  number: number;
  replay: boolean;
  startedOn: string | null;
  finishedOn: string | null;
  platform: PlatformRef | null;
  completion: Completion | null;
  /** 1–10 (half stars); null when this play has no rating. */
  rating: number | null;
  review: string | null;
  /** The review contains spoilers: shown blurred until revealed. */
  spoilers: boolean;
  /** Where the review is read: the main review's address for the first play, the play's own for a replay; null without a review. */
  reviewPath: string | null;
  /** Unix ms, as reviews say them. */
  reviewCreatedAt: number | null;
  reviewUpdatedAt: number | null;
  /** Sessions logged in this play, and their hours together (one decimal; null when none has time). */
  sessions: number;
  hours: number | null;
}

/** A replay's review as its own page shows it: the play, its game and its author. */
export interface PlayReview {
  play: Play;
  game: { slug: string; name: string; cover: string | null; releaseYear: number | null };
  user: { username: string; avatar: string | null };
  /** How many plays the author logged of the game. */
  plays: number;
}

export const PLAY_LIMITS = {
  /** Plays of one game: a game played every year for a lifetime fits. */
  perGame: 100,
} as const;

export const PLAY_MESSAGES = {
  noSuchPlay: 'There is no such play.',
  tooMany: `You can log up to ${PLAY_LIMITS.perGame} plays of one game.`,
  finishBeforeStart: 'Finished cannot be before Started',
  firstPlayStays: 'The first play is the game’s library entry: remove the game from your library to delete it.',
  empty: 'Add when you played, how much you did, a rating or a review — an empty play logs nothing.',
} as const;

/** The address of a play's review page; usernames in links are lower-cased (SPEC §2). */
export function playReviewPath(username: string, gameSlug: string, play: Pick<Play, 'id' | 'replay'>, mainReviewSlug: string | null): string | null {
  const reviews = `/u/${username.toLowerCase()}/reviews`;
  return play.replay ? `${reviews}/${gameSlug}/plays/${play.id}` : mainReviewSlug === null ? null : `${reviews}/${mainReviewSlug}`;
}

import { hasVisibleText, plainLine } from './text-rules.js';
import type { UserRef } from './library.js';

/**
 * Member game submissions ("When the game is not there"): a member adds a
 * game the catalog lacks, logs it at once, and a moderator approves, merges
 * or rejects it. Until it is approved the game is seen only by its submitter
 * and by moderators.
 */
export const SUBMISSION_LIMITS = {
  nameMaxLength: 200,
  yearMin: 1950,
  /** The year may be at most this many years ahead (announced games). */
  yearsAhead: 10,
  platformsMax: 20,
  urlMaxLength: 500,
  /** Submissions a member may make in any 24 hours. */
  perDay: 5,
  perPage: 20,
} as const;

export const SUBMISSION_STATES = ['pending', 'approved', 'rejected', 'merged'] as const;
export type SubmissionState = (typeof SUBMISSION_STATES)[number];

/** A submitted name as it is kept: invisible and bidi control characters stripped, runs of spaces made one, trimmed. */
export const cleanGameName = plainLine;

/** Whether a (cleaned) name has anything one can see. */
export const hasVisibleCharacter = hasVisibleText;

/** The latest release year a submission may give (current year + 10), read when asked so it moves with the calendar. */
export const submissionYearMax = (now = new Date()) => now.getUTCFullYear() + SUBMISSION_LIMITS.yearsAhead;

export const SUBMISSION_MESSAGES = {
  nameRequired: "Enter the game's name",
  nameTooLong: `The name must have at most ${SUBMISSION_LIMITS.nameMaxLength} characters`,
  nameInvisible: 'The name must have letters, digits or signs you can see, not only invisible or formatting characters',
  yearRange: (max: number) => `The year must be a whole number from ${SUBMISSION_LIMITS.yearMin} to ${max}`,
  platformsList: `Platforms must be a list of at most ${SUBMISSION_LIMITS.platformsMax} platform slugs`,
  unknownPlatform: (slug: string) => `There is no platform "${slug}".`,
  urlInvalid: 'The link must be a web address starting with http:// or https://',
  urlTooLong: `The link must have at most ${SUBMISSION_LIMITS.urlMaxLength} characters`,
  /** 409: the catalog already has it; the answer carries the game so the page can link it. */
  alreadyInCatalog: (label: string) => `${label} is already in the catalog.`,
  tooMany: `You can add up to ${SUBMISSION_LIMITS.perDay} games a day. Please try again tomorrow.`,
  /** 409 to the second of two moderators deciding at once (or a stale page). */
  alreadyDecided: (state: SubmissionState, by: string | null) => `This submission was already ${state === 'merged' ? 'merged' : state}${by ? ` by ${by}` : ''}.`,
  mergeTargetRequired: 'Name the catalog game to merge it into (its slug or id)',
  mergeTargetMissing: (target: string) => `There is no game "${target}" in the catalog.`,
  mergeIntoItself: 'A submission cannot be merged into its own game.',
  /** Shown on the game's page to its submitter while it waits. */
  pendingNotice: 'Waiting for a moderator: only you can see this game',
  rejectedNotice: 'A moderator did not add this game to the catalog: only you can see it.',
  approved: (name: string) => `${name} is in the catalog now.`,
  rejected: (name: string) => `${name} was rejected; its submitter is told the reason.`,
  merged: (name: string, into: string) => `${name} was merged into ${into}.`,
} as const;

export interface SubmissionGameRef {
  slug: string;
  name: string;
}

/** A member's game submission, as its submitter and moderators see it. */
export interface GameSubmission {
  id: number;
  name: string;
  year: number | null;
  platforms: SubmissionGameRef[];
  url: string | null;
  state: SubmissionState;
  /** The moderator's reason, for a rejection. */
  reason: string | null;
  createdAt: number;
  decidedAt: number | null;
  /** The submitted game (its page); null once it was merged into another. */
  game: SubmissionGameRef | null;
  /** The catalog game it was merged into. */
  mergedInto: SubmissionGameRef | null;
}

/** A submission on the dashboard: who sent it, who decided, the other open ones of the same title. */
export interface AdminSubmission extends GameSubmission {
  user: UserRef;
  decidedBy: { username: string } | null;
  /** Other pending submissions of the same title (normalised), by id: approve one, merge the others into it. */
  sameTitle: number[];
  viewerCan: { approve: boolean; merge: boolean; reject: boolean };
}

/** The 409 of POST /api/games/submissions when the catalog already has the game. */
export interface SubmissionConflict {
  error: 'already_in_catalog';
  message: string;
  statusCode: 409;
  game: SubmissionGameRef & { year: number | null };
}

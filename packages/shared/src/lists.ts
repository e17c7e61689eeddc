import { LIBRARY_LIMITS, type EntryGame, type UserRef } from './library.js';

/** Limits of user-made lists (SPEC says "not shown": these are ours). */
export const LIST_LIMITS = {
  listsPerMember: 100,
  gamesPerList: 250,
  titleMaxLength: 100,
  /** The description follows the review text rules (SPEC §5), with the review's length. */
  descriptionMaxLength: LIBRARY_LIMITS.reviewMaxLength,
  noteMaxLength: LIBRARY_LIMITS.noteMaxLength,
  listsPerPage: 20,
  /** Games whose covers a list card shows. */
  previewGames: 5,
  /** The most liked lists the game page shows under "In N lists". */
  gamePageLists: 3,
} as const;

const count = (n: number) => n.toLocaleString('en-US');

export const LIST_MESSAGES = {
  titleRequired: 'Give the list a title',
  titleTooLong: `A list title must have at most ${count(LIST_LIMITS.titleMaxLength)} characters`,
  tooManyLists: `You can have up to ${count(LIST_LIMITS.listsPerMember)} lists. Delete one to make another.`,
  listFull: `A list can hold up to ${count(LIST_LIMITS.gamesPerList)} games. Remove one to add another.`,
  orderMismatch: 'The new order must name every game of the list exactly once. Reload the list and try again.',
  notInList: 'That game is not in this list.',
} as const;

/** A list's `_id` is "l" + its id, so one like call (SPEC §7 entityId) tells reviews, comments and lists apart. */
export const listEntityId = (id: number) => `l${id}`;

/** Where a list lives: /u/{username}/lists/{slug}. */
export interface ListRef {
  username: string;
  slug: string;
  title: string;
}

/** A game in a list card's cover strip. */
export interface ListPreviewGame {
  name: string;
  slug: string;
  cover: string | null;
}

/** Who sees a list (issue 36); "private" is "only me". */
export const LIST_VISIBILITIES = ['public', 'followers', 'private'] as const;
export type ListVisibility = (typeof LIST_VISIBILITIES)[number];

/** A list as cards and pages of lists show it. */
export interface ListSummary {
  /** "l" + id: the entityId for POST /api/like. */
  _id: string;
  id: number;
  slug: string;
  title: string;
  /** The start of the description (about 200 characters, cut at a word), or null. */
  excerpt: string | null;
  ranked: boolean;
  isPublic: boolean;
  /** Hidden by a moderator after a report: only its owner (and moderators) are shown it, marked so. */
  hiddenByModerator?: boolean;
  /** Who sees it: everyone, the owner's approved followers too, or the owner only (isPublic is "public"). */
  visibility?: ListVisibility;
  user: UserRef;
  games: number;
  likes: number;
  comments: number;
  /** The first games, in list order. */
  preview: ListPreviewGame[];
  createdAt: number;
  updatedAt: number;
  /** Whether the list holds the game asked about (`?game=`); null when none was asked about. */
  hasGame: boolean | null;
}

export interface ListItem {
  /** 1-based place in the list (shown as a rank when the list is ranked). */
  rank: number;
  note: string | null;
  addedAt: number;
  game: EntryGame & { id: number };
}

export interface ListDetail extends Omit<ListSummary, 'hasGame'> {
  description: string | null;
  items: ListItem[];
  /** What the viewer may do with it (false for visitors). */
  viewerCan: { edit: boolean; delete: boolean };
}

export type ListSort = 'popular' | 'recent';

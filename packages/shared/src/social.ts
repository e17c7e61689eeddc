import type { EntryGame, UserRef } from './library.js';
import type { PlayStatus } from './limits.js';
import type { ListRef } from './lists.js';

/** Limits of the social features (SPEC says "not shown": these are ours). */
export const SOCIAL_LIMITS = {
  commentMaxLength: 2_000,
  commentsPerPage: 20,
  usersPerPage: 30,
  feedPageSize: 20,
  notificationsPerPage: 20,
  /** Per user and minute; over it the API answers 429 with SOCIAL_MESSAGES.slowDown. */
  perMinute: { comments: 10, likes: 60, follows: 30 },
} as const;

export const SOCIAL_MESSAGES = {
  slowDown: "You're doing that too often. Please wait a minute and try again.",
  emptyComment: 'Write something first.',
  followSelf: "You can't follow yourself.",
} as const;

/** A comment's `_id` is "c" + its id, so one like call (SPEC §7 entityId) tells reviews and comments apart. */
export const commentEntityId = (id: number) => `c${id}`;

export interface CommentEntry {
  _id: string;
  id: number;
  user: UserRef;
  body: string;
  likes: number;
  date: { created: number; updated: number };
  /** What the viewer may do with it (false for visitors). */
  viewerCan: { edit: boolean; delete: boolean };
  /** Hidden by a moderator after a report: only its author is shown it, marked so. */
  hiddenByModerator?: boolean;
}

/** A person in a following/followers list. */
export interface UserCard extends UserRef {
  bio: string | null;
  followers: number;
  /** Whether the viewer follows them; null for visitors and for the viewer themself. */
  isFollowing: boolean | null;
}

export type ActivityVerb = 'added' | 'status' | 'rated' | 'reviewed' | 'liked' | 'commented' | 'followed' | 'played' | 'created_list';

/**
 * One feed item. Consecutive things one person did to one game (added,
 * rated, reviewed…) arrive as one item with several verbs, newest first.
 */
export interface ActivityItem {
  /** The newest activity id of the group; pass it as `before` for the next page. */
  id: number;
  actor: UserRef;
  verbs: ActivityVerb[];
  createdAt: number;
  game: EntryGame | null;
  /** The review the item is about: the actor's own (reviewed) or someone else's (liked, commented). */
  review: { username: string; slug: string } | null;
  status: PlayStatus | null;
  rating: number | null;
  targetUser: UserRef | null;
  comment: { id: number; excerpt: string } | null;
  /** The list the item is about: made (created_list), liked or commented on. */
  list: ListRef | null;
}

export const NOTIFICATION_KINDS = [
  'review_liked',
  'comment_liked',
  'commented',
  'followed',
  'review_removed',
  'comment_removed',
  'list_liked',
  'submission_approved',
  'submission_rejected',
  'submission_merged',
  // A new comment in a thread you commented in; you named with @username; your review featured by a moderator.
  'replied',
  'mentioned',
  'featured',
  'content_hidden',
  'report_resolved',
  // A wanted game (wishlist, backlog) got a release date, or came out (issue 37): no actor, the recipient stands in.
  'release_dated',
  'released',
  // Someone asked to follow a private member (approved in Settings → Privacy); the member approved it.
  'follow_requested',
  'follow_approved',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface NotificationItem {
  id: number;
  kind: NotificationKind;
  actor: UserRef;
  createdAt: number;
  read: boolean;
  review: { username: string; slug: string; gameName: string } | null;
  comment: { id: number; excerpt: string } | null;
  /** The recipient's list it is about (liked, or commented on), in place of a review. */
  list: ListRef | null;
  /** A moderator's reason, for removals and rejected game submissions. */
  message: string | null;
  /** The recipient's game submission it is about: its name and where the game is now (approved, rejected: its own page; merged: the catalog game). */
  submission?: { name: string; game: { slug: string; name: string } | null } | null;
  /** The wanted game a release alert is about, and its release date (unix seconds) when it was told. */
  game?: { slug: string; name: string; releaseDate: number | null } | null;
  /** An account on another server (a follow request from there): its name, @name@host and profile page; `actor` then holds the handle. */
  remoteActor?: { name: string; handle: string; url: string } | null;
}

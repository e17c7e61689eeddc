import type { ReviewEntry, UserRef } from './library.js';

/**
 * The moderation dashboard (/dashboard): what the /api/admin/* calls answer.
 * Moderators and admins only; admins alone change roles.
 */

export const USER_ROLES = ['user', 'moderator', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];
export type AccountState = 'pending' | 'active' | 'suspended';

/** The dashboard's limits (SPEC says "not shown": these are ours). */
export const ADMIN_LIMITS = {
  perPage: 20,
  maxPerPage: 100,
  /** Search text in the list filters. */
  queryMaxLength: 100,
  /** A moderator's reason for a suspension or a removal; the author reads it. */
  reasonMinLength: 3,
  reasonMaxLength: 500,
  /** The charts on the overview: this many consecutive UTC days ending today. */
  seriesDays: 30,
  /** "Active users this week" looks back this many days. */
  activeWindowDays: 7,
  /** Audit rows shown on the overview. */
  overviewAudit: 20,
  /** Mails that could not be sent, shown on the overview. */
  overviewFailedMail: 5,
  maxFeatured: 50,
  /** Remote servers listed on the Federation tab, those with the most followers first. */
  federationInstances: 100,
} as const;

/** Texts of the dashboard's refusals, shared so the pages can show the same words. */
export const ADMIN_MESSAGES = {
  suspendSelf: "You can't suspend yourself.",
  changeOwnRole: "You can't change your own role.",
  lastAdmin: 'This is the last admin; make someone else admin first.',
  moderatorTargets: 'Moderators can only suspend and unsuspend regular users.',
  alreadySuspended: 'This account is already suspended.',
  notSuspended: 'This account is not suspended.',
  pendingAccount: 'This account is not activated yet.',
  notFeaturable: 'Only written reviews of active users can be featured.',
  authorSuspended: 'Its author is suspended: only reviews of active members can be featured.',
  alreadyFeatured: 'This review is already featured.',
  tooManyFeatured: `At most ${ADMIN_LIMITS.maxFeatured} reviews can be featured; unfeature one first.`,
  notFeatured: 'This review is not featured.',
  reorderSet: 'The new order must list exactly the featured reviews, each once.',
} as const;

export const AUDIT_ACTIONS = [
  'user.suspend',
  'user.unsuspend',
  'user.role',
  'review.delete',
  'comment.delete',
  'review.feature',
  'review.unfeature',
  'featured.reorder',
  'catalog.sync',
  'submission.approve',
  'submission.merge',
  'submission.reject',
  'report.hide',
  'report.suspend',
  'report.dismiss',
  'user.approve',
  'user.decline',
  'registration.mode',
  'instance.block',
  'instance.silence',
  'instance.remove',
  'account.suspend',
  'account.unsuspend',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export type AuditTargetType = 'user' | 'review' | 'comment' | 'featured' | 'catalog' | 'submission' | 'list' | 'signup' | 'instance' | 'fed_reply' | 'fed_actor';

/** One moderation action: who did what to what, when and why. */
export interface AuditEntry {
  id: number;
  /** Null only for actions with no person behind them; the name is kept when the account is deleted. */
  actor: { username: string } | null;
  action: AuditAction;
  targetType: AuditTargetType;
  /** The user, library entry (review) or comment id; null for featured.reorder and catalog.sync. */
  targetId: number | null;
  /** What the target was called at the time (username, "ann: Tetris", a comment excerpt). */
  targetLabel: string | null;
  /** The moderator's reason; for user.role "user → moderator". */
  reason: string | null;
  createdAt: number;
}

export interface DailyCount {
  /** UTC day, "YYYY-MM-DD". */
  date: string;
  count: number;
}

export interface AdminCounts {
  /** Every account, whatever its state. */
  users: number;
  /**
   * Active accounts that logged in, or did anything recorded (library change,
   * rating, review, like, comment, follow), in the last 7 days.
   */
  activeUsersWeek: number;
  /** Library entries. */
  gamesLogged: number;
  /** Written reviews. */
  reviews: number;
  comments: number;
}

/** GET /api/admin/overview */
export interface AdminOverview {
  counts: AdminCounts;
  /** 30 consecutive UTC days ending today, oldest first, zeros included. */
  signups: DailyCount[];
  reviews: DailyCount[];
  /** The latest audit rows, newest first. */
  audit: AuditEntry[];
  failedMail: { total: number; latest: FailedMail[] };
}

/** A mail the job queue gave up on after its last retry (it stays retryable). */
export interface FailedMail {
  id: string;
  to: string;
  subject: string;
  lastError: string;
  tries: number;
  /** Unix ms of the last try. */
  failedAt: number;
}

/** A remote server whose accounts follow members here: how many of its accounts, following how many members. */
export interface FederationInstance {
  /** The host of its actors' ids ("mastodon.social"). */
  host: string;
  /** Its accounts following someone here, accepted or waiting. */
  followers: number;
  /** Members here they follow. */
  members: number;
}

/** GET /api/admin/federation: whether this instance federates, and who follows its members from elsewhere. */
export interface AdminFederation {
  /** FEDERATION=on. */
  enabled: boolean;
  /** PUBLIC_URL, the origin of every actor id, when federation is on; null when it is off. */
  origin: string | null;
  /** Follows of members from other servers: accepted, or waiting on a private profile. */
  followers: { accepted: number; pending: number };
  /** Reviews published to other servers and not deleted since. */
  published: number;
  /** The remote servers, most followers first, then by host; at most ADMIN_LIMITS.federationInstances. */
  instances: FederationInstance[];
}

/** A row of GET /api/admin/users. */
export interface AdminUser {
  id: number;
  username: string;
  email: string;
  avatar: string | null;
  role: UserRole;
  state: AccountState;
  createdAt: number;
  lastLoginAt: number | null;
  suspendedReason: string | null;
  suspendedAt: number | null;
  /** Library entries and written reviews. */
  games: number;
  reviews: number;
  /** What the viewer may do with this account, so the page hides buttons without copying the rules. */
  viewerCan: { suspend: boolean; unsuspend: boolean; changeRole: boolean };
}

/** A row of GET /api/admin/reviews and /api/admin/featured: the SPEC §3 review plus whether it is featured. */
export interface AdminReview extends ReviewEntry {
  featured: boolean;
  /** Why it cannot be featured now (its author is suspended or not activated), in the API's own words; null when it can. */
  featureRefusal: string | null;
}

/** A row of GET /api/admin/comments. */
export interface AdminComment {
  id: number;
  body: string;
  createdAt: number;
  user: UserRef;
  /** The review it is under: /u/{username}/reviews/{slug}; null for a comment on a list. */
  review: { username: string; slug: string; gameName: string } | null;
  /** The list it is under: /u/{username}/lists/{slug}; null for a comment on a review. */
  list: { username: string; slug: string; title: string } | null;
}

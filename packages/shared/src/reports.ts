/**
 * Reports (issue 36): members flag a review, comment, list or member; moderators work through the queue.
 * From the fediverse (issue 40): a remote reply under a review (`fed_reply`) and a remote account (`fed_actor`).
 */

export const REPORT_TARGET_TYPES = ['review', 'comment', 'list', 'user', 'fed_reply', 'fed_actor'] as const;
/** The kinds that are about something from another server: their author is a remote account, suspended on this instance rather than as a member. */
export const REMOTE_REPORT_TARGET_TYPES = ['fed_reply', 'fed_actor'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_REASONS = ['spam', 'harassment', 'spoilers', 'hateful', 'inappropriate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What each reason reads as in the report dialog and the queue. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  harassment: 'Harassment or bullying',
  spoilers: 'Unmarked spoilers',
  hateful: 'Hateful or abusive',
  inappropriate: 'Sexual or otherwise inappropriate',
  other: 'Something else',
};

export const REPORT_ACTIONS = ['hide', 'suspend', 'dismiss'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const REPORT_LIMITS = {
  detailsMaxLength: 1_000,
  noteMaxLength: 500,
  /** Per member and minute, like other social writes; over it 429. */
  perMinute: 10,
  queuePerPage: 20,
  /** Excerpt of the reported text shown in the queue. */
  excerptLength: 280,
} as const;

const what: Record<ReportTargetType, string> = { review: 'review', comment: 'comment', list: 'list', user: 'member', fed_reply: 'reply from another server', fed_actor: 'account on another server' };

export const REPORT_MESSAGES = {
  thanks: 'Thanks — a moderator will look at your report.',
  alreadyReported: 'You have already reported this; a moderator will look at it.',
  reportSelf: "You can't report yourself or your own content.",
  slowDown: "You're reporting too often. Please wait a while and try again.",
  notFound: (type: ReportTargetType) => `There is no such ${what[type]}.`,
  alreadyResolved: 'Another moderator has already resolved these reports.',
  noSuchReport: 'There is no such report.',
  hideUser: 'A member cannot be hidden; suspend them or dismiss the report.',
  hideAccount: 'An account on another server cannot be hidden; suspend it on this instance or dismiss the report.',
  hiddenByModerator: 'Hidden by a moderator',
  /** The reporter's notification: "Your report on the comment … was reviewed: the comment was hidden." */
  outcome: (type: ReportTargetType, label: string, action: ReportAction) =>
    `Your report on the ${what[type]} ${label} was reviewed: ${
      action === 'hide' ? `the ${what[type]} was hidden.` : action === 'suspend' ? 'the account was suspended.' : 'no action was taken.'
    }`,
  /** The author's notification when a moderator hides their content. */
  hidden: (type: ReportTargetType, label: string) => `A moderator hid your ${what[type]} ${label}. Only you and moderators can see it now.`,
} as const;

export const reportTargetNoun = (type: ReportTargetType) => what[type];

/** GET /api/admin/reports: one open target with its reports. */
export interface ReportGroup {
  /** The oldest open report's id: resolving it resolves every open report on the target. */
  id: number;
  target: {
    type: ReportTargetType;
    id: number;
    /** The reported text (review, comment), a list's title or a member's name. */
    excerpt: string;
    /** A member; null once deleted, and for things from another server (see `remote`). */
    author: { username: string; avatar: string | null } | null;
    /** For a reply from or an account on another server: who, and their profile there to link out to. */
    remote?: { handle: string; url: string };
    /** Where the target is on the site; null when it is gone. */
    link: string | null;
    hidden: boolean;
  };
  reports: { id: number; reporter: { username: string }; reason: ReportReason; details: string | null; createdAt: number }[];
  /** The target author's record: earlier reports against them, moderation actions on them, and whether they are suspended. */
  history: {
    priorReports: number;
    priorActions: { action: string; reason: string | null; createdAt: number }[];
    suspended: boolean;
  };
  createdAt: number;
}

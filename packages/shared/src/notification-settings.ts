import type { NotificationKind } from './social.js';

/**
 * What a member can turn on and off about their notifications (Settings →
 * Notifications): each group, in the app and by e-mail. Moderators' notices
 * (removals, game submissions, hidden content, resolved reports) belong to no group: always in the app, never
 * by e-mail.
 */
export const NOTIFICATION_GROUPS = ['follows', 'likes', 'comments', 'replies', 'mentions', 'featured', 'lists', 'releases'] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];

/** How each group is named on the settings page and in "You won't get e-mails about … any more." */
export const NOTIFICATION_GROUP_LABELS: Record<NotificationGroup, string> = {
  follows: 'New followers',
  likes: 'Likes on your reviews and comments',
  comments: 'Comments on your reviews and lists',
  replies: 'Replies in threads you commented in',
  mentions: 'Mentions of you',
  featured: 'Your review being featured',
  lists: 'Activity on your lists',
  releases: 'Release dates of games you want to play',
};

/**
 * The group of every kind; null: a moderator's notice (a review or comment
 * removed, a game submission decided, content hidden after a report, a report
 * resolved) that belongs to no group — always in the app, never e-mailed.
 */
export const NOTIFICATION_KIND_GROUP: Record<NotificationKind, NotificationGroup | null> = {
  followed: 'follows',
  follow_requested: 'follows',
  follow_approved: 'follows',
  review_liked: 'likes',
  // A boost from the fediverse is a like that also shares: the same group.
  review_boosted: 'likes',
  comment_liked: 'likes',
  // Comments on your lists are comments like those on your reviews.
  commented: 'comments',
  replied: 'replies',
  mentioned: 'mentions',
  featured: 'featured',
  list_liked: 'lists',
  review_removed: null,
  comment_removed: null,
  submission_approved: null,
  submission_rejected: null,
  submission_merged: null,
  content_hidden: null,
  report_resolved: null,
  release_dated: 'releases',
  released: 'releases',
};

export const EMAIL_FREQUENCIES = ['immediately', 'daily', 'never'] as const;
export type EmailFrequency = (typeof EMAIL_FREQUENCIES)[number];
export const EMAIL_FREQUENCY_LABELS: Record<EmailFrequency, string> = {
  immediately: 'Immediately',
  daily: 'Once a day (a digest)',
  never: 'Never',
};

export interface NotificationChannels {
  inApp: boolean;
  email: boolean;
  /** Sent as a push notification to the devices the member turned push on for (Settings → Notifications). */
  push: boolean;
}

export interface NotificationSettings {
  groups: Record<NotificationGroup, NotificationChannels>;
  emailFrequency: EmailFrequency;
}

/** Everything in the app and by push (on the devices a member turns it on for); e-mail, at once, for what asks for an answer or is about you (not likes, features or lists). */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  groups: {
    follows: { inApp: true, email: true, push: true },
    likes: { inApp: true, email: false, push: true },
    comments: { inApp: true, email: true, push: true },
    replies: { inApp: true, email: true, push: true },
    mentions: { inApp: true, email: true, push: true },
    featured: { inApp: true, email: false, push: true },
    lists: { inApp: true, email: false, push: true },
    // A game you waited for is news you asked for: e-mailed by default.
    releases: { inApp: true, email: true, push: true },
  },
  emailFrequency: 'immediately',
};

export const NOTIFICATION_SETTINGS_MESSAGES = {
  invalidUnsubscribe: 'This unsubscribe link is not valid. Open Settings → Notifications to choose which e-mails you get.',
  unsubscribed: (label: string) => `You won't get e-mails about ${label.toLowerCase()} any more.`,
  saved: 'Notification settings saved.',
};

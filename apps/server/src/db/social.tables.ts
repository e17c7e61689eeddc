import type { ColumnType, Generated } from 'kysely';

/** The social rooms' tables: comments, activities, notifications and the moderation audit log. Part of the Database interface in db/schema.ts. */

export interface CommentsTable {
  id: Generated<number>;
  /** The review it is under, or null when it is under a list (0015: exactly one of the two is set). */
  entry_id: number | null;
  list_id: number | null;
  user_id: number;
  body: string;
  likes_count: Generated<number>;
  created_at: number;
  updated_at: number;
  /** Set when a moderator hid it after a report (0042): seen by its author and moderators only. */
  hidden_at: number | null;
  hidden_by: number | null;
}

export type ActivityVerb = 'added' | 'status' | 'rated' | 'reviewed' | 'liked' | 'commented' | 'followed' | 'played' | 'created_list';

export interface ActivitiesTable {
  id: Generated<number>;
  actor_id: number;
  verb: ActivityVerb;
  game_id: number | null;
  entry_id: number | null;
  comment_id: number | null;
  /** The list made, liked or commented on (0015). */
  list_id: number | null;
  target_user_id: number | null;
  value: number | null;
  created_at: number;
}

export type NotificationKind =
  | 'review_liked'
  | 'comment_liked'
  | 'commented'
  | 'followed'
  | 'review_removed'
  | 'comment_removed'
  | 'list_liked'
  | 'submission_approved'
  | 'submission_rejected'
  | 'submission_merged'
  | 'replied'
  | 'mentioned'
  | 'featured'
  | 'content_hidden'
  | 'report_resolved'
  | 'release_dated'
  | 'released'
  | 'follow_requested'
  | 'follow_approved'
  | 'review_boosted';

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  actor_id: number;
  kind: NotificationKind;
  entry_id: number | null;
  comment_id: number | null;
  /** The recipient's list it is about (0015). */
  list_id: number | null;
  /** The recipient's game submission it is about (0035). */
  submission_id: number | null;
  message: string | null;
  created_at: number;
  read_at: number | null;
  /** An e-mail still due: 'now' or at the next 'digest' (0044); null when none. */
  /** 0: kept only for its e-mail, not listed (0044). */
  in_app: ColumnType<number, number | undefined, number>;
  email_state: ColumnType<'now' | 'digest' | null, 'now' | 'digest' | null | undefined, 'now' | 'digest' | null>;
  /** The wanted game a release alert is about (0045); null for every other kind. */
  game_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** About what a remote account did (0054): federation_actors.id; actor_id is then the recipient. */
  remote_actor_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The remote reply it is about (0054), in place of comment_id. */
  remote_reply_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** A follow request from another server (0055): its federation_followers row; actor_id is then the recipient. */
  remote_follower_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export type AuditAction =
  | 'user.suspend'
  | 'user.unsuspend'
  | 'user.role'
  | 'review.delete'
  | 'comment.delete'
  | 'review.feature'
  | 'review.unfeature'
  | 'featured.reorder'
  | 'catalog.sync'
  | 'submission.approve'
  | 'submission.merge'
  | 'submission.reject'
  | 'report.hide'
  | 'report.suspend'
  | 'report.dismiss'
  | 'user.approve'
  | 'user.decline'
  | 'registration.mode'
  | 'instance.block'
  | 'instance.silence'
  | 'instance.remove'
  | 'account.suspend'
  | 'account.unsuspend';
export type AuditTargetType = 'user' | 'review' | 'comment' | 'featured' | 'catalog' | 'submission' | 'list' | 'signup' | 'instance' | 'fed_reply' | 'fed_actor';

/** One moderation action (dashboard); see migration 0008. */
export interface AuditLogTable {
  id: Generated<number>;
  /** Null once the acting account is deleted; actor_username still names it. */
  actor_id: number | null;
  actor_username: string | null;
  action: AuditAction;
  target_type: AuditTargetType;
  target_id: number | null;
  target_label: string | null;
  reason: string | null;
  created_at: number;
}

import type { Generated } from 'kysely';

export type ReportTargetType = 'review' | 'comment' | 'list' | 'user' | 'fed_reply' | 'fed_actor';
export type ReportState = 'open' | 'resolved';
export type ReportResolution = 'hide' | 'suspend' | 'dismiss';

/** A member's report of a review, comment, list or member (0042), or of a remote reply or account (fed_reply, fed_actor: ids of federation_replies and federation_actors). */
export interface ReportsTable {
  id: Generated<number>;
  reporter_id: number;
  target_type: ReportTargetType;
  /** A review is its library entry's id. */
  target_id: number;
  /** The target's author when reported (null once that account is deleted). */
  target_user_id: number | null;
  reason: string;
  details: string | null;
  state: Generated<ReportState>;
  resolution: ReportResolution | null;
  resolved_by: number | null;
  resolved_at: number | null;
  /** The moderator's note, for the audit log and the queue's history. */
  note: string | null;
  created_at: number;
}

import type { AdminComment, AdminReview, AdminUser, AuditEntry, DailyCount } from '@vgl/shared';
import { presentReviewEntry } from '../library/library.presenter.js';
import type { UserRow } from '../users/users.repo.js';
import type { AdminCommentRow, AdminReviewRow } from './admin.content.repo.js';
import { canAccount, featureRefusal } from './admin.policy.js';
import type { AdminUserRow, AuditRow } from './admin.repo.js';

const DAY = 86_400_000;
const orNull = (value: number | null) => (value === null ? null : Number(value));

export function presentAdminUser(row: AdminUserRow, viewer: UserRow): AdminUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    avatar: row.avatar,
    role: row.role,
    state: row.state,
    createdAt: Number(row.created_at),
    lastLoginAt: orNull(row.last_login_at),
    suspendedReason: row.suspended_reason,
    suspendedAt: orNull(row.suspended_at),
    games: Number(row.games ?? 0),
    reviews: Number(row.reviews ?? 0),
    viewerCan: {
      suspend: canAccount(viewer, 'suspend', row),
      unsuspend: canAccount(viewer, 'unsuspend', row),
      changeRole: canAccount(viewer, 'changeRole', row),
    },
  };
}

export function presentAdminReview(row: AdminReviewRow, platforms: string[]): AdminReview {
  return { ...presentReviewEntry(row, platforms), featured: row.featured_position !== null, featureRefusal: featureRefusal(row) };
}

export function presentAdminComment(row: AdminCommentRow): AdminComment {
  return {
    id: row.id,
    body: row.body,
    createdAt: Number(row.created_at),
    user: { username: row.username, avatar: row.avatar },
    // A comment is under a written review (which always has a slug) or under a list.
    review: row.entry_id !== null && row.review_username !== null ? { username: row.review_username, slug: row.review_slug ?? '', gameName: row.game_name ?? '' } : null,
    list: row.list_id !== null && row.list_username !== null ? { username: row.list_username, slug: row.list_slug ?? '', title: row.list_title ?? '' } : null,
  };
}

export function presentAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    actor: row.actor_username === null ? null : { username: row.actor_username },
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    targetLabel: row.target_label,
    reason: row.reason,
    createdAt: Number(row.created_at),
  };
}

/** `days` consecutive UTC days ending with the day of `now`, oldest first, zeros included. */
export function presentDailySeries(perDay: Map<number, number>, now: number, days: number): DailyCount[] {
  const today = Math.floor(now / DAY);
  return Array.from({ length: days }, (_, i) => {
    const day = today - (days - 1) + i;
    return { date: new Date(day * DAY).toISOString().slice(0, 10), count: perDay.get(day) ?? 0 };
  });
}

/** The first day of such a series, as a time: rows at or after it fall in the series. */
export const seriesStart = (now: number, days: number) => (Math.floor(now / DAY) - (days - 1)) * DAY;

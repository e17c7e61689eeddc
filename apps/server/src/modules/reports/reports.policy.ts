import { REPORT_MESSAGES, type ReportTargetType } from '@vgl/shared';
import type { UserRow } from '../users/users.repo.js';
import type { ReportTarget } from './reports.targets.js';

interface Refusal {
  statusCode: 400 | 404;
  id: string;
  message: string;
}

/**
 * Why a member may not report this: what they cannot see does not exist for
 * them (404, as its page would answer) — hidden by a moderator, or kept from
 * them by the audience rules (`audienceAllows`: blocked, a private member's
 * things to a non-follower, a followers' or private review or list) — and
 * nobody reports themself or their own things (400).
 */
export function reportRefusal(reporter: Pick<UserRow, 'id'>, type: ReportTargetType, target: ReportTarget | undefined, audienceAllows = true): Refusal | null {
  if (!target || !target.visibleTo(reporter.id) || !audienceAllows) return { statusCode: 404, id: 'not_found', message: REPORT_MESSAGES.notFound(type) };
  if (target.author.id === reporter.id) return { statusCode: 400, id: 'self_report', message: REPORT_MESSAGES.reportSelf };
  return null;
}

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
 * them (404, as its page would answer), and nobody reports themself or
 * their own things (400).
 */
export function reportRefusal(reporter: Pick<UserRow, 'id'>, type: ReportTargetType, target: ReportTarget | undefined): Refusal | null {
  if (!target || !target.visibleTo(reporter.id)) return { statusCode: 404, id: 'not_found', message: REPORT_MESSAGES.notFound(type) };
  if (target.author.id === reporter.id) return { statusCode: 400, id: 'self_report', message: REPORT_MESSAGES.reportSelf };
  return null;
}

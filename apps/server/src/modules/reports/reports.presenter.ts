import { REPORT_LIMITS, type ReportGroup, type ReportReason, type ReportTargetType } from '@vgl/shared';
import type { ReportTarget } from './reports.targets.js';

interface GroupRow {
  target_type: ReportTargetType;
  target_id: number;
  id: number | string | bigint;
  first_at: number | string | bigint;
}

interface OpenReportRow {
  id: number;
  reason: string;
  details: string | null;
  created_at: number | string | bigint;
  username: string;
}

const excerptOf = (text: string) => (text.length <= REPORT_LIMITS.excerptLength ? text : `${text.slice(0, REPORT_LIMITS.excerptLength).replace(/\s+\S*$/, '')}…`);

/** A queue entry: the target (or what is left of it once deleted), its open reports and its author's record. */
export function presentReportGroup(row: GroupRow, target: ReportTarget | undefined, reports: OpenReportRow[], history: ReportGroup['history']): ReportGroup {
  return {
    id: Number(row.id),
    target: {
      type: row.target_type,
      id: row.target_id,
      excerpt: target ? excerptOf(target.excerpt) : '',
      author: target && !target.remote ? { username: target.author.username, avatar: target.author.avatar } : null,
      ...(target?.remote ? { remote: { handle: target.remote.handle, url: target.remote.url } } : {}),
      link: target?.link ?? null,
      hidden: target?.hidden ?? false,
    },
    reports: reports.map((r) => ({ id: r.id, reporter: { username: r.username }, reason: r.reason as ReportReason, details: r.details, createdAt: Number(r.created_at) })),
    history,
    createdAt: Number(row.first_at),
  };
}

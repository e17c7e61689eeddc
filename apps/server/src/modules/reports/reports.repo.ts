import type { ReportAction, ReportTargetType } from '@vgl/shared';
import type { Insertable } from 'kysely';
import type { Conn } from '../library/library.columns.js';
import type { ReportsTable } from './reports.tables.js';

export interface TargetKey {
  type: ReportTargetType;
  id: number;
}

/** The tables whose rows a moderator hides, by report target. */
const HIDEABLE = { review: 'library_entries', comment: 'comments', list: 'lists' } as const;

export const reportsRepo = {
  insert: (db: Conn, values: Insertable<ReportsTable>) => db.insertInto('reports').values(values).returning('id').executeTakeFirstOrThrow(),

  byId: (db: Conn, id: number) => db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst(),

  hasOpen: async (db: Conn, reporterId: number, target: TargetKey) =>
    (await db
      .selectFrom('reports')
      .select('id')
      .where('reporter_id', '=', reporterId)
      .where('target_type', '=', target.type)
      .where('target_id', '=', target.id)
      .where('state', '=', 'open')
      .executeTakeFirst()) !== undefined,

  /** One page of the queue: targets with open reports, the longest waiting first. */
  async openTargets(db: Conn, f: { limit: number; offset: number }) {
    const grouped = db
      .selectFrom('reports')
      .select(['target_type', 'target_id', (eb) => eb.fn.min('id').as('id'), (eb) => eb.fn.min('created_at').as('first_at')])
      .where('state', '=', 'open')
      .groupBy(['target_type', 'target_id']);
    const [rows, total] = await Promise.all([
      grouped.orderBy('first_at').orderBy('id').limit(f.limit).offset(f.offset).execute(),
      db
        .selectFrom(grouped.as('t'))
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst(),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },

  /** The open reports on these targets, with their reporters, oldest first. */
  openReportsOn: (db: Conn, targets: TargetKey[]) =>
    targets.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('reports as r')
          .innerJoin('users as u', 'u.id', 'r.reporter_id')
          .select(['r.id', 'r.target_type', 'r.target_id', 'r.reason', 'r.details', 'r.created_at', 'u.username'])
          .where('r.state', '=', 'open')
          .where((eb) => eb.or(targets.map((t) => eb.and([eb('r.target_type', '=', t.type), eb('r.target_id', '=', t.id)]))))
          .orderBy('r.id')
          .execute(),

  /** Reports on a member's things already resolved, either way. */
  priorReportsAgainst: async (db: Conn, userId: number) =>
    Number(
      (await db.selectFrom('reports').select((eb) => eb.fn.countAll().as('n')).where('target_user_id', '=', userId).where('state', '=', 'resolved').executeTakeFirst())?.n ?? 0,
    ),

  /** What moderators did to the member or, through reports, to their things; newest first. */
  async priorActionsOn(db: Conn, userId: number, limit: number) {
    const [audit, reports] = await Promise.all([
      db
        .selectFrom('audit_log')
        .select(['action', 'reason', 'created_at'])
        .where('target_type', '=', 'user')
        .where('target_id', '=', userId)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute(),
      db
        .selectFrom('reports')
        .select(['resolution', 'note', 'resolved_at', 'target_type'])
        .where('target_user_id', '=', userId)
        .where('resolution', '=', 'hide')
        .orderBy('resolved_at', 'desc')
        .limit(limit)
        .execute(),
    ]);
    // One row per hide, though several reports were resolved by it.
    const hides = [...new Map(reports.map((r) => [`${r.target_type}:${r.resolved_at}`, r])).values()];
    return [
      ...audit.map((a) => ({ action: a.action as string, reason: a.reason, createdAt: Number(a.created_at) })),
      ...hides.map((r) => ({ action: `${r.target_type}.hidden`, reason: r.note, createdAt: Number(r.resolved_at) })),
    ]
      .sort((a, b) => b.createdAt - a.createdAt)
      .slice(0, limit);
  },

  /**
   * Resolves every open report on the target at once and returns them. Of
   * two moderators resolving the same target at the same time, the second
   * one's update waits for the first and then finds nothing open: an empty
   * answer means someone else was first.
   */
  resolveOpen: (db: Conn, target: TargetKey, resolution: { action: ReportAction; by: number; at: number; note: string | null }) =>
    db
      .updateTable('reports')
      .set({ state: 'resolved', resolution: resolution.action, resolved_by: resolution.by, resolved_at: resolution.at, note: resolution.note })
      .where('target_type', '=', target.type)
      .where('target_id', '=', target.id)
      .where('state', '=', 'open')
      .returning(['id', 'reporter_id', 'reason'])
      .execute(),

  /** Hides a review, comment or list from everyone but its author and moderators. */
  hide: (db: Conn, target: { type: keyof typeof HIDEABLE; id: number }, by: number, at: number) =>
    db.updateTable(HIDEABLE[target.type]).set({ hidden_at: at, hidden_by: by }).where('id', '=', target.id).where('hidden_at', 'is', null).execute(),
};

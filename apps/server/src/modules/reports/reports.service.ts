import { REPORT_LIMITS, REPORT_MESSAGES, REPORT_REASON_LABELS, type ReportGroup, type ReportReason } from '@vgl/shared';
import type { ReportInput, ReportResolve } from '@vgl/shared/schemas';
import { isUniqueViolation } from '../../db/concurrency.js';
import type { Db } from '../../db/database.js';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.js';
import type { LimitCounters } from '../../http/limits/index.js';
import { userRateLimit } from '../../http/user-rate-limit.js';
import { recordAudit } from '../admin/admin.audit.js';
import type { AdminService } from '../admin/admin.service.js';
import { commentsRepo } from '../comments/comments.repo.js';
import type { Conn } from '../library/library.columns.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { usersRepo, type UserRow } from '../users/users.repo.js';
import { suspendAccountWithin } from '../federation/federation.blocks.js';
import { accountBlocksRepo } from '../federation/federation.blocks.repo.js';
import { interactionsRepo } from '../federation/federation.interactions.repo.js';
import { reportRefusal } from './reports.policy.js';
import { presentReportGroup } from './reports.presenter.js';
import { reportsRepo } from './reports.repo.js';
import { audienceAllows, reportTargetOf, type ReportTarget } from './reports.targets.js';

export interface ReportsDeps {
  notifications: NotificationsService;
  /** The dashboard's own suspension, run inside the resolution's transaction. */
  admin: Pick<AdminService, 'suspendWithin'>;
  limits?: LimitCounters | undefined;
  /** As the dashboard's own (admin.content.service AdminDeps): told after a resolution hid a review or suspended its author. */
  onReviewModerated?: ((entryId: number) => void) | undefined;
  /** Told after a moderator hid a list (federation: its Article is deleted elsewhere). */
  onListModerated?: ((listId: number) => void) | undefined;
  onMemberModerated?: ((userId: number) => void) | undefined;
}

const PRIOR_ACTIONS = 5;

/**
 * Members report what they can see; moderators resolve all the reports on
 * a target at once (hide it, suspend its author, or dismiss), with the
 * audit row, the author told of a hide and each reporter told the outcome,
 * in one transaction.
 */
export function createReportsService(db: Db, deps: ReportsDeps, now: () => number = Date.now) {
  const k = db.kysely;
  const limit = userRateLimit('reports', REPORT_LIMITS.perMinute, REPORT_MESSAGES.slowDown, { counters: deps.limits, now });

  async function targetIdOf(input: ReportInput): Promise<number | undefined> {
    if (input.targetId !== undefined) return input.targetId;
    if (input.targetType === 'fed_actor') return remoteAccountRow(input.account ?? '');
    return (await usersRepo.findByUsername(k, input.username ?? ''))?.id;
  }

  /** The federation_actors row of an account someone here met, made from its follow when it has none yet (a follower only). */
  async function remoteAccountRow(account: string): Promise<number | undefined> {
    const known = await accountBlocksRepo.known(k, account);
    if (!known) return undefined;
    if (known.row !== null) return known.row;
    const host = new URL(known.actor_id).host;
    return interactionsRepo.saveActor(k, { actor_id: known.actor_id, handle: known.handle, name: known.name, profile_url: known.url, avatar_url: null, host }, now());
  }

  return {
    async create(actor: UserRow, input: ReportInput): Promise<{ id: number; message: string }> {
      await limit(actor.id);
      const id = await targetIdOf(input);
      const target = id === undefined ? undefined : await reportTargetOf(k, input.targetType, id);
      const refusal = reportRefusal(actor, input.targetType, target, target !== undefined && (await audienceAllows(k, actor.id, target)));
      if (refusal) throw new AppError(refusal.statusCode, refusal.id, refusal.message);
      const key = { type: target!.type, id: target!.id };
      if (await reportsRepo.hasOpen(k, actor.id, key)) throw conflict(REPORT_MESSAGES.alreadyReported);
      try {
        const row = await reportsRepo.insert(k, {
          reporter_id: actor.id,
          target_type: key.type,
          target_id: key.id,
          target_user_id: target!.author.id,
          reason: input.reason,
          details: input.details,
          created_at: now(),
        });
        return { id: row.id, message: REPORT_MESSAGES.thanks };
      } catch (error) {
        // The same member's second report arriving at the same moment: the partial unique index keeps one open.
        if (isUniqueViolation(error)) throw conflict(REPORT_MESSAGES.alreadyReported);
        throw error;
      }
    },

    /** The queue: one group per reported target, the longest waiting first. */
    async queue(page: number): Promise<{ items: ReportGroup[]; total: number }> {
      const perPage = REPORT_LIMITS.queuePerPage;
      const { rows, total } = await reportsRepo.openTargets(k, { limit: perPage, offset: (page - 1) * perPage });
      const keys = rows.map((r) => ({ type: r.target_type, id: r.target_id }));
      const reports = await reportsRepo.openReportsOn(k, keys);
      const items = await Promise.all(
        rows.map(async (row) => {
          const target = await reportTargetOf(k, row.target_type, row.target_id);
          const authorId = target?.author.id ?? undefined;
          const [priorReports, priorActions] =
            authorId === undefined ? [0, []] : await Promise.all([reportsRepo.priorReportsAgainst(k, authorId), reportsRepo.priorActionsOn(k, authorId, PRIOR_ACTIONS)]);
          const mine = reports.filter((r) => r.target_type === row.target_type && r.target_id === row.target_id);
          return presentReportGroup(row, target, mine, { priorReports, priorActions, suspended: target?.author.state === 'suspended' });
        }),
      );
      return { items, total };
    },

    /** Resolves every open report on the report's target; a second moderator at the same time gets a 409. */
    async resolve(actor: UserRow, reportId: number, input: ReportResolve): Promise<void> {
      const acted = await k.transaction().execute(async (trx) => {
        const report = await reportsRepo.byId(trx, reportId);
        if (!report) throw notFound(REPORT_MESSAGES.noSuchReport);
        if (report.state !== 'open') throw conflict(REPORT_MESSAGES.alreadyResolved);
        if (input.action === 'hide' && report.target_type === 'user') throw badRequest(REPORT_MESSAGES.hideUser, { action: REPORT_MESSAGES.hideUser });
        if (input.action === 'hide' && report.target_type === 'fed_actor') throw badRequest(REPORT_MESSAGES.hideAccount, { action: REPORT_MESSAGES.hideAccount });
        const target = await reportTargetOf(trx, report.target_type, report.target_id);
        if (!target && input.action !== 'dismiss') throw notFound(REPORT_MESSAGES.notFound(report.target_type));
        const at = now();
        const resolved = await reportsRepo.resolveOpen(trx, { type: report.target_type, id: report.target_id }, { action: input.action, by: actor.id, at, note: input.note });
        if (resolved.length === 0) throw conflict(REPORT_MESSAGES.alreadyResolved);

        const reasons = [...new Set(resolved.map((r) => REPORT_REASON_LABELS[r.reason as ReportReason] ?? r.reason))].join(', ');
        if (target && input.action === 'hide') await hide(trx, actor, target, at, input.note);
        if (target && input.action === 'suspend') {
          const why = input.note ?? `Reported: ${reasons}`;
          // An account on another server is suspended on this instance (its deliveries refused, its follows and interactions gone).
          if (target.remote) await suspendAccountWithin(trx, actor, { actor_id: target.remote.actorId, handle: target.remote.handle, name: null, url: target.remote.url, row: target.remote.row }, why, at);
          else if (target.author.id !== null) await deps.admin.suspendWithin(trx, actor, target.author.id, why);
        }
        const label = target?.label ?? `#${report.target_id}`;
        await recordAudit(
          trx,
          actor,
          { action: `report.${input.action}`, targetType: report.target_type, targetId: report.target_id, targetLabel: label, reason: input.note ?? reasons },
          at,
        );
        for (const reporterId of new Set(resolved.map((r) => r.reporter_id))) {
          await deps.notifications.notify(trx, { userId: reporterId, actorId: actor.id, kind: 'report_resolved', message: REPORT_MESSAGES.outcome(report.target_type, label, input.action) });
        }
        return target;
      });
      if (acted?.type === 'review' && input.action === 'hide') deps.onReviewModerated?.(acted.id);
      if (acted?.type === 'list' && input.action === 'hide') deps.onListModerated?.(acted.id);
      if (acted && input.action === 'suspend' && acted.author.id !== null) deps.onMemberModerated?.(acted.author.id);
    },
  };

  /** Hides the review, comment or list; its comment counts follow, and its author is told. */
  async function hide(trx: Conn, actor: UserRow, target: ReportTarget, at: number, note: string | null) {
    if (target.type === 'user' || target.type === 'fed_actor') return;
    // A reply from another server: hidden as its Remove does (its author is not here to be told).
    if (target.type === 'fed_reply') {
      const reply = await interactionsRepo.replyById(trx, target.id);
      if (reply && (await interactionsRepo.hideReply(trx, target.id, actor.id, at))) await interactionsRepo.adjustEntryCount(trx, reply.entry_id, 'comments_count', -1);
      return;
    }
    await reportsRepo.hide(trx, { type: target.type, id: target.id }, actor.id, at);
    if (target.type === 'comment') {
      const subject = await trx.selectFrom('comments').select(['entry_id', 'list_id']).where('id', '=', target.id).executeTakeFirstOrThrow();
      await commentsRepo.recountVisible(trx, { entryId: subject.entry_id ?? undefined, listId: subject.list_id ?? undefined });
    }
    const about = target.type === 'review' ? { entryId: target.id } : target.type === 'comment' ? { commentId: target.id } : { listId: target.id };
    if (target.author.id === null) return;
    const message = REPORT_MESSAGES.hidden(target.type, target.label) + (note ? ` ${note}` : '');
    await deps.notifications.notify(trx, { userId: target.author.id, actorId: actor.id, kind: 'content_hidden', ...about, message });
  }
}

export type ReportsService = ReturnType<typeof createReportsService>;

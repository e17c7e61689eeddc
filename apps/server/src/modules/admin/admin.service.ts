import { ADMIN_LIMITS, ADMIN_MESSAGES, type AdminFederation, type AdminOverview, type AdminUser } from '@vgl/shared';
import type { AdminListQuery, AdminPageQuery, RoleInput } from '@vgl/shared/schemas';
import type { Transaction } from 'kysely';
import { lockGlobal } from '../../db/concurrency.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../../http/errors.js';
import { usersRepo, type UserRow } from '../users/users.repo.js';
import { commentsRepo } from '../comments/comments.repo.js';
import { recordAudit } from './admin.audit.js';
import { createAdminContentService, pageOf, type AdminDeps } from './admin.content.service.js';
import { adminFederationRepo } from './admin.federation.repo.js';
import { accountRefusal, type AccountAction } from './admin.policy.js';
import { presentAdminUser, presentAuditEntry, presentDailySeries, seriesStart } from './admin.presenter.js';
import { adminRepo } from './admin.repo.js';

const DAY = 86_400_000;
const lastAdmin = () => new AppError(400, 'last_admin', ADMIN_MESSAGES.lastAdmin);

/**
 * The moderation dashboard. Every caller is staff (the routes check it);
 * account actions check the finer rules here, and every change writes its
 * audit row in the same transaction.
 */
export function createAdminService(db: Db, deps: AdminDeps, now: () => number = Date.now) {
  const k = db.kysely;

  async function presentUser(viewer: UserRow, id: number): Promise<AdminUser> {
    const row = await adminRepo.userById(k, id);
    if (!row) throw notFound('There is no such user.');
    return presentAdminUser(row, viewer);
  }

  /** Loads the target inside the transaction and refuses what the policy (or the last-admin rule) forbids. */
  async function targetFor(trx: Transaction<Database>, actor: UserRow, action: AccountAction, id: number, leavesAdmins: boolean): Promise<UserRow> {
    // Two admins demoting or suspending each other at once would each count the other.
    if (leavesAdmins) await lockGlobal(db, trx, 'admins');
    const target = await usersRepo.findById(trx, id);
    if (!target) throw notFound('There is no such user.');
    const refusal = accountRefusal(actor, action, target);
    if (refusal) throw new AppError(refusal.statusCode, refusal.id, refusal.message);
    // Nobody may leave the site without an admin in good standing.
    if (leavesAdmins && target.role === 'admin' && target.state === 'active' && (await adminRepo.countActiveAdmins(trx)) <= 1) throw lastAdmin();
    return target;
  }

  /** The suspension itself, inside a caller's transaction (the suspend route's own, or a report's resolution). */
  async function suspendWithin(trx: Transaction<Database>, actor: UserRow, id: number, reason: string): Promise<void> {
    const target = await targetFor(trx, actor, 'suspend', id, true);
    const at = now();
    // The token stays valid on purpose: the app notices the suspension (GET /api/profile/avatar/ says isSuspended),
    // refreshes the token and shows the suspended page, while every write already answers 403.
    await usersRepo.update(trx, id, { state: 'suspended', suspended_reason: reason, suspended_at: at, updated_at: at });
    // Their comments are hidden now: the counts on reviews and lists say what people can see.
    await commentsRepo.recountVisible(trx, { ofAuthor: id });
    await recordAudit(trx, actor, { action: 'user.suspend', targetType: 'user', targetId: id, targetLabel: target.username, reason }, at);
  }

  return {
    ...createAdminContentService(db, deps, now),

    async overview(): Promise<AdminOverview> {
      const at = now();
      const from = seriesStart(at, ADMIN_LIMITS.seriesDays);
      const [counts, signups, reviews, audit, failedMail] = await Promise.all([
        adminRepo.counts(k, at - ADMIN_LIMITS.activeWindowDays * DAY),
        adminRepo.signupsPerDay(k, from),
        adminRepo.reviewsPerDay(k, from),
        adminRepo.audit(k, ADMIN_LIMITS.overviewAudit, 0),
        deps.mail?.failed(ADMIN_LIMITS.overviewFailedMail) ?? { total: 0, latest: [] },
      ]);
      return {
        counts,
        signups: presentDailySeries(signups, at, ADMIN_LIMITS.seriesDays),
        reviews: presentDailySeries(reviews, at, ADMIN_LIMITS.seriesDays),
        audit: audit.rows.map(presentAuditEntry),
        failedMail,
      };
    },

    /** The Federation tab. With FEDERATION off the tables still answer: rows left from when it was on are counted, never hidden. */
    async federation(): Promise<AdminFederation> {
      const [followers, published, instances] = await Promise.all([
        adminFederationRepo.followCounts(db),
        adminFederationRepo.published(db),
        adminFederationRepo.instances(db, ADMIN_LIMITS.federationInstances),
      ]);
      const origin = deps.federationOrigin ?? null;
      return { enabled: origin !== null, origin, followers, published, instances };
    },

    /** Puts a mail that could not be sent back in the queue, for one more try. */
    async retryFailedMail(id: string): Promise<void> {
      if (!(await deps.mail?.retry(id))) throw notFound('There is no such failed mail.');
    },

    async users(actor: UserRow, query: AdminListQuery) {
      const { rows, total } = await adminRepo.users(db, { q: query.q, ...pageOf(query) });
      return { items: rows.map((row) => presentAdminUser(row, actor)), total };
    },

    /** Suspends an account: hidden everywhere, signed out (the next token says isSuspended), told why on the suspended page. */
    async suspend(actor: UserRow, id: number, reason: string): Promise<AdminUser> {
      await k.transaction().execute((trx) => suspendWithin(trx, actor, id, reason));
      deps.onMemberModerated?.(id);
      return presentUser(actor, id);
    },

    suspendWithin,

    async unsuspend(actor: UserRow, id: number): Promise<AdminUser> {
      await k.transaction().execute(async (trx) => {
        const target = await targetFor(trx, actor, 'unsuspend', id, false);
        const at = now();
        await usersRepo.update(trx, id, { state: 'active', suspended_reason: null, suspended_at: null, updated_at: at });
        await commentsRepo.recountVisible(trx, { ofAuthor: id });
        await recordAudit(trx, actor, { action: 'user.unsuspend', targetType: 'user', targetId: id, targetLabel: target.username }, at);
      });
      deps.onMemberModerated?.(id);
      return presentUser(actor, id);
    },

    /** Like `vgl user:role`: raising the token version signs the user out, so their next token carries the new role. */
    async setRole(actor: UserRow, id: number, { role }: RoleInput): Promise<AdminUser> {
      await k.transaction().execute(async (trx) => {
        const target = await targetFor(trx, actor, 'changeRole', id, role !== 'admin');
        if (target.role === role) return;
        const at = now();
        await usersRepo.update(trx, id, { role, token_version: target.token_version + 1, updated_at: at });
        await recordAudit(trx, actor, { action: 'user.role', targetType: 'user', targetId: id, targetLabel: target.username, reason: `${target.role} → ${role}` }, at);
      });
      return presentUser(actor, id);
    },

    async audit(query: AdminPageQuery) {
      const { limit, offset } = pageOf(query);
      const { rows, total } = await adminRepo.audit(k, limit, offset);
      return { items: rows.map(presentAuditEntry), total };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;

import { ADMIN_LIMITS, ADMIN_MESSAGES, type AdminReview, type FailedMail } from '@vgl/shared';
import type { AdminListQuery, AdminPageQuery } from '@vgl/shared/schemas';
import { lockGlobal } from '../../db/concurrency.js';
import type { Db } from '../../db/database.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { libraryRepo, type Conn } from '../library/library.repo.js';
import type { NotificationsService } from '../notifications/notifications.service.js';

export interface AdminDeps {
  notifications: NotificationsService;
  /** Called after the featured reviews change (feature, unfeature, reorder). */
  onFeaturedChange?: () => void;
  /**
   * Told after a moderator's action committed, so copies elsewhere follow (federation: a removed review and a
   * suspended member's reviews are deleted on other servers, an unsuspended member's sent again). Must not throw.
   */
  onReviewModerated?: ((entryId: number) => void) | undefined;
  onMemberModerated?: ((userId: number) => void) | undefined;
  /** PUBLIC_URL when FEDERATION=on; null or absent when off (the Federation tab says so). */
  federationOrigin?: string | null;
  /** Mail the job queue gave up on (mail/mail.jobs.ts); none when absent. */
  mail?: {
    failed(limit: number): Promise<{ total: number; latest: FailedMail[] }>;
    /** False when there is no such failed mail. */
    retry(id: string): Promise<boolean>;
  };
}
import type { UserRow } from '../users/users.repo.js';
import { commentLabel, recordAudit, reviewLabel } from './admin.audit.js';
import { adminContentRepo, type AdminReviewRow } from './admin.content.repo.js';
import { featureRefusal } from './admin.policy.js';
import { presentAdminComment, presentAdminReview } from './admin.presenter.js';

export const pageOf = (query: AdminPageQuery) => ({ limit: query.limit, offset: (query.page - 1) * query.limit });

/**
 * Moderating what people wrote: removing reviews and comments (the author
 * is told why) and choosing the featured reviews the landing page opens with
 * (SPEC §7: the first 2 featured, then trending).
 */
export function createAdminContentService(db: Db, deps: AdminDeps, now: () => number) {
  // The landing page caches its featured reviews; tell it when they change.
  const featuredChanged = async () => {
    deps.onFeaturedChange?.();
    return featuredList();
  };
  const k = db.kysely;

  async function presentReviews(conn: Conn, rows: AdminReviewRow[]): Promise<AdminReview[]> {
    const platforms = await libraryRepo.platformsOf(conn, rows.map((r) => r.id));
    return rows.map((row) => presentAdminReview(row, platforms.get(row.id) ?? []));
  }

  const featuredList = async () => presentReviews(k, await adminContentRepo.featured(k));

  async function reviewOrThrow(conn: Conn, entryId: number) {
    const row = await adminContentRepo.reviewById(conn, entryId);
    if (!row) throw notFound('There is no such review.');
    return row;
  }

  return {
    async reviews(query: AdminListQuery) {
      const { rows, total } = await adminContentRepo.reviews(db, { q: query.q, ...pageOf(query) });
      return { items: await presentReviews(k, rows), total };
    },

    /** Removes the review (not the library entry) with its likes and comments, and tells the author why. */
    async removeReview(actor: UserRow, entryId: number, reason: string): Promise<void> {
      await k.transaction().execute(async (trx) => {
        const review = await reviewOrThrow(trx, entryId);
        const at = now();
        await adminContentRepo.removeReview(trx, entryId);
        await deps.notifications.notify(trx, { userId: review.user_id, actorId: actor.id, kind: 'review_removed', entryId, message: reason });
        await recordAudit(trx, actor, { action: 'review.delete', targetType: 'review', targetId: entryId, targetLabel: reviewLabel(review), reason }, at);
      });
      deps.onReviewModerated?.(entryId);
    },

    async comments(query: AdminListQuery) {
      const { rows, total } = await adminContentRepo.comments(db, { q: query.q, ...pageOf(query) });
      return { items: rows.map(presentAdminComment), total };
    },

    async removeComment(actor: UserRow, id: number, reason: string): Promise<void> {
      await k.transaction().execute(async (trx) => {
        const comment = await adminContentRepo.commentById(trx, id);
        if (!comment) throw notFound('There is no such comment.');
        const at = now();
        await adminContentRepo.removeComment(trx, id, { entryId: comment.entry_id, listId: comment.list_id });
        // Points at the review or list, not the comment: a notification naming a comment would go with it.
        await deps.notifications.notify(trx, {
          userId: comment.user_id,
          actorId: actor.id,
          kind: 'comment_removed',
          entryId: comment.entry_id,
          listId: comment.list_id,
          message: reason,
        });
        await recordAudit(trx, actor, { action: 'comment.delete', targetType: 'comment', targetId: id, targetLabel: commentLabel(comment), reason }, at);
      });
    },

    featured: featuredList,

    async feature(actor: UserRow, entryId: number): Promise<AdminReview[]> {
      await k.transaction().execute(async (trx) => {
        // The featured set, its size and its next place are read before the write: one change at a time.
        await lockGlobal(db, trx, 'featured');
        const review = await reviewOrThrow(trx, entryId);
        const refusal = featureRefusal(review);
        if (refusal) throw badRequest(refusal);
        if (review.featured_position !== null) throw conflict(ADMIN_MESSAGES.alreadyFeatured);
        if ((await adminContentRepo.featuredIds(trx)).length >= ADMIN_LIMITS.maxFeatured) throw badRequest(ADMIN_MESSAGES.tooManyFeatured);
        await adminContentRepo.setFeaturedPosition(trx, entryId, await adminContentRepo.nextFeaturedPosition(trx));
        await deps.notifications.notify(trx, { userId: review.user_id, actorId: actor.id, kind: 'featured', entryId });
        await recordAudit(trx, actor, { action: 'review.feature', targetType: 'review', targetId: entryId, targetLabel: reviewLabel(review) }, now());
      });
      return featuredChanged();
    },

    async unfeature(actor: UserRow, entryId: number): Promise<AdminReview[]> {
      await k.transaction().execute(async (trx) => {
        await lockGlobal(db, trx, 'featured');
        const review = await reviewOrThrow(trx, entryId);
        if (review.featured_position === null) throw notFound(ADMIN_MESSAGES.notFeatured);
        await adminContentRepo.setFeaturedPosition(trx, entryId, null);
        await recordAudit(trx, actor, { action: 'review.unfeature', targetType: 'review', targetId: entryId, targetLabel: reviewLabel(review) }, now());
      });
      return featuredChanged();
    },

    /** Puts the featured reviews in this order; the list must be exactly the featured set. */
    async reorderFeatured(actor: UserRow, entryIds: number[]): Promise<AdminReview[]> {
      await k.transaction().execute(async (trx) => {
        await lockGlobal(db, trx, 'featured');
        const current = new Set(await adminContentRepo.featuredIds(trx));
        if (entryIds.length !== current.size || entryIds.some((id) => !current.has(id))) {
          throw badRequest(ADMIN_MESSAGES.reorderSet, { entryIds: ADMIN_MESSAGES.reorderSet });
        }
        await adminContentRepo.clearStaleFeatured(trx);
        for (const [i, id] of entryIds.entries()) await adminContentRepo.setFeaturedPosition(trx, id, i + 1);
        const label = `${entryIds.length} featured review${entryIds.length === 1 ? '' : 's'}: ${entryIds.join(', ')}`;
        await recordAudit(trx, actor, { action: 'featured.reorder', targetType: 'featured', targetId: null, targetLabel: label }, now());
      });
      return featuredChanged();
    },
  };
}

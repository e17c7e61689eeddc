import { API_MESSAGES, SOCIAL_LIMITS, SOCIAL_MESSAGES } from '@vgl/shared';
import type { CommentInput } from '@vgl/shared/schemas';
import type { Db } from '../../db/database.js';
import { forbidden, notFound } from '../../http/errors.js';
import { userRateLimit } from '../../http/user-rate-limit.js';
import type { SocialServices } from '../activity/activity.service.js';
import { libraryRepo } from '../library/library.repo.js';
import type { Actor } from '../library/library.service.js';
import type { UserRow } from '../users/users.repo.js';
import { canComment } from './comments.policy.js';
import { presentComment } from './comments.presenter.js';
import { commentsRepo } from './comments.repo.js';

export function createCommentsService(db: Db, deps: SocialServices, now: () => number = Date.now) {
  const k = db.kysely;
  const limit = userRateLimit(SOCIAL_LIMITS.perMinute.comments, SOCIAL_MESSAGES.slowDown, now);

  async function reviewOf(actor: Actor, username: string, slug: string) {
    const owner = await deps.library.ownerFor(actor, username, 'read');
    const review = await libraryRepo.reviewBySlug(k, owner.id, slug);
    if (!review) throw notFound(`There is no review "${slug}".`);
    return review;
  }

  async function commentOrThrow(id: number) {
    const comment = await commentsRepo.byId(k, id);
    if (!comment) throw notFound('There is no such comment.');
    return comment;
  }

  return {
    async list(actor: Actor, username: string, slug: string, page: number, perPage: number) {
      const review = await reviewOf(actor, username, slug);
      const { rows, total } = await commentsRepo.ofReview(k, review.id, perPage, (page - 1) * perPage);
      return { items: rows.map((row) => presentComment(row, actor)), total };
    },

    async create(actor: UserRow, username: string, slug: string, input: CommentInput) {
      const review = await reviewOf(actor, username, slug);
      if (!canComment(actor, 'create')) throw forbidden(API_MESSAGES.forbidden);
      limit(actor.id);
      const at = now();
      const id = await k.transaction().execute(async (trx) => {
        // Counted first: a review removed since it was read above is a 404, not a comment on nothing.
        if (!(await commentsRepo.adjustReviewCount(trx, review.id, 1))) throw notFound(`There is no review "${slug}".`);
        const { id } = await commentsRepo.insert(trx, { entry_id: review.id, user_id: actor.id, body: input.body, created_at: at, updated_at: at });
        await deps.activity.record(trx, actor.id, { verb: 'commented', gameId: review.game_id, entryId: review.id, commentId: id });
        await deps.notifications.notify(trx, { userId: review.user_id, actorId: actor.id, kind: 'commented', entryId: review.id, commentId: id });
        return id;
      });
      return presentComment(await commentOrThrow(id), actor);
    },

    async edit(actor: UserRow, id: number, input: CommentInput) {
      const comment = await commentOrThrow(id);
      if (!canComment(actor, 'edit', comment)) throw forbidden(API_MESSAGES.forbidden);
      await commentsRepo.updateBody(k, id, input.body, now());
      // Deleted meanwhile by another request: a 404 like any other.
      return presentComment(await commentOrThrow(id), actor);
    },

    async remove(actor: UserRow, id: number) {
      const comment = await commentOrThrow(id);
      if (!canComment(actor, 'delete', comment)) throw forbidden(API_MESSAGES.forbidden);
      await k.transaction().execute(async (trx) => {
        // Deleted by two requests at once, it is counted off once.
        if (await commentsRepo.delete(trx, id)) await commentsRepo.adjustReviewCount(trx, comment.entry_id, -1);
      });
    },
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;

import { API_MESSAGES, SOCIAL_LIMITS, SOCIAL_MESSAGES } from '@vgl/shared';
import type { Db } from '../../db/database.js';
import { forbidden, notFound } from '../../http/errors.js';
import { userRateLimit } from '../../http/user-rate-limit.js';
import type { SocialServices } from '../activity/activity.service.js';
import type { UserRow } from '../users/users.repo.js';
import { likesRepo, type LikeTarget } from './likes.repo.js';

/** SPEC §7 entityId: a review's `_id` is its entry id ("12"), a comment's is "c" + its id ("c12"). */
export function likeTargetOf(entityId: string): LikeTarget | null {
  const match = /^(c?)([1-9]\d{0,9})$/.exec(entityId);
  if (!match) return null;
  return { kind: match[1] ? 'comment' : 'review', id: Number(match[2]) };
}

export function createLikesService(db: Db, deps: Pick<SocialServices, 'activity' | 'notifications'>, now: () => number = Date.now) {
  const k = db.kysely;
  const limit = userRateLimit(SOCIAL_LIMITS.perMinute.likes, SOCIAL_MESSAGES.slowDown, now);

  async function targetOrThrow(entityId: string) {
    const target = likeTargetOf(entityId);
    const row = target && (await likesRepo.target(k, target));
    if (!target || !row) throw notFound('There is no such review or comment.');
    return { target, row };
  }

  return {
    async isLiked(actor: UserRow, entityId: string) {
      const { target } = await targetOrThrow(entityId);
      return { isLiked: await likesRepo.isLiked(k, actor.id, target) };
    },

    /**
     * SPEC §7 toggles; `liked` (optional) sets the state instead, so a client
     * that retries cannot flip it twice. The count moves only when a row did.
     */
    async like(actor: UserRow, entityId: string, liked?: boolean) {
      if (actor.state !== 'active') throw forbidden(API_MESSAGES.forbidden);
      const { target, row } = await targetOrThrow(entityId);
      limit(actor.id);
      return k.transaction().execute(async (trx) => {
        const want = liked ?? !(await likesRepo.isLiked(trx, actor.id, target));
        const changed = want ? await likesRepo.add(trx, actor.id, target, now()) : await likesRepo.remove(trx, actor.id, target);
        if (!changed) return { isLiked: want, likes: Number(row.likes_count) };
        const likes = await likesRepo.adjustCount(trx, target, want ? 1 : -1);
        const kind = target.kind === 'review' ? 'review_liked' : 'comment_liked';
        const ref = target.kind === 'review' ? { entryId: target.id } : { entryId: row.entry_id, commentId: target.id };
        if (want) {
          if (target.kind === 'review') await deps.activity.record(trx, actor.id, { verb: 'liked', gameId: row.game_id, entryId: target.id });
          await deps.notifications.notify(trx, { userId: row.user_id, actorId: actor.id, kind, ...ref });
        } else {
          if (target.kind === 'review') await deps.activity.forget(trx, actor.id, 'liked', { entryId: target.id });
          await deps.notifications.retract(trx, { userId: row.user_id, actorId: actor.id, kind, ...ref });
        }
        return { isLiked: want, likes };
      });
    },
  };
}

export type LikesService = ReturnType<typeof createLikesService>;

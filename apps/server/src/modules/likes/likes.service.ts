import { API_MESSAGES } from '@vgl/shared';
import type { Db } from '../../db/database.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { UserRow } from '../users/users.repo.js';
import { likesRepo } from './likes.repo.js';

/** A review's `_id` is the library entry id as a string (SPEC §3). */
function entryIdOf(entityId: string): number | null {
  return /^[1-9]\d{0,9}$/.test(entityId) ? Number(entityId) : null;
}

export function createLikesService(db: Db, now: () => number = Date.now) {
  const k = db.kysely;

  async function reviewOrThrow(entityId: string) {
    const id = entryIdOf(entityId);
    const review = id === null ? undefined : await likesRepo.review(k, id);
    if (!review) throw notFound('There is no such review.');
    return review;
  }

  return {
    async isLiked(actor: UserRow, entityId: string) {
      const review = await reviewOrThrow(entityId);
      return { isLiked: await likesRepo.isLiked(k, actor.id, review.id) };
    },

    /**
     * SPEC §7 toggles; `liked` (optional) sets the state instead, so a client
     * that retries cannot flip it twice. The count moves only when a row did.
     */
    async like(actor: UserRow, entityId: string, liked?: boolean) {
      if (actor.state !== 'active') throw forbidden(API_MESSAGES.forbidden);
      const review = await reviewOrThrow(entityId);
      return k.transaction().execute(async (trx) => {
        const want = liked ?? !(await likesRepo.isLiked(trx, actor.id, review.id));
        const changed = want ? await likesRepo.add(trx, actor.id, review.id, now()) : await likesRepo.remove(trx, actor.id, review.id);
        const likes = changed ? (await likesRepo.adjustCount(trx, review.id, want ? 1 : -1)).likes_count : review.likes_count;
        return { isLiked: want, likes: Number(likes) };
      });
    },
  };
}

export type LikesService = ReturnType<typeof createLikesService>;

import { API_MESSAGES, SOCIAL_LIMITS, SOCIAL_MESSAGES } from '@vgl/shared';
import type { Db } from '../../db/database.js';
import { forbidden, notFound } from '../../http/errors.js';
import { userRateLimit } from '../../http/user-rate-limit.js';
import type { SocialServices } from '../activity/activity.service.js';
import type { UserRow } from '../users/users.repo.js';
import { likesRepo, type LikeTarget } from './likes.repo.js';
import { audienceRepo } from '../audience/audience.repo.js';
import { canReadReview } from '../audience/audience.policy.js';
import { followsRepo } from '../follows/follows.repo.js';

/** SPEC §7 entityId: a review's `_id` is its entry id ("12"), a comment's is "c" + its id ("c12"), a list's "l" + its id ("l12"). */
export function likeTargetOf(entityId: string): LikeTarget | null {
  const match = /^([cl]?)([1-9]\d{0,9})$/.exec(entityId);
  if (!match) return null;
  return { kind: match[1] === 'c' ? 'comment' : match[1] === 'l' ? 'list' : 'review', id: Number(match[2]) };
}

const NOTIFICATION_OF = { review: 'review_liked', comment: 'comment_liked', list: 'list_liked' } as const;

export function createLikesService(db: Db, deps: Pick<SocialServices, 'activity' | 'notifications' | 'limits'>, now: () => number = Date.now) {
  const k = db.kysely;
  const limit = userRateLimit('likes', SOCIAL_LIMITS.perMinute.likes, SOCIAL_MESSAGES.slowDown, { counters: deps.limits, now });

  /** Whose review or list a comment is under. */
  async function subjectOwnerOf(row: { entry_id: number | null; list_id: number | null }): Promise<number[]> {
    const found =
      row.entry_id !== null
        ? await k.selectFrom('library_entries').select('user_id').where('id', '=', row.entry_id).executeTakeFirst()
        : row.list_id !== null
          ? await k.selectFrom('lists').select('user_id').where('id', '=', row.list_id).executeTakeFirst()
          : undefined;
    return found ? [found.user_id] : [];
  }

  async function targetOrThrow(entityId: string, viewer: UserRow) {
    const target = likeTargetOf(entityId);
    const row = target && (await likesRepo.target(k, target, viewer.id));
    if (!target || !row) throw notFound('There is no such review, comment or list.');
    // Blocked either way, or a private owner's thing (or a comment under it) for a non-follower: not there (audience module).
    const owners = new Set([row.user_id, ...(target.kind === 'comment' ? await subjectOwnerOf(row) : [])]);
    for (const owner of owners) if (!(await audienceRepo.reachable(k, viewer.id, owner))) throw notFound('There is no such review, comment or list.');
    // A review for followers or for its author only, or a comment under one.
    const review = target.kind === 'review' ? row : row.entry_id !== null ? await k.selectFrom('library_entries').select(['user_id', 'review_visibility']).where('id', '=', row.entry_id).executeTakeFirst() : undefined;
    if (review?.review_visibility && review.review_visibility !== 'public') {
      const follows = viewer.id !== review.user_id && (await followsRepo.isFollowing(k, viewer.id, review.user_id));
      if (!canReadReview(viewer, review.user_id, review.review_visibility, follows)) throw notFound('There is no such review, comment or list.');
    }
    return { target, row };
  }

  return {
    async isLiked(actor: UserRow, entityId: string) {
      const { target } = await targetOrThrow(entityId, actor);
      return { isLiked: await likesRepo.isLiked(k, actor.id, target) };
    },

    /**
     * SPEC §7 toggles; `liked` (optional) sets the state instead, so a client
     * that retries cannot flip it twice. The count moves only when a row did.
     */
    async like(actor: UserRow, entityId: string, liked?: boolean) {
      if (actor.state !== 'active') throw forbidden(API_MESSAGES.forbidden);
      const { target, row } = await targetOrThrow(entityId, actor);
      await limit(actor.id);
      return k.transaction().execute(async (trx) => {
        const want = liked ?? !(await likesRepo.isLiked(trx, actor.id, target));
        const changed = want ? await likesRepo.add(trx, actor.id, target, now()) : await likesRepo.remove(trx, actor.id, target);
        if (!changed) return { isLiked: want, likes: Number(row.likes_count) };
        const likes = await likesRepo.adjustCount(trx, target, want ? 1 : -1);
        const kind = NOTIFICATION_OF[target.kind];
        // What the notification points at: the review or list (and the comment, for a comment's like).
        const ref = {
          ...(row.entry_id !== null ? { entryId: row.entry_id } : {}),
          ...(row.list_id !== null ? { listId: row.list_id } : {}),
          ...(target.kind === 'comment' ? { commentId: target.id } : {}),
        };
        // Liking a review or a list shows in followers' feeds; liking a comment does not.
        const feedRef = target.kind === 'review' ? { entryId: target.id } : target.kind === 'list' ? { listId: target.id } : null;
        if (want) {
          if (feedRef) await deps.activity.record(trx, actor.id, { verb: 'liked', gameId: row.game_id, ...feedRef });
          await deps.notifications.notify(trx, { userId: row.user_id, actorId: actor.id, kind, ...ref });
        } else {
          if (feedRef) await deps.activity.forget(trx, actor.id, 'liked', feedRef);
          await deps.notifications.retract(trx, { userId: row.user_id, actorId: actor.id, kind, ...ref });
        }
        return { isLiked: want, likes };
      });
    },
  };
}

export type LikesService = ReturnType<typeof createLikesService>;

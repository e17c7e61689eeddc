import { API_MESSAGES, PRIVACY_MESSAGES, SOCIAL_LIMITS, SOCIAL_MESSAGES, type UserCard } from '@vgl/shared';
import type { Db } from '../../db/database.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { userRateLimit } from '../../http/user-rate-limit.js';
import type { SocialServices } from '../activity/activity.service.js';
import type { Actor } from '../library/library.service.js';
import type { UserRow } from '../users/users.repo.js';
import { followsRepo } from './follows.repo.js';
import { audienceRepo } from '../audience/audience.repo.js';
import { lockPair } from '../audience/audience.locks.js';

/** A bio cut to about 160 characters at a word, for cards. */
export const bioExcerpt = (bio: string | null) => (bio && bio.length > 160 ? `${bio.slice(0, 160).replace(/\s+\S*$/, '')}…` : bio);

export function createFollowsService(db: Db, deps: SocialServices, now: () => number = Date.now) {
  const k = db.kysely;
  const limit = userRateLimit('follows', SOCIAL_LIMITS.perMinute.follows, SOCIAL_MESSAGES.slowDown, { counters: deps.limits, now });

  async function change(actor: UserRow, username: string, follow: boolean) {
    if (actor.state !== 'active') throw forbidden(API_MESSAGES.forbidden);
    // Not through the audience rule: a blocked member is told they cannot follow (403), not that nobody is there.
    const target = await deps.library.ownerFor(actor, username, 'read', 'none');
    if (target.id === actor.id) throw badRequest(SOCIAL_MESSAGES.followSelf);
    await limit(actor.id);
    return k.transaction().execute(async (trx) => {
      // The pair is locked (lowest id first) before the block is checked: a block made meanwhile waits
      // for this follow and then removes it, or this follow waits and sees the block (audience.service).
      await lockPair(db, trx, actor.id, target.id);
      let isRequested = false;
      if (follow) {
        if (await audienceRepo.isBlockedEitherWay(trx, actor.id, target.id)) throw forbidden(PRIVACY_MESSAGES.blockedFollow);
        const already = await followsRepo.isFollowing(trx, actor.id, target.id);
        if (!already && Number(target.is_private) === 1) {
          // A private member approves their followers: the follow waits as a request (Settings → Privacy).
          // Told once, when the request is new: asking again while it waits says nothing more.
          if (await audienceRepo.addRequest(trx, actor.id, target.id, now())) {
            await deps.notifications.notify(trx, { userId: target.id, actorId: actor.id, kind: 'follow_requested' });
          }
          isRequested = true;
        } else if (await followsRepo.add(trx, actor.id, target.id, now())) {
          await deps.activity.record(trx, actor.id, { verb: 'followed', targetUserId: target.id });
          await deps.notifications.notify(trx, { userId: target.id, actorId: actor.id, kind: 'followed' });
        }
      }
      if (!follow) {
        // A withdrawn request takes its unread notification with it.
        if (await audienceRepo.removeRequest(trx, actor.id, target.id)) {
          await deps.notifications.retract(trx, { userId: target.id, actorId: actor.id, kind: 'follow_requested' });
        }
        if (await followsRepo.remove(trx, actor.id, target.id)) {
          await deps.activity.forget(trx, actor.id, 'followed', { targetUserId: target.id });
          await deps.notifications.retract(trx, { userId: target.id, actorId: actor.id, kind: 'followed' });
        }
      }
      const row = await trx.selectFrom('users').select('followers_count').where('id', '=', target.id).executeTakeFirstOrThrow();
      return { isFollowing: follow && !isRequested, followers: Number(row.followers_count), ...(isRequested ? { isRequested } : {}) };
    });
  }

  return {
    follow: (actor: UserRow, username: string) => change(actor, username, true),
    unfollow: (actor: UserRow, username: string) => change(actor, username, false),

    async list(actor: Actor, username: string, direction: 'following' | 'followers', page: number, perPage: number): Promise<{ items: UserCard[]; total: number }> {
      const owner = await deps.library.ownerFor(actor, username, 'read');
      const { rows, total } = await followsRepo.page(k, owner.id, direction, perPage, (page - 1) * perPage);
      const followed = actor ? await followsRepo.followedAmong(k, actor.id, rows.map((r) => r.id)) : new Set<number>();
      return {
        items: rows.map((r) => ({
          username: r.username,
          avatar: r.avatar,
          bio: bioExcerpt(r.bio),
          followers: Number(r.followers_count),
          isFollowing: !actor || actor.id === r.id ? null : followed.has(r.id),
        })),
        total,
      };
    },
  };
}

export type FollowsService = ReturnType<typeof createFollowsService>;

import { API_MESSAGES, PRIVACY_MESSAGES, type AudienceCard, type PrivacySettings } from '@vgl/shared';
import type { Db } from '../../db/database.js';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';
import type { SocialServices } from '../activity/activity.service.js';
import { followsRepo } from '../follows/follows.repo.js';
import type { Conn } from '../library/library.repo.js';
import { notificationsRepo } from '../notifications/notifications.repo.js';
import { usersRepo, type UserRow } from '../users/users.repo.js';
import { lockPair } from './audience.locks.js';
import { audienceRepo } from './audience.repo.js';

/**
 * Blocks, mutes, follow requests and privacy settings: who sees whom. The
 * rule itself is audience.policy's canSee, applied where a member's things
 * are read (library.ownerFor and the lists that gather many members' things).
 */
const privacyOf = (user: UserRow): PrivacySettings => ({ isPrivate: Number(user.is_private) === 1, hideFromSearch: Number(user.hide_from_search) === 1 });

/** Told after a member's profile became private or public (federation: what they published elsewhere follows). Must not throw. */
export type PrivacyChangedHook = (userId: number) => void;

export function createAudienceService(db: Db, deps: Pick<SocialServices, 'activity' | 'notifications'> & { onPrivacyChanged?: PrivacyChangedHook | undefined }, now: () => number = Date.now) {
  const k = db.kysely;

  /** Another active member, by name: blocking or muting works whatever they could see of you. */
  async function other(actor: UserRow, username: string, self: string): Promise<UserRow> {
    if (actor.state !== 'active') throw forbidden(API_MESSAGES.forbidden);
    const target = await usersRepo.findByUsername(k, username);
    if (!target || target.state === 'pending') throw notFound(`There is no user "${username}".`);
    if (target.id === actor.id) throw badRequest(self);
    return target;
  }

  /** Ends a follow (with its feed line and unread notification), moving both counts. */
  async function unfollow(trx: Conn, followerId: number, followeeId: number) {
    if (!(await followsRepo.remove(trx, followerId, followeeId))) return;
    await deps.activity.forget(trx, followerId, 'followed', { targetUserId: followeeId });
    await deps.notifications.retract(trx, { userId: followeeId, actorId: followerId, kind: 'followed' });
  }

  /** Approves a follow request: it becomes a follow (counted, in the feed, notified), unless a block came since. */
  async function approve(actor: UserRow, username: string): Promise<void> {
    if (actor.state !== 'active') throw forbidden(API_MESSAGES.forbidden);
    const requester = await usersRepo.findByUsername(k, username);
    if (!requester) throw notFound(PRIVACY_MESSAGES.noRequest);
    await k.transaction().execute(async (trx) => {
      await lockPair(db, trx, actor.id, requester.id);
      if (!(await audienceRepo.removeRequest(trx, requester.id, actor.id))) throw notFound(PRIVACY_MESSAGES.noRequest);
      // Answered: "X asked to follow you" has nothing left to ask, if still unread.
      await deps.notifications.retract(trx, { userId: actor.id, actorId: requester.id, kind: 'follow_requested' });
      if (requester.state !== 'active' || (await audienceRepo.isBlockedEitherWay(trx, actor.id, requester.id))) return;
      if (await followsRepo.add(trx, requester.id, actor.id, now())) {
        await deps.activity.record(trx, requester.id, { verb: 'followed', targetUserId: actor.id });
        await deps.notifications.notify(trx, { userId: actor.id, actorId: requester.id, kind: 'followed' });
        await deps.notifications.notify(trx, { userId: requester.id, actorId: actor.id, kind: 'follow_approved' });
      }
    });
  }

  return {
    /** Blocks: the follows both ways and any follow requests go in the same transaction. */
    async block(actor: UserRow, username: string) {
      const target = await other(actor, username, PRIVACY_MESSAGES.blockSelf);
      await k.transaction().execute(async (trx) => {
        await lockPair(db, trx, actor.id, target.id);
        await audienceRepo.addBlock(trx, actor.id, target.id, now());
        await unfollow(trx, actor.id, target.id);
        await unfollow(trx, target.id, actor.id);
        await audienceRepo.removeRequest(trx, actor.id, target.id);
        await audienceRepo.removeRequest(trx, target.id, actor.id);
        // Unread notifications (and e-mails still due) between them would link to what is now out of reach.
        await notificationsRepo.removeUnreadBetween(trx, actor.id, target.id);
      });
      return { isBlocked: true };
    },

    async unblock(actor: UserRow, username: string) {
      const target = await other(actor, username, PRIVACY_MESSAGES.blockSelf);
      await audienceRepo.removeBlock(k, actor.id, target.id);
      return { isBlocked: false };
    },

    async mute(actor: UserRow, username: string) {
      const target = await other(actor, username, PRIVACY_MESSAGES.muteSelf);
      await audienceRepo.addMute(k, actor.id, target.id, now());
      return { isMuted: true };
    },

    async unmute(actor: UserRow, username: string) {
      const target = await other(actor, username, PRIVACY_MESSAGES.muteSelf);
      await audienceRepo.removeMute(k, actor.id, target.id);
      return { isMuted: false };
    },

    blocks: (actor: UserRow): Promise<AudienceCard[]> => audienceRepo.people(k, 'blocks', actor.id),
    mutes: (actor: UserRow): Promise<AudienceCard[]> => audienceRepo.people(k, 'mutes', actor.id),
    requests: (actor: UserRow): Promise<AudienceCard[]> => audienceRepo.people(k, 'requests', actor.id),

    approve,

    async decline(actor: UserRow, username: string): Promise<void> {
      const requester = await usersRepo.findByUsername(k, username);
      if (!requester) throw notFound(PRIVACY_MESSAGES.noRequest);
      await k.transaction().execute(async (trx) => {
        if (!(await audienceRepo.removeRequest(trx, requester.id, actor.id))) throw notFound(PRIVACY_MESSAGES.noRequest);
        // Declined quietly: the requester is not told, and the request's unread notification goes.
        await deps.notifications.retract(trx, { userId: actor.id, actorId: requester.id, kind: 'follow_requested' });
      });
    },

    privacy: privacyOf,

    /**
     * Changes the privacy settings. Going public lets the waiting requests in (as a public profile would
     * have); the write itself renews every cached anonymous answer (http/write-announcements.ts).
     */
    async setPrivacy(actor: UserRow, input: Partial<PrivacySettings>): Promise<PrivacySettings> {
      if (actor.state !== 'active') throw forbidden(API_MESSAGES.forbidden);
      const set = {
        ...(input.isPrivate === undefined ? {} : { is_private: input.isPrivate ? 1 : 0 }),
        ...(input.hideFromSearch === undefined ? {} : { hide_from_search: input.hideFromSearch ? 1 : 0 }),
      };
      if (Object.keys(set).length > 0) await k.updateTable('users').set(set).where('id', '=', actor.id).execute();
      if (input.isPrivate !== undefined && input.isPrivate !== (Number(actor.is_private) === 1)) deps.onPrivacyChanged?.(actor.id);
      const waiting = input.isPrivate === false ? await audienceRepo.people(k, 'requests', actor.id) : [];
      for (const r of waiting) {
        // A request withdrawn meanwhile is a 404 here: nothing left to approve.
        await approve(actor, r.username).catch((error: unknown) => {
          if (!(error instanceof AppError && error.statusCode === 404)) throw error;
        });
      }
      const row = await usersRepo.findById(k, actor.id);
      return privacyOf(row ?? actor);
    },
  };
}

export type AudienceService = ReturnType<typeof createAudienceService>;

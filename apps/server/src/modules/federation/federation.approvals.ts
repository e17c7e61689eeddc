import { randomUUID } from 'node:crypto';
import type { Federation } from '@fedify/fedify';
import type { RemoteFollower } from '@vgl/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { Conn } from '../library/library.repo.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { UserRow } from '../users/users.repo.js';
import type { Fedify } from './federation.fedify.js';
import { forgetRequestNotice } from './federation.instances.js';
import { federationRepo } from './federation.repo.js';
import type { RemoteFollowState } from './federation.tables.js';

/** Most remote followers (or requests) listed at once, as the local requests' list (audience.people). */
const LISTED = 1000;

const NO_REQUEST = 'There is no follow request from this account.';
const NO_FOLLOWER = 'This account does not follow you.';

/** A waiting or accepted remote follow, as an answer to it needs it. */
export interface AnsweredFollow {
  actor_id: string;
  inbox: string;
  follow_id: string | null;
}

/** Tells a remote follower what the member decided: Accept of their Follow, or Reject (a request refused, or a follower removed). */
export interface FollowAnswers {
  accept(userId: number, follow: AnsweredFollow): Promise<void>;
  reject(userId: number, follow: AnsweredFollow): Promise<void>;
}

/**
 * Accept and Reject of a remote Follow, signed by the member and queued like
 * every delivery. Reject is also how a follower is removed: Mastodon ends
 * the follow on a Reject of it, accepted or not (its own "remove follower"
 * sends one); an Undo is only the follower's to send.
 */
export function followAnswers(f: Fedify, federation: Federation<void>, publicUrl: string): FollowAnswers {
  const answer = async (kind: 'accept' | 'reject', userId: number, follow: AnsweredFollow) => {
    const ctx = federation.createContext(new URL(publicUrl), undefined);
    const identifier = String(userId);
    const actor = ctx.getActorUri(identifier);
    const Activity = kind === 'accept' ? f.Accept : f.Reject;
    await ctx.sendActivity(
      { identifier },
      { id: new URL(follow.actor_id), inboxId: new URL(follow.inbox) },
      new Activity({
        id: new URL(`${actor.href}#${kind}s/${randomUUID()}`),
        actor,
        // The Follow by ids, as it came (older rows may lack its id: the actor and object still name it).
        object: new f.Follow({ id: follow.follow_id ? new URL(follow.follow_id) : null, actor: new URL(follow.actor_id), object: actor }),
      }),
    );
  };
  return { accept: (userId, follow) => answer('accept', userId, follow), reject: (userId, follow) => answer('reject', userId, follow) };
}

type ListedRow = Awaited<ReturnType<typeof federationRepo.followersListed>>[number];

const presentFollower = (row: ListedRow): RemoteFollower => ({
  id: row.id,
  name: row.name ?? row.handle ?? row.actor_id,
  handle: row.handle ?? row.actor_id,
  url: row.url ?? row.actor_id,
  since: Number(row.created_at),
});

/**
 * A member's followers on other servers, beside the local follow requests
 * (Settings → Privacy): those waiting are approved (Accept) or declined
 * (Reject, forgotten); those accepted can be removed (Reject, forgotten).
 * With FEDERATION off (`answers` undefined) the lists still show what was
 * recorded while it was on, and nothing is sent.
 */
export function createRemoteFollowersService(db: Db, { answers, log }: { answers?: FollowAnswers | undefined; log: FastifyBaseLogger }) {
  const k = db.kysely;
  const listed = async (actor: UserRow, state: RemoteFollowState) => (await federationRepo.followersListed(k, actor.id, state, LISTED)).map(presentFollower);
  const active = (actor: UserRow) => {
    if (actor.state !== 'active') throw forbidden('Only active members can answer follow requests.');
  };
  /** Sent after the change committed: the member's decision stands even if the queue is down (it is logged). */
  const send = (kind: keyof FollowAnswers, userId: number, follow: AnsweredFollow) =>
    answers?.[kind](userId, follow).catch((err: unknown) => log.error({ err, userId, actor: follow.actor_id }, `federation: the ${kind} of a follow could not be queued`));

  /**
   * Takes the member's follow in `state` by id (404 otherwise) and applies `change` to it in a transaction.
   * `change` writes only while the row is still in `state` and says whether it did: two answers at once (two
   * tabs, approve and decline) both read it waiting on PostgreSQL, and the later write, waiting on the row's
   * lock, then finds it answered. Only the first goes on to tell the other server.
   */
  async function answer(actor: UserRow, id: number, state: RemoteFollowState, missing: string, change: (trx: Conn, id: number) => Promise<boolean>) {
    active(actor);
    return k.transaction().execute(async (trx) => {
      const row = await federationRepo.followerOf(trx, actor.id, id);
      if (!row || row.state !== state || !(await change(trx, row.id))) throw notFound(missing);
      return row;
    });
  }

  return {
    requests: (actor: UserRow) => listed(actor, 'pending'),
    followers: (actor: UserRow) => listed(actor, 'accepted'),

    async approve(actor: UserRow, id: number): Promise<void> {
      const row = await answer(actor, id, 'pending', NO_REQUEST, async (trx, rowId) => {
        if (!(await federationRepo.acceptFollower(trx, rowId))) return false;
        // Answered: "… asked to follow you" has nothing left to ask, if still unread.
        await forgetRequestNotice(trx, actor.id, rowId, { unreadOnly: true });
        return true;
      });
      await send('accept', actor.id, row);
    },

    async decline(actor: UserRow, id: number): Promise<void> {
      const row = await answer(actor, id, 'pending', NO_REQUEST, async (trx, rowId) => {
        if (!(await federationRepo.removeFollowerInState(trx, rowId, 'pending'))) return false;
        await forgetRequestNotice(trx, actor.id, rowId);
        return true;
      });
      await send('reject', actor.id, row);
    },

    async remove(actor: UserRow, id: number): Promise<void> {
      const row = await answer(actor, id, 'accepted', NO_FOLLOWER, (trx, rowId) => federationRepo.removeFollowerInState(trx, rowId, 'accepted'));
      await send('reject', actor.id, row);
    },
  };
}

export type RemoteFollowersService = ReturnType<typeof createRemoteFollowersService>;

/** The notification of a new remote follow request (kind follow_requested; actor_id is the member, as it must name one). */
export const notifyFollowRequest = (notifications: Pick<NotificationsService, 'notify'>) => (conn: Conn, userId: number, followerId: number) =>
  notifications.notify(conn, { userId, actorId: userId, kind: 'follow_requested', remoteFollowerId: followerId });

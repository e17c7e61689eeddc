import { ACCOUNT_BLOCK_MESSAGES, type RemoteAccountBlock, type RemoteAccountSuspension } from '@vgl/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { forbidden, notFound } from '../../http/errors.js';
import { recordAudit } from '../admin/admin.audit.js';
import type { UserRow } from '../users/users.repo.js';
import type { FollowAnswers } from './federation.approvals.js';
import type { Conn } from '../library/library.repo.js';
import { accountBlocksRepo, type KnownAccount } from './federation.blocks.repo.js';
import { followingRepo, type FollowingRow } from './federation.following.repo.js';
import { forgetRequestNotice } from './federation.instances.js';

/** Most blocks listed at once (Settings → Privacy), as the remote followers' list. */
const LISTED = 1000;

type BlockRow = Awaited<ReturnType<typeof accountBlocksRepo.blocksOf>>[number];

const presentBlock = (row: BlockRow): RemoteAccountBlock => ({
  id: row.id,
  actor: row.actor_id,
  handle: row.handle,
  name: row.name,
  url: row.url ?? row.actor_id,
  since: Number(row.created_at),
});

export interface AccountBlockDeps {
  /** With FEDERATION off, undefined: the block is recorded and applied here, and nothing is sent. */
  answers?: FollowAnswers | undefined;
  undoFollow?: ((userId: number, follow: Pick<FollowingRow, 'follow_id' | 'actor_id' | 'inbox'>) => Promise<void>) | undefined;
  log: FastifyBaseLogger;
  now?: () => number;
}

/**
 * A member blocking one account on another server (issue 40), as they block
 * a member here: it stops following them (their server gets a Reject of its
 * follow), they stop following it (an Undo of their Follow; its posts leave
 * their feed), its likes and boosts of their reviews go and its replies are
 * hidden, with the notifications about them; from then on its follows are
 * rejected and its likes, boosts and replies ignored (federation.inbox.ts,
 * federation.interactions.ts). Unblocking lets it interact again; what the
 * block removed stays removed. Only accounts someone here has met can be
 * blocked: nothing is looked up elsewhere.
 */
export function createAccountBlocksService(db: Db, { answers, undoFollow, log, now = Date.now }: AccountBlockDeps) {
  const k = db.kysely;
  const active = (member: UserRow) => {
    if (member.state !== 'active') throw forbidden('Only active members can block accounts.');
  };

  return {
    list: async (member: UserRow) => (await accountBlocksRepo.blocksOf(k, member.id, LISTED)).map(presentBlock),

    /** Blocks the account (created: true), or answers the block the member has already. */
    async block(member: UserRow, account: string): Promise<{ block: RemoteAccountBlock; created: boolean }> {
      active(member);
      const known = await accountBlocksRepo.known(k, account);
      if (!known) throw notFound(ACCOUNT_BLOCK_MESSAGES.unknown(account.trim()));
      const done = await k.transaction().execute(async (trx) => {
        const at = now();
        // Of two identical requests at once, one inserts; the other waits for it on the unique key, then finds its row.
        const id = await accountBlocksRepo.addBlock(trx, { user_id: member.id, actor_id: known.actor_id, handle: known.handle, name: known.name, url: known.url, created_at: at });
        if (id === null) return { created: false, followers: [], follow: undefined };
        const followers = await accountBlocksRepo.removeFollowerRows(trx, member.id, known.actor_id);
        const follow = await followingRepo.followByMember(trx, member.id, known.actor_id);
        if (follow) await followingRepo.removeFollow(trx, follow.id);
        if (known.row !== null) await accountBlocksRepo.takeBackInteractions(trx, member.id, known.row, at);
        return { created: true, followers, follow };
      });
      // Sent once the block is committed: it stands even if the queue is down (that is logged).
      for (const follower of done.followers) {
        await answers?.reject(member.id, follower).catch((err: unknown) => log.error({ err, actor: follower.actor_id }, 'federation: the Reject of a blocked follower could not be queued'));
      }
      if (done.follow) await undoFollow?.(member.id, done.follow);
      const row = await accountBlocksRepo.blockOf(k, member.id, known.actor_id);
      return { block: presentBlock(row!), created: done.created };
    },

    async unblock(member: UserRow, id: number): Promise<void> {
      if (!(await accountBlocksRepo.removeBlock(k, member.id, id))) throw notFound(ACCOUNT_BLOCK_MESSAGES.notBlocked);
    },
  };
}

export type AccountBlocksService = ReturnType<typeof createAccountBlocksService>;

/**
 * Suspends the account in the caller's transaction (the dashboard's, or a report's resolution); false when it was
 * suspended already. Audited.
 */
export async function suspendAccountWithin(trx: Conn, moderator: Pick<UserRow, 'id' | 'username'>, known: KnownAccount, reason: string | null, at: number): Promise<boolean> {
  const inserted = await trx
    .insertInto('federation_account_suspensions')
    .values({ actor_id: known.actor_id, handle: known.handle.slice(0, 600), url: known.url.slice(0, 2000), reason, created_at: at, created_by: moderator.id })
    .onConflict((oc) => oc.column('actor_id').doNothing())
    .returning('actor_id')
    .execute();
  if (inserted.length === 0) return false;
  const gone = await trx.deleteFrom('federation_followers').where('actor_id', '=', known.actor_id).returning(['id', 'user_id']).execute();
  for (const row of gone) await forgetRequestNotice(trx, row.user_id, row.id);
  // Its row goes, and with it (cascading) members' follows of it, its posts, likes, boosts and replies.
  if (known.row !== null) await accountBlocksRepo.forgetActor(trx, known.row);
  await recordAudit(trx, moderator, { action: 'account.suspend', targetType: 'fed_actor', targetId: null, targetLabel: known.handle.slice(0, 200), reason }, at);
  return true;
}

type SuspensionRow = Awaited<ReturnType<typeof suspensionsOf>>[number];

const suspensionsOf = (db: Db) =>
  db.kysely
    .selectFrom('federation_account_suspensions as s')
    .leftJoin('users as u', 'u.id', 's.created_by')
    .select(['s.actor_id', 's.handle', 's.url', 's.reason', 's.created_at', 'u.username'])
    .orderBy('s.created_at', 'desc')
    .execute();

const presentSuspension = (row: SuspensionRow): RemoteAccountSuspension => ({
  actor: row.actor_id,
  handle: row.handle,
  url: row.url ?? row.actor_id,
  reason: row.reason,
  createdAt: Number(row.created_at),
  createdBy: row.username,
});

/**
 * A moderator suspending one remote account on the whole instance (issue
 * 40), as a blocked server but for one actor: its deliveries are refused at
 * the inbox (403, federation.routes.ts), it stops following every member
 * (its server is not told, as with a server block), members' follows of it
 * end with its posts, and its likes, boosts and replies go. Audited.
 */
export function createAccountSuspensionsService(db: Db, { now = Date.now }: { now?: () => number } = {}) {
  const k = db.kysely;
  return {
    list: async () => (await suspensionsOf(db)).map(presentSuspension),

    async suspend(moderator: UserRow, account: string, reason: string | null): Promise<{ suspension: RemoteAccountSuspension; created: boolean }> {
      const known = await accountBlocksRepo.known(k, account);
      if (!known) {
        // Suspended already (a second request, whose account the first one's removal made unknown): the same answer.
        const existing = await accountBlocksRepo.suspensionOf(k, account);
        const row = existing && (await suspensionsOf(db)).find((s) => s.actor_id === existing.actor_id);
        if (row) return { suspension: presentSuspension(row), created: false };
        throw notFound(ACCOUNT_BLOCK_MESSAGES.unknown(account.trim()));
      }
      const created = await k.transaction().execute((trx) => suspendAccountWithin(trx, moderator, known, reason, now()));
      const row = (await suspensionsOf(db)).find((s) => s.actor_id === known.actor_id)!;
      return { suspension: presentSuspension(row), created };
    },

    async lift(moderator: UserRow, actorId: string): Promise<void> {
      await k.transaction().execute(async (trx) => {
        const gone = await trx.deleteFrom('federation_account_suspensions').where('actor_id', '=', actorId.trim()).returning('handle').executeTakeFirst();
        if (!gone) throw notFound(ACCOUNT_BLOCK_MESSAGES.notSuspended);
        await recordAudit(trx, moderator, { action: 'account.unsuspend', targetType: 'fed_actor', targetId: null, targetLabel: gone.handle.slice(0, 200), reason: 'suspension lifted' }, now());
      });
    },
  };
}

export type AccountSuspensionsService = ReturnType<typeof createAccountSuspensionsService>;

import { sql } from 'kysely';
import { preparedFirst } from '../../db/prepared.js';
import type { Conn } from '../library/library.repo.js';
import type { UserRow } from '../users/users.repo.js';

/** How a viewer stands towards an owner (both signed-in members, not the same one). */
export interface Relation {
  /** The owner blocked the viewer. */
  blockedByOwner: boolean;
  /** The viewer blocked the owner. */
  blocksOwner: boolean;
  /** The viewer follows the owner (an approved follow, for a private owner). */
  follows: boolean;
  /** The viewer asked to follow the private owner and waits. */
  requested: boolean;
  /** The viewer muted the owner. */
  mutes: boolean;
}

const one = sql<number>`1`.as('one');

/** Asked by every signed-in read of someone else's things: built once (its five subqueries cost more to build than to run). */
const relationOf = preparedFirst((db, v: { viewerId: number; ownerId: number }) =>
  db.selectNoFrom((eb) => [
    eb.exists(eb.selectFrom('blocks').select(one).where('blocker_id', '=', v.ownerId).where('blocked_id', '=', v.viewerId)).as('blocked_by_owner'),
    eb.exists(eb.selectFrom('blocks').select(one).where('blocker_id', '=', v.viewerId).where('blocked_id', '=', v.ownerId)).as('blocks_owner'),
    eb.exists(eb.selectFrom('follows').select(one).where('follower_id', '=', v.viewerId).where('followee_id', '=', v.ownerId)).as('follows'),
    eb.exists(eb.selectFrom('follow_requests').select(one).where('requester_id', '=', v.viewerId).where('target_id', '=', v.ownerId)).as('requested'),
    eb.exists(eb.selectFrom('mutes').select(one).where('muter_id', '=', v.viewerId).where('muted_id', '=', v.ownerId)).as('mutes'),
  ]),
);

/** The same, with the owner found by username in the same statement: a signed-in read of someone's things asks both. */
const ownerSeenBy = preparedFirst((db, v: { key: string; viewerId: number }) =>
  db
    .selectFrom('users')
    .selectAll('users')
    .select((eb) => [
      eb.exists(eb.selectFrom('blocks').select(one).whereRef('blocker_id', '=', 'users.id').where('blocked_id', '=', v.viewerId)).as('blocked_by_owner'),
      eb.exists(eb.selectFrom('blocks').select(one).where('blocker_id', '=', v.viewerId).whereRef('blocked_id', '=', 'users.id')).as('blocks_owner'),
      eb.exists(eb.selectFrom('follows').select(one).where('follower_id', '=', v.viewerId).whereRef('followee_id', '=', 'users.id')).as('follows'),
      eb.exists(eb.selectFrom('follow_requests').select(one).where('requester_id', '=', v.viewerId).whereRef('target_id', '=', 'users.id')).as('requested'),
      eb.exists(eb.selectFrom('mutes').select(one).where('muter_id', '=', v.viewerId).whereRef('muted_id', '=', 'users.id')).as('mutes'),
    ])
    .where('username_key', '=', v.key),
);

const relationFrom = (row: { blocked_by_owner: unknown; blocks_owner: unknown; follows: unknown; requested: unknown; mutes: unknown }): Relation => ({
  blockedByOwner: Boolean(Number(row.blocked_by_owner)),
  blocksOwner: Boolean(Number(row.blocks_owner)),
  follows: Boolean(Number(row.follows)),
  requested: Boolean(Number(row.requested)),
  mutes: Boolean(Number(row.mutes)),
});

// Asked on every like, comment, notification and profile read: prepared once per database (db/prepared.ts).
const blockEitherWay = preparedFirst((db, v: { a: number; b: number }) =>
  db
    .selectFrom('blocks')
    .select(one)
    .where((eb) => eb.or([eb.and([eb('blocker_id', '=', v.a), eb('blocked_id', '=', v.b)]), eb.and([eb('blocker_id', '=', v.b), eb('blocked_id', '=', v.a)])])),
);
const reachOf = preparedFirst((db, v: { viewerId: number; ownerId: number }) =>
  db
    .selectFrom('users as u')
    .where('u.id', '=', v.ownerId)
    .select((eb) => [
      'u.is_private',
      eb
        .exists(
          eb
            .selectFrom('blocks')
            .select(one)
            .where((w) => w.or([w.and([w('blocker_id', '=', v.viewerId), w('blocked_id', '=', v.ownerId)]), w.and([w('blocker_id', '=', v.ownerId), w('blocked_id', '=', v.viewerId)])])),
        )
        .as('blocked'),
      eb.exists(eb.selectFrom('follows').select(one).where('follower_id', '=', v.viewerId).where('followee_id', '=', v.ownerId)).as('follows'),
    ]),
);
const silenceOf = preparedFirst((db, v: { userId: number; actorId: number }) =>
  db.selectNoFrom((eb) => [
    eb.exists(eb.selectFrom('mutes').select(one).where('muter_id', '=', v.userId).where('muted_id', '=', v.actorId)).as('muted'),
    eb
      .exists(
        eb
          .selectFrom('blocks')
          .select(one)
          .where((w) => w.or([w.and([w('blocker_id', '=', v.userId), w('blocked_id', '=', v.actorId)]), w.and([w('blocker_id', '=', v.actorId), w('blocked_id', '=', v.userId)])])),
      )
      .as('blocked'),
  ]),
);
const muteOf = preparedFirst((db, v: { muterId: number; mutedId: number }) => db.selectFrom('mutes').select(one).where('muter_id', '=', v.muterId).where('muted_id', '=', v.mutedId));

export const audienceRepo = {
  /** The member with this username key and how `viewerId` stands towards them, in one statement (undefined: no such member). */
  async ownerSeenBy(db: Conn, key: string, viewerId: number): Promise<{ owner: UserRow; relation: Relation } | undefined> {
    const row = await ownerSeenBy(db, { key, viewerId });
    if (!row) return undefined;
    const { blocked_by_owner, blocks_owner, follows, requested, mutes, ...owner } = row;
    return { owner, relation: relationFrom({ blocked_by_owner, blocks_owner, follows, requested, mutes }) };
  },

  /** One query for everything a profile read needs to know about the pair. */
  async relation(db: Conn, viewerId: number, ownerId: number): Promise<Relation> {
    return relationFrom((await relationOf(db, { viewerId, ownerId }))!);
  },

  async isBlockedEitherWay(db: Conn, a: number, b: number): Promise<boolean> {
    return (await blockEitherWay(db, { a, b })) !== undefined;
  },

  /**
   * Whether `viewerId` may reach `ownerId`'s things (like, comment, read a comment under them): not blocked
   * either way, and a follower when the owner is private. The owner reaches their own.
   */
  async reachable(db: Conn, viewerId: number, ownerId: number): Promise<boolean> {
    if (viewerId === ownerId) return true;
    const row = await reachOf(db, { viewerId, ownerId });
    if (!row || Number(row.blocked) === 1 || row.blocked === true) return false;
    return Number(row.is_private) !== 1 || Boolean(Number(row.follows)) || row.follows === true;
  },

  /** Whether a notification from `actorId` to `userId` should be dropped: muted by them, or blocked either way. */
  async silenced(db: Conn, userId: number, actorId: number): Promise<boolean> {
    const row = (await silenceOf(db, { userId, actorId }))!;
    return Boolean(Number(row.muted)) || Boolean(Number(row.blocked));
  },

  async isMuted(db: Conn, muterId: number, mutedId: number): Promise<boolean> {
    return (await muteOf(db, { muterId, mutedId })) !== undefined;
  },

  /** Members the viewer must not meet in feeds, comments and search: blocked either way, and (with `muted`) muted by the viewer. */
  async hiddenFrom(db: Conn, viewerId: number, { muted = false } = {}): Promise<Set<number>> {
    const rows = (
      await Promise.all([
        db.selectFrom('blocks').select('blocked_id as id').where('blocker_id', '=', viewerId).execute(),
        db.selectFrom('blocks').select('blocker_id as id').where('blocked_id', '=', viewerId).execute(),
        muted ? db.selectFrom('mutes').select('muted_id as id').where('muter_id', '=', viewerId).execute() : [],
      ])
    ).flat();
    return new Set(rows.map((r) => r.id));
  },

  async addBlock(db: Conn, blockerId: number, blockedId: number, at: number): Promise<void> {
    await db.insertInto('blocks').values({ blocker_id: blockerId, blocked_id: blockedId, created_at: at }).onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing()).execute();
  },
  async removeBlock(db: Conn, blockerId: number, blockedId: number): Promise<void> {
    await db.deleteFrom('blocks').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).execute();
  },
  async addMute(db: Conn, muterId: number, mutedId: number, at: number): Promise<void> {
    await db.insertInto('mutes').values({ muter_id: muterId, muted_id: mutedId, created_at: at }).onConflict((oc) => oc.columns(['muter_id', 'muted_id']).doNothing()).execute();
  },
  async removeMute(db: Conn, muterId: number, mutedId: number): Promise<void> {
    await db.deleteFrom('mutes').where('muter_id', '=', muterId).where('muted_id', '=', mutedId).execute();
  },

  /** Adds a follow request; false when it existed. */
  async addRequest(db: Conn, requesterId: number, targetId: number, at: number): Promise<boolean> {
    const rows = await db
      .insertInto('follow_requests')
      .values({ requester_id: requesterId, target_id: targetId, created_at: at })
      .onConflict((oc) => oc.columns(['requester_id', 'target_id']).doNothing())
      .returning('target_id')
      .execute();
    return rows.length > 0;
  },
  async removeRequest(db: Conn, requesterId: number, targetId: number): Promise<boolean> {
    const result = await db.deleteFrom('follow_requests').where('requester_id', '=', requesterId).where('target_id', '=', targetId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  /** Blocks, mutes or requests to `userId`, newest first, as cards. */
  async people(db: Conn, kind: 'blocks' | 'mutes' | 'requests', userId: number) {
    const q =
      kind === 'blocks'
        ? db.selectFrom('blocks as x').innerJoin('users as u', 'u.id', 'x.blocked_id').where('x.blocker_id', '=', userId)
        : kind === 'mutes'
          ? db.selectFrom('mutes as x').innerJoin('users as u', 'u.id', 'x.muted_id').where('x.muter_id', '=', userId)
          : db.selectFrom('follow_requests as x').innerJoin('users as u', 'u.id', 'x.requester_id').where('x.target_id', '=', userId).where('u.state', '=', 'active');
    const rows = await q.select(['u.username', 'u.avatar', 'x.created_at']).orderBy('x.created_at', 'desc').limit(1000).execute();
    return rows.map((r) => ({ username: r.username, avatar: r.avatar, since: Number(r.created_at) }));
  },
};

/** For other modules (mentions, notifications): whether either of two members blocked the other. */
export const isBlockedEitherWay = (db: Conn, a: number, b: number) => audienceRepo.isBlockedEitherWay(db, a, b);

import type { Conn } from '../library/library.repo.js';
import { listedGame } from '../catalog/catalog.visibility.js';
import type { Insertable } from 'kysely';
import { forgetRequestNotice } from './federation.instances.js';
import type { FederationFollowersTable, FederationKeyAlgorithm, RemoteFollowState } from './federation.tables.js';

export type NewRemoteFollower = Insertable<FederationFollowersTable>;

/** A remote follower as Fedify's recipients want it. */
export interface RemoteFollowerRow {
  id: number;
  actor_id: string;
  inbox: string;
  shared_inbox: string | null;
}

/**
 * The reviews everyone may read, the only ones that leave the instance: an
 * active member with a public profile, a review marked public, not hidden by
 * a moderator, of a listed game (the same rule as the sitemap's reviews).
 */
export const publicReviews = (db: Conn) =>
  db
    .selectFrom('library_entries as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .innerJoin('games as g', 'g.id', 'e.game_id')
    .where('u.state', '=', 'active')
    .where('u.is_private', '=', 0)
    .where('e.review', 'is not', null)
    .where('e.review_slug', 'is not', null)
    .where('e.review_visibility', '=', 'public')
    .where('e.hidden_at', 'is', null)
    .where(listedGame('e.game_id'))
    .select([
      'e.id as entry_id',
      'e.user_id',
      'u.username',
      'g.name as game_name',
      'g.slug as game_slug',
      'g.cover_image_id',
      'e.rating',
      'e.review',
      'e.review_slug',
      'e.review_spoilers',
      'e.review_created_at',
      'e.review_updated_at',
    ]);

export type PublicReviewRow = NonNullable<Awaited<ReturnType<typeof federationRepo.publicReview>>>;

export const federationRepo = {
  /** A member who may be an actor: active (pending and suspended members are not). */
  activeMember: (db: Conn, id: number) =>
    db.selectFrom('users').select(['id', 'username', 'bio', 'avatar', 'is_private', 'hide_from_search', 'created_at']).where('id', '=', id).where('state', '=', 'active').executeTakeFirst(),

  /** Whether a member was ever admitted (active or suspended since): whose keys may sign, e.g. the Deletes of a suspension. */
  admittedMember: async (db: Conn, id: number) =>
    (await db.selectFrom('users').select('id').where('id', '=', id).where('state', '!=', 'pending').executeTakeFirst()) !== undefined,

  activeMemberIdByName: async (db: Conn, usernameKey: string) =>
    (await db.selectFrom('users').select('id').where('username_key', '=', usernameKey).where('state', '=', 'active').executeTakeFirst())?.id,

  keysOf: (db: Conn, userId: number) => db.selectFrom('federation_keys').select(['algorithm', 'public_jwk', 'private_jwk']).where('user_id', '=', userId).execute(),

  /** Two instances making a member's keys at once: the first write wins, the other's is dropped and both read it back. */
  insertKeys: (db: Conn, rows: { user_id: number; algorithm: FederationKeyAlgorithm; public_jwk: string; private_jwk: string; created_at: number }[]) =>
    db.insertInto('federation_keys').values(rows).onConflict((oc) => oc.columns(['user_id', 'algorithm']).doNothing()).execute(),

  /**
   * Records a remote Follow: a new follower in `state`, or the same follower following again (servers re-send a
   * Follow that went unanswered) with its addresses refreshed. A follow once accepted stays accepted, and one
   * waiting stays waiting. `created` says whether the row is new; two deliveries of one Follow at once make one row.
   */
  async recordFollow(db: Conn, row: NewRemoteFollower): Promise<{ id: number; state: RemoteFollowState; created: boolean }> {
    const inserted = await db
      .insertInto('federation_followers')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'actor_id']).doNothing())
      .returning(['id', 'state'])
      .executeTakeFirst();
    if (inserted) return { ...inserted, created: true };
    const existing = await db.selectFrom('federation_followers').select(['id', 'state']).where('user_id', '=', row.user_id).where('actor_id', '=', row.actor_id).executeTakeFirstOrThrow();
    await db
      .updateTable('federation_followers')
      .set({ inbox: row.inbox, shared_inbox: row.shared_inbox, follow_id: row.follow_id, name: row.name, handle: row.handle, url: row.url })
      .where('id', '=', existing.id)
      .execute();
    return { ...existing, created: false };
  },

  /** Ends a remote follow (with the notification of its request, if it was one); false when there was none. */
  async removeFollower(db: Conn, userId: number, actorId: string): Promise<boolean> {
    const gone = await db.deleteFrom('federation_followers').where('user_id', '=', userId).where('actor_id', '=', actorId).returning('id').executeTakeFirst();
    if (gone) await forgetRequestNotice(db, userId, gone.id);
    return gone !== undefined;
  },

  /** A remote actor deleted: it follows no one here any more. */
  async removeActor(db: Conn, actorId: string): Promise<void> {
    const gone = await db.deleteFrom('federation_followers').where('actor_id', '=', actorId).returning(['id', 'user_id']).execute();
    for (const row of gone) await forgetRequestNotice(db, row.user_id, row.id);
  },

  /** Without a limit: every one (a delivery's recipients). */
  acceptedFollowers: (db: Conn, userId: number, offset: number, limit?: number): Promise<RemoteFollowerRow[]> =>
    db
      .selectFrom('federation_followers')
      .select(['id', 'actor_id', 'inbox', 'shared_inbox'])
      .where('user_id', '=', userId)
      .where('state', '=', 'accepted')
      .orderBy('id')
      .$if(limit !== undefined, (q) => q.limit(limit!).offset(offset))
      .execute(),

  acceptedFollowerCount: async (db: Conn, userId: number) =>
    Number(
      (await db.selectFrom('federation_followers').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('state', '=', 'accepted').executeTakeFirstOrThrow()).n,
    ),

  /** Follows a private profile (or a silenced server) kept waiting, oldest first. */
  pendingFollowers: (db: Conn, userId: number) =>
    db.selectFrom('federation_followers').select(['id', 'actor_id', 'inbox', 'follow_id']).where('user_id', '=', userId).where('state', '=', 'pending').orderBy('id').execute(),

  /** One of a member's remote followers (or requests), by id. */
  followerOf: (db: Conn, userId: number, id: number) =>
    db.selectFrom('federation_followers').select(['id', 'actor_id', 'inbox', 'follow_id', 'state']).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst(),

  /** A member's remote followers in one state, as Settings → Privacy lists them: newest first. */
  followersListed: (db: Conn, userId: number, state: RemoteFollowState, limit: number) =>
    db
      .selectFrom('federation_followers')
      .select(['id', 'actor_id', 'name', 'handle', 'url', 'created_at'])
      .where('user_id', '=', userId)
      .where('state', '=', state)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),

  removeFollowerById: (db: Conn, id: number) => db.deleteFrom('federation_followers').where('id', '=', id).execute(),

  /** Removes the follow only while it is still in `state`: false when another answer changed it first. */
  removeFollowerInState: async (db: Conn, id: number, state: RemoteFollowState) =>
    Number((await db.deleteFrom('federation_followers').where('id', '=', id).where('state', '=', state).executeTakeFirst()).numDeletedRows) > 0,

  /** Accepts a waiting follow; false when it was not waiting (already answered, or gone). */
  acceptFollower: async (db: Conn, id: number) =>
    Number((await db.updateTable('federation_followers').set({ state: 'accepted' }).where('id', '=', id).where('state', '=', 'pending').executeTakeFirst()).numUpdatedRows) > 0,

  /** An active member whose profile is public. */
  publicMember: async (db: Conn, id: number) =>
    (await db.selectFrom('users').select('id').where('id', '=', id).where('state', '=', 'active').where('is_private', '=', 0).executeTakeFirst()) !== undefined,

  reviewedEntries: (db: Conn, userId: number) => db.selectFrom('library_entries').select('id').where('user_id', '=', userId).where('review', 'is not', null).execute(),

  publicReview: (db: Conn, entryId: number) => publicReviews(db).where('e.id', '=', entryId).executeTakeFirst(),

  noteOf: (db: Conn, entryId: number) => db.selectFrom('federation_notes').selectAll().where('entry_id', '=', entryId).executeTakeFirst(),
  noteByKey: (db: Conn, objectKey: string) => db.selectFrom('federation_notes').selectAll().where('object_key', '=', objectKey).executeTakeFirst(),
  notesOf: (db: Conn, userId: number) => db.selectFrom('federation_notes').select(['entry_id', 'object_key']).where('user_id', '=', userId).execute(),

  insertNote: (db: Conn, row: { entry_id: number; user_id: number; object_key: string; digest: string; published_at: number; updated_at: number }) =>
    db.insertInto('federation_notes').values(row).execute(),
  /** What was sent now (announced: 1), or, undoing, what it was before. */
  updateNote: (db: Conn, entryId: number, digest: string, at: number, announced = 1) =>
    db.updateTable('federation_notes').set({ digest, updated_at: at, announced }).where('entry_id', '=', entryId).execute(),
  deleteNote: (db: Conn, entryId: number) => db.deleteFrom('federation_notes').where('entry_id', '=', entryId).execute(),
};

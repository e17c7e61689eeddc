import type { Conn } from '../library/library.repo.js';
import { forgetRequestNotice } from './federation.instances.js';
import { interactionsRepo } from './federation.interactions.repo.js';

/** Who a remote account is, as a block or suspension keeps it. */
export interface KnownAccount {
  actor_id: string;
  handle: string;
  name: string | null;
  url: string;
  /** Its federation_actors row, when it has one (it liked, boosted, replied, or is followed). */
  row: number | null;
}

/** "alice@host" is read as "@alice@host"; an address or "@…" as given. */
const asTyped = (account: string) => (/^https?:\/\//i.test(account) || account.startsWith('@') ? account : `@${account}`);

/**
 * Blocks of single remote accounts by members, and their suspension on the
 * whole instance (0058), both by actor id. Inserts a unique key lets through
 * once, so two identical requests at once leave one row and one set of effects.
 */
export const accountBlocksRepo = {
  /** An account someone here has met (a follower, or one with a federation_actors row), by actor id or handle; undefined when none. */
  async known(db: Conn, account: string): Promise<KnownAccount | undefined> {
    const typed = asTyped(account.trim());
    const actor = await db
      .selectFrom('federation_actors')
      .select(['id', 'actor_id', 'handle', 'name', 'profile_url'])
      .where((eb) => eb.or([eb('actor_id', '=', typed), eb('handle', '=', typed)]))
      .orderBy('id')
      .executeTakeFirst();
    if (actor) return { actor_id: actor.actor_id, handle: actor.handle, name: actor.name, url: actor.profile_url ?? actor.actor_id, row: actor.id };
    const follower = await db
      .selectFrom('federation_followers')
      .select(['actor_id', 'handle', 'name', 'url'])
      .where((eb) => eb.or([eb('actor_id', '=', typed), eb('handle', '=', typed)]))
      .orderBy('id')
      .executeTakeFirst();
    if (follower) return { actor_id: follower.actor_id, handle: follower.handle ?? follower.actor_id, name: follower.name, url: follower.url ?? follower.actor_id, row: null };
    return undefined;
  },

  /** Adds a member's block; its id, or null when they blocked that account already. */
  addBlock: async (db: Conn, row: { user_id: number; actor_id: string; handle: string; name: string | null; url: string; created_at: number }) =>
    (
      await db
        .insertInto('federation_account_blocks')
        .values({ ...row, handle: row.handle.slice(0, 600), name: row.name?.slice(0, 200) ?? null, url: row.url.slice(0, 2000) })
        .onConflict((oc) => oc.columns(['user_id', 'actor_id']).doNothing())
        .returning('id')
        .executeTakeFirst()
    )?.id ?? null,

  blockOf: (db: Conn, userId: number, actorId: string) =>
    db.selectFrom('federation_account_blocks').selectAll().where('user_id', '=', userId).where('actor_id', '=', actorId).executeTakeFirst(),

  blocksOf: (db: Conn, userId: number, limit: number) =>
    db.selectFrom('federation_account_blocks').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute(),

  /** Whether this call removed it. */
  removeBlock: async (db: Conn, userId: number, id: number) =>
    (await db.deleteFrom('federation_account_blocks').where('user_id', '=', userId).where('id', '=', id).returning('id').execute()).length > 0,

  /** Whether the member blocks the actor (by its actor id). */
  blocks: async (db: Conn, userId: number, actorId: string) =>
    (await db.selectFrom('federation_account_blocks').select('id').where('user_id', '=', userId).where('actor_id', '=', actorId).executeTakeFirst()) !== undefined,

  /** The member's follower rows of the actor (waiting or accepted), removed, with what a Reject of each needs. */
  async removeFollowerRows(db: Conn, userId: number, actorId: string) {
    const gone = await db
      .deleteFrom('federation_followers')
      .where('user_id', '=', userId)
      .where('actor_id', '=', actorId)
      .returning(['id', 'actor_id', 'inbox', 'follow_id'])
      .execute();
    for (const row of gone) await forgetRequestNotice(db, userId, row.id);
    return gone;
  },

  /**
   * What the actor did to the member's reviews, taken back: its likes and boosts go (and the likes they counted),
   * its shown replies are hidden (by the member, so a repeated delivery cannot bring them back), and the
   * member's notifications about it go.
   */
  async takeBackInteractions(db: Conn, userId: number, actor: number, at: number) {
    const entries = db.selectFrom('library_entries').select('id').where('user_id', '=', userId);
    const reactions = await db.deleteFrom('federation_reactions').where('actor', '=', actor).where('entry_id', 'in', entries).returning(['entry_id', 'kind']).execute();
    for (const like of reactions.filter((r) => r.kind === 'like')) await interactionsRepo.adjustEntryCount(db, like.entry_id, 'likes_count', -1);
    const hidden = await db
      .updateTable('federation_replies')
      .set({ hidden_at: at, hidden_by: userId })
      .where('actor', '=', actor)
      .where('hidden_at', 'is', null)
      .where('entry_id', 'in', entries)
      .returning('entry_id')
      .execute();
    for (const reply of hidden) await interactionsRepo.adjustEntryCount(db, reply.entry_id, 'comments_count', -1);
    await interactionsRepo.removeNotifications(db, [userId], { remoteActorId: actor });
  },

  /** Everything an actor left here (likes, boosts, replies, the counts they moved, the notifications about them, its posts and members' follows of it): its row goes, cascading. */
  async forgetActor(db: Conn, actor: number) {
    const [reactions, replies] = await Promise.all([interactionsRepo.reactionsOf(db, actor), interactionsRepo.repliesOf(db, actor)]);
    for (const like of reactions.filter((r) => r.kind === 'like')) await interactionsRepo.adjustEntryCount(db, like.entry_id, 'likes_count', -1);
    for (const shown of replies.filter((r) => r.hidden_at === null)) await interactionsRepo.adjustEntryCount(db, shown.entry_id, 'comments_count', -1);
    const owners = await interactionsRepo.ownersOf(db, [...new Set([...reactions, ...replies].map((r) => r.entry_id))]);
    await interactionsRepo.removeNotifications(db, owners, { remoteActorId: actor });
    await interactionsRepo.removeActor(db, actor);
  },

  /** The suspension of an account, by actor id or handle. */
  suspensionOf: (db: Conn, account: string) => {
    const typed = asTyped(account.trim());
    return db
      .selectFrom('federation_account_suspensions')
      .select(['actor_id'])
      .where((eb) => eb.or([eb('actor_id', '=', typed), eb('handle', '=', typed)]))
      .executeTakeFirst();
  },

  /** Whether the actor is suspended on this instance. */
  suspended: async (db: Conn, actorIds: (string | null)[]) => {
    const ids = actorIds.filter((id): id is string => id !== null);
    return ids.length > 0 && (await db.selectFrom('federation_account_suspensions').select('actor_id').where('actor_id', 'in', ids).executeTakeFirst()) !== undefined;
  },
};

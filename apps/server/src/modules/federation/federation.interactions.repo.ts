import { sql } from 'kysely';
import type { Conn } from '../library/library.repo.js';
import type { RemoteReactionKind } from './federation.tables.js';

/** A remote account as fetched, before it has a row. */
export interface RemoteActorFields {
  actor_id: string;
  handle: string;
  name: string | null;
  profile_url: string | null;
  avatar_url: string | null;
  host: string;
}

/** What the comments and the review page show of a remote reply. */
export const remoteReplyColumns = [
  'r.id',
  'r.entry_id',
  'r.body',
  'r.url',
  'r.created_at',
  'r.updated_at',
  'r.hidden_at',
  'a.actor_id',
  'a.handle',
  'a.name',
  'a.profile_url',
  'a.host',
] as const;

const repliesWithActors = (db: Conn) => db.selectFrom('federation_replies as r').innerJoin('federation_actors as a', 'a.id', 'r.actor');

export type RemoteReplyRow = NonNullable<Awaited<ReturnType<typeof interactionsRepo.replyById>>>;

/**
 * What remote accounts did to members' published reviews: their likes and
 * boosts (federation_reactions), their replies (federation_replies), and the
 * accounts themselves (federation_actors). Each write that can arrive twice at
 * once (a server retrying a delivery) is an insert that a unique key lets
 * through once; the caller moves counts and notifies only when a row moved.
 */
export const interactionsRepo = {
  /** The actor's row, made or refreshed with what was just fetched: two deliveries at once agree on one id. */
  saveActor: async (db: Conn, fields: RemoteActorFields, at: number): Promise<number> =>
    (
      await db
        .insertInto('federation_actors')
        .values({ ...fields, fetched_at: at })
        .onConflict((oc) => oc.column('actor_id').doUpdateSet({ handle: fields.handle, name: fields.name, profile_url: fields.profile_url, avatar_url: fields.avatar_url, host: fields.host, fetched_at: at }))
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,

  actorByUri: (db: Conn, actorId: string) => db.selectFrom('federation_actors').select(['id', 'actor_id', 'handle']).where('actor_id', '=', actorId).executeTakeFirst(),

  /** Adds a like or boost; false when the actor had already (another delivery of it, or one racing it). */
  addReaction: async (db: Conn, row: { entry_id: number; actor: number; kind: RemoteReactionKind; activity_id: string; created_at: number }) =>
    (await db.insertInto('federation_reactions').values(row).onConflict((oc) => oc.columns(['entry_id', 'actor', 'kind']).doNothing()).returning('id').execute()).length > 0,

  /** Removes the actor's like or boost of an entry, or the one with that activity id; the rows removed. */
  removeReactions: (db: Conn, actor: number, kind: RemoteReactionKind, which: { entryId: number } | { activityId: string }) =>
    db
      .deleteFrom('federation_reactions')
      .where('actor', '=', actor)
      .where('kind', '=', kind)
      .$if('entryId' in which, (q) => q.where('entry_id', '=', (which as { entryId: number }).entryId))
      .$if('activityId' in which, (q) => q.where('activity_id', '=', (which as { activityId: string }).activityId))
      .returning(['entry_id', 'kind'])
      .execute(),

  /** Everything an actor left here: the entries whose counts move when it goes. */
  reactionsOf: (db: Conn, actor: number) => db.selectFrom('federation_reactions').select(['entry_id', 'kind']).where('actor', '=', actor).execute(),
  repliesOf: (db: Conn, actor: number) => db.selectFrom('federation_replies').select(['id', 'entry_id', 'hidden_at']).where('actor', '=', actor).execute(),
  /** The actor and (cascading) all its reactions and replies. */
  removeActor: (db: Conn, actor: number) => db.deleteFrom('federation_actors').where('id', '=', actor).execute(),

  /** Adds a reply; its id, or null when it was there already (a repeated delivery, or a hidden one). */
  addReply: async (db: Conn, row: { entry_id: number; actor: number; object_id: string; url: string | null; body: string; created_at: number }) =>
    (await db.insertInto('federation_replies').values({ ...row, updated_at: row.created_at }).onConflict((oc) => oc.column('object_id').doNothing()).returning('id').executeTakeFirst())?.id ?? null,

  replyByObject: (db: Conn, objectId: string) =>
    db.selectFrom('federation_replies as r').innerJoin('federation_actors as a', 'a.id', 'r.actor').select(['r.id', 'r.entry_id', 'r.hidden_at', 'a.actor_id']).where('r.object_id', '=', objectId).executeTakeFirst(),

  replyById: (db: Conn, id: number) =>
    repliesWithActors(db)
      .innerJoin('library_entries as e', 'e.id', 'r.entry_id')
      .select([...remoteReplyColumns, 'e.user_id as review_user_id'])
      .where('r.id', '=', id)
      .executeTakeFirst(),

  updateReply: (db: Conn, id: number, body: string, at: number) => db.updateTable('federation_replies').set({ body, updated_at: at }).where('id', '=', id).execute(),

  /** Whether this call removed it. */
  deleteReply: async (db: Conn, id: number) => Number((await db.deleteFrom('federation_replies').where('id', '=', id).executeTakeFirst()).numDeletedRows) > 0,

  /** Whether this call hid it (hidden already: false). */
  hideReply: async (db: Conn, id: number, by: number, at: number) =>
    Number((await db.updateTable('federation_replies').set({ hidden_at: at, hidden_by: by }).where('id', '=', id).where('hidden_at', 'is', null).executeTakeFirst()).numUpdatedRows) > 0,

  /** A review's remote replies shown to everyone (staff: hidden ones too). */
  replyCount: async (db: Conn, entryId: number, staff: boolean) =>
    Number(
      (
        await db
          .selectFrom('federation_replies')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('entry_id', '=', entryId)
          .$if(!staff, (q) => q.where('hidden_at', 'is', null))
          .executeTakeFirstOrThrow()
      ).n,
    ),

  repliesByIds: (db: Conn, ids: number[]) => repliesWithActors(db).select(remoteReplyColumns).where('r.id', 'in', ids.length > 0 ? ids : [-1]).execute(),

  /** The accounts that liked or boosted a review, newest first, and how many in all. */
  async reactionsTo(db: Conn, entryId: number, kind: RemoteReactionKind, limit: number) {
    const [rows, total] = await Promise.all([
      db
        .selectFrom('federation_reactions as x')
        .innerJoin('federation_actors as a', 'a.id', 'x.actor')
        .select(['a.actor_id', 'a.handle', 'a.name', 'a.profile_url', 'a.host'])
        .where('x.entry_id', '=', entryId)
        .where('x.kind', '=', kind)
        .orderBy('x.id', 'desc')
        .limit(limit)
        .execute(),
      db.selectFrom('federation_reactions').select((eb) => eb.fn.countAll<number>().as('n')).where('entry_id', '=', entryId).where('kind', '=', kind).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  },

  /** A review's like or comment count moves with what remote accounts do, in the same transaction. */
  adjustEntryCount: (db: Conn, entryId: number, column: 'likes_count' | 'comments_count', by: number) =>
    db
      .updateTable('library_entries')
      .set({ [column]: sql`${sql.ref(column)} + ${by}` })
      .where('id', '=', entryId)
      .execute(),

  /** Notifications about what the actor did (all of them, or about one reply): the thing is gone. */
  removeNotifications: (db: Conn, recipients: number[], which: { remoteActorId: number } | { remoteReplyId: number }) =>
    db
      .deleteFrom('notifications')
      .where('user_id', 'in', recipients.length > 0 ? recipients : [-1])
      .$if('remoteActorId' in which, (q) => q.where('remote_actor_id', '=', (which as { remoteActorId: number }).remoteActorId))
      .$if('remoteReplyId' in which, (q) => q.where('remote_reply_id', '=', (which as { remoteReplyId: number }).remoteReplyId))
      .execute(),

  /** An un-like or un-boost takes back its notification while it is unread, as a member's un-like does. */
  removeUnreadNotification: (db: Conn, n: { userId: number; remoteActorId: number; kind: 'review_liked' | 'review_boosted'; entryId: number }) =>
    db
      .deleteFrom('notifications')
      .where('user_id', '=', n.userId)
      .where('remote_actor_id', '=', n.remoteActorId)
      .where('kind', '=', n.kind)
      .where('entry_id', '=', n.entryId)
      .where('read_at', 'is', null)
      .execute(),

  ownersOf: async (db: Conn, entryIds: number[]) =>
    entryIds.length === 0 ? [] : (await db.selectFrom('library_entries').select('user_id').distinct().where('id', 'in', entryIds).execute()).map((r) => r.user_id),
};

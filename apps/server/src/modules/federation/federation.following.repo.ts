import type { Conn } from '../library/library.repo.js';
import type { FollowingState } from './federation.tables.js';

/** A follow with who it is of, as the member's list and our Undo need it. */
const followsWithActors = (db: Conn) =>
  db
    .selectFrom('federation_following as f')
    .innerJoin('federation_actors as a', 'a.id', 'f.actor')
    .select(['f.id', 'f.user_id', 'f.actor', 'f.inbox', 'f.follow_id', 'f.state', 'f.created_at', 'a.actor_id', 'a.handle', 'a.name', 'a.profile_url', 'a.host']);

export type FollowingRow = NonNullable<Awaited<ReturnType<typeof followingRepo.followOf>>>;

export interface NewPost {
  actor: number;
  object_id: string;
  url: string | null;
  name: string | null;
  summary: string | null;
  body: string;
  image_url: string | null;
  image_alt: string | null;
  published_at: number;
}

/**
 * Members following accounts on other servers (federation_following) and
 * what those accounts post (federation_posts). The writes that can race (a
 * member's double click on two instances, a server delivering twice) are
 * inserts a unique key lets through once.
 */
export const followingRepo = {
  /** Adds a pending follow; null when the member follows that actor already (the existing one is read by the caller). */
  addFollow: async (db: Conn, row: { user_id: number; actor: number; inbox: string; shared_inbox: string | null; followers_uri: string | null; follow_id: string; created_at: number }) =>
    (
      await db
        .insertInto('federation_following')
        .values({ ...row, state: 'pending' })
        .onConflict((oc) => oc.columns(['user_id', 'actor']).doNothing())
        .returning('id')
        .executeTakeFirst()
    )?.id ?? null,

  followOf: (db: Conn, userId: number, id: number) => followsWithActors(db).where('f.user_id', '=', userId).where('f.id', '=', id).executeTakeFirst(),
  followOfActor: (db: Conn, userId: number, actor: number) => followsWithActors(db).where('f.user_id', '=', userId).where('f.actor', '=', actor).executeTakeFirst(),

  countOf: async (db: Conn, userId: number) =>
    Number((await db.selectFrom('federation_following').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n),

  /** A member's follows, newest first. */
  followsOf: (db: Conn, userId: number, limit: number) => followsWithActors(db).where('f.user_id', '=', userId).orderBy('f.created_at', 'desc').orderBy('f.id', 'desc').limit(limit).execute(),

  removeFollow: async (db: Conn, id: number) => (await db.deleteFrom('federation_following').where('id', '=', id).returning('id').execute()).length > 0,

  /** The follow an Accept or Reject names by the id of our Follow, when it is of the actor that answers. */
  followByActivity: (db: Conn, followId: string, actorUri: string) => followsWithActors(db).where('f.follow_id', '=', followId).where('a.actor_id', '=', actorUri).executeTakeFirst(),

  /** The follow of a member (by id) of an actor (by its URI): an Accept that embeds our Follow without its id. */
  followByMember: (db: Conn, userId: number, actorUri: string) => followsWithActors(db).where('f.user_id', '=', userId).where('a.actor_id', '=', actorUri).executeTakeFirst(),

  setState: (db: Conn, id: number, state: FollowingState) => db.updateTable('federation_following').set({ state }).where('id', '=', id).execute(),

  /** The accepted follows of an actor (by its URI): whether anyone here reads its posts, and its followers collection. */
  acceptedFollowsOf: (db: Conn, actorUri: string) =>
    db
      .selectFrom('federation_following as f')
      .innerJoin('federation_actors as a', 'a.id', 'f.actor')
      .select(['f.actor', 'f.followers_uri'])
      .where('a.actor_id', '=', actorUri)
      .where('f.state', '=', 'accepted')
      .execute(),

  /** Stores a post; false when it was stored already (a repeated delivery). */
  addPost: async (db: Conn, row: NewPost, at: number) =>
    (await db.insertInto('federation_posts').values({ ...row, created_at: at, updated_at: at }).onConflict((oc) => oc.column('object_id').doNothing()).returning('id').execute()).length > 0,

  postByObject: (db: Conn, objectId: string) =>
    db.selectFrom('federation_posts as p').innerJoin('federation_actors as a', 'a.id', 'p.actor').select(['p.id', 'a.actor_id']).where('p.object_id', '=', objectId).executeTakeFirst(),

  updatePost: (db: Conn, id: number, fields: Omit<NewPost, 'actor' | 'object_id' | 'published_at'>, at: number) =>
    db.updateTable('federation_posts').set({ ...fields, updated_at: at }).where('id', '=', id).execute(),

  removePost: (db: Conn, id: number) => db.deleteFrom('federation_posts').where('id', '=', id).execute(),

  /** A post in a member's feed (they follow its account, accepted), with where a Like of it goes. */
  postInFeed: (db: Conn, userId: number, postId: number) =>
    db
      .selectFrom('federation_posts as p')
      .innerJoin('federation_actors as a', 'a.id', 'p.actor')
      .innerJoin('federation_following as f', (join) => join.onRef('f.actor', '=', 'p.actor').on('f.user_id', '=', userId).on('f.state', '=', 'accepted'))
      .select(['p.id', 'p.object_id', 'a.actor_id', 'f.inbox'])
      .where('p.id', '=', postId)
      .executeTakeFirst(),

  /** Records a member's Like; false when they had liked it already (a double click, two instances). */
  addLike: async (db: Conn, row: { post: number; user_id: number; activity_id: string; created_at: number }) =>
    (await db.insertInto('federation_post_likes').values(row).onConflict((oc) => oc.columns(['post', 'user_id']).doNothing()).returning('id').execute()).length > 0,

  /** Removes a member's Like of a post: the Like's id, for its Undo, or null when there was none. */
  removeLike: async (db: Conn, postId: number, userId: number) =>
    (await db.deleteFrom('federation_post_likes').where('post', '=', postId).where('user_id', '=', userId).returning('activity_id').executeTakeFirst())?.activity_id ?? null,

  /** A page of the posts of the actors a member follows (accepted), newest first: ids below `before`. */
  feedOf: (db: Conn, userId: number, before: number | undefined, limit: number) =>
    db
      .selectFrom('federation_posts as p')
      .innerJoin('federation_actors as a', 'a.id', 'p.actor')
      .innerJoin('federation_following as f', (join) => join.onRef('f.actor', '=', 'p.actor').on('f.user_id', '=', userId).on('f.state', '=', 'accepted'))
      .select(['p.id', 'p.url', 'p.name as title', 'p.summary', 'p.body', 'p.image_url', 'p.image_alt', 'p.published_at', 'a.actor_id', 'a.handle', 'a.name', 'a.profile_url', 'a.host', 'a.avatar_url'])
      .select((eb) => eb.exists(eb.selectFrom('federation_post_likes as l').select('l.id').whereRef('l.post', '=', 'p.id').where('l.user_id', '=', userId)).as('liked'))
      .$if(before !== undefined, (q) => q.where('p.id', '<', before!))
      .orderBy('p.id', 'desc')
      .limit(limit)
      .execute(),
};

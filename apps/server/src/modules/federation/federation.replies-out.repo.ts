import type { Conn } from '../library/library.repo.js';

export interface NewReplyOut {
  post: number;
  user_id: number;
  object_key: string;
  inbox: string;
  body: string;
  created_at: number;
}

/** Members' replies to posts in their feed (federation_post_replies), sent to the posts' servers. */
export const repliesOutRepo = {
  add: async (db: Conn, row: NewReplyOut) => (await db.insertInto('federation_post_replies').values(row).returning('id').executeTakeFirstOrThrow()).id,

  /** A member's own reply under a post, with what its Delete needs; undefined for anyone else's. */
  ownReply: (db: Conn, userId: number, postId: number, replyId: number) =>
    db
      .selectFrom('federation_post_replies as r')
      .innerJoin('federation_posts as p', 'p.id', 'r.post')
      .innerJoin('federation_actors as a', 'a.id', 'p.actor')
      .select(['r.id', 'r.object_key', 'r.inbox', 'a.actor_id'])
      .where('r.id', '=', replyId)
      .where('r.post', '=', postId)
      .where('r.user_id', '=', userId)
      .executeTakeFirst(),

  remove: async (db: Conn, id: number) => (await db.deleteFrom('federation_post_replies').where('id', '=', id).returning('id').execute()).length > 0,

  /** A member's replies under the given posts, oldest first (the feed shows them under each). */
  repliesUnder: (db: Conn, userId: number, postIds: number[]) =>
    postIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('federation_post_replies')
          .select(['id', 'post', 'object_key', 'body', 'created_at'])
          .where('user_id', '=', userId)
          .where('post', 'in', postIds)
          .orderBy('created_at', 'asc')
          .orderBy('id', 'asc')
          .execute(),

  /** A reply served at its Note's id: only while its author is an active member. */
  replyByKey: (db: Conn, objectKey: string) =>
    db
      .selectFrom('federation_post_replies as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .innerJoin('federation_posts as p', 'p.id', 'r.post')
      .innerJoin('federation_actors as a', 'a.id', 'p.actor')
      .select(['r.user_id', 'r.object_key', 'r.body', 'r.created_at', 'p.object_id as in_reply_to', 'a.actor_id as author', 'a.handle as author_handle'])
      .where('r.object_key', '=', objectKey)
      .where('u.state', '=', 'active')
      .executeTakeFirst(),
};

export type ReplyNoteRow = NonNullable<Awaited<ReturnType<typeof repliesOutRepo.replyByKey>>>;

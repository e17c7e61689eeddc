import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import { preparedFirst } from '../../db/prepared.js';
import type { Conn } from '../library/library.repo.js';

/** A likeable thing: a review (library entry), a comment or a list; each has its own like table and count column. */
export type LikeTarget = { kind: 'review'; id: number } | { kind: 'comment'; id: number } | { kind: 'list'; id: number };

const TABLES = {
  review: { likes: 'review_likes', key: 'entry_id', owner: 'library_entries' },
  comment: { likes: 'comment_likes', key: 'comment_id', owner: 'comments' },
  list: { likes: 'list_likes', key: 'list_id', owner: 'lists' },
} as const;

const noId = sql<number | null>`null`;

/** What a like needs to know of its target: the author, the count, and what the feed and notifications point at. */
export interface LikeTargetRow {
  id: number;
  user_id: number;
  likes_count: number;
  game_id: number | null;
  entry_id: number | null;
  list_id: number | null;
  /** A review's: who reads it (audience module). */
  review_visibility?: string;
}

/** A list for followers, and the viewer follows its owner (audience module). */
const followersListOf = (eb: ExpressionBuilder<Database & { l: Database['lists'] }, 'l'>, viewerId: number) =>
  eb.and([
    eb('l.followers_only', '=', 1),
    eb.exists(eb.selectFrom('follows as fl').select('fl.follower_id').where('fl.follower_id', '=', viewerId).whereRef('fl.followee_id', '=', 'l.user_id')),
  ]);

const reviewTarget = preparedFirst((db, v: { id: number }) =>
  db
    .selectFrom('library_entries as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select(['e.id', 'e.user_id', 'e.likes_count', 'e.game_id', 'e.id as entry_id', noId.as('list_id'), 'e.review_visibility'])
    .where('e.id', '=', v.id)
    .where('e.review', 'is not', null)
    .where('u.state', '=', 'active')
    .where('e.hidden_at', 'is', null),
);
const listTarget = preparedFirst((db, v: { id: number; viewerId: number }) =>
  db
    .selectFrom('lists as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['l.id', 'l.user_id', 'l.likes_count', noId.as('game_id'), noId.as('entry_id'), 'l.id as list_id'])
    .where('l.id', '=', v.id)
    .where('u.state', '=', 'active')
    .where((eb) =>
      eb.or([eb('l.is_public', '=', 1).and('l.hidden_at', 'is', null), eb('l.user_id', '=', v.viewerId), followersListOf(eb, v.viewerId).and('l.hidden_at', 'is', null)]),
    ),
);
const commentTarget = preparedFirst((db, v: { id: number; viewerId: number }) =>
  db
    .selectFrom('comments as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('library_entries as e', 'e.id', 'c.entry_id')
    .leftJoin('lists as l', 'l.id', 'c.list_id')
    .select(['c.id', 'c.user_id', 'c.likes_count', 'e.game_id', 'c.entry_id', 'c.list_id'])
    .where('c.id', '=', v.id)
    .where('u.state', '=', 'active')
    .where('c.hidden_at', 'is', null)
    .where((eb) => eb.or([eb('c.list_id', 'is', null), eb('l.is_public', '=', 1), eb('l.user_id', '=', v.viewerId), followersListOf(eb, v.viewerId)])),
);

export const likesRepo = {
  /**
   * The thing a like is about, when it exists, its author is in good
   * standing and the viewer may see it (a private list, and the comments
   * under it, are its owner's alone).
   */
  async target(db: Conn, t: LikeTarget, viewerId: number): Promise<LikeTargetRow | undefined> {
    if (t.kind === 'review') return reviewTarget(db, { id: t.id });
    if (t.kind === 'list') return listTarget(db, { id: t.id, viewerId });
    return commentTarget(db, { id: t.id, viewerId });
  },

  async isLiked(db: Conn, userId: number, t: LikeTarget): Promise<boolean> {
    const { likes, key } = TABLES[t.kind];
    const row = await db
      .selectFrom(likes)
      .select('user_id')
      .where('user_id', '=', userId)
      .where(key as 'user_id', '=', t.id)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Adds the like; false when it was already there. */
  async add(db: Conn, userId: number, t: LikeTarget, at: number): Promise<boolean> {
    const rows =
      t.kind === 'review'
        ? await db.insertInto('review_likes').values({ user_id: userId, entry_id: t.id, created_at: at }).onConflict((oc) => oc.columns(['user_id', 'entry_id']).doNothing()).returning('user_id').execute()
        : t.kind === 'comment'
          ? await db.insertInto('comment_likes').values({ user_id: userId, comment_id: t.id, created_at: at }).onConflict((oc) => oc.columns(['user_id', 'comment_id']).doNothing()).returning('user_id').execute()
          : await db.insertInto('list_likes').values({ user_id: userId, list_id: t.id, created_at: at }).onConflict((oc) => oc.columns(['user_id', 'list_id']).doNothing()).returning('user_id').execute();
    return rows.length > 0;
  },

  /** Removes the like; false when there was none. */
  async remove(db: Conn, userId: number, t: LikeTarget): Promise<boolean> {
    const result =
      t.kind === 'review'
        ? await db.deleteFrom('review_likes').where('user_id', '=', userId).where('entry_id', '=', t.id).executeTakeFirst()
        : t.kind === 'comment'
          ? await db.deleteFrom('comment_likes').where('user_id', '=', userId).where('comment_id', '=', t.id).executeTakeFirst()
          : await db.deleteFrom('list_likes').where('user_id', '=', userId).where('list_id', '=', t.id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  async adjustCount(db: Conn, t: LikeTarget, by: 1 | -1): Promise<number> {
    const row = await db
      .updateTable(TABLES[t.kind].owner)
      .set({ likes_count: sql`likes_count + ${by}` })
      .where('id', '=', t.id)
      .returning('likes_count')
      .executeTakeFirstOrThrow();
    return Number(row.likes_count);
  },
};

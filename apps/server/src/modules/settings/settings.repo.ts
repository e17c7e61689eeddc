import { sql } from 'kysely';
import type { Conn } from '../library/library.repo.js';

export const settingsRepo = {
  /** The current avatar; on PostgreSQL the row stays locked until the transaction ends, so two uploads cannot both keep the same old file. */
  avatarOf: (db: Conn, userId: number, lock: boolean) =>
    db
      .selectFrom('users')
      .select('avatar')
      .where('id', '=', userId)
      .$if(lock, (q) => q.forUpdate())
      .executeTakeFirst(),

  gamesBySlug: (db: Conn, slugs: string[]) =>
    slugs.length === 0 ? Promise.resolve([]) : db.selectFrom('games').select(['id', 'slug', 'name']).where('slug', 'in', slugs).execute(),

  /** The user's library entries for these games: game id → entry id. */
  async entriesForGames(db: Conn, userId: number, gameIds: number[]): Promise<Map<number, number>> {
    if (gameIds.length === 0) return new Map();
    const rows = await db.selectFrom('library_entries').select(['id', 'game_id']).where('user_id', '=', userId).where('game_id', 'in', gameIds).execute();
    return new Map(rows.map((r) => [r.game_id, r.id]));
  },

  /** Favourites become exactly these entries, in this order (positions 1..n). updated_at stays: it orders libraries and trending games. */
  async setFavourites(db: Conn, userId: number, entryIds: number[]): Promise<void> {
    await db.updateTable('library_entries').set({ favourite_position: null }).where('user_id', '=', userId).where('favourite_position', 'is not', null).execute();
    for (const [index, id] of entryIds.entries()) {
      await db.updateTable('library_entries').set({ favourite_position: index + 1 }).where('id', '=', id).where('user_id', '=', userId).execute();
    }
  },

  /**
   * Takes back what the user added to counts kept on other people's rows:
   * their likes on reviews and comments, their comments on reviews, and their
   * follows both ways. Run before the user's row (and, by cascade, those
   * rows) is deleted, in the same transaction.
   */
  async releaseCounts(db: Conn, userId: number): Promise<void> {
    await db
      .updateTable('library_entries')
      .set({ likes_count: sql`likes_count - 1` })
      .where('id', 'in', db.selectFrom('review_likes').select('entry_id').where('user_id', '=', userId))
      .execute();
    await db
      .updateTable('comments')
      .set({ likes_count: sql`likes_count - 1` })
      .where('id', 'in', db.selectFrom('comment_likes').select('comment_id').where('user_id', '=', userId))
      .execute();
    await db
      .updateTable('library_entries')
      .set({ comments_count: sql`comments_count - (select count(*) from comments c where c.entry_id = library_entries.id and c.user_id = ${userId})` })
      .where('id', 'in', db.selectFrom('comments').select('entry_id').where('user_id', '=', userId))
      .execute();
    // Lists (issue 17): their likes and their comments, the same way.
    await db
      .updateTable('lists')
      .set({ likes_count: sql`likes_count - 1` })
      .where('id', 'in', db.selectFrom('list_likes').select('list_id').where('user_id', '=', userId))
      .execute();
    await db
      .updateTable('lists')
      .set({ comments_count: sql`comments_count - (select count(*) from comments c where c.list_id = lists.id and c.user_id = ${userId})` })
      .where('id', 'in', db.selectFrom('comments').select('list_id').where('user_id', '=', userId))
      .execute();
    await db
      .updateTable('users')
      .set({ followers_count: sql`followers_count - 1` })
      .where('id', 'in', db.selectFrom('follows').select('followee_id').where('follower_id', '=', userId))
      .execute();
    await db
      .updateTable('users')
      .set({ following_count: sql`following_count - 1` })
      .where('id', 'in', db.selectFrom('follows').select('follower_id').where('followee_id', '=', userId))
      .execute();
  },

  /**
   * Deletes the user; every table that points at users cascades (tokens,
   * library, diary, reviews, likes, comments, follows, activities,
   * notifications). Answers the avatar file the row named.
   */
  deleteUser: (db: Conn, userId: number) => db.deleteFrom('users').where('id', '=', userId).returning('avatar').executeTakeFirst(),
};

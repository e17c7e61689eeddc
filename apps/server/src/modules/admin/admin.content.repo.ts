import { sql } from 'kysely';
import { entryGameColumns, type Conn } from '../library/library.repo.js';
import { commentsRepo } from '../comments/comments.repo.js';
import type { Db } from '../../db/database.js';
import { lower, matchesAny, scannedCount } from './admin.repo.js';

/** Written reviews of every account, whatever its state: moderators see what others cannot. */
function reviewsFrom(db: Conn, q: string) {
  return db
    .selectFrom('library_entries as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .innerJoin('games as g', 'g.id', 'e.game_id')
    .where('e.review', 'is not', null)
    .$if(q !== '', (qb) => qb.where(matchesAny([lower(sql.ref('e.review')), lower(sql.ref('g.name')), 'u.username_key'], q)));
}

/** A superset of library.repo's EntryRow, so presentReviewEntry takes it. */
const reviewColumns = [
  'u.username',
  'u.avatar',
  'u.state as user_state',
  ...entryGameColumns,
] as const;

/** Comments under reviews and under lists (one of the two joins finds its subject). */
function commentsFrom(db: Conn, q: string) {
  return db
    .selectFrom('comments as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('library_entries as e', 'e.id', 'c.entry_id')
    .leftJoin('users as ru', 'ru.id', 'e.user_id')
    .leftJoin('games as g', 'g.id', 'e.game_id')
    .leftJoin('lists as l', 'l.id', 'c.list_id')
    .leftJoin('users as lu', 'lu.id', 'l.user_id')
    .$if(q !== '', (qb) => qb.where(matchesAny([lower(sql.ref('c.body')), 'u.username_key', lower(sql.ref('g.name')), lower(sql.ref('l.title'))], q)));
}

const commentColumns = [
  'c.id',
  'c.entry_id',
  'c.user_id',
  'c.body',
  'c.created_at',
  'u.username',
  'u.avatar',
  'ru.username as review_username',
  'e.review_slug',
  'g.name as game_name',
  'c.list_id',
  'lu.username as list_username',
  'l.slug as list_slug',
  'l.title as list_title',
] as const;

export const adminContentRepo = {
  reviewById: (db: Conn, entryId: number) => reviewsFrom(db, '').selectAll('e').select(reviewColumns).where('e.id', '=', entryId).executeTakeFirst(),

  /** Newest reviews first; q matches the review text, the game name or the author's username. Read off the serving thread (scanned). */
  async reviews(db: Pick<Db, 'kysely' | 'scanRead'>, f: { q: string; limit: number; offset: number }) {
    const [rows, total] = await Promise.all([
      db.scanRead(reviewsFrom(db.kysely, f.q).selectAll('e').select(reviewColumns).orderBy('e.review_created_at', 'desc').orderBy('e.id', 'desc').limit(f.limit).offset(f.offset)),
      scannedCount(db, reviewsFrom(db.kysely, f.q).select((eb) => eb.fn.countAll().as('n'))),
    ]);
    return { rows, total };
  },

  /** Every featured review in order, hidden ones too (an author suspended since), so the whole set can be reordered. */
  featured: (db: Conn) =>
    reviewsFrom(db, '').selectAll('e').select(reviewColumns).where('e.featured_position', 'is not', null).orderBy('e.featured_position').orderBy('e.id').execute(),

  /** Ids of the featured reviews: the set GET /api/admin/featured lists. */
  featuredIds: async (db: Conn) =>
    (await db.selectFrom('library_entries').select('id').where('featured_position', 'is not', null).where('review', 'is not', null).execute()).map(
      (r) => r.id,
    ),

  /** Drops the featured place of entries whose author has since taken the review down, so it cannot come back featured. */
  clearStaleFeatured: (db: Conn) =>
    db.updateTable('library_entries').set({ featured_position: null }).where('featured_position', 'is not', null).where('review', 'is', null).execute(),

  nextFeaturedPosition: async (db: Conn) => {
    // The condition changes nothing for max() but lets it read the (partial) featured index instead of every entry.
    const row = await db
      .selectFrom('library_entries')
      .select((eb) => eb.fn.max('featured_position').as('max'))
      .where('featured_position', 'is not', null)
      .executeTakeFirst();
    return Number(row?.max ?? 0) + 1;
  },

  setFeaturedPosition: (db: Conn, entryId: number, position: number | null) =>
    db.updateTable('library_entries').set({ featured_position: position }).where('id', '=', entryId).execute(),

  /**
   * Takes the review off a library entry: its text, slug and dates, its
   * featured place, and what hung on it (likes, comments, the feed items and
   * notifications about them). The entry itself — status, rating, dates
   * played — stays in the owner's library.
   */
  async removeReview(db: Conn, entryId: number) {
    await db.deleteFrom('review_likes').where('entry_id', '=', entryId).execute();
    // Comment likes, and feed items and notifications naming a comment, go with it (ON DELETE CASCADE).
    await db.deleteFrom('comments').where('entry_id', '=', entryId).execute();
    await db.deleteFrom('activities').where('entry_id', '=', entryId).where('verb', 'in', ['reviewed', 'liked', 'commented']).execute();
    // Likes, boosts and replies from the fediverse hung on it too (issue 40).
    await db.deleteFrom('federation_reactions').where('entry_id', '=', entryId).execute();
    await db.deleteFrom('federation_replies').where('entry_id', '=', entryId).execute();
    await db.deleteFrom('notifications').where('entry_id', '=', entryId).where('kind', 'in', ['review_liked', 'review_boosted', 'commented', 'comment_liked']).execute();
    await db
      .updateTable('library_entries')
      .set({
        review: null,
        review_slug: null,
        review_created_at: null,
        review_updated_at: null,
        featured_position: null,
        likes_count: 0,
        comments_count: 0,
      })
      .where('id', '=', entryId)
      .execute();
  },

  commentById: (db: Conn, id: number) => commentsFrom(db, '').select(commentColumns).where('c.id', '=', id).executeTakeFirst(),

  /** Newest comments first, from every account; q matches the text, the commenter's username or the game name. Read off the serving thread (scanned). */
  async comments(db: Pick<Db, 'kysely' | 'scanRead'>, f: { q: string; limit: number; offset: number }) {
    const [rows, total] = await Promise.all([
      db.scanRead(commentsFrom(db.kysely, f.q).select(commentColumns).orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').limit(f.limit).offset(f.offset)),
      scannedCount(db, commentsFrom(db.kysely, f.q).select((eb) => eb.fn.countAll().as('n'))),
    ]);
    return { rows, total };
  },

  /** Deletes a comment (its likes and the feed items naming it cascade) and recounts the comments of its review or list. */
  async removeComment(db: Conn, id: number, subject: { entryId: number | null; listId: number | null }) {
    await db.deleteFrom('comments').where('id', '=', id).execute();
    if (subject.entryId !== null) await commentsRepo.recountVisible(db, { entryId: subject.entryId });
    if (subject.listId !== null) await commentsRepo.recountVisible(db, { listId: subject.listId });
  },
};
export type AdminReviewRow = NonNullable<Awaited<ReturnType<typeof adminContentRepo.reviewById>>>;
export type AdminCommentRow = NonNullable<Awaited<ReturnType<typeof adminContentRepo.commentById>>>;

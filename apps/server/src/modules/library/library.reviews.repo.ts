import { sql } from 'kysely';
import { prepared, preparedFirst } from '../../db/prepared.js';
import { listedGame } from '../catalog/catalog.visibility.js';
import { entryRows, publicReviews, reviewsAt, visibleReviews, type Conn, type ReviewLevels } from './library.columns.js';
import { countEntries } from './library.counts.js';

/** A review's trending score, written as migration 0028's index has it (literal weight, no bound parameter) so the index is used. */
const REVIEW_SCORE = sql<number>`e.likes_count + e.comments_count * 2`;

const reviewWithSlug = preparedFirst((db, v: { userId: number; slug: string } & ReviewLevels) =>
  reviewsAt(entryRows(db), v).where('e.user_id', '=', v.userId).where('e.review_slug', '=', v.slug).where('e.review', 'is not', null),
);
const slugsLike = prepared((db, v: { userId: number; pattern: string }) =>
  db.selectFrom('library_entries').select('review_slug').where('user_id', '=', v.userId).where('review_slug', 'like', v.pattern),
);
const reviewsPage = prepared((db, v: { userId: number; limit: number; offset: number } & ReviewLevels) =>
  reviewsAt(visibleReviews(entryRows(db)), v).where('e.user_id', '=', v.userId).orderBy('e.review_created_at', 'desc').orderBy('e.id', 'desc').limit(v.limit).offset(v.offset),
);
const gameReviewsPage = prepared((db, v: { gameId: number; limit: number; offset: number }) =>
  publicReviews(entryRows(db))
    .where('e.game_id', '=', v.gameId)
    .orderBy('e.likes_count', 'desc')
    .orderBy('e.review_created_at', 'desc')
    .limit(v.limit)
    .offset(v.offset),
);

// The home page's popular reviews leave out reviews of members' games awaiting a moderator (catalog.visibility.ts).
const reviewsTrending = prepared((db, v: { since: number; limit: number }) =>
  publicReviews(entryRows(db)).where(listedGame('e.game_id')).where('e.review_created_at', '>=', v.since).orderBy(REVIEW_SCORE, 'desc').orderBy('e.review_created_at', 'desc').limit(v.limit),
);
const reviewsRecent = prepared((db, v: { limit: number }) =>
  publicReviews(entryRows(db)).where(listedGame('e.game_id')).orderBy('e.review_created_at', 'desc').orderBy('e.id', 'desc').limit(v.limit),
);
const reviewsFeatured = prepared((db, v: { limit: number }) =>
  publicReviews(entryRows(db)).where(listedGame('e.game_id')).where('e.featured_position', 'is not', null).orderBy('e.featured_position').limit(v.limit),
);

/** Every level: the author reads all their reviews. */
const ALL_LEVELS: ReviewLevels = { a: 'followers', b: 'private' };

/** Reviews: the review side of an entry (part of libraryRepo, kept apart from the library's shelves). */
export const reviewsRepo = {
  /** `levels`: which reviews the viewer reads (audience.policy reviewLevels); the author's own by default. */
  reviewBySlug: (db: Conn, userId: number, slug: string, levels: ReviewLevels = ALL_LEVELS) => reviewWithSlug(db, { userId, slug, ...levels }),

  /** Review slugs this user already uses (for a new, unique one). */
  reviewSlugsLike: async (db: Conn, userId: number, base: string) => (await slugsLike(db, { userId, pattern: `${base}%` })).map((r) => r.review_slug),

  /** A member's newest reviews, without their count (the profile shows a few). */
  latestReviews: (db: Conn, userId: number, limit: number, levels: ReviewLevels = ALL_LEVELS) => reviewsPage(db, { userId, limit, offset: 0, ...levels }),

  async reviewsOf(db: Conn, userId: number, limit: number, offset: number, levels: ReviewLevels = ALL_LEVELS) {
    const [rows, total] = await Promise.all([
      reviewsPage(db, { userId, limit, offset, ...levels }),
      countEntries(db, { userId, reviews: true, reviewLevelA: levels.a, reviewLevelB: levels.b }),
    ]);
    return { rows, total };
  },

  /** How many of a member's reviews a viewer at these levels may open (reviewsOf's total). */
  reviewCount: (db: Conn, userId: number, levels: ReviewLevels = ALL_LEVELS) => countEntries(db, { userId, reviews: true, reviewLevelA: levels.a, reviewLevelB: levels.b }),

  async reviewsOfGame(db: Conn, gameId: number, limit: number, offset: number, without: ReadonlySet<number> = new Set()) {
    if (without.size > 0) {
      // A signed-in reader with blocks (audience hiddenFrom): the same page, their authors left out in SQL so pages stay whole.
      const ids = [...without];
      const [rows, count] = await Promise.all([
        publicReviews(entryRows(db))
          .where('e.game_id', '=', gameId)
          .where('e.user_id', 'not in', ids)
          .orderBy('e.likes_count', 'desc')
          .orderBy('e.review_created_at', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        publicReviews(entryRows(db)).clearSelect().select((eb) => eb.fn.countAll().as('n')).where('e.game_id', '=', gameId).where('e.user_id', 'not in', ids).executeTakeFirst(),
      ]);
      return { rows, total: Number(count?.n ?? 0) };
    }
    const [rows, total] = await Promise.all([
      gameReviewsPage(db, { gameId, limit, offset }),
      countEntries(db, { gameId, reviews: true }),
    ]);
    return { rows, total };
  },

  /** Most liked and commented reviews written since `since`; newest first on ties (through library_entries_review_score). */
  trendingReviews: (db: Conn, since: number, limit: number) => reviewsTrending(db, { since, limit }),

  recentReviews: (db: Conn, limit: number) => reviewsRecent(db, { limit }),

  featuredReviews: (db: Conn, limit: number) => reviewsFeatured(db, { limit }),

};

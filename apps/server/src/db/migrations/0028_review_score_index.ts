import { sql } from 'kysely';
import type { Dialect } from '../database.js';
import { concurrentIndexes } from './helpers.js';

/**
 * Trending reviews are the most liked and commented of the last 14 days
 * (likes + 2 × comments). Found through the date index, every recent review
 * was read and sorted for each answer — 1–3 ms once a few thousand exist,
 * paid again by the home feed after each member's write. Indexed by that
 * score (reviews only), the first rows in order are the answer. The query
 * must write the score exactly as here (no bound parameter) for SQLite to
 * use it: library.repo.ts's REVIEW_SCORE.
 * Built concurrently, not to hold off writes to library_entries (issue 35).
 */
export const reviewScoreIndexMigration = (dialect: Dialect) =>
  concurrentIndexes(dialect, [
    { name: 'library_entries_review_score', on: sql`on library_entries ((likes_count + comments_count * 2) desc, review_created_at desc) where review is not null` },
  ]);

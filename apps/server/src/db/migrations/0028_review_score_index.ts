import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Trending reviews are the most liked and commented of the last 14 days
 * (likes + 2 × comments). Found through the date index, every recent review
 * was read and sorted for each answer — 1–3 ms once a few thousand exist,
 * paid again by the home feed after each member's write. Indexed by that
 * score (reviews only), the first rows in order are the answer. The query
 * must write the score exactly as here (no bound parameter) for SQLite to
 * use it: library.repo.ts's REVIEW_SCORE.
 */
export const reviewScoreIndexMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await sql`create index library_entries_review_score on library_entries ((likes_count + comments_count * 2) desc, review_created_at desc) where review is not null`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index library_entries_review_score`.execute(db);
  },
});

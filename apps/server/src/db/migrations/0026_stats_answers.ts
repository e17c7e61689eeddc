import type { Kysely, Migration } from 'kysely';

/**
 * Stats answers kept in the database (issue 17), so that a restart or
 * another instance on the same PostgreSQL does not count a member's stats
 * again: each answer (`question`: "stats:all", "stats:2025", "year:2025")
 * is stored with the fingerprint of the counters it was made from (a hash
 * of the username and the member's member_stats_versions rows) and is used
 * only while that fingerprint is still the member's and it is younger than
 * the answers' maximum age (catalog edits move no counter). One row per
 * member and question, written after the answer was sent.
 */
export const statsAnswersMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('member_stats_answers')
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('question', 'text', (col) => col.notNull())
      .addColumn('fingerprint', 'text', (col) => col.notNull())
      .addColumn('payload', 'text', (col) => col.notNull())
      .addColumn('computed_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('member_stats_answers_pk', ['user_id', 'question'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('member_stats_answers').execute();
  },
});

import type { Kysely, Migration } from 'kysely';

/**
 * A review may say it contains spoilers (issue 36): 1 when its author marked
 * it, and cards and pages keep it blurred until the reader asks. Added with
 * a default, so the release before this one keeps writing entries unchanged.
 */
export const reviewSpoilersMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('library_entries')
      .addColumn('review_spoilers', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('library_entries').dropColumn('review_spoilers').execute();
  },
});

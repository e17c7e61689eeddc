import type { Kysely, Migration } from 'kysely';

/**
 * How much of a beaten game was done (issue 38): 'main', 'main_extras' or
 * 'complete', null when not said. Nullable, so older servers keep writing
 * entries (expand/contract). The new status codes 5 (played) and 6
 * (shelved) need nothing here: library_entries.status was never
 * constrained to 1–4 (0005 made it a plain integer), on either database.
 */
export const playCompletionMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('library_entries').addColumn('completion', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('library_entries').dropColumn('completion').execute();
  },
});

import type { Kysely, Migration } from 'kysely';

/**
 * Explore's first-run checklist asks whether a member imported a file;
 * nothing else records it (imported entries look like any other).
 */
export const firstStepsMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('imported_at', 'bigint').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('users').dropColumn('imported_at').execute();
  },
});

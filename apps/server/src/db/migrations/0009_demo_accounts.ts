import type { Kysely, Migration } from 'kysely';

/**
 * Marks the accounts `npm run vgl -- seed:demo` creates, so they can be told
 * apart from real people (and found again: running the seed twice adds nothing).
 */
export const demoAccountsMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('is_demo', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('users').dropColumn('is_demo').execute();
  },
});

import type { Kysely, Migration } from 'kysely';

/**
 * The platform a game came out on first (issue 34): what its card shows, and
 * the first on its page. Filled by each source: the embedded catalog's
 * `firstPlatform`, IGDB's earliest release date, Wikidata's earliest
 * publication date with a platform. Null when the source does not say: the
 * card then shows the game's best-known platform. A plain id, no foreign
 * key: a platform is never deleted, and a stale id only falls back.
 */
export const firstPlatformMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('games').addColumn('first_platform_id', 'integer').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('games').dropColumn('first_platform_id').execute();
  },
});

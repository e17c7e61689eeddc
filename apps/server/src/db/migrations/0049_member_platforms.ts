import type { Kysely, Migration } from 'kysely';

/**
 * The platforms a member owns (issue 37): release alerts say "out" only for
 * a release on one of them, when the member named any. A platform that goes
 * from the catalog takes its rows with it.
 */
export const memberPlatformsMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('member_platforms')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('platform_id', 'integer', (c) => c.notNull().references('platforms.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('member_platforms_pk', ['user_id', 'platform_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('member_platforms').execute();
  },
});

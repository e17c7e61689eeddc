import type { Kysely, Migration } from 'kysely';

/**
 * The dashboard's "active this week" asks who acted since a date. Per account,
 * "has an activity since" scanned all of its activities (the actor index is
 * ordered by id, not time): 0.5 s of synchronous SQLite at 10k accounts and
 * 500k activities, every time the overview opened. By time, the week's rows are
 * read once, and only they.
 */
export const recentActorsMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('activities_created_actor').on('activities').columns(['created_at', 'actor_id']).execute();
    await db.schema.createIndex('comments_created_user').on('comments').columns(['created_at', 'user_id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('activities_created_actor').execute();
    await db.schema.dropIndex('comments_created_user').execute();
  },
});

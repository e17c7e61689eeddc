import { type Kysely, type Migration } from 'kysely';

/**
 * Release alerts and the calendar feed (issue 37).
 *
 * - release_alerts: per member and wanted game, what they were last told of
 *   its release ('none', 'dated' with the date, 'released'); the hourly job
 *   compares the catalog with it and moves it by a conditional write, which
 *   is what makes each alert once across instances.
 * - calendar_feeds: a member's private iCalendar token, hashed (sha-256);
 *   a new one replaces the old, so the old address answers 404.
 * - notifications.game_id: the game a release alert is about. Nullable, so
 *   the release before this one keeps writing notifications.
 */
export const releaseAlertsMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('release_alerts')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('game_id', 'integer', (c) => c.notNull().references('games.id').onDelete('cascade'))
      .addColumn('state', 'varchar(8)', (c) => c.notNull())
      .addColumn('announced_date', 'bigint')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('release_alerts_pk', ['user_id', 'game_id'])
      .execute();
    await db.schema
      .createTable('calendar_feeds')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.alterTable('notifications').addColumn('game_id', 'integer').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('notifications').dropColumn('game_id').execute();
    await db.schema.dropTable('calendar_feeds').execute();
    await db.schema.dropTable('release_alerts').execute();
  },
});

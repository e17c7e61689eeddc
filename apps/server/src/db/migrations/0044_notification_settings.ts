import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Notifications that reach you (issue 36): per-group settings, e-mail.
 *
 * - notification_settings: one row per member who changed something or
 *   gets a digest; no row means the defaults (DEFAULT_NOTIFICATION_SETTINGS).
 *   last_digest_at is the claim that makes one digest a day per member,
 *   however many workers run the daily job.
 * - notification_channels: one row per member and group they changed (in the
 *   app, by e-mail), so an unsubscribe link turns one group off in one upsert.
 * - notifications.email_state: 'now' (to be e-mailed at once) or 'digest'
 *   (waits for the daily digest); null once sent, or when no e-mail is due.
 *   Nullable, so the release before this one keeps writing notifications;
 *   the partial index holds only the few rows still waiting.
 * - notifications.in_app: 0 for a notification kept only to be e-mailed (its
 *   group is off in the app); the list leaves it out. Defaults to 1.
 */
export const notificationSettingsMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('notification_settings')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('email_frequency', 'varchar(12)', (c) => c.notNull().defaultTo('immediately'))
      .addColumn('last_digest_at', 'bigint')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('notification_channels')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('grp', 'varchar(12)', (c) => c.notNull())
      .addColumn('in_app', 'integer', (c) => c.notNull())
      .addColumn('email', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('notification_channels_pk', ['user_id', 'grp'])
      .execute();
    await db.schema.alterTable('notifications').addColumn('email_state', 'varchar(8)').execute();
    await db.schema.alterTable('notifications').addColumn('in_app', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    await sql`create index notifications_email_due on notifications (email_state, user_id) where email_state is not null`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index if exists notifications_email_due`.execute(db);
    await db.schema.alterTable('notifications').dropColumn('in_app').execute();
    await db.schema.alterTable('notifications').dropColumn('email_state').execute();
    await db.schema.dropTable('notification_channels').execute();
    await db.schema.dropTable('notification_settings').execute();
  },
});

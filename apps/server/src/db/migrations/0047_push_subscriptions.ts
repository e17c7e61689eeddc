import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './helpers.js';

/**
 * Web Push (issue 37).
 *
 * - push_subscriptions: one row per device a member turned push on for (its
 *   browser's PushSubscription); the endpoint is unique, so the same device
 *   subscribing again (or under another account on a shared device) moves
 *   the row instead of adding one. Deleted with the account (cascade).
 * - push_outbox: the notifications whose push is still to be sent, written in
 *   the same transaction as the notification; the push job claims each by
 *   deleting its row, which is what makes one push per notification however
 *   many workers run. Small: rows live a second or two.
 * - notification_channels.push: a group's push channel, on by default as
 *   every group's in-app channel is (the release before this one writes rows
 *   without it). A member who had turned a group off in the app gets it off
 *   by push too: they said they do not want to hear about it.
 */
export const pushSubscriptionsMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('push_subscriptions')
      .$call(withId(dialect))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('endpoint', 'varchar(1000)', (c) => c.notNull().unique())
      .addColumn('p256dh', 'varchar(100)', (c) => c.notNull())
      .addColumn('auth', 'varchar(40)', (c) => c.notNull())
      .addColumn('label', 'varchar(80)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_success_at', 'bigint')
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();
    await db.schema
      .createTable('push_outbox')
      .addColumn('notification_id', 'integer', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.alterTable('notification_channels').addColumn('push', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    await sql`update notification_channels set push = in_app`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('notification_channels').dropColumn('push').execute();
    await db.schema.dropTable('push_outbox').execute();
    await db.schema.dropTable('push_subscriptions').execute();
  },
});

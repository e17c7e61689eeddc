import type { Kysely, Migration } from 'kysely';

/**
 * Federation safety (issue 40). Expand only: a new table and nullable
 * columns, which the previous release neither reads nor minds.
 *
 * - federation_instances: remote servers an admin or moderator blocked
 *   ('block': nothing in or out, Mastodon's suspend) or silenced ('silence':
 *   follows wait for the member's approval, nothing notifies, Mastodon's
 *   limit). One row per domain, which covers its subdomains; the domain is
 *   the key, so two moderators adding the same one at once leave one row.
 * - federation_followers.name, handle, url: who a remote follower is, as
 *   their actor said when they followed, so a member can tell whom they
 *   approve. Null on rows written before (or by the previous release).
 * - notifications.remote_follower_id: a follow request from another server
 *   (kind follow_requested, actor_id the member themself, as actor_id must
 *   name a member). No foreign key and no index: the rows are removed with
 *   the follower by the code that removes it, through the member's unread
 *   notifications (notifications_unread), and an index on notifications
 *   would need a concurrent build of its own.
 */
export const federationInstancesMigration = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('federation_instances')
      .addColumn('domain', 'varchar(253)', (c) => c.primaryKey())
      .addColumn('policy', 'varchar(10)', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema.alterTable('federation_followers').addColumn('name', 'varchar(200)').execute();
    await db.schema.alterTable('federation_followers').addColumn('handle', 'varchar(600)').execute();
    await db.schema.alterTable('federation_followers').addColumn('url', 'varchar(2000)').execute();
    await db.schema.alterTable('notifications').addColumn('remote_follower_id', 'integer').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('notifications').dropColumn('remote_follower_id').execute();
    for (const column of ['url', 'handle', 'name']) await db.schema.alterTable('federation_followers').dropColumn(column).execute();
    await db.schema.dropTable('federation_instances').execute();
  },
});

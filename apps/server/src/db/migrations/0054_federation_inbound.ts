import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './helpers.js';

/**
 * Federation (issue 40): what remote accounts do to members' published
 * reviews. Expand only: three new tables and two nullable columns.
 *
 * - federation_actors: the remote accounts that liked, boosted or replied,
 *   as last fetched (name, handle, profile link, host): what the review page
 *   and notifications show of them. Gone when the account is deleted.
 * - federation_reactions: a remote Like or Announce (boost) of a review, one
 *   per actor, review and kind (the unique key stops a delivery that arrives
 *   twice at once from counting twice); the activity id for its Undo.
 * - federation_replies: a remote reply (a Note whose inReplyTo is the
 *   review's note) shown among the review's comments, as sanitised plain
 *   text; its object id for the Update and Delete that follow it. Hidden by
 *   a moderator or the review's author, it stays hidden (a delivery repeated
 *   later does not bring it back).
 * - notifications.remote_actor_id, remote_reply_id: a notification about what
 *   a remote account did names it there (its actor_id, which must name a
 *   member, is the recipient, as release alerts do). No foreign key and no
 *   index: they are removed by recipient (user_id is indexed) and the
 *   notifications table is one members write to all the time.
 */
export const federationInboundMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('federation_actors')
      .$call(withId(dialect))
      .addColumn('actor_id', 'varchar(2000)', (c) => c.notNull().unique())
      .addColumn('handle', 'varchar(400)', (c) => c.notNull())
      .addColumn('name', 'varchar(200)')
      .addColumn('profile_url', 'varchar(2000)')
      .addColumn('avatar_url', 'varchar(2000)')
      .addColumn('host', 'varchar(255)', (c) => c.notNull())
      .addColumn('fetched_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('federation_reactions')
      .$call(withId(dialect))
      .addColumn('entry_id', 'integer', (c) => c.notNull().references('library_entries.id').onDelete('cascade'))
      .addColumn('actor', 'integer', (c) => c.notNull().references('federation_actors.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(10)', (c) => c.notNull())
      .addColumn('activity_id', 'varchar(2000)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('federation_reactions_once', ['entry_id', 'actor', 'kind'])
      .execute();
    await db.schema.createIndex('federation_reactions_actor').on('federation_reactions').column('actor').execute();
    await db.schema
      .createTable('federation_replies')
      .$call(withId(dialect))
      .addColumn('entry_id', 'integer', (c) => c.notNull().references('library_entries.id').onDelete('cascade'))
      .addColumn('actor', 'integer', (c) => c.notNull().references('federation_actors.id').onDelete('cascade'))
      .addColumn('object_id', 'varchar(2000)', (c) => c.notNull().unique())
      .addColumn('url', 'varchar(2000)')
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('hidden_at', 'bigint')
      .addColumn('hidden_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex('federation_replies_entry').on('federation_replies').columns(['entry_id', 'created_at']).execute();
    await db.schema.createIndex('federation_replies_actor').on('federation_replies').column('actor').execute();
    await db.schema.alterTable('notifications').addColumn('remote_actor_id', 'integer').execute();
    await db.schema.alterTable('notifications').addColumn('remote_reply_id', 'integer').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('notifications').dropColumn('remote_reply_id').execute();
    await db.schema.alterTable('notifications').dropColumn('remote_actor_id').execute();
    await db.schema.dropTable('federation_replies').execute();
    await db.schema.dropTable('federation_reactions').execute();
    await db.schema.dropTable('federation_actors').execute();
  },
});

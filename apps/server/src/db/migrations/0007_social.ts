import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './helpers.js';

/**
 * Comments on reviews (and their likes), follows, the activity log that
 * feeds are read from, and notifications. Feeds are read, not written per
 * follower: a feed searches windows of activity ids newest first, walking
 * them (probing follows_pk) or seeking each followee in activities_actor —
 * see activity.repo. Counts shown on every profile are kept on users.
 */
export const socialMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('comments')
      .$call(withId(dialect))
      .addColumn('entry_id', 'integer', (col) => col.notNull().references('library_entries.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('body', 'text', (col) => col.notNull())
      .addColumn('likes_count', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('comments_entry').on('comments').columns(['entry_id', 'id']).execute();
    await db.schema.createIndex('comments_user').on('comments').columns(['user_id', 'id']).execute();

    await db.schema
      .createTable('comment_likes')
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('comment_id', 'integer', (col) => col.notNull().references('comments.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('comment_likes_pk', ['user_id', 'comment_id'])
      .execute();
    await db.schema.createIndex('comment_likes_comment').on('comment_likes').columns(['comment_id']).execute();

    await db.schema
      .createTable('follows')
      .addColumn('follower_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('followee_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followee_id'])
      .execute();
    await db.schema.createIndex('follows_followee').on('follows').columns(['followee_id', 'created_at desc']).execute();

    await db.schema
      .createTable('activities')
      .$call(withId(dialect))
      .addColumn('actor_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      // added | status | rated | reviewed | liked | commented | followed
      .addColumn('verb', 'varchar(12)', (col) => col.notNull())
      .addColumn('game_id', 'integer', (col) => col.references('games.id').onDelete('cascade'))
      .addColumn('entry_id', 'integer', (col) => col.references('library_entries.id').onDelete('cascade'))
      .addColumn('comment_id', 'integer', (col) => col.references('comments.id').onDelete('cascade'))
      .addColumn('target_user_id', 'integer', (col) => col.references('users.id').onDelete('cascade'))
      // The status or rating the verb set.
      .addColumn('value', 'integer')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('activities_actor').on('activities').columns(['actor_id', 'id desc']).execute();
    // Deleting a comment or an entry cascades here: these keep that from scanning the table.
    await db.schema.createIndex('activities_entry').on('activities').columns(['entry_id']).execute();
    await db.schema.createIndex('activities_comment').on('activities').columns(['comment_id']).execute();
    await db.schema.createIndex('activities_target').on('activities').columns(['target_user_id']).execute();

    await db.schema
      .createTable('notifications')
      .$call(withId(dialect))
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('actor_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      // review_liked | comment_liked | commented | followed | review_removed | comment_removed
      .addColumn('kind', 'varchar(20)', (col) => col.notNull())
      .addColumn('entry_id', 'integer', (col) => col.references('library_entries.id').onDelete('cascade'))
      .addColumn('comment_id', 'integer', (col) => col.references('comments.id').onDelete('cascade'))
      .addColumn('message', 'text')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('read_at', 'bigint')
      .execute();
    await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'id desc']).execute();
    // Counts (all, unread) read from this index alone; less those from users_not_active (notifications.repo).
    await db.schema.createIndex('notifications_unread').on('notifications').columns(['user_id', 'read_at', 'actor_id']).execute();
    await db.schema.createIndex('notifications_entry').on('notifications').columns(['entry_id']).execute();
    await db.schema.createIndex('notifications_comment').on('notifications').columns(['comment_id']).execute();
    // Deleting an account cascades to the notifications it caused.
    await db.schema.createIndex('notifications_actor').on('notifications').columns(['actor_id']).execute();

    await db.schema.alterTable('users').addColumn('followers_count', 'integer', (col) => col.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('users').addColumn('following_count', 'integer', (col) => col.notNull().defaultTo(0)).execute();
    // The newest activity id the user has seen in their feed (SPEC §7 unread check).
    await db.schema.alterTable('users').addColumn('feed_seen_id', 'integer', (col) => col.notNull().defaultTo(0)).execute();
    // The few accounts whose doings are hidden (suspended, or not yet activated).
    await db.schema.createIndex('users_not_active').on('users').column('id').where(sql.ref('state'), '<>', 'active').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('users_not_active').execute();
    for (const column of ['feed_seen_id', 'following_count', 'followers_count']) await db.schema.alterTable('users').dropColumn(column).execute();
    for (const table of ['notifications', 'activities', 'follows', 'comment_likes', 'comments']) await db.schema.dropTable(table).execute();
  },
});

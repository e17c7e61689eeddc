import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './helpers.js';

/**
 * Federation (issue 40): members replying to posts of accounts they follow
 * elsewhere. Expand only: one new table, which the previous release neither
 * reads nor minds.
 *
 * - federation_post_replies: a member's reply, sent to the post's server as
 *   a public Note; object_key names it (/ap/notes/{object_key}, where it is
 *   served while the row lives), the text is kept as written, and the inbox
 *   its Delete goes to is kept with it (the member may unfollow the account
 *   before deleting the reply). Gone with the member or the post.
 */
export const federationPostRepliesMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('federation_post_replies')
      .$call(withId(dialect))
      .addColumn('post', 'integer', (c) => c.notNull().references('federation_posts.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('object_key', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('inbox', 'varchar(2000)', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    // The feed reads a member's replies by post; a member's deletion cascades by user_id.
    await db.schema.createIndex('federation_post_replies_post').on('federation_post_replies').columns(['post', 'user_id']).execute();
    await db.schema.createIndex('federation_post_replies_user').on('federation_post_replies').column('user_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('federation_post_replies').execute();
  },
});

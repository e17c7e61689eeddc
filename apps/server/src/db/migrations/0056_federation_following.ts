import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './helpers.js';

/**
 * Federation (issue 40): members following accounts on other servers and
 * reading their posts. Expand only: three new tables, which the previous
 * release neither reads nor minds.
 *
 * - federation_following: a member's follow of a remote actor (its row in
 *   federation_actors), 'pending' until the remote server Accepts the Follow
 *   we sent (follow_id, which the Accept, Reject and our Undo name), then
 *   'accepted'. One per member and actor: two requests at once store one.
 *   The actor's followers collection, for telling a followers-only post to
 *   us from a direct message that is not. Gone with the member or the actor.
 * - federation_posts: what followed actors post (Note, Article), as
 *   sanitised plain text with its content warning, title, first image and
 *   link; one row per object id (a repeated delivery stores it once), gone
 *   with its actor. Read through the follows (feed, newest id first).
 * - federation_post_likes: a member's Like of such a post, sent to its
 *   server; the Like's id, which the Undo names. Once per member and post.
 */
export const federationFollowingMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('federation_following')
      .$call(withId(dialect))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('actor', 'integer', (c) => c.notNull().references('federation_actors.id').onDelete('cascade'))
      .addColumn('inbox', 'varchar(2000)', (c) => c.notNull())
      .addColumn('shared_inbox', 'varchar(2000)')
      .addColumn('followers_uri', 'varchar(2000)')
      .addColumn('follow_id', 'varchar(2000)', (c) => c.notNull().unique())
      .addColumn('state', 'varchar(10)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('federation_following_once', ['user_id', 'actor'])
      .execute();
    await db.schema.createIndex('federation_following_actor').on('federation_following').column('actor').execute();
    await db.schema
      .createTable('federation_posts')
      .$call(withId(dialect))
      .addColumn('actor', 'integer', (c) => c.notNull().references('federation_actors.id').onDelete('cascade'))
      .addColumn('object_id', 'varchar(2000)', (c) => c.notNull().unique())
      .addColumn('url', 'varchar(2000)')
      .addColumn('name', 'varchar(300)')
      .addColumn('summary', 'varchar(300)')
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('image_url', 'varchar(2000)')
      .addColumn('image_alt', 'varchar(1000)')
      .addColumn('published_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('federation_posts_actor').on('federation_posts').columns(['actor', 'id']).execute();
    await db.schema
      .createTable('federation_post_likes')
      .$call(withId(dialect))
      .addColumn('post', 'integer', (c) => c.notNull().references('federation_posts.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('activity_id', 'varchar(2000)', (c) => c.notNull().unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('federation_post_likes_once', ['post', 'user_id'])
      .execute();
    await db.schema.createIndex('federation_post_likes_user').on('federation_post_likes').column('user_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('federation_post_likes').execute();
    await db.schema.dropTable('federation_posts').execute();
    await db.schema.dropTable('federation_following').execute();
  },
});

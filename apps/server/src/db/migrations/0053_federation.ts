import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './helpers.js';

/**
 * Federation over ActivityPub (issue 40), first slice. Only written while
 * FEDERATION=on; an instance that never turns it on keeps these tables empty.
 *
 * - federation_kv: Fedify's key-value store (remote documents and keys it
 *   cached, inbox idempotence), one JSON value per key, with an expiry;
 *   shared by every instance on PostgreSQL.
 * - federation_keys: each member's signing keys (an RSA pair for the
 *   draft-cavage HTTP Signatures Mastodon verifies, an Ed25519 pair for
 *   object proofs), made once on first need and kept: remote servers cache
 *   the public halves, so they must not change. Gone with the account.
 * - federation_followers: remote actors following a member; `pending` until
 *   accepted (a private profile's, until approval exists), `accepted` after.
 * - federation_notes: the reviews this instance has published, with the id
 *   and a digest of what was sent, so an edit sends Update only when the
 *   note changed and a review that is gone (row deleted, made private) can
 *   still be deleted remotely. No foreign key to the entry for that reason.
 */
export const federationMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('federation_kv')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint')
      .execute();
    await db.schema.createIndex('federation_kv_expires').on('federation_kv').column('expires_at').execute();
    await db.schema
      .createTable('federation_keys')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('algorithm', 'varchar(40)', (c) => c.notNull())
      .addColumn('public_jwk', 'text', (c) => c.notNull())
      .addColumn('private_jwk', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('federation_keys_pk', ['user_id', 'algorithm'])
      .execute();
    await db.schema
      .createTable('federation_followers')
      .$call(withId(dialect))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('actor_id', 'varchar(2000)', (c) => c.notNull())
      .addColumn('inbox', 'varchar(2000)', (c) => c.notNull())
      .addColumn('shared_inbox', 'varchar(2000)')
      .addColumn('follow_id', 'varchar(2000)')
      .addColumn('state', 'varchar(20)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('federation_followers_member_actor', ['user_id', 'actor_id'])
      .execute();
    await db.schema.createIndex('federation_followers_actor').on('federation_followers').column('actor_id').execute();
    await db.schema
      .createTable('federation_notes')
      .addColumn('entry_id', 'integer', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('object_key', 'varchar(60)', (c) => c.notNull().unique())
      .addColumn('digest', 'varchar(64)', (c) => c.notNull())
      .addColumn('published_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('federation_notes_member').on('federation_notes').columns(['user_id', 'published_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('federation_notes').execute();
    await db.schema.dropTable('federation_followers').execute();
    await db.schema.dropTable('federation_keys').execute();
    await db.schema.dropTable('federation_kv').execute();
  },
});

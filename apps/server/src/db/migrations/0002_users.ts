import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './helpers.js';

/**
 * People and their one-time tokens. Usernames and e-mails are unique
 * case-insensitively through their lower-cased "key" columns; the display
 * spelling is kept as typed.
 */
export const usersMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('users')
      .$call(withId(dialect))
      .addColumn('username', 'varchar(16)', (col) => col.notNull())
      .addColumn('username_key', 'varchar(16)', (col) => col.notNull().unique())
      .addColumn('email', 'varchar(64)', (col) => col.notNull())
      .addColumn('email_key', 'varchar(64)', (col) => col.notNull().unique())
      .addColumn('password_hash', 'text', (col) => col.notNull())
      .addColumn('avatar', 'varchar(100)')
      .addColumn('bio', 'text')
      .addColumn('role', 'varchar(16)', (col) => col.notNull().defaultTo('user'))
      .addColumn('state', 'varchar(16)', (col) => col.notNull().defaultTo('pending'))
      .addColumn('suspended_reason', 'text')
      .addColumn('suspended_at', 'bigint')
      // Raised on password change/reset: every token signed before stops working.
      .addColumn('token_version', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .addColumn('activated_at', 'bigint')
      .addColumn('last_login_at', 'bigint')
      .execute();

    await db.schema
      .createTable('user_tokens')
      .$call(withId(dialect))
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(20)', (col) => col.notNull())
      // sha256 of the token: a leaked database does not leak working links.
      .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
      .addColumn('payload', 'text')
      .addColumn('expires_at', 'bigint', (col) => col.notNull())
      .addColumn('used_at', 'bigint')
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('user_tokens_user_kind').on('user_tokens').columns(['user_id', 'kind']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('user_tokens').execute();
    await db.schema.dropTable('users').execute();
  },
});

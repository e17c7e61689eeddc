import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';
import { withId } from './helpers.js';

/**
 * Personal access tokens. Only a SHA-256 of the token is kept (like the
 * mailed one-time tokens); deleting the account removes them with it.
 */
export const accessTokensMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('access_tokens')
      .$call(withId(dialect))
      .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('name', 'varchar(60)', (col) => col.notNull())
      .addColumn('scope', 'varchar(5)', (col) => col.notNull())
      .addColumn('token_hash', 'varchar(64)', (col) => col.notNull().unique())
      .addColumn('hint', 'varchar(16)', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('last_used_at', 'bigint')
      .execute();
    await db.schema.createIndex('access_tokens_user').on('access_tokens').columns(['user_id', 'id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('access_tokens').execute();
  },
});

import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Member search (issue 36) finds usernames that start with what is typed
 * through a range on username_key. SQLite's unique index already orders the
 * keys byte by byte; PostgreSQL's orders them by the database's collation,
 * where "ann_" may sort apart from "ann", so PostgreSQL gets an index in
 * byte order ("C") for the range to use. Additive: nothing reads it but the
 * search, and the release before this one ignores it.
 */
export const usernamePrefixMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    if (dialect !== 'postgres') return;
    await sql`create index if not exists users_username_key_bytes on users (username_key collate "C")`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    if (dialect !== 'postgres') return;
    await sql`drop index if exists users_username_key_bytes`.execute(db);
  },
});

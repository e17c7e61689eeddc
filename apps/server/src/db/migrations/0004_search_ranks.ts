import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * SQLite: the full-text rows are numbered in popularity order (rowid 1 = most
 * popular), so a search can read the most popular matches first and stop,
 * instead of ranking every match. search_ranks maps games to those rowids.
 */
export const searchRanksMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    if (dialect !== 'sqlite') return;
    await sql`drop table if exists games_fts`.execute(db);
    await sql`create virtual table games_fts using fts5(name, alt_names, tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
    await sql`create table search_ranks (game_id integer primary key references games(id) on delete cascade, rank integer not null unique)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    if (dialect !== 'sqlite') return;
    await sql`drop table if exists search_ranks`.execute(db);
  },
});

import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * Refreshes the full-text index for some games (or all): FTS5 on SQLite,
 * a tsvector column ('vgl_search' = simple + unaccent) on PostgreSQL.
 * Both index the name and the alternative names.
 */
export async function refreshSearchIndex(db: Db, gameIds?: number[]): Promise<void> {
  const k = db.kysely;
  if (gameIds && gameIds.length === 0) return;
  if (db.dialect === 'sqlite') {
    const only = gameIds ? sql`where id in (${sql.join(gameIds)})` : sql``;
    const onlyFts = gameIds ? sql`where rowid in (${sql.join(gameIds)})` : sql``;
    await sql`delete from games_fts ${onlyFts}`.execute(k);
    await sql`insert into games_fts (rowid, name, alt_names)
      select id, name, coalesce((select group_concat(a.name, ' ') from alternative_names a where a.game_id = games.id), '')
      from games ${only}`.execute(k);
    return;
  }
  const only = gameIds ? sql`where id in (${sql.join(gameIds)})` : sql``;
  await sql`update games set search_vector =
      setweight(to_tsvector('vgl_search', name), 'A') ||
      setweight(to_tsvector('vgl_search', coalesce((select string_agg(a.name, ' ') from alternative_names a where a.game_id = games.id), '')), 'B')
    ${only}`.execute(k);
}

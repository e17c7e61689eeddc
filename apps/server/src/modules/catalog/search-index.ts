import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { UNLISTED_GAME_IDS } from './catalog.visibility.js';

/**
 * Refreshes the full-text index for some games (or all): FTS5 on SQLite,
 * a tsvector column ('vgl_search' = simple + unaccent) on PostgreSQL.
 * Both index the name and the alternative names.
 *
 * On SQLite a full refresh numbers the rows in popularity order (see
 * migration 0004); games refreshed one by one join at the end until the
 * next full refresh, which imports and syncs run when they finish.
 *
 * Members' games awaiting a moderator (catalog.visibility.ts) are never
 * indexed, so no search finds them; approving one indexes it.
 */
export async function refreshSearchIndex(db: Db, gameIds?: number[]): Promise<void> {
  const k = db.kysely;
  if (gameIds && gameIds.length === 0) return;
  const altNames = (aggregate: 'group_concat' | 'string_agg') =>
    sql`coalesce((select ${sql.raw(aggregate)}(a.name, ' ') from alternative_names a where a.game_id = games.id), '')`;

  if (db.dialect === 'sqlite') {
    if (!gameIds) {
      await k.transaction().execute(async (trx) => {
        await sql`delete from games_fts`.execute(trx);
        await sql`delete from search_ranks`.execute(trx);
        await sql`insert into search_ranks (game_id, rank) select id, row_number() over (order by popularity desc, id) from games
          where id not in (${UNLISTED_GAME_IDS})`.execute(trx);
        await sql`insert into games_fts (rowid, name, alt_names)
          select r.rank, games.name, ${altNames('group_concat')} from games join search_ranks r on r.game_id = games.id`.execute(trx);
      });
      return;
    }
    await k.transaction().execute(async (trx) => {
      const ids = sql.join(gameIds);
      await sql`delete from games_fts where rowid in (select rank from search_ranks where game_id in (${ids}))`.execute(trx);
      await sql`delete from search_ranks where game_id in (${ids})`.execute(trx);
      await sql`insert into search_ranks (game_id, rank)
        select id, (select coalesce(max(rank), 0) from search_ranks) + row_number() over (order by popularity desc, id) from games
        where id in (${ids}) and id not in (${UNLISTED_GAME_IDS})`.execute(trx);
      await sql`insert into games_fts (rowid, name, alt_names)
        select r.rank, games.name, ${altNames('group_concat')} from games join search_ranks r on r.game_id = games.id where games.id in (${ids})`.execute(trx);
    });
    return;
  }
  const only = gameIds ? sql`and id in (${sql.join(gameIds)})` : sql``;
  await sql`update games set search_vector = case when id in (${UNLISTED_GAME_IDS}) then null else
      setweight(to_tsvector('vgl_search', name), 'A') ||
      setweight(to_tsvector('vgl_search', ${altNames('string_agg')}), 'B') end
    where true ${only}`.execute(k);
}

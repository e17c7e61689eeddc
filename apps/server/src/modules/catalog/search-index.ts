import { indexTerms } from '@vgl/shared';
import { sql } from 'kysely';
import type SQLite from 'better-sqlite3';
import type { Db } from '../../db/database.js';
import { getMeta, setMeta } from '../../db/meta.js';
import { UNLISTED_GAME_IDS } from './catalog.visibility.js';

/**
 * Refreshes the full-text index for some games (or all): FTS5 on SQLite,
 * a tsvector column ('vgl_search' = simple + unaccent) on PostgreSQL.
 * Both index the name, the alternative names and, as hidden terms, the
 * other ways people type them (@vgl/shared indexTerms: "7" for "VII",
 * "and" for "&", "pacman", initialisms such as "ff7" and "alttp"), so both
 * databases find the same games for the same words.
 *
 * On SQLite a full refresh numbers the rows in popularity order (see
 * migration 0004); games refreshed one by one join at the end until the
 * next full refresh, which imports and syncs run when they finish.
 *
 * Members' games awaiting a moderator (catalog.visibility.ts) are never
 * indexed, so no search finds them; approving one indexes it.
 */
export async function refreshSearchIndex(db: Db, gameIds?: number[]): Promise<void> {
  if (gameIds && gameIds.length === 0) return;
  if (db.dialect === 'sqlite') await refreshSqlite(db, gameIds);
  else await refreshPostgres(db, gameIds);
  if (!gameIds) await setMeta(db.kysely, SEARCH_INDEX_META_KEY, SEARCH_INDEX_FORMAT);
}

/** app_meta: which hidden terms the index holds; a database indexed by an older rule is indexed again at start. */
export const SEARCH_INDEX_META_KEY = 'catalog.searchIndex';
/** Changes whenever indexTerms does, so existing databases get the new terms once. */
export const SEARCH_INDEX_FORMAT = 'terms-1';

/** At start: indexes the catalog again when its index predates the current hidden terms (an upgrade). */
export async function refreshSearchIndexIfOutdated(db: Db): Promise<boolean> {
  if ((await getMeta(db.kysely, SEARCH_INDEX_META_KEY)) === SEARCH_INDEX_FORMAT) return false;
  await refreshSearchIndex(db);
  return true;
}

/** What the index holds beside the name: the alternative names, then the hidden terms of the name and of them. */
export function alternativeColumn(name: string, alternatives: string | null): string {
  const alts = alternatives ?? '';
  return [alts, indexTerms(name), alts ? indexTerms(alts, { initialisms: false }) : ''].filter(Boolean).join(' ');
}

const withFunction = new WeakSet<SQLite.Database>();

/** SQLite computes the alternative column in the statement that fills the index (a JavaScript function of the connection). */
function registerFunction(db: Db): void {
  const handle = db.sqlite;
  if (!handle || withFunction.has(handle)) return;
  handle.function('vgl_alternative_column', { deterministic: true }, (name: unknown, alts: unknown) =>
    alternativeColumn(String(name ?? ''), typeof alts === 'string' ? alts : null),
  );
  withFunction.add(handle);
}

const altNames = (aggregate: 'group_concat' | 'string_agg') =>
  sql`(select ${sql.raw(aggregate)}(a.name, ' ') from alternative_names a where a.game_id = games.id)`;

/** Games indexed per statement when SQLite's index is built anew (~50 ms each on a 2-core machine). */
const FTS_SLICE = 2_000;

async function refreshSqlite(db: Db, gameIds?: number[]): Promise<void> {
  registerFunction(db);
  const k = db.kysely;
  const column = sql`vgl_alternative_column(games.name, ${altNames('group_concat')})`;
  if (!gameIds) {
    await k.transaction().execute(async (trx) => {
      await sql`delete from games_fts`.execute(trx);
      await sql`delete from search_ranks`.execute(trx);
      await sql`insert into search_ranks (game_id, rank) select id, row_number() over (order by popularity desc, id) from games
        where id not in (${UNLISTED_GAME_IDS})`.execute(trx);
      // In slices, with a turn of the event loop between them: one statement held the process for ~1.2 s (the
      // hidden terms are JavaScript), and a first start does this while it serves (main.ts). Still one transaction:
      // a search never sees a half-built index, and what does not ask the database is answered meanwhile.
      const { last } = (await sql<{ last: number | null }>`select max(rank) as last from search_ranks`.execute(trx)).rows[0] ?? { last: null };
      for (let from = 0; from < (last ?? 0); from += FTS_SLICE) {
        await sql`insert into games_fts (rowid, name, alt_names)
          select r.rank, games.name, ${column} from search_ranks r join games on games.id = r.game_id
          where r.rank > ${from} and r.rank <= ${from + FTS_SLICE}`.execute(trx);
        await new Promise((resolve) => setImmediate(resolve));
      }
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
      select r.rank, games.name, ${column} from games join search_ranks r on r.game_id = games.id where games.id in (${ids})`.execute(trx);
  });
}

/** Games read and written per statement on PostgreSQL: the hidden terms are made here, a page at a time. */
const PAGE = 5_000;

async function refreshPostgres(db: Db, gameIds?: number[]): Promise<void> {
  const k = db.kysely;
  for (let after = 0, from = 0; ; ) {
    const only = gameIds ? sql`and id in (${sql.join(gameIds.slice(from, from + PAGE))})` : sql`and id > ${after}`;
    const rows = await sql<{ id: number; name: string; alts: string | null }>`select id, name, ${altNames('string_agg')} as alts from games
      where true ${only} order by id limit ${PAGE}`.execute(k);
    if (rows.rows.length > 0) {
      const ids = rows.rows.map((r) => r.id);
      const columns = rows.rows.map((r) => alternativeColumn(r.name, r.alts));
      // The name is read again here, so a rename between the two statements is indexed as it now is.
      await sql`update games set search_vector = case when games.id in (${UNLISTED_GAME_IDS}) then null else
          setweight(to_tsvector('vgl_search', games.name), 'A') || setweight(to_tsvector('vgl_search', v.alternative), 'B') end
        from unnest(${ids}::int[], ${columns}::text[]) as v(id, alternative) where games.id = v.id`.execute(k);
      after = ids[ids.length - 1]!;
    }
    from += PAGE;
    if (gameIds ? from >= gameIds.length : rows.rows.length < PAGE) return;
  }
}

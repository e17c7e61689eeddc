import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Pacer } from './import.pace.js';

/*
 * The catalog's full-text index (search-index.ts: names and alternative
 * names, case and accents folded), asked for the titles a file's exact
 * lookups leave open. PostgreSQL answers a batch of titles in one query;
 * SQLite's full-text search is a query per title, with the event loop
 * given a turn between them.
 */

/** The search index takes at most 16 words of a title. */
const MAX_WORDS = 16;
const words = (phrase: string) => phrase.split(' ').filter(Boolean).slice(0, MAX_WORDS);

/** One title's question: phrases any of which it may be written as (numerals either way, see import.titles.ts). */
export interface TitleQuery {
  key: string;
  phrases: string[];
}

/**
 * For each title, up to `limit` games (most popular first) whose name or
 * alternative names hold one of its phrases, its words in order ("pokemon
 * blue" finds "Pokémon: Blue Version") or, `anyOrder`, its words anywhere
 * ("007 goldeneye" finds "GoldenEye 007"), a number matching as either
 * numeral ("7" or "vii").
 */
export async function searchTitles(db: Db, queries: TitleQuery[], pacer: Pacer, { anyOrder = false, limit = 50 } = {}): Promise<Map<string, number[]>> {
  const found = new Map<string, number[]>(queries.map((q) => [q.key, []]));
  if (queries.length === 0) return found;
  if (db.dialect === 'postgres') {
    // Phrases as phraseto_tsquery reads them, a title's second spelling (its other numerals) or'ed in when it has one.
    const first = queries.map((q) => (anyOrder ? allWordsTsQuery(q.phrases) : words(q.phrases[0]!).join(' ')));
    const second = queries.map((q) => (anyOrder || q.phrases.length < 2 ? null : words(q.phrases[1]!).join(' ')));
    const tsquery = anyOrder
      ? sql`to_tsquery('vgl_search', t.a)`
      : sql`case when t.b is null then phraseto_tsquery('vgl_search', t.a) else phraseto_tsquery('vgl_search', t.a) || phraseto_tsquery('vgl_search', t.b) end`;
    // The matches are found through the full-text index first (`offset 0` keeps the planner from walking the
    // popularity order and testing every game against a title that matches none: tens of seconds on a fresh,
    // unanalysed catalog), then the most popular kept.
    const rows = await sql<{ n: string; id: number }>`select t.n, g.id from unnest(${first}::text[], ${second}::text[]) with ordinality as t(a, b, n)
      cross join lateral (select m.id from (select id, popularity from games where search_vector @@ ${tsquery} offset 0) m
        order by m.popularity desc, m.id limit ${limit}) g order by t.n`.execute(db.kysely);
    for (const row of rows.rows) found.get(queries[Number(row.n) - 1]!.key)!.push(row.id);
    return found;
  }
  for (const q of queries) {
    const match = anyOrder ? allWordsFtsQuery(q.phrases) : q.phrases.map((p) => `"${words(p).join(' ')}"`).join(' OR ');
    const rows = await sql<{ id: number }>`select r.game_id as id from games_fts join search_ranks r on r.rank = games_fts.rowid
      where games_fts match ${match} order by games_fts.rowid limit ${limit}`.execute(db.kysely);
    found.set(q.key, rows.rows.map((r) => r.id));
    await pacer.slice();
  }
  return found;
}

/** Each word of the phrases' first, with the other phrases' word at its place as an alternative ("7" or "vii"). */
function alternativesByPlace(phrases: string[]): string[][] {
  const lists = phrases.map(words);
  return lists[0]!.map((_, i) => [...new Set(lists.map((list) => list[i]).filter((w): w is string => Boolean(w)))]);
}

const allWordsFtsQuery = (phrases: string[]) =>
  alternativesByPlace(phrases)
    .map((alts) => (alts.length === 1 ? `"${alts[0]}"` : `(${alts.map((w) => `"${w}"`).join(' OR ')})`))
    // FTS5 takes a bracketed OR only after an explicit AND.
    .join(' AND ');

const allWordsTsQuery = (phrases: string[]) =>
  alternativesByPlace(phrases)
    .map((alts) => (alts.length === 1 ? alts[0]! : `(${alts.join(' | ')})`))
    .join(' & ');

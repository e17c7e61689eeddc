import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { listedGame } from '../catalog/catalog.visibility.js';
import type { ImportRow } from './import.rows.js';
import { createPacer, forEachPaced, type Pacer } from './import.pace.js';
import { NOT_FOUND, TitleIndex, YEAR_TOLERANCE, looselyFlagged, matched, nearestLoose, pickByTitle, type GameRef, type NamedGame, type MatchResult } from './import.pick.js';
import type { Platforms } from './import.platforms.js';
import { searchTitles, type TitleQuery } from './import.search.js';
import { searchPhrases, slugVariants } from './import.titles.js';

export type { GameRef, MatchResult } from './import.pick.js';
export { platformResolver, type PlatformRef, type Platforms } from './import.platforms.js';

/*
 * Matching: IGDB id, Steam app id, our own slug (VGL files), then the title
 * as the catalog has it, under the equivalences of import.titles.ts: by
 * name and slug first, then through the search index. A title found only
 * loosely (its words reordered or within a longer title) is flagged with
 * the game as a suggestion, never taken. All rows of one line of the file
 * (a HowLongToBeat game and its play dates) share one match.
 */

const BATCH = 500;
/** Lists cut to size for `in (…)` lookups and multi-row inserts. */
export function* chunks<T>(list: T[], size = BATCH): Generator<T[]> {
  for (let i = 0; i < list.length; i += size) yield list.slice(i, i + size);
}

// Members' games awaiting a moderator are nobody else's to import (catalog.visibility.ts).
const selectGames = (k: Kysely<Database>) =>
  k.selectFrom('games').select(['id', 'slug', 'name', 'release_year as year', 'popularity', 'igdb_id']).where(listedGame('games.id'));

/** Titles searched per batch (one query on PostgreSQL), found among the next SEARCH_LOOKAHEAD rows. */
const SEARCH_BATCH = 100;
const SEARCH_LOOKAHEAD = 2000;
/** Games a loose search brings per title: the nearest is among the most popular that hold its words. */
const LOOSE_LIMIT = 20;

/**
 * The game of each row, or null; exact lookups in batches, the search index
 * only for titles they leave open. A 200,000-row file takes seconds, so the
 * work goes in slices (see import.pace.ts) and the queries in small
 * batches: on SQLite each one holds the event loop while it runs.
 */
export async function matchGames(db: Db, rows: ImportRow[], pacer: Pacer = createPacer()): Promise<(GameRef | null)[]> {
  return (await matchRows(db, rows, pacer)).map((m) => m.game);
}

/** Each row's match (see MatchResult); `platforms` breaks ties between games of one title. */
export async function matchRows(db: Db, rows: ImportRow[], pacer: Pacer = createPacer(), platforms?: Platforms): Promise<MatchResult[]> {
  const k = db.kysely;
  const byIgdb = new Map<number, GameRef>();
  const bySteam = new Map<number, GameRef>();
  const bySlug = new Map<string, GameRef>();
  const titles = new TitleIndex();
  const igdbIds = new Set<number>();
  const steamIds = new Set<number>();
  const slugs = new Set<string>();
  const rowTitles = new Set<string>();
  await forEachPaced(rows, pacer, (row) => {
    if (row.igdbId !== null) igdbIds.add(row.igdbId);
    if (row.steamAppId !== null) steamIds.add(row.steamAppId);
    if (row.slug !== null) slugs.add(row.slug);
    if (row.title) rowTitles.add(row.title);
  });
  const lookup = async <T>(list: Iterable<T>, each: (batch: T[]) => Promise<void>) => {
    for (const batch of chunks([...list])) {
      await each(batch);
      await pacer.slice();
    }
  };
  await lookup(igdbIds, async (ids) => {
    for (const game of await selectGames(k).where('igdb_id', 'in', ids).execute()) byIgdb.set(game.igdb_id!, game);
  });
  // Steam app ids through IGDB's external ids (a catalog synced from IGDB has them), else through Wikidata's
  // (game_store_ids, keyed by our game id); the embedded catalog alone matches by title.
  await lookup(steamIds, async (ids) => {
    const uids = ids.map(String);
    const found = await selectGames(k)
      .innerJoin('game_external_ids as x', 'x.game_igdb_id', 'games.igdb_id')
      .select('x.uid')
      .where('x.source', '=', 'steam')
      .where('x.uid', 'in', uids)
      .execute();
    for (const game of found) bySteam.set(Number(game.uid), game);
    const open = uids.filter((uid) => !bySteam.has(Number(uid)));
    if (open.length === 0) return;
    const viaWikidata = await selectGames(k).innerJoin('game_store_ids as s', 's.game_id', 'games.id').select('s.uid').where('s.source', '=', 'steam').where('s.uid', 'in', open).execute();
    for (const game of viaWikidata) bySteam.set(Number(game.uid), game);
  });
  await lookup(slugs, async (batch) => {
    for (const game of await selectGames(k).where('slug', 'in', batch).execute()) bySlug.set(game.slug, game);
  });
  // Titles by name, and by the slugs their spellings would have ("final-fantasy-vii" for "Final Fantasy 7");
  // then every game of a name found, so same-named games are all known ("donkey-kong-country-2000" too).
  await lookup(rowTitles, async (names) => {
    const found = new Map<number, GameRef>();
    for (const game of await selectGames(k).where('name', 'in', names).execute()) found.set(game.id, game);
    const nameSlugs = [...new Set(names.flatMap(slugVariants))];
    for (const batch of chunks(nameSlugs)) for (const game of await selectGames(k).where('slug', 'in', batch).execute()) found.set(game.id, game);
    const asked = new Set(names);
    const bySlugOnly = [...new Set([...found.values()].filter((g) => !asked.has(g.name)).map((g) => g.name))];
    for (const batch of chunks(bySlugOnly)) for (const game of await selectGames(k).where('name', 'in', batch).execute()) found.set(game.id, game);
    for (const game of found.values()) titles.add(game.name, game, true);
  });

  // A VGL slug is trusted when the title agrees with it (another catalog may give the slug to another game).
  const direct = (row: ImportRow): GameRef | undefined => {
    const byId = (row.igdbId === null ? undefined : byIgdb.get(row.igdbId)) ?? (row.steamAppId === null ? undefined : bySteam.get(row.steamAppId));
    if (byId) return byId;
    const game = row.slug ? bySlug.get(row.slug) : undefined;
    return game && (!row.title || titles.keyOf(row.title) === titles.keyOf(game.name) || row.year === game.year) ? game : undefined;
  };

  // Titles the exact lookups leave open, searched in file order: a search's games can settle later titles.
  const searched = new Set<string>();
  const needsSearch = (row: ImportRow, key: string) => {
    if (!key || searched.has(key) || direct(row)) return false;
    // Games known only by a name of another number (see import.pick.ts) settle nothing.
    const known = titles.candidates(row.title);
    const close = (c: (typeof known)[number]) => !c.otherNumber && (row.year === null || (c.game.year !== null && Math.abs(c.game.year - row.year) <= YEAR_TOLERANCE));
    return !known.some(close);
  };
  const withAlternatives = (found: Map<string, number[]>) => gamesWithAlternatives(k, found, lookup);
  // Results fetched ahead for the next titles that look open; a title settled meanwhile leaves its result unused.
  const ahead = new Map<string, NamedGame[]>();
  const fetchAhead = async (from: number) => {
    const queries = new Map<string, TitleQuery>();
    for (let j = from; j < Math.min(rows.length, from + SEARCH_LOOKAHEAD) && queries.size < SEARCH_BATCH; j++) {
      const key = titles.keyOf(rows[j]!.title);
      if (!queries.has(key) && !ahead.has(key) && needsSearch(rows[j]!, key)) queries.set(key, { key, phrases: searchPhrases(rows[j]!.title) });
    }
    for (const [key, names] of await withAlternatives(await searchTitles(db, [...queries.values()].filter((q) => q.phrases.length > 0), pacer))) ahead.set(key, names);
  };
  for (let i = 0; i < rows.length; i++) {
    if ((i & 255) === 255) await pacer.slice();
    const row = rows[i]!;
    const key = titles.keyOf(row.title);
    if (!needsSearch(row, key)) continue;
    if (!ahead.has(key)) await fetchAhead(i);
    searched.add(key);
    for (const { game, name } of ahead.get(key) ?? []) titles.add(name, game, name === game.name);
    ahead.delete(key);
  }

  // Titles still without a game of their own: their words in any order, for a suggestion.
  const looseQueries = new Map<string, TitleQuery & { title: string }>();
  await forEachPaced(rows, pacer, (row) => {
    const key = titles.keyOf(row.title);
    if (key.includes(' ') && !looseQueries.has(key) && !direct(row) && titles.candidates(row.title).length === 0) {
      looseQueries.set(key, { key, title: row.title, phrases: searchPhrases(row.title) });
    }
  });
  const loose = new Map<string, NamedGame | null>();
  for (const batch of chunks([...looseQueries.values()], SEARCH_BATCH)) {
    const found = await withAlternatives(await searchTitles(db, batch, pacer, { anyOrder: true, limit: LOOSE_LIMIT }));
    for (const q of batch) loose.set(q.key, nearestLoose(q.title, found.get(q.key) ?? [], (t) => titles.keyOf(t)));
    await pacer.slice();
  }

  // All rows of a line are one game (readers give a line's rows one after another): the line's platforms
  // together break a tie, as HowLongToBeat's diary rows name none.
  const linePlatforms = (start: number) => {
    const names: string[] = [];
    for (let j = start; j < rows.length && rows[j]!.line === rows[start]!.line; j++) {
      const row = rows[j]!;
      names.push(...(row.kind === 'library' ? row.platforms : row.platform ? [row.platform] : []));
    }
    return names;
  };

  // Platforms of the games that share a title, for the tie-break (only titles with several games need them).
  const gamePlatforms = new Map<number, Set<number>>();
  const shared = new Set<number>();
  await forEachPaced(rows, pacer, (row) => {
    if (!platforms || direct(row) || !row.title) return;
    const candidates = titles.candidates(row.title);
    if (candidates.length > 1) for (const c of candidates) shared.add(c.game.id);
  });
  await lookup(shared, async (ids) => {
    for (const row of await k.selectFrom('game_platforms').select(['game_id', 'platform_id']).where('game_id', 'in', ids).execute()) {
      gamePlatforms.set(row.game_id, (gamePlatforms.get(row.game_id) ?? new Set()).add(row.platform_id));
    }
  });
  const none = new Set<number>();
  const platformsOf = (gameId: number) => gamePlatforms.get(gameId) ?? none;
  const platformIdsOf = (start: number) => (platforms ? platforms.sameFamily(platforms.resolve(linePlatforms(start)).map((p) => p.id)) : []);

  // One result per game found directly, shared by its rows: a large file's rows are many, its games fewer.
  const byGame = new Map<number, MatchResult>();
  const matchedOnce = (game: GameRef) => byGame.get(game.id) ?? byGame.set(game.id, matched(game)).get(game.id)!;
  const byTitle = (row: ImportRow, start: number): MatchResult => {
    const candidates = titles.candidates(row.title);
    if (candidates.length > 0) return pickByTitle(row.title, candidates, row.year, platformIdsOf(start), platformsOf);
    const near = loose.get(titles.keyOf(row.title));
    return near ? looselyFlagged(row.title, near) : NOT_FOUND;
  };
  const matches: MatchResult[] = new Array<MatchResult>(rows.length);
  await forEachPaced(rows, pacer, (row, i) => {
    if (i > 0 && rows[i - 1]!.line === row.line) {
      matches[i] = matches[i - 1]!;
      return;
    }
    const game = direct(row);
    matches[i] = game ? matchedOnce(game) : row.title ? byTitle(row, i) : NOT_FOUND;
  });
  return matches;
}

/** Each title's games from a search, by their own name and by each alternative name. */
async function gamesWithAlternatives(
  k: Kysely<Database>,
  found: Map<string, number[]>,
  lookup: <T>(list: Iterable<T>, each: (batch: T[]) => Promise<void>) => Promise<void>,
): Promise<Map<string, NamedGame[]>> {
  const games = new Map<number, GameRef>();
  await lookup(new Set([...found.values()].flat()), async (ids) => {
    for (const game of await selectGames(k).where('id', 'in', ids).execute()) games.set(game.id, game);
  });
  const alternatives = new Map<number, string[]>();
  await lookup(games.keys(), async (ids) => {
    for (const alt of await k.selectFrom('alternative_names').select(['game_id', 'name']).where('game_id', 'in', ids).execute()) {
      alternatives.set(alt.game_id, [...(alternatives.get(alt.game_id) ?? []), alt.name]);
    }
  });
  const named = new Map<string, NamedGame[]>();
  for (const [key, ids] of found) {
    const hits = ids.map((id) => games.get(id)).filter((g): g is GameRef => g !== undefined);
    named.set(key, [...hits.map((game) => ({ game, name: game.name })), ...hits.flatMap((game) => (alternatives.get(game.id) ?? []).map((name) => ({ game, name })))]);
  }
  return named;
}

import { sql, type Kysely } from 'kysely';
import { LIBRARY_LIMITS, searchWords, slugify } from '@vgl/shared';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { listedGame } from '../catalog/catalog.visibility.js';
import type { ImportRow } from './import.rows.js';
import type { Conn } from '../library/library.repo.js';
import { createPacer, forEachPaced, type Pacer } from './import.pace.js';
import { PLATFORM_ALIASES } from './platform-aliases.js';

// Matching: IGDB id, then our own slug (VGL files), then title and year, then a title only one game has.

export interface GameRef {
  id: number;
  slug: string;
  name: string;
  year: number | null;
  popularity: number;
}

/** Case, accents and punctuation do not matter: "Pokémon: Red!" and "pokemon red" are one title. */
const titleKey = (title: string) => searchWords(title.replace(/&/g, ' and ')).join(' ');

/** titleKey, worked out once per distinct title of a file (a 200,000-row file repeats most of them). */
function titleKeys() {
  const keys = new Map<string, string>();
  return (title: string) => {
    let key = keys.get(title);
    if (key === undefined) keys.set(title, (key = titleKey(title)));
    return key;
  };
}

const BATCH = 500;
/** Lists cut to size for `in (…)` lookups and multi-row inserts. */
export function* chunks<T>(list: T[], size = BATCH): Generator<T[]> {
  for (let i = 0; i < list.length; i += size) yield list.slice(i, i + size);
}

// Members' games awaiting a moderator are nobody else's to import (catalog.visibility.ts).
const selectGames = (k: Kysely<Database>) =>
  k.selectFrom('games').select(['id', 'slug', 'name', 'release_year as year', 'popularity', 'igdb_id']).where(listedGame('games.id'));

/** Games by the title key of their name (primary) or of an alternative name. */
class TitleIndex {
  private readonly byKey = new Map<string, Map<number, { game: GameRef; primary: boolean }>>();
  constructor(private readonly keyOf: (title: string) => string) {}

  add(name: string, game: GameRef, primary: boolean): void {
    const key = this.keyOf(name);
    if (!key) return;
    const games = this.byKey.get(key) ?? new Map<number, { game: GameRef; primary: boolean }>();
    if (!games.get(game.id)?.primary) games.set(game.id, { game, primary });
    this.byKey.set(key, games);
  }

  candidates(title: string) {
    return [...(this.byKey.get(this.keyOf(title))?.values() ?? [])];
  }
}

/** What matching made of a row: the game it will be imported as, or why it needs a look first. */
export interface MatchResult {
  game: GameRef | null;
  /** Why the row is left out unless the member picks a game (a year far from the catalog's, several games of that title). */
  flag: string | null;
  /** Flagged rows: the game it nearly matched. */
  suggestion: GameRef | null;
}

const matched = (game: GameRef): MatchResult => ({ game, flag: null, suggestion: null });
const flagged = (flag: string, suggestion: GameRef): MatchResult => ({ game: null, flag, suggestion });
const NOT_FOUND: MatchResult = { game: null, flag: null, suggestion: null };

/**
 * Years a release may differ by and still be the same game: regions and
 * catalogs disagree by a year; a port or a region's release a few years
 * later is the same game when the platform agrees too. Further apart is a
 * different game of the same name (Portal 2007 is not Portal 1986).
 */
const YEAR_TOLERANCE = 1;
const YEAR_TOLERANCE_SAME_PLATFORM = 3;

type Candidate = { game: GameRef; primary: boolean };

/**
 * The game a title (and year, and platforms) names: by year within a
 * tolerance, platforms breaking ties; one game of that title when the file
 * gives no year. A title whose games are all far from the file's year, or
 * shared by several games the file cannot tell apart, is flagged with the
 * likeliest game as a suggestion, never taken silently.
 */
function pickByTitle(candidates: Candidate[], year: number | null, platformIds: number[], platformsOf: (gameId: number) => Set<number>): MatchResult {
  if (candidates.length === 0) return NOT_FOUND;
  const onPlatform = (c: Candidate) => platformIds.some((id) => platformsOf(c.game.id).has(id));
  const ranked = [...candidates].sort(
    (a, b) => Number(b.primary) - Number(a.primary) || Number(onPlatform(b)) - Number(onPlatform(a)) || b.game.popularity - a.game.popularity || a.game.id - b.game.id,
  );
  const title = ranked[0]!.game.name;
  if (year !== null) {
    const gap = (c: Candidate) => (c.game.year === null ? Infinity : Math.abs(c.game.year - year));
    const byGap = [...ranked].sort((a, b) => gap(a) - gap(b));
    const close = byGap.find((c) => gap(c) === 0) ?? byGap.find((c) => gap(c) <= YEAR_TOLERANCE) ?? byGap.find((c) => gap(c) <= YEAR_TOLERANCE_SAME_PLATFORM && onPlatform(c));
    if (close) return matched(close.game);
    const undated = ranked.filter((c) => c.game.year === null);
    if (undated.length === 1 && ranked.length === 1) return matched(undated[0]!.game);
    const nearest = byGap[0]!.game;
    return flagged(
      nearest.year === null
        ? `The file says ${year}; the catalog's ${nearest.name} has no year`
        : `The file says ${year}; the catalog's ${nearest.name} is from ${nearest.year}${ranked.length > 1 ? ` (${ranked.length} games have this title)` : ''}`,
      nearest,
    );
  }
  const primary = ranked.filter((c) => c.primary);
  const pool = primary.length > 0 ? primary : ranked;
  if (pool.length === 1) return matched(pool[0]!.game);
  const onTheirPlatform = platformIds.length > 0 ? pool.filter(onPlatform) : [];
  if (onTheirPlatform.length === 1) return matched(onTheirPlatform[0]!.game);
  return flagged(`${pool.length} games are called ${title}; the file gives no year that tells them apart`, pool[0]!.game);
}

/** The search index takes at most 16 words of a title. */
const searchWordsOf = (key: string) => key.split(' ').slice(0, 16).join(' ');

/**
 * For each title key, up to 50 games whose name or alternative names hold
 * its words in order (the search index folds case and accents). PostgreSQL
 * answers a batch of titles in one query; SQLite's full-text search is a
 * query per title, with the event loop given a turn between them.
 */
async function searchTitles(db: Db, keys: string[], pacer: Pacer): Promise<Map<string, number[]>> {
  const found = new Map<string, number[]>(keys.map((key) => [key, []]));
  if (db.dialect === 'postgres') {
    const rows = await sql<{ n: string; id: number }>`select t.n, g.id from unnest(${keys.map(searchWordsOf)}::text[]) with ordinality as t(words, n)
      cross join lateral (select id from games where search_vector @@ phraseto_tsquery('vgl_search', t.words)
        order by popularity desc, id limit 50) g order by t.n`.execute(db.kysely);
    for (const row of rows.rows) found.get(keys[Number(row.n) - 1]!)!.push(row.id);
    return found;
  }
  for (const key of keys) {
    const rows = await sql<{ id: number }>`select r.game_id as id from games_fts join search_ranks r on r.rank = games_fts.rowid
      where games_fts match ${`"${searchWordsOf(key)}"`} order by games_fts.rowid limit 50`.execute(db.kysely);
    found.set(key, rows.rows.map((r) => r.id));
    await pacer.slice();
  }
  return found;
}

/** Titles searched per batch (one query on PostgreSQL), found among the next SEARCH_LOOKAHEAD rows. */
const SEARCH_BATCH = 100;
const SEARCH_LOOKAHEAD = 2000;

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
  const keyOf = titleKeys();
  const byIgdb = new Map<number, GameRef>();
  const bySteam = new Map<number, GameRef>();
  const bySlug = new Map<string, GameRef>();
  const titles = new TitleIndex(keyOf);
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
  await lookup(rowTitles, async (names) => {
    for (const game of await selectGames(k).where('name', 'in', names).execute()) titles.add(game.name, game, true);
    const nameSlugs = [...new Set(names.map((n) => slugify(n)).filter(Boolean))];
    if (nameSlugs.length > 0) for (const game of await selectGames(k).where('slug', 'in', nameSlugs).execute()) titles.add(game.name, game, true);
  });

  // A VGL slug is trusted when the title agrees with it (another catalog may give the slug to another game).
  const direct = (row: ImportRow): GameRef | undefined => {
    const byId = (row.igdbId === null ? undefined : byIgdb.get(row.igdbId)) ?? (row.steamAppId === null ? undefined : bySteam.get(row.steamAppId));
    if (byId) return byId;
    const game = row.slug ? bySlug.get(row.slug) : undefined;
    return game && (!row.title || keyOf(row.title) === keyOf(game.name) || row.year === game.year) ? game : undefined;
  };

  // Titles the exact lookups leave open, searched in file order: a search's games can settle later titles.
  const searched = new Set<string>();
  const needsSearch = (row: ImportRow, key: string) => {
    if (!key || searched.has(key) || direct(row)) return false;
    const known = titles.candidates(row.title);
    return !(known.length > 0 && (row.year === null || known.some((c) => c.game.year !== null && Math.abs(c.game.year - row.year!) <= YEAR_TOLERANCE)));
  };
  // Results fetched ahead for the next titles that look open; a title settled meanwhile leaves its result unused.
  const ahead = new Map<string, { games: GameRef[]; alternatives: { game: GameRef; name: string }[] }>();
  const fetchAhead = async (from: number) => {
    const keys = new Set<string>();
    for (let j = from; j < Math.min(rows.length, from + SEARCH_LOOKAHEAD) && keys.size < SEARCH_BATCH; j++) {
      const key = keyOf(rows[j]!.title);
      if (!keys.has(key) && !ahead.has(key) && needsSearch(rows[j]!, key)) keys.add(key);
    }
    const found = await searchTitles(db, [...keys], pacer);
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
    for (const [key, ids] of found) {
      const hits = ids.map((id) => games.get(id)).filter((g): g is GameRef => g !== undefined);
      ahead.set(key, { games: hits, alternatives: hits.flatMap((game) => (alternatives.get(game.id) ?? []).map((name) => ({ game, name }))) });
    }
  };
  for (let i = 0; i < rows.length; i++) {
    if ((i & 255) === 255) await pacer.slice();
    const row = rows[i]!;
    const key = keyOf(row.title);
    if (!needsSearch(row, key)) continue;
    if (!ahead.has(key)) await fetchAhead(i);
    searched.add(key);
    const result = ahead.get(key)!;
    ahead.delete(key);
    for (const game of result.games) titles.add(game.name, game, true);
    for (const alt of result.alternatives) titles.add(alt.name, alt.game, false);
  }

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
  const rowPlatforms = (row: ImportRow) =>
    platforms ? platforms.sameFamily(platforms.resolve(row.kind === 'library' ? row.platforms : row.platform ? [row.platform] : []).map((p) => p.id)) : [];

  // One result per game found directly, shared by its rows: a large file's rows are many, its games fewer.
  const byGame = new Map<number, MatchResult>();
  const matchedOnce = (game: GameRef) => byGame.get(game.id) ?? byGame.set(game.id, matched(game)).get(game.id)!;
  const matches: MatchResult[] = new Array<MatchResult>(rows.length);
  await forEachPaced(rows, pacer, (row, i) => {
    const game = direct(row);
    matches[i] = game ? matchedOnce(game) : row.title ? pickByTitle(titles.candidates(row.title), row.year, rowPlatforms(row), platformsOf) : NOT_FOUND;
  });
  return matches;
}

export interface PlatformRef {
  id: number;
  slug: string;
}

/** Platforms by slug, name, abbreviation, alternative name or another tracker's name ("PC", "PlayStation 4", "snes", "Genesis"); unknown ones are dropped. */
export async function platformResolver(k: Conn) {
  const platforms = await k.selectFrom('platforms').select(['id', 'slug', 'name', 'abbreviation', 'alternative_name']).orderBy('id').execute();
  const byKey = new Map<string, PlatformRef>();
  const add = (key: string | null, p: PlatformRef) => {
    const normal = key?.trim().toLowerCase();
    if (normal && !byKey.has(normal)) byKey.set(normal, { id: p.id, slug: p.slug });
  };
  // Earlier passes win: a slug is exact, a name is more specific than an abbreviation.
  for (const p of platforms) add(p.slug, p);
  for (const p of platforms) add(p.name, p);
  for (const p of platforms) add(p.abbreviation, p);
  for (const p of platforms) for (const alt of (p.alternative_name ?? '').split(/[,;]/)) add(alt, p);
  for (const p of platforms) add(slugify(p.name), p);
  // Then the names other trackers write ("Genesis", "Super Nintendo", "PC"), for platforms the catalog has.
  const bySlug = new Map(platforms.map((p) => [p.slug, p]));
  for (const [alias, slug] of Object.entries(PLATFORM_ALIASES)) {
    const p = bySlug.get(slug);
    if (p) add(alias, p);
  }
  const resolve = (names: string[]): PlatformRef[] => {
    const found = names.map((n) => byKey.get(n.trim().toLowerCase()) ?? byKey.get(slugify(n))).filter((p): p is PlatformRef => p !== undefined);
    return [...new Map(found.map((p) => [p.id, p])).values()].slice(0, LIBRARY_LIMITS.platformsPerEntry);
  };
  // "PC" in another tracker is any computer the game runs on: Steam and GOG sell DOS games, and a Windows game has Mac and Linux ports.
  const pcFamily = ['win', 'dos', 'linux', 'mac'].map((slug) => bySlug.get(slug)?.id).filter((id): id is number => id !== undefined);
  const sameFamily = (ids: number[]) => (ids.some((id) => pcFamily.includes(id)) ? [...new Set([...ids, ...pcFamily])] : ids);
  return { resolve, sameFamily, slugs: (row: ImportRow) => (row.kind === 'library' ? resolve(row.platforms).map((p) => p.slug) : []) };
}
export type Platforms = Awaited<ReturnType<typeof platformResolver>>;

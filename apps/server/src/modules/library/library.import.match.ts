import { sql, type Kysely } from 'kysely';
import { LIBRARY_LIMITS, searchWords, slugify } from '@vgl/shared';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { ImportRow } from './library.import.rows.js';
import type { Conn } from './library.repo.js';

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

const BATCH = 500;
/** Lists cut to size for `in (…)` lookups and multi-row inserts. */
export function* chunks<T>(list: T[], size = BATCH): Generator<T[]> {
  for (let i = 0; i < list.length; i += size) yield list.slice(i, i + size);
}
const unique = <T>(list: (T | null)[]) => [...new Set(list.filter((v): v is T => v !== null))];

const selectGames = (k: Kysely<Database>) => k.selectFrom('games').select(['id', 'slug', 'name', 'release_year as year', 'popularity', 'igdb_id']);

/** Games by the title key of their name (primary) or of an alternative name. */
class TitleIndex {
  private readonly byKey = new Map<string, Map<number, { game: GameRef; primary: boolean }>>();

  add(name: string, game: GameRef, primary: boolean): void {
    const key = titleKey(name);
    if (!key) return;
    const games = this.byKey.get(key) ?? new Map<number, { game: GameRef; primary: boolean }>();
    if (!games.get(game.id)?.primary) games.set(game.id, { game, primary });
    this.byKey.set(key, games);
  }

  candidates(title: string) {
    return [...(this.byKey.get(titleKey(title))?.values() ?? [])];
  }
}

/** The same year wins (a primary name before an alternative one, then the more popular); without one, only a title exactly one game has. */
function pickByTitle(candidates: { game: GameRef; primary: boolean }[], year: number | null): GameRef | null {
  const ranked = [...candidates].sort((a, b) => Number(b.primary) - Number(a.primary) || b.game.popularity - a.game.popularity || a.game.id - b.game.id);
  const sameYear = year === null ? undefined : ranked.find((c) => c.game.year === year);
  if (sameYear) return sameYear.game;
  const primary = ranked.filter((c) => c.primary);
  const pool = primary.length > 0 ? primary : ranked;
  return pool.length === 1 ? pool[0]!.game : null;
}

/** Up to 50 games whose name or alternative names hold the title's words in order (the search index folds case and accents). */
async function searchTitle(db: Db, key: string): Promise<number[]> {
  const words = key.split(' ').slice(0, 16).join(' ');
  const rows =
    db.dialect === 'sqlite'
      ? await sql<{ id: number }>`select r.game_id as id from games_fts join search_ranks r on r.rank = games_fts.rowid
          where games_fts match ${`"${words}"`} order by games_fts.rowid limit 50`.execute(db.kysely)
      : await sql<{ id: number }>`select id from games where search_vector @@ phraseto_tsquery('vgl_search', ${words})
          order by popularity desc, id limit 50`.execute(db.kysely);
  return rows.rows.map((r) => r.id);
}

/** The game of each row, or null; exact lookups in batches, the search index only for titles they leave open. */
export async function matchGames(db: Db, rows: ImportRow[]): Promise<(GameRef | null)[]> {
  const k = db.kysely;
  const byIgdb = new Map<number, GameRef>();
  const bySlug = new Map<string, GameRef>();
  const titles = new TitleIndex();
  for (const ids of chunks(unique(rows.map((r) => r.igdbId)))) {
    for (const game of await selectGames(k).where('igdb_id', 'in', ids).execute()) byIgdb.set(game.igdb_id!, game);
  }
  for (const slugs of chunks(unique(rows.map((r) => r.slug)))) {
    for (const game of await selectGames(k).where('slug', 'in', slugs).execute()) bySlug.set(game.slug, game);
  }
  const rowTitles = unique(rows.map((r) => r.title || null));
  for (const names of chunks(rowTitles)) {
    for (const game of await selectGames(k).where('name', 'in', names).execute()) titles.add(game.name, game, true);
    const slugs = unique(names.map((n) => slugify(n) || null));
    if (slugs.length > 0) for (const game of await selectGames(k).where('slug', 'in', slugs).execute()) titles.add(game.name, game, true);
  }

  // A VGL slug is trusted when the title agrees with it (another catalog may give the slug to another game).
  const direct = (row: ImportRow): GameRef | undefined => {
    const byId = row.igdbId === null ? undefined : byIgdb.get(row.igdbId);
    if (byId) return byId;
    const game = row.slug ? bySlug.get(row.slug) : undefined;
    return game && (!row.title || titleKey(row.title) === titleKey(game.name) || row.year === game.year) ? game : undefined;
  };

  const searched = new Set<string>();
  for (const row of rows) {
    const key = titleKey(row.title);
    if (!key || searched.has(key) || direct(row)) continue;
    const known = titles.candidates(row.title);
    if (known.length > 0 && (row.year === null || known.some((c) => c.game.year === row.year))) continue;
    searched.add(key);
    const ids = await searchTitle(db, key);
    if (ids.length === 0) continue;
    const games = new Map((await selectGames(k).where('id', 'in', ids).execute()).map((g) => [g.id, g]));
    for (const game of games.values()) titles.add(game.name, game, true);
    for (const alt of await k.selectFrom('alternative_names').select(['game_id', 'name']).where('game_id', 'in', ids).execute()) {
      titles.add(alt.name, games.get(alt.game_id)!, false);
    }
  }
  return rows.map((row) => direct(row) ?? (row.title ? pickByTitle(titles.candidates(row.title), row.year) : null));
}

export interface PlatformRef {
  id: number;
  slug: string;
}

/** Platforms by slug, name, abbreviation or alternative name ("PC", "PlayStation 4", "snes"); unknown ones are dropped. */
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
  const resolve = (names: string[]): PlatformRef[] => {
    const found = names.map((n) => byKey.get(n.trim().toLowerCase()) ?? byKey.get(slugify(n))).filter((p): p is PlatformRef => p !== undefined);
    return [...new Map(found.map((p) => [p.id, p])).values()].slice(0, LIBRARY_LIMITS.platformsPerEntry);
  };
  return { resolve, slugs: (row: ImportRow) => (row.kind === 'library' ? resolve(row.platforms).map((p) => p.slug) : []) };
}
export type Platforms = Awaited<ReturnType<typeof platformResolver>>;

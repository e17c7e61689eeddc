import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import type { Insertable, Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import { setMeta } from '../../db/meta.js';
import type { Database, GameSource } from '../../db/schema.js';
import { gameLineSchema, platformLineSchema, type GameLine, type PlatformLine } from './catalog.line.js';
import { refreshSearchIndex } from './search-index.js';
import { listedGame } from './catalog.visibility.js';
import { estimatePopularity } from './catalog.popularity.js';
import { slugify } from '@vgl/shared';
import { saveNamed } from '../igdb/igdb.store.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const DATA_DIR = path.resolve(here, '../../../../../data/catalog');
export const SEED_FILE = path.join(DATA_DIR, 'mame-seed.jsonl.gz');
export const REFERENCE_FILE = path.join(DATA_DIR, 'igdb-reference.json');

/** SPEC §3's eleven featured platforms, by IGDB id. */
export const FEATURED_PLATFORM_IDS = [6, 167, 48, 169, 49, 508, 130, 34, 39, 14, 3];

const BATCH = 400;

export type Progress = (done: number, total: number) => void;

/** Bumped whenever games are added or changed, so caches in any process know to let go. */
export const CATALOG_VERSION_KEY = 'catalog.version';
export const bumpCatalogVersion = (db: Db) => setMeta(db.kysely, CATALOG_VERSION_KEY, `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`);

export interface ImportReport {
  games: number;
  platforms: number;
  skipped: { line: number; reason: string }[];
}

interface ReferenceFile {
  platforms: {
    id: number;
    name: string;
    slug: string;
    abbreviation: string | null;
    alternative_name: string | null;
    category: string | null;
    generation: number | null;
    family: string | null;
  }[];
  genres: { id: number; name: string; slug: string }[];
  themes: { id: number; name: string; slug: string }[];
}

/** IGDB's platforms, genres and themes (shared/data), upserted by IGDB id. */
export async function importReference(db: Db, file = REFERENCE_FILE): Promise<void> {
  const ref = JSON.parse(fs.readFileSync(file, 'utf8')) as ReferenceFile;
  const k = db.kysely;
  await k.transaction().execute(async (trx) => {
    for (const p of ref.platforms) {
      const row = {
        igdb_id: p.id,
        slug: p.slug,
        name: p.name,
        abbreviation: p.abbreviation,
        alternative_name: p.alternative_name,
        category: p.category,
        generation: p.generation !== null && p.generation > 0 ? p.generation : null,
        family: p.family,
        summary: null,
        feat: FEATURED_PLATFORM_IDS.includes(p.id) ? 1 : 0,
      };
      await trx
        .insertInto('platforms')
        .values(row)
        .onConflict((oc) => oc.column('igdb_id').doUpdateSet({ ...row, igdb_id: undefined }))
        .execute();
    }
    await saveNamed(trx, 'genres', ref.genres);
    await saveNamed(trx, 'themes', ref.themes);
  });
}

async function* readLines(file: string): AsyncGenerator<string> {
  const raw = fs.createReadStream(file);
  const input = file.endsWith('.gz') ? raw.pipe(zlib.createGunzip()) : raw;
  yield* readline.createInterface({ input, crlfDelay: Infinity });
}

/** A catalog file's lines, validated: games, platforms and the lines that were skipped (with why). */
export async function parseCatalogFile(file: string) {
  const games: { line: number; game: GameLine }[] = [];
  const platforms: PlatformLine[] = [];
  const skipped: ImportReport['skipped'] = [];
  let lineNo = 0;
  for await (const text of readLines(file)) {
    lineNo += 1;
    if (!text.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      skipped.push({ line: lineNo, reason: 'not valid JSON' });
      continue;
    }
    const isPlatform = typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'platform';
    const parsed = isPlatform ? platformLineSchema.safeParse(value) : gameLineSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      skipped.push({ line: lineNo, reason: `${issue?.path.join('.') || 'line'}: ${issue?.message ?? 'invalid'}` });
    } else if (isPlatform) platforms.push(parsed.data as PlatformLine);
    else games.push({ line: lineNo, game: parsed.data as GameLine });
  }
  return { games, platforms, skipped };
}

async function idsBySlug(k: Kysely<Database>, table: 'platforms' | 'genres' | 'themes' | 'companies', slugs: string[]) {
  const map = new Map<string, number>();
  for (let i = 0; i < slugs.length; i += 500) {
    const rows = await k.selectFrom(table).select(['id', 'slug']).where('slug', 'in', slugs.slice(i, i + 500)).execute();
    rows.forEach((r) => map.set(r.slug, r.id));
  }
  return map;
}

/**
 * Imports a catalog file (see README): platforms first, then games in
 * batches, upserted by slug, with their platforms, companies and
 * alternative names; bad lines are reported and skipped, never fatal.
 */
export async function importCatalogFile(
  db: Db,
  file: string,
  {
    onProgress,
    source = 'import',
    sparingOtherSources = false,
  }: {
    onProgress?: Progress;
    source?: GameSource;
    /** Leave games of another source alone: a re-import of the embedded catalog never overwrites a game IGDB adopted. */
    sparingOtherSources?: boolean;
  } = {},
): Promise<ImportReport> {
  const { games, platforms, skipped } = await parseCatalogFile(file);
  const k = db.kysely;

  for (const p of platforms) {
    await k
      .insertInto('platforms')
      .values({ slug: p.slug, name: p.name, abbreviation: p.abbreviation ?? null, igdb_id: null, alternative_name: null, category: null, generation: null, family: null, summary: null })
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
  }
  const platformIds = await idsBySlug(k, 'platforms', [...new Set(games.flatMap((g) => g.game.platforms))]);
  const genreIds = await idsBySlug(k, 'genres', [...new Set(games.flatMap((g) => g.game.genres))]);
  const themeIds = await idsBySlug(k, 'themes', [...new Set(games.flatMap((g) => g.game.themes))]);

  // Companies by slug of their name; created on first sight.
  const companyNames = new Map<string, string>();
  for (const { game } of games) for (const name of [...game.publishers, ...game.developers]) if (slugify(name)) companyNames.set(slugify(name), name);
  const companyIds = await idsBySlug(k, 'companies', [...companyNames.keys()]);
  const newCompanies = [...companyNames].filter(([slug]) => !companyIds.has(slug));
  for (let i = 0; i < newCompanies.length; i += BATCH) {
    const rows = await k
      .insertInto('companies')
      .values(newCompanies.slice(i, i + BATCH).map(([slug, name]) => ({ slug, name, igdb_id: null })))
      .returning(['id', 'slug'])
      .execute();
    rows.forEach((r) => companyIds.set(r.slug, r.id));
  }

  // Without real popularity data, favour games released widely, documented well and built upon (catalog.popularity.ts).
  const estimates = estimatePopularity(games.map((g) => g.game));
  const popularityOf = new Map(games.map(({ game }, i) => [game, estimates[i]!]));
  const now = Date.now();
  let imported = 0;
  const seenSlugs = new Set<string>();
  for (let i = 0; i < games.length; i += BATCH) {
    const batch = games.slice(i, i + BATCH).filter(({ line, game }) => {
      const slug = game.slug ?? slugify(game.name);
      if (!slug) skipped.push({ line, reason: 'name gives no usable slug' });
      else if (seenSlugs.has(slug)) skipped.push({ line, reason: `slug "${slug}" appears twice in the file` });
      else {
        seenSlugs.add(slug);
        return true;
      }
      return false;
    });
    if (sparingOtherSources && batch.length > 0) {
      const slugs = batch.map(({ game }) => game.slug ?? slugify(game.name));
      const others = new Set(
        (await k.selectFrom('games').select('slug').where('slug', 'in', slugs).where('source', '<>', source).execute()).map((r) => r.slug),
      );
      for (let j = batch.length - 1; j >= 0; j -= 1) {
        const { line, game } = batch[j]!;
        const slug = game.slug ?? slugify(game.name);
        if (others.has(slug)) {
          skipped.push({ line, reason: `slug "${slug}" belongs to a game of another source, left as it is` });
          batch.splice(j, 1);
        }
      }
    }
    if (batch.length === 0) continue;
    await k.transaction().execute(async (trx) => {
      const rows = batch.map(({ game }) => {
        const released = game.releaseDate ? Math.floor(Date.parse(`${game.releaseDate}T00:00:00Z`) / 1000) : null;
        return {
          slug: game.slug ?? slugify(game.name),
          name: game.name,
          summary: game.summary ?? null,
          cover_image_id: game.cover ?? null,
          first_release_date: released,
          release_year: game.releaseDate ? Number(game.releaseDate.slice(0, 4)) : (game.year ?? null),
          // Where it came out first (a card's platform), when the line says and it is one of its platforms.
          first_platform_id: game.firstPlatform && game.platforms.includes(game.firstPlatform) ? (platformIds.get(game.firstPlatform) ?? null) : null,
          rating: game.rating ?? null,
          popularity: popularityOf.get(game)!,
          source,
          igdb_id: null,
          igdb_updated_at: null,
          created_at: now,
          updated_at: now,
        };
      });
      const saved = await trx
        .insertInto('games')
        .values(rows)
        .onConflict((oc) =>
          oc.column('slug').doUpdateSet((eb) => ({
            name: eb.ref('excluded.name'),
            summary: eb.ref('excluded.summary'),
            cover_image_id: eb.ref('excluded.cover_image_id'),
            first_release_date: eb.ref('excluded.first_release_date'),
            release_year: eb.ref('excluded.release_year'),
            first_platform_id: eb.ref('excluded.first_platform_id'),
            rating: eb.ref('excluded.rating'),
            popularity: eb.ref('excluded.popularity'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .returning(['id', 'slug', 'popularity', 'release_year'])
        .execute();
      const bySlug = new Map(saved.map((r) => [r.slug, r]));
      const ids = saved.map((r) => r.id);
      await trx.deleteFrom('game_platforms').where('game_id', 'in', ids).execute();
      await trx.deleteFrom('game_genres').where('game_id', 'in', ids).execute();
      await trx.deleteFrom('game_themes').where('game_id', 'in', ids).execute();
      await trx.deleteFrom('game_companies').where('game_id', 'in', ids).execute();
      await trx.deleteFrom('alternative_names').where('game_id', 'in', ids).execute();

      const links = batch.map(({ game }) => ({ game, row: bySlug.get(game.slug ?? slugify(game.name))! }));
      const gp = links.flatMap(({ game, row }) =>
        [...new Set(game.platforms.map((s) => platformIds.get(s)).filter((id): id is number => id !== undefined))].map((platform_id) => ({
          game_id: row.id,
          platform_id,
          popularity: row.popularity,
          release_year: row.release_year,
        })),
      );
      const gg = links.flatMap(({ game, row }) =>
        [...new Set(game.genres.map((s) => genreIds.get(s)).filter((id): id is number => id !== undefined))].map((genre_id) => ({ game_id: row.id, genre_id })),
      );
      const gt = links.flatMap(({ game, row }) =>
        [...new Set(game.themes.map((s) => themeIds.get(s)).filter((id): id is number => id !== undefined))].map((theme_id) => ({ game_id: row.id, theme_id })),
      );
      const gc = links.flatMap(({ game, row }) => {
        const pairs = new Map<string, { game_id: number; company_id: number; role: 'publisher' | 'developer' }>();
        for (const [names, role] of [
          [game.publishers, 'publisher'],
          [game.developers, 'developer'],
        ] as const) {
          for (const name of names) {
            const company_id = companyIds.get(slugify(name));
            if (company_id) pairs.set(`${company_id}:${role}`, { game_id: row.id, company_id, role });
          }
        }
        return [...pairs.values()];
      });
      const alt = links.flatMap(({ game, row }) => game.altNames.map((name) => ({ game_id: row.id, name })));
      await insertInBatches(trx, 'game_platforms', gp);
      await insertInBatches(trx, 'game_genres', gg);
      await insertInBatches(trx, 'game_themes', gt);
      await insertInBatches(trx, 'game_companies', gc);
      await insertInBatches(trx, 'alternative_names', alt);
    });
    imported += batch.length;
    onProgress?.(imported, games.length);
    // SQLite's driver is synchronous: without a turn of the event loop between batches, a first start that loads
    // the catalog while it serves (main.ts) answered nothing until the last one.
    await new Promise((resolve) => setImmediate(resolve));
  }

  await refreshSearchIndex(db);
  await refreshPlatformCounts(db);
  await bumpCatalogVersion(db);
  return { games: imported, platforms: platforms.length, skipped };
}

async function insertInBatches<T extends keyof Database & string>(k: Kysely<Database>, table: T, values: Insertable<Database[T]>[]): Promise<void> {
  for (let i = 0; i < values.length; i += BATCH) {
    await k.insertInto(table).values(values.slice(i, i + BATCH)).execute();
  }
}

export async function refreshPlatformCounts(db: Db): Promise<void> {
  await db.kysely
    .updateTable('platforms')
    .set((eb) => ({
      games_count: eb
        .selectFrom('game_platforms')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('game_platforms.platform_id', '=', 'platforms.id')
        .where(listedGame('game_platforms.game_id')),
    }))
    .execute();
}

export async function countGames(db: Db): Promise<number> {
  const row = await db.kysely.selectFrom('games').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

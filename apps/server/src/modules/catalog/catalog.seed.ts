import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { slugify } from '@vgl/shared';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import { getMeta, setMeta } from '../../db/meta.js';
import type { Database } from '../../db/schema.js';
import { bumpCatalogVersion, countGames, importCatalogFile, importReference, parseCatalogFile, refreshPlatformCounts, SEED_FILE, type Progress } from './catalog.import.js';
import { refillSeedSelections, seedSelections } from './catalog.selections.js';
import { refreshSearchIndex } from './search-index.js';
import { noteGameMoved } from './catalog.slugs.js';

/** app_meta: the fingerprint of the embedded catalog file last loaded, so a newer one is loaded at the next start. */
export const SEED_META_KEY = 'catalog.seed';

/** Two games of one title within this many years are one game (as the seed builder merges them). */
const YEAR_WINDOW = 3;
const CHUNK = 500;

export interface SeedReport {
  /** Games in the embedded catalog just loaded (0 when nothing was loaded). */
  games: number;
  /** Set when an older embedded catalog was replaced by this one. */
  refresh?: RefreshReport;
}

export interface RefreshReport {
  /** Old entries no longer in the catalog (applications, bootlegs, ports now merged, …), deleted. */
  removed: number;
  /** Old entries in members' libraries moved to the game they are now part of ("Tetris" of 1991 → "Tetris"). */
  remapped: number;
  /** Old entries in members' libraries with no game to move to: kept, last in every order. */
  kept: number;
}

/**
 * app_meta: set while a first load of the embedded catalog is under way. A first start serves while it loads
 * (main.ts), so it can be stopped halfway; the next start finds this and finishes the load (games are upserted
 * by slug), rather than take the half-loaded catalog for an older embedded one to bring up to date.
 */
export const FIRST_LOAD_KEY = 'catalog.first-load';

/** Whether the database has no catalog yet, or the first load of one was cut short. */
export async function needsFirstLoad(db: Db): Promise<boolean> {
  return (await countGames(db)) === 0 || (await getMeta(db.kysely, FIRST_LOAD_KEY)) !== undefined;
}

/** The embedded catalog file's identity: a new seed (a rebuilt catalog) has a new one. */
export function seedFingerprint(file = SEED_FILE): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex').slice(0, 16);
}

/**
 * At start: on an empty database, loads IGDB's reference lists and the
 * embedded open catalog so a fresh instance has something to show; on a
 * database loaded from an older embedded catalog, replaces that one with
 * this one (refreshEmbeddedCatalog). `force` reloads even the same file
 * (`npm run vgl -- catalog:import`).
 */
export async function prepareEmbeddedCatalog(db: Db, { onProgress, force = false, file = SEED_FILE }: { onProgress?: Progress; force?: boolean; file?: string } = {}): Promise<SeedReport> {
  const k = db.kysely;
  const fingerprint = seedFingerprint(file);
  if (await needsFirstLoad(db)) {
    await setMeta(k, FIRST_LOAD_KEY, String(Date.now()));
    await importReference(db);
    const report = await importCatalogFile(db, file, { onProgress, source: 'mame' });
    await seedSelections(db);
    await setMeta(k, SEED_META_KEY, fingerprint);
    await k.deleteFrom('app_meta').where('key', '=', FIRST_LOAD_KEY).execute();
    return { games: report.games };
  }
  if (!force && (await getMeta(k, SEED_META_KEY)) === fingerprint) return { games: 0 };
  const hasSeedGames = await k.selectFrom('games').select('id').where('source', '=', 'mame').limit(1).executeTakeFirst();
  if (!hasSeedGames && !force) {
    // A catalog from IGDB or an import only: nothing of the embedded one to bring up to date.
    await setMeta(k, SEED_META_KEY, fingerprint);
    return { games: 0 };
  }
  const { games, refresh } = await refreshEmbeddedCatalog(db, file, onProgress);
  await setMeta(k, SEED_META_KEY, fingerprint);
  return { games, refresh };
}

const NUMBER_WORD = /^(\d+|(?=[ivx])x{0,3}(ix|iv|v?i{0,3}))$/;
const numbersApart = (a: string, b: string) => NUMBER_WORD.test(a) && NUMBER_WORD.test(b) && (a.length > 1 || b.length > 1 || (/\d/.test(a) && /\d/.test(b)));

/**
 * The key under which two spellings of one title meet, as the seed builder (scripts/catalog/titles.mjs) makes
 * it: "The Legend of Zelda" = "Legend of Zelda, The". Words run together, except two numbers side by side:
 * "Final Fantasy I: II" is not "Final Fantasy III".
 */
export function mergeKey(title: string): string {
  const words = slugify(title.replace(/^(.*),\s*(the|a|an)$/i, '$2 $1')).split('-').filter(Boolean);
  return words.map((w, i) => (i > 0 && numbersApart(words[i - 1]!, w) ? `-${w}` : w)).join('');
}

/**
 * Loads the embedded catalog over an older one without losing members' data.
 * Games are matched by slug and updated in place (their ids, and so every
 * library entry, review and diary entry, stay). An old entry the new catalog
 * no longer has is deleted when no member has it; when one does, it is
 * moved to the game of the same title and era it is now merged into, and
 * kept, last in every order, when there is none. Games of other sources
 * (IGDB, imports) are left alone.
 */
export async function refreshEmbeddedCatalog(db: Db, file = SEED_FILE, onProgress?: Progress): Promise<{ games: number; refresh: RefreshReport }> {
  const k = db.kysely;
  const started = Date.now();
  await importReference(db);
  await releaseReusedSlugs(k, file);
  const imported = await importCatalogFile(db, file, { onProgress, source: 'mame', sparingOtherSources: true });
  // Every game of the file was written at `started` or later: older seed games are the ones it no longer has.
  const stale = await k.selectFrom('games').select(['id', 'name', 'release_year']).where('source', '=', 'mame').where('updated_at', '<', started).execute();
  const report: RefreshReport = { removed: 0, remapped: 0, kept: 0 };

  const used = await referencedGames(k, stale.map((g) => g.id));
  const fresh = stale.length ? await k.selectFrom('games').select(['id', 'name', 'release_year']).where('source', '=', 'mame').where('updated_at', '>=', started).execute() : [];
  const byKey = new Map<string, typeof fresh>();
  for (const g of fresh) byKey.set(mergeKey(g.name), [...(byKey.get(mergeKey(g.name)) ?? []), g]);
  // A game that is now another's release elsewhere ("Zelda no Densetsu: The Hyrule Fantasy", The Legend of Zelda
  // on the Famicom Disk System) is found under that game's other names.
  const byOtherName = stale.length ? await gamesByOtherName(k, fresh, started) : new Map<string, typeof fresh>();
  const targetOf = (old: (typeof stale)[number]) => {
    const key = mergeKey(old.name);
    return closestInYears(byKey.get(key), old.release_year) ?? closestInYears(byOtherName.get(key), old.release_year);
  };

  // Old addresses keep working: a game folded into another leaves its slug leading there (catalog.slugs.ts).
  const unused = stale.filter((g) => !used.has(g.id));
  for (const old of unused) {
    const target = targetOf(old);
    if (target) await noteGameMoved(k, old.id, target.id);
  }
  for (let i = 0; i < unused.length; i += CHUNK) {
    await k.deleteFrom('games').where('id', 'in', unused.slice(i, i + CHUNK).map((g) => g.id)).execute();
  }
  report.removed += unused.length;

  for (const old of stale.filter((g) => used.has(g.id))) {
    const target = targetOf(old);
    if (target && (await moveMemberData(k, old.id, target.id))) {
      await noteGameMoved(k, old.id, target.id);
      await k.deleteFrom('games').where('id', '=', old.id).execute();
      report.remapped += 1;
    } else {
      await k.updateTable('games').set({ popularity: 0 }).where('id', '=', old.id).execute();
      await k.updateTable('game_platforms').set({ popularity: 0 }).where('game_id', '=', old.id).execute();
      report.kept += 1;
    }
  }

  if (stale.length) {
    await refillSeedSelections(db);
    await refreshSearchIndex(db);
    await refreshPlatformCounts(db);
    await bumpCatalogVersion(db);
  }
  return { games: imported.games, refresh: report };
}

/**
 * A slug the new catalog gives another game is not the old game's to keep: "final-fantasy-iv" was the WonderSwan
 * Color's Final Fantasy IV of 2002, and is the SNES's of 1991 now (named after its first release). Another game is
 * one on none of the old one's platforms. The old game gives its slug up (it becomes "<slug>-old-<id>") and goes
 * the way of a game the catalog no longer has: its members' entries move to the game of its title and era.
 */
async function releaseReusedSlugs(k: Kysely<Database>, file: string): Promise<void> {
  const lines = new Map((await parseCatalogFile(file)).games.map(({ game }) => [game.slug ?? slugify(game.name), game.platforms]));
  const rows = await k
    .selectFrom('games as g')
    .innerJoin('game_platforms as gp', 'gp.game_id', 'g.id')
    .innerJoin('platforms as p', 'p.id', 'gp.platform_id')
    .select(['g.id', 'g.slug', 'p.slug as platform'])
    .where('g.source', '=', 'mame')
    .execute();
  const platformsOf = new Map<number, { slug: string; platforms: Set<string> }>();
  for (const r of rows) {
    if (!lines.has(r.slug)) continue;
    const game = platformsOf.get(r.id) ?? { slug: r.slug, platforms: new Set<string>() };
    game.platforms.add(r.platform);
    platformsOf.set(r.id, game);
  }
  for (const [id, { slug, platforms }] of platformsOf) {
    const now = lines.get(slug) ?? [];
    if (now.length > 0 && !now.some((p) => platforms.has(p))) await k.updateTable('games').set({ slug: `${slug}-old-${id}` }).where('id', '=', id).execute();
  }
}

/** The embedded catalog's games written since `since` (these `games`), by the mergeKey of each of their alternative names. */
async function gamesByOtherName<T extends { id: number }>(k: Kysely<Database>, games: T[], since: number): Promise<Map<string, T[]>> {
  const byId = new Map(games.map((g) => [g.id, g]));
  const rows = await k
    .selectFrom('alternative_names as a')
    .innerJoin('games as g', 'g.id', 'a.game_id')
    .select(['a.game_id', 'a.name'])
    .where('g.source', '=', 'mame')
    .where('g.updated_at', '>=', since)
    .execute();
  const byKey = new Map<string, T[]>();
  for (const r of rows) {
    const key = mergeKey(r.name);
    const game = byId.get(r.game_id);
    if (!key || !game) continue;
    const list = byKey.get(key) ?? [];
    if (!list.includes(game)) list.push(game);
    byKey.set(key, list);
  }
  return byKey;
}

/** Of these games, the ones some member has: in a library, a diary, a list or the activity feed. */
async function referencedGames(k: Kysely<Database>, ids: number[]): Promise<Set<number>> {
  const used = new Set<number>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const rows = await sql<{ game_id: number }>`select game_id from library_entries where game_id in (${sql.join(chunk)})
      union select game_id from diary_entries where game_id in (${sql.join(chunk)})
      union select game_id from activities where game_id in (${sql.join(chunk)})
      union select game_id from list_games where game_id in (${sql.join(chunk)})`.execute(k);
    rows.rows.forEach((r) => used.add(Number(r.game_id)));
  }
  return used;
}

function closestInYears<T extends { release_year: number | null }>(games: T[] | undefined, year: number | null): T | undefined {
  if (!games?.length) return undefined;
  if (year === null) return games.length === 1 ? games[0] : undefined;
  const near = games
    .filter((g) => g.release_year === null || Math.abs(g.release_year - year) <= YEAR_WINDOW + 2)
    .sort((a, b) => Math.abs((a.release_year ?? year) - year) - Math.abs((b.release_year ?? year) - year));
  return near[0];
}

/**
 * Moves library entries, diary entries, list places and activity of one game to another.
 * A member who has both keeps both (the old one stays): returns whether
 * nothing is left on the old game.
 */
async function moveMemberData(k: Kysely<Database>, from: number, to: number): Promise<boolean> {
  return k.transaction().execute(async (trx) => {
    const onTarget = trx.selectFrom('library_entries').select('user_id').where('game_id', '=', to);
    await trx.updateTable('library_entries').set({ game_id: to }).where('game_id', '=', from).where('user_id', 'not in', onTarget).execute();
    const movedEntries = trx.selectFrom('library_entries').select('id').where('game_id', '=', to);
    await trx.updateTable('diary_entries').set({ game_id: to }).where('game_id', '=', from).where('entry_id', 'in', movedEntries).execute();
    await trx
      .updateTable('activities')
      .set({ game_id: to })
      .where('game_id', '=', from)
      .where((eb) => eb.or([eb('entry_id', 'is', null), eb('entry_id', 'in', movedEntries)]))
      .execute();
    // A list that holds both keeps both.
    const listsWithTarget = trx.selectFrom('list_games').select('list_id').where('game_id', '=', to);
    await trx.updateTable('list_games').set({ game_id: to }).where('game_id', '=', from).where('list_id', 'not in', listsWithTarget).execute();
    const left = await sql<{ n: number }>`select (select count(*) from library_entries where game_id = ${from})
      + (select count(*) from diary_entries where game_id = ${from}) + (select count(*) from activities where game_id = ${from})
      + (select count(*) from list_games where game_id = ${from}) as n`.execute(trx);
    return Number(left.rows[0]?.n ?? 0) === 0;
  });
}

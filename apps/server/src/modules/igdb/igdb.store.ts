import { sql, type Insertable, type Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { slugify } from '@vgl/shared';
import { detailsRowOf, externalIdsOf } from './igdb.details.js';
import { classify, type IgdbCover, type IgdbGame, type IgdbNamed, type IgdbPlatform } from './igdb.types.js';

type K = Kysely<Database>;

/** Upserts IGDB's platforms, genres or themes by IGDB id. */
export async function saveReference(k: K, platforms: IgdbPlatform[], genres: IgdbNamed[], themes: IgdbNamed[]): Promise<void> {
  await k.transaction().execute(async (trx) => {
    for (const p of platforms) {
      const row = {
        slug: p.slug,
        name: p.name,
        abbreviation: p.abbreviation ?? null,
        alternative_name: p.alternative_name ?? null,
        generation: p.generation ?? null,
        family: p.platform_family?.name ?? null,
        summary: p.summary ?? null,
      };
      await trx
        .insertInto('platforms')
        .values({ igdb_id: p.id, category: null, ...row })
        .onConflict((oc) => oc.column('igdb_id').doUpdateSet(row))
        .execute();
    }
    await saveNamed(trx, 'genres', genres);
    await saveNamed(trx, 'themes', themes);
  });
}

/** Upserts IGDB genres or themes by IGDB id (also used for the bundled reference lists). */
export async function saveNamed(k: K, table: 'genres' | 'themes', rows: IgdbNamed[]): Promise<void> {
  for (const r of rows) {
    await k
      .insertInto(table)
      .values({ igdb_id: r.id, slug: r.slug, name: r.name })
      .onConflict((oc) => oc.column('igdb_id').doUpdateSet({ slug: r.slug, name: r.name }))
      .execute();
  }
}

async function idMap(k: K, table: 'platforms' | 'genres' | 'themes', igdbIds: number[]): Promise<Map<number, number>> {
  if (igdbIds.length === 0) return new Map();
  const rows = await k.selectFrom(table).select(['id', 'igdb_id']).where('igdb_id', 'in', igdbIds).execute();
  return new Map(rows.map((r) => [r.igdb_id!, r.id]));
}

/** Popularity from IGDB's own counts until popularity primitives say more. */
const popularityOf = (g: IgdbGame) => Math.log1p(g.total_rating_count ?? 0) * 10 + Math.log1p(g.hypes ?? 0) * 5;

const unique = <T>(values: T[]) => [...new Set(values)];

function groupBy<T>(values: T[], key: (v: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const v of values) groups.set(key(v), [...(groups.get(key(v)) ?? []), v]);
  return groups;
}

/** Inserts many rows in statements of at most `size` rows (SQLite and PostgreSQL cap bound parameters). */
export async function insertChunked<T extends keyof Database & string>(k: K, table: T, rows: Insertable<Database[T]>[], size = 500): Promise<void> {
  for (let i = 0; i < rows.length; i += size) {
    await k
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .execute();
  }
}

export interface SavedPage {
  /** Our ids of the catalog games saved (for the search index). */
  gameIds: number[];
  /** Our ids of rows that left the catalog (a record IGDB now calls DLC, an edition, …). */
  removedIds: number[];
  games: number;
  related: number;
}

/**
 * Saves one page of IGDB records: games (main games, remakes, remasters,
 * ports, expanded games, standalone expansions) into the catalog; DLC,
 * expansions, bundles, packs, updates, mods, episodes, seasons and editions
 * as related items of their parent game.
 */
export async function saveRecords(db: Db, records: IgdbGame[], now = Date.now()): Promise<SavedPage> {
  const games = records.filter((r) => classify(r).catalog);
  const items = records.filter((r) => !classify(r).catalog);
  const gameIds = await saveGames(db.kysely, games, now);
  const removedIds = await saveRelatedItems(db, items, now);
  return { gameIds, removedIds, games: games.length, related: items.length };
}

/**
 * Keeps IGDB records that are not games as related items of their parent
 * (parent_game, else version_parent). A record that was a catalog game
 * before leaves the catalog, unless members have it in their library or a
 * list shows it (their entries must not vanish). Returns the ids removed.
 */
export async function saveRelatedItems(db: Db, items: IgdbGame[], now = Date.now()): Promise<number[]> {
  if (items.length === 0) return [];
  return db.kysely.transaction().execute(async (trx) => {
    for (const item of items) {
      const verdict = classify(item);
      const row = {
        parent_igdb_id: item.parent_game ?? item.version_parent ?? null,
        game_type: item.game_type ?? 0,
        kind: verdict.catalog ? 'edition' : verdict.kind,
        name: item.name.slice(0, 300),
        slug: (item.slug || slugify(item.name) || `game-${item.id}`).slice(0, 200),
        first_release_date: item.first_release_date ?? null,
        cover_image_id: item.cover?.image_id ?? null,
        igdb_updated_at: item.updated_at ?? null,
        updated_at: now,
      };
      await trx
        .insertInto('game_related_items')
        .values({ igdb_id: item.id, ...row })
        .onConflict((oc) => oc.column('igdb_id').doUpdateSet(row))
        .execute();
    }
    const ids = items.map((i) => i.id);
    await trx.deleteFrom('game_details').where('igdb_id', 'in', ids).execute();
    const former = await trx.selectFrom('games').select('id').where('igdb_id', 'in', ids).execute();
    if (former.length === 0) return [];
    const kept = new Set(
      [
        ...(await trx.selectFrom('library_entries').select('game_id').where('game_id', 'in', former.map((r) => r.id)).execute()),
        ...(await trx.selectFrom('selection_games').select('game_id').where('game_id', 'in', former.map((r) => r.id)).execute()),
      ].map((r) => r.game_id),
    );
    const removed = former.map((r) => r.id).filter((id) => !kept.has(id));
    if (removed.length) {
      await trx.deleteFrom('game_bundles').where('game_igdb_id', 'in', ids).execute();
      // SQLite's full-text rows are keyed by search rank (search-index.ts); PostgreSQL's index is a column of games.
      if (db.dialect === 'sqlite') await sql`delete from games_fts where rowid in (select rank from search_ranks where game_id in (${sql.join(removed)}))`.execute(trx);
      await trx.deleteFrom('games').where('id', 'in', removed).execute();
    }
    return removed;
  });
}

/**
 * Saves IGDB games: updates rows with the same IGDB id, adopts a seed game
 * with the same slug (so its links and library entries survive), inserts
 * the rest; then replaces their platforms, genres, themes, companies,
 * alternative names and bundle links, a page at a time. Returns our ids of
 * the saved games.
 */
export async function saveGames(k: K, games: IgdbGame[], now = Date.now()): Promise<number[]> {
  if (games.length === 0) return [];
  const platformIds = await idMap(k, 'platforms', unique(games.flatMap((g) => g.platforms ?? [])));
  const genreIds = await idMap(k, 'genres', unique(games.flatMap((g) => g.genres ?? [])));
  const themeIds = await idMap(k, 'themes', unique(games.flatMap((g) => g.themes ?? [])));

  return k.transaction().execute(async (trx) => {
    const byIgdb = new Map(
      (await trx.selectFrom('games').select(['id', 'igdb_id']).where('igdb_id', 'in', games.map((g) => g.id)).execute()).map((r) => [r.igdb_id!, r.id]),
    );
    const slugs = unique(games.map((g) => g.slug).filter(Boolean));
    const bySlug = new Map(
      (slugs.length ? await trx.selectFrom('games').select(['id', 'slug', 'igdb_id']).where('slug', 'in', slugs).execute() : []).map((r) => [r.slug, r]),
    );
    const companyIds = await companyIdsFor(trx, games.flatMap((g) => (g.involved_companies ?? []).flatMap((ic) => (ic.company ? [ic.company] : []))));
    const ids: number[] = [];
    const platforms: Insertable<Database['game_platforms']>[] = [];
    const genres: Insertable<Database['game_genres']>[] = [];
    const themes: Insertable<Database['game_themes']>[] = [];
    const companies: Insertable<Database['game_companies']>[] = [];
    const altNames: Insertable<Database['alternative_names']>[] = [];
    const bundles: Insertable<Database['game_bundles']>[] = [];
    const details: Insertable<Database['game_details']>[] = [];
    const externalIds = new Map<string, Insertable<Database['game_external_ids']>>();
    const seen = new Set<number>();
    for (const g of games) {
      if (seen.has(g.id)) continue;
      seen.add(g.id);
      const released = g.first_release_date ?? null;
      const row = {
        igdb_id: g.id,
        first_platform_id: firstPlatformOf(g, platformIds),
        name: g.name,
        summary: g.summary ?? null,
        cover_image_id: g.cover?.image_id ?? null,
        first_release_date: released,
        release_year: released !== null ? new Date(released * 1000).getUTCFullYear() : null,
        rating: g.total_rating ?? g.rating ?? null,
        rating_count: g.total_rating_count ?? 0,
        popularity: popularityOf(g),
        source: 'igdb' as const,
        igdb_updated_at: g.updated_at ?? null,
        updated_at: now,
      };
      const sameSlug = bySlug.get(g.slug);
      let id = byIgdb.get(g.id) ?? (sameSlug && sameSlug.igdb_id === null ? sameSlug.id : undefined);
      if (id !== undefined) {
        await trx.updateTable('games').set(row).where('id', '=', id).execute();
        if (sameSlug?.id === id) sameSlug.igdb_id = g.id;
      } else {
        const slug = sameSlug ? `${g.slug}-${g.id}` : g.slug || slugify(g.name) || `game-${g.id}`;
        id = (await trx.insertInto('games').values({ ...row, slug, created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
        bySlug.set(slug, { id, slug, igdb_id: g.id });
      }
      ids.push(id);
      const gameId = id;
      for (const platform_id of unique((g.platforms ?? []).map((p) => platformIds.get(p)).filter((p): p is number => p !== undefined))) {
        platforms.push({ game_id: gameId, platform_id, popularity: row.popularity, release_year: row.release_year });
      }
      for (const genre_id of unique((g.genres ?? []).map((x) => genreIds.get(x)).filter((x): x is number => x !== undefined))) genres.push({ game_id: gameId, genre_id });
      for (const theme_id of unique((g.themes ?? []).map((x) => themeIds.get(x)).filter((x): x is number => x !== undefined))) themes.push({ game_id: gameId, theme_id });
      for (const name of unique((g.alternative_names ?? []).map((a) => a.name?.trim()).filter((n): n is string => Boolean(n))).slice(0, 20)) {
        altNames.push({ game_id: gameId, name: name.slice(0, 300) });
      }
      const roles = new Map<string, Insertable<Database['game_companies']>>();
      for (const ic of g.involved_companies ?? []) {
        const companyId = ic.company ? companyIds.get(ic.company.id) : undefined;
        if (companyId === undefined) continue;
        if (ic.publisher) roles.set(`${companyId}:publisher`, { game_id: gameId, company_id: companyId, role: 'publisher' });
        if (ic.developer) roles.set(`${companyId}:developer`, { game_id: gameId, company_id: companyId, role: 'developer' });
      }
      companies.push(...roles.values());
      for (const bundle of unique(g.bundles ?? [])) bundles.push({ game_igdb_id: g.id, bundle_igdb_id: bundle });
      details.push(detailsRowOf(g, now));
      for (const ext of externalIdsOf(g)) externalIds.set(`${ext.source}:${ext.uid}`, ext);
    }

    await trx.deleteFrom('game_platforms').where('game_id', 'in', ids).execute();
    await trx.deleteFrom('game_genres').where('game_id', 'in', ids).execute();
    await trx.deleteFrom('game_themes').where('game_id', 'in', ids).execute();
    await trx.deleteFrom('game_companies').where('game_id', 'in', ids).execute();
    await trx.deleteFrom('alternative_names').where('game_id', 'in', ids).execute();
    await trx.deleteFrom('game_bundles').where('game_igdb_id', 'in', [...seen]).execute();
    await trx.deleteFrom('game_details').where('igdb_id', 'in', [...seen]).execute();
    // A store id moves with its game (IGDB corrects links): the page's games lose theirs, and any game holding one of these.
    await trx.deleteFrom('game_external_ids').where('game_igdb_id', 'in', [...seen]).execute();
    for (const [source, uids] of groupBy([...externalIds.values()], (e) => e.source)) {
      await trx.deleteFrom('game_external_ids').where('source', '=', source).where('uid', 'in', uids.map((e) => e.uid)).execute();
    }
    // A record that was a related item before and is a game now (IGDB changed its type).
    await trx.deleteFrom('game_related_items').where('igdb_id', 'in', [...seen]).execute();
    await insertChunked(trx, 'game_platforms', platforms);
    await insertChunked(trx, 'game_genres', genres);
    await insertChunked(trx, 'game_themes', themes);
    await insertChunked(trx, 'game_companies', companies);
    await insertChunked(trx, 'alternative_names', altNames);
    await insertChunked(trx, 'game_bundles', bundles);
    await insertChunked(trx, 'game_details', details, 100);
    await insertChunked(trx, 'game_external_ids', [...externalIds.values()]);
    return ids;
  });
}

/** Our id of the platform of a game's earliest dated release (IGDB's release_dates), if it is one of the game's platforms. */
function firstPlatformOf(g: IgdbGame, platformIds: Map<number, number>): number | null {
  const first = (g.release_dates ?? [])
    .filter((r) => r.date !== undefined && r.platform !== undefined && (g.platforms ?? []).includes(r.platform) && platformIds.has(r.platform))
    .sort((a, b) => a.date! - b.date! || a.platform! - b.platform!)[0];
  return first ? platformIds.get(first.platform!)! : null;
}

/**
 * Our ids of IGDB companies, by IGDB id: known ones, same-slug companies
 * from the seed (adopted), and new ones (inserted).
 */
async function companyIdsFor(k: K, companies: { id: number; name: string; slug: string }[]): Promise<Map<number, number>> {
  const wanted = new Map(companies.map((c) => [c.id, c]));
  const result = new Map<number, number>();
  if (wanted.size === 0) return result;
  const known = await k
    .selectFrom('companies')
    .select(['id', 'igdb_id', 'slug'])
    .where((eb) => eb.or([eb('igdb_id', 'in', [...wanted.keys()]), eb('slug', 'in', unique([...wanted.values()].map((c) => c.slug)))]))
    .execute();
  for (const c of known) if (c.igdb_id !== null && wanted.has(c.igdb_id)) result.set(c.igdb_id, c.id);
  const bySlug = new Map(known.map((c) => [c.slug, c]));
  for (const company of wanted.values()) {
    if (result.has(company.id)) continue;
    const sameSlug = bySlug.get(company.slug);
    if (sameSlug && sameSlug.igdb_id === null) {
      await k.updateTable('companies').set({ igdb_id: company.id, name: company.name }).where('id', '=', sameSlug.id).execute();
      sameSlug.igdb_id = company.id;
      result.set(company.id, sameSlug.id);
      continue;
    }
    const slug = sameSlug ? `${company.slug}-${company.id}` : company.slug;
    const id = (await k.insertInto('companies').values({ igdb_id: company.id, slug, name: company.name }).returning('id').executeTakeFirstOrThrow()).id;
    bySlug.set(slug, { id, igdb_id: company.id, slug });
    result.set(company.id, id);
  }
  return result;
}

/**
 * Covers IGDB replaced (a new cover record for the game): the new image id
 * on the game, or on the related item. Returns how many rows changed.
 */
export async function saveCovers(k: K, covers: IgdbCover[]): Promise<number> {
  const latest = new Map<number, string>();
  for (const c of [...covers].sort((a, b) => a.id - b.id)) if (c.game && c.image_id) latest.set(c.game, c.image_id);
  if (latest.size === 0) return 0;
  return k.transaction().execute(async (trx) => {
    let changed = 0;
    for (const [game, imageId] of latest) {
      const a = await trx
        .updateTable('games')
        .set({ cover_image_id: imageId })
        .where('igdb_id', '=', game)
        .where((eb) => eb.or([eb('cover_image_id', 'is', null), eb('cover_image_id', '!=', imageId)]))
        .executeTakeFirst();
      const b = await trx
        .updateTable('game_related_items')
        .set({ cover_image_id: imageId })
        .where('igdb_id', '=', game)
        .where((eb) => eb.or([eb('cover_image_id', 'is', null), eb('cover_image_id', '!=', imageId)]))
        .executeTakeFirst();
      changed += Number(a.numUpdatedRows) + Number(b.numUpdatedRows);
    }
    return changed;
  });
}

/** IGDB ids (games and related items) whose stored updated_at is exactly this one. */
export async function idsUpdatedAt(k: K, updatedAt: number): Promise<Set<number>> {
  const [games, items] = await Promise.all([
    k.selectFrom('games').select('igdb_id').where('igdb_updated_at', '=', updatedAt).execute(),
    k.selectFrom('game_related_items').select('igdb_id').where('igdb_updated_at', '=', updatedAt).execute(),
  ]);
  return new Set([...games.map((g) => g.igdb_id!), ...items.map((i) => i.igdb_id)]);
}

/** IGDB's visits ranking: the listed games rise above every estimate, in their order. */
export async function savePopularity(k: K, ranking: { game_id: number; value: number }[]): Promise<void> {
  if (ranking.length === 0) return;
  const max = Math.max(...ranking.map((r) => r.value)) || 1;
  await k.transaction().execute(async (trx) => {
    for (const r of ranking) {
      const popularity = 1000 + (r.value / max) * 1000;
      const game = await trx.updateTable('games').set({ popularity }).where('igdb_id', '=', r.game_id).returning('id').executeTakeFirst();
      if (game) await trx.updateTable('game_platforms').set({ popularity }).where('game_id', '=', game.id).execute();
    }
  });
}

import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { slugify } from '@vgl/shared';
import type { IgdbGame, IgdbNamed, IgdbPlatform } from './igdb.types.js';

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

/**
 * Saves one page of IGDB games: updates rows with the same IGDB id, adopts a
 * seed game with the same slug (so its links and library entries survive),
 * inserts the rest; then replaces their platforms, genres, themes, companies
 * and alternative names. Returns our ids of the saved games.
 */
export async function saveGames(k: K, games: IgdbGame[], now = Date.now()): Promise<number[]> {
  if (games.length === 0) return [];
  const platformIds = await idMap(k, 'platforms', [...new Set(games.flatMap((g) => g.platforms ?? []))]);
  const genreIds = await idMap(k, 'genres', [...new Set(games.flatMap((g) => g.genres ?? []))]);
  const themeIds = await idMap(k, 'themes', [...new Set(games.flatMap((g) => g.themes ?? []))]);

  return k.transaction().execute(async (trx) => {
    const byIgdb = new Map(
      (await trx.selectFrom('games').select(['id', 'igdb_id']).where('igdb_id', 'in', games.map((g) => g.id)).execute()).map((r) => [r.igdb_id!, r.id]),
    );
    const bySlug = new Map(
      (await trx.selectFrom('games').select(['id', 'slug', 'igdb_id']).where('slug', 'in', games.map((g) => g.slug)).execute()).map((r) => [r.slug, r]),
    );
    const ids: number[] = [];
    for (const g of games) {
      const released = g.first_release_date ?? null;
      const row = {
        igdb_id: g.id,
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
      } else {
        const slug = sameSlug ? `${g.slug}-${g.id}` : g.slug || slugify(g.name) || `game-${g.id}`;
        id = (await trx.insertInto('games').values({ ...row, slug, created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
      }
      ids.push(id);

      await trx.deleteFrom('game_platforms').where('game_id', '=', id).execute();
      await trx.deleteFrom('game_genres').where('game_id', '=', id).execute();
      await trx.deleteFrom('game_themes').where('game_id', '=', id).execute();
      await trx.deleteFrom('game_companies').where('game_id', '=', id).execute();
      await trx.deleteFrom('alternative_names').where('game_id', '=', id).execute();
      const gameId = id;
      const platforms = [...new Set((g.platforms ?? []).map((p) => platformIds.get(p)).filter((p): p is number => p !== undefined))];
      if (platforms.length) {
        await trx
          .insertInto('game_platforms')
          .values(platforms.map((platform_id) => ({ game_id: gameId, platform_id, popularity: row.popularity, release_year: row.release_year })))
          .execute();
      }
      const genres = [...new Set((g.genres ?? []).map((x) => genreIds.get(x)).filter((x): x is number => x !== undefined))];
      if (genres.length) await trx.insertInto('game_genres').values(genres.map((genre_id) => ({ game_id: gameId, genre_id }))).execute();
      const themes = [...new Set((g.themes ?? []).map((x) => themeIds.get(x)).filter((x): x is number => x !== undefined))];
      if (themes.length) await trx.insertInto('game_themes').values(themes.map((theme_id) => ({ game_id: gameId, theme_id }))).execute();
      const altNames = [...new Set((g.alternative_names ?? []).map((a) => a.name?.trim()).filter((n): n is string => Boolean(n)))].slice(0, 20);
      if (altNames.length) await trx.insertInto('alternative_names').values(altNames.map((name) => ({ game_id: gameId, name: name.slice(0, 300) }))).execute();

      const roles = new Map<string, { company_id: number; role: 'publisher' | 'developer' }>();
      for (const ic of g.involved_companies ?? []) {
        if (!ic.company) continue;
        const companyId = await companyIdFor(trx, ic.company);
        if (ic.publisher) roles.set(`${companyId}:publisher`, { company_id: companyId, role: 'publisher' });
        if (ic.developer) roles.set(`${companyId}:developer`, { company_id: companyId, role: 'developer' });
      }
      if (roles.size) await trx.insertInto('game_companies').values([...roles.values()].map((r) => ({ game_id: gameId, ...r }))).execute();
    }
    return ids;
  });
}

/** Our id of an IGDB company: by IGDB id, else a same-slug company from the seed (adopted), else new. */
async function companyIdFor(k: K, company: { id: number; name: string; slug: string }): Promise<number> {
  const known = await k.selectFrom('companies').select(['id', 'igdb_id']).where((eb) => eb.or([eb('igdb_id', '=', company.id), eb('slug', '=', company.slug)])).execute();
  const exact = known.find((c) => c.igdb_id === company.id);
  if (exact) return exact.id;
  const adoptable = known.find((c) => c.igdb_id === null);
  if (adoptable) {
    await k.updateTable('companies').set({ igdb_id: company.id, name: company.name }).where('id', '=', adoptable.id).execute();
    return adoptable.id;
  }
  const slug = known.length ? `${company.slug}-${company.id}` : company.slug;
  return (await k.insertInto('companies').values({ igdb_id: company.id, slug, name: company.name }).returning('id').executeTakeFirstOrThrow()).id;
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

import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type K = Kysely<Database>;

export type BrowseSort = 'popularity' | 'rating' | 'release' | 'name';

export interface BrowseFilter {
  platformId?: number;
  genreId?: number;
  themeId?: number;
  yearFrom?: number;
  yearTo?: number;
  sort: BrowseSort;
  limit: number;
  offset: number;
}

/** What a grid card needs, for a list of ids, in the order given. */
export async function gameCards(k: K, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await k
    .selectFrom('games as g')
    .select([
      'g.id',
      'g.name',
      'g.slug',
      'g.cover_image_id',
      'g.first_release_date',
      'g.release_year',
      'g.rating',
      // The best-known platform, for the placeholder cover of a game without one.
      (eb) =>
        eb
          .selectFrom('game_platforms as gp')
          .innerJoin('platforms as p', 'p.id', 'gp.platform_id')
          .select('p.name')
          .whereRef('gp.game_id', '=', 'g.id')
          .orderBy('p.games_count', 'desc')
          .limit(1)
          .as('platform_name'),
    ])
    .where('g.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
}
export type GameCardRow = Awaited<ReturnType<typeof gameCards>>[number];

/**
 * Ids and total of a filtered, sorted page of games. Browsing one platform by
 * popularity walks the covering index of game_platforms instead of joining.
 */
/** Below this many games, a filtered page is built from the filter's own rows (see browseGameIds). */
const DRIVE_FROM_FILTER = 5_000;

export async function browseGameIds(k: K, f: BrowseFilter, { count: withCount = true } = {}): Promise<{ ids: number[]; total: number }> {
  if (f.platformId !== undefined && f.genreId === undefined && f.themeId === undefined && f.sort === 'popularity') {
    // The page walks the (platform, popularity) index and checks years as it goes; "+release_year" keeps the
    // planner (which cannot see how small the bound LIMIT is) from sorting the whole year range instead.
    const page = k
      .selectFrom('game_platforms')
      .select('game_id')
      .where('platform_id', '=', f.platformId)
      .$if(f.yearFrom !== undefined, (q) => q.where(sql<number>`+release_year`, '>=', f.yearFrom!))
      .$if(f.yearTo !== undefined, (q) => q.where(sql<number>`+release_year`, '<=', f.yearTo!))
      .orderBy('popularity', 'desc')
      .orderBy('game_id')
      .limit(f.limit)
      .offset(f.offset);
    const total = k
      .selectFrom('game_platforms')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('platform_id', '=', f.platformId)
      .$if(f.yearFrom !== undefined, (q) => q.where('release_year', '>=', f.yearFrom!))
      .$if(f.yearTo !== undefined, (q) => q.where('release_year', '<=', f.yearTo!));
    const [rows, count] = await Promise.all([page.execute(), withCount ? total.executeTakeFirstOrThrow() : undefined]);
    return { ids: rows.map((r) => r.game_id), total: Number(count?.n ?? -1) };
  }

  // A filter by platform, genre or theme is read one of two ways. Few games (under DRIVE_FROM_FILTER): the
  // page is built from that filter's own rows (`id in (…)`) and only they are sorted. Many: the games are read
  // in the sort's index order and checked (`exists`) until the page is full. Either alone is slow somewhere:
  // walking the catalog for a filter with no games took 20 ms at 58k games; sorting a large platform, 1–3 ms.
  const filters = [
    f.platformId !== undefined && { table: 'game_platforms' as const, column: 'platform_id' as const, id: f.platformId },
    f.genreId !== undefined && { table: 'game_genres' as const, column: 'genre_id' as const, id: f.genreId },
    f.themeId !== undefined && { table: 'game_themes' as const, column: 'theme_id' as const, id: f.themeId },
  ].filter((x) => x !== false);
  const sizes = await Promise.all(
    filters.map(async (x) => {
      const row = await k.selectFrom(x.table).select((eb) => eb.fn.countAll<number>().as('n')).where(x.column, '=', x.id).executeTakeFirstOrThrow();
      return Number(row.n);
    }),
  );
  if (sizes.some((n) => n === 0)) return { ids: [], total: 0 };
  const smallest = sizes.length ? sizes.indexOf(Math.min(...sizes)) : -1;
  const driving = smallest >= 0 && sizes[smallest]! < DRIVE_FROM_FILTER ? filters[smallest] : undefined;

  let base = k.selectFrom('games as g');
  for (const x of filters) {
    const table = sql.table(x.table);
    const column = sql.ref(x.column);
    base = base.where(
      x === driving
        ? sql<boolean>`g.id in (select game_id from ${table} where ${column} = ${x.id})`
        : sql<boolean>`exists (select 1 from ${table} where game_id = g.id and ${column} = ${x.id})`,
    );
  }
  base = base
    .$if(f.yearFrom !== undefined, (q) => q.where('g.release_year', '>=', f.yearFrom!))
    .$if(f.yearTo !== undefined, (q) => q.where('g.release_year', '<=', f.yearTo!));

  let page = base.select('g.id');
  if (f.sort === 'popularity') page = page.orderBy('g.popularity', 'desc');
  else if (f.sort === 'rating') page = page.orderBy(sql`coalesce(g.rating, -1)`, 'desc').orderBy('g.popularity', 'desc');
  else if (f.sort === 'release') page = page.orderBy(sql`coalesce(g.first_release_date, -1)`, 'desc').orderBy('g.release_year', 'desc');
  else page = page.orderBy('g.name', 'asc');
  const [rows, count] = await Promise.all([
    page.orderBy('g.id').limit(f.limit).offset(f.offset).execute(),
    withCount ? base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow() : undefined,
  ]);
  return { ids: rows.map((r) => r.id), total: Number(count?.n ?? -1) };
}

export const findGameBySlug = (k: K, slug: string) => k.selectFrom('games').selectAll().where('slug', '=', slug).executeTakeFirst();

export const findPlatformBySlug = (k: K, slug: string) =>
  k.selectFrom('platforms').selectAll().where('slug', '=', slug).executeTakeFirst();

export const findNamedBySlug = (k: K, table: 'platforms' | 'genres' | 'themes', slug: string) =>
  k.selectFrom(table).select(['id', 'slug', 'name']).where('slug', '=', slug).executeTakeFirst();

/** Everything the game page shows besides the game row itself. */
export async function gameDetails(k: K, gameId: number) {
  const [platforms, genres, themes, companies, altNames] = await Promise.all([
    k
      .selectFrom('game_platforms as gp')
      .innerJoin('platforms as p', 'p.id', 'gp.platform_id')
      .select(['p.slug', 'p.name', 'p.abbreviation'])
      .where('gp.game_id', '=', gameId)
      .orderBy('p.name')
      .execute(),
    k.selectFrom('game_genres as x').innerJoin('genres as t', 't.id', 'x.genre_id').select(['t.slug', 't.name']).where('x.game_id', '=', gameId).orderBy('t.name').execute(),
    k.selectFrom('game_themes as x').innerJoin('themes as t', 't.id', 'x.theme_id').select(['t.slug', 't.name']).where('x.game_id', '=', gameId).orderBy('t.name').execute(),
    k
      .selectFrom('game_companies as x')
      .innerJoin('companies as c', 'c.id', 'x.company_id')
      .select(['c.slug', 'c.name', 'x.role'])
      .where('x.game_id', '=', gameId)
      .orderBy('c.name')
      .execute(),
    k.selectFrom('alternative_names').select('name').where('game_id', '=', gameId).orderBy('id').execute(),
  ]);
  return { platforms, genres, themes, companies, altNames: altNames.map((a) => a.name) };
}

/** Games released after now, soonest first. */
export async function upcomingIds(k: K, limit: number, offset: number, nowSeconds: number) {
  const base = k.selectFrom('games').where('first_release_date', '>', nowSeconds);
  const [rows, count] = await Promise.all([
    base.select('id').orderBy('first_release_date', 'asc').orderBy('id').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((r) => r.id), total: Number(count.n) };
}

export async function listPlatforms(k: K, featuredOnly: boolean) {
  return k
    .selectFrom('platforms')
    .select(['id', 'slug', 'name', 'abbreviation', 'alternative_name', 'feat', 'games_count'])
    .$if(featuredOnly, (q) => q.where('feat', '=', 1))
    .$if(!featuredOnly, (q) => q.where('games_count', '>', 0))
    .orderBy('games_count', 'desc')
    .orderBy('name')
    .execute();
}

export async function listSelections(k: K) {
  return k
    .selectFrom('selections as s')
    .select(['s.id', 's.slug', 's.name', 's.description', 's.image'])
    .select((eb) => eb.selectFrom('selection_games as sg').select((e) => e.fn.countAll<number>().as('n')).whereRef('sg.selection_id', '=', 's.id').as('games_count'))
    .orderBy('s.position')
    .orderBy('s.id')
    .execute();
}

export async function selectionBySlug(k: K, slug: string) {
  const selection = await k.selectFrom('selections').select(['id', 'slug', 'name', 'description', 'image']).where('slug', '=', slug).executeTakeFirst();
  if (!selection) return undefined;
  const games = await k.selectFrom('selection_games').select('game_id').where('selection_id', '=', selection.id).orderBy('position').execute();
  return { selection, gameIds: games.map((g) => g.game_id) };
}

/**
 * What IGDB lists with a game that is not a game of its own (its DLC,
 * expansions, editions, … and the bundles it is part of), editions first,
 * then by release.
 */
export async function relatedItems(k: K, gameIgdbId: number | null) {
  if (gameIgdbId === null) return [];
  const rows = await k
    .selectFrom('game_related_items')
    .select(['igdb_id', 'kind', 'name', 'slug', 'cover_image_id', 'first_release_date'])
    .where((eb) =>
      eb.or([
        eb('parent_igdb_id', '=', gameIgdbId),
        eb('igdb_id', 'in', eb.selectFrom('game_bundles').select('bundle_igdb_id').where('game_igdb_id', '=', gameIgdbId)),
      ]),
    )
    // Undated ones last on both databases (SQLite sorts nulls first, PostgreSQL last).
    .orderBy(sql`first_release_date is null`)
    .orderBy('first_release_date')
    .orderBy('igdb_id')
    .limit(200)
    .execute();
  return rows;
}

import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { preparedFirst } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';
import { canSeeGame, listedGame, type GameViewer } from './catalog.visibility.js';

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
      // The platform of its first release (the original), else its best-known one: what the card shows, and the
      // first platform on the game's page (gameDetails orders them the same way).
      (eb) =>
        eb
          .selectFrom('game_platforms as gp')
          .innerJoin('platforms as p', 'p.id', 'gp.platform_id')
          .select('p.name')
          .whereRef('gp.game_id', '=', 'g.id')
          .orderBy(sql`case when p.id = g.first_platform_id then 0 else 1 end`)
          .orderBy('p.games_count', 'desc')
          .orderBy('p.name')
          .limit(1)
          .as('platform_name'),
    ])
    .where('g.id', 'in', ids)
    // Members' games awaiting a moderator never show in a list, whatever asked for them.
    .where(listedGame('g.id'))
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

export async function browseGameIds(
  k: K,
  dialect: Dialect,
  f: BrowseFilter,
  /** count: whether the total is wanted; total: the filter's total when the caller knows it (it is then not counted). */
  { count: wanted = true, total: knownTotal }: { count?: boolean; total?: number | undefined } = {},
): Promise<{ ids: number[]; total: number }> {
  const withCount = wanted && knownTotal === undefined;
  // SQLite plans without statistics on the catalog and, for a bound LIMIT, would read a whole year range and
  // sort it; "+release_year" keeps it from using the year index, so it walks the sort's index and checks years.
  // PostgreSQL, which has statistics, already walks the sort's index where that is cheaper and sorts where not;
  // the "+" there would hide the column from its estimates (11 ms instead of 3 for 1990–1994 by rating).
  const walkingYears = (column: 'release_year' | 'g.release_year') => (dialect === 'sqlite' ? sql<number>`+${sql.ref(column)}` : sql.ref(column));
  if (f.platformId !== undefined && f.genreId === undefined && f.themeId === undefined && f.sort === 'popularity') {
    // The page walks the (platform, popularity) index and checks years as it goes.
    const page = k
      .selectFrom('game_platforms')
      .select('game_id')
      .where('platform_id', '=', f.platformId)
      .where(listedGame('game_id'))
      .$if(f.yearFrom !== undefined, (q) => q.where(walkingYears('release_year'), '>=', f.yearFrom!))
      .$if(f.yearTo !== undefined, (q) => q.where(walkingYears('release_year'), '<=', f.yearTo!))
      .orderBy('popularity', 'desc')
      .orderBy('game_id')
      .limit(f.limit)
      .offset(f.offset);
    const total = k
      .selectFrom('game_platforms')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('platform_id', '=', f.platformId)
      .where(listedGame('game_id'))
      .$if(f.yearFrom !== undefined, (q) => q.where('release_year', '>=', f.yearFrom!))
      .$if(f.yearTo !== undefined, (q) => q.where('release_year', '<=', f.yearTo!));
    const [rows, count] = await Promise.all([page.execute(), withCount ? total.executeTakeFirstOrThrow() : undefined]);
    return { ids: rows.map((r) => r.game_id), total: knownTotal ?? Number(count?.n ?? -1) };
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

  let base = k.selectFrom('games as g').where(listedGame('g.id'));
  for (const x of filters) {
    const table = sql.table(x.table);
    const column = sql.ref(x.column);
    base = base.where(
      x === driving
        ? sql<boolean>`g.id in (select game_id from ${table} where ${column} = ${x.id})`
        : sql<boolean>`exists (select 1 from ${table} where game_id = g.id and ${column} = ${x.id})`,
    );
  }
  const inYears = <Q extends typeof base>(q: Q, year: ReturnType<typeof walkingYears> | 'g.release_year') =>
    q.$if(f.yearFrom !== undefined, (w) => w.where(year, '>=', f.yearFrom!)).$if(f.yearTo !== undefined, (w) => w.where(year, '<=', f.yearTo!));
  const counted = inYears(base, 'g.release_year');
  const countAll = () => counted.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();

  // On SQLite a year range is read one of two ways as well, chosen from the count of games that match. In the
  // sort's index order, checking each game's year (walkingYears), when that passes fewer games than match: 1990–1994 by
  // rating, page 1, took 8 ms at 52k games sorting the range, 0.2 ms walking. Else from the (release_year, …)
  // index, sorting only the games that match: few of them, a range driven by a small filter, or a page so deep
  // that the walk would pass more games than match. The walk passes about (offset + limit) × catalog ÷ matches
  // games; max(id) stands in for the catalog's size (never less than it). A page past the end reads nothing.
  let wideYears = false;
  let counting = knownTotal !== undefined ? Promise.resolve({ n: knownTotal }) : withCount ? countAll() : undefined;
  const yearsToWalk = dialect === 'sqlite' && (f.yearFrom !== undefined || f.yearTo !== undefined) && driving === undefined;
  if (yearsToWalk || (counting && f.offset > 0)) {
    // A deep page of a large filter would otherwise pass every game in the sort's order to find none.
    const matches = Number((await (counting ??= countAll())).n);
    if (f.offset >= matches) return { ids: [], total: matches };
    if (yearsToWalk && matches >= DRIVE_FROM_FILTER) {
      const { last } = await k.selectFrom('games').select((eb) => eb.fn.max('id').as('last')).executeTakeFirstOrThrow();
      wideYears = ((f.offset + f.limit) * Number(last ?? 0)) / matches <= matches;
    }
  }

  let page = inYears(base, wideYears ? walkingYears('g.release_year') : 'g.release_year').select('g.id');
  if (f.sort === 'popularity') page = page.orderBy('g.popularity', 'desc');
  else if (f.sort === 'rating') page = page.orderBy(sql`coalesce(g.rating, -1)`, 'desc').orderBy('g.popularity', 'desc');
  else if (f.sort === 'release') page = page.orderBy(sql`coalesce(g.first_release_date, -1)`, 'desc').orderBy('g.release_year', 'desc');
  else page = page.orderBy('g.name', 'asc');
  const [rows, count] = await Promise.all([page.orderBy('g.id').limit(f.limit).offset(f.offset).execute(), wanted ? counting : undefined]);
  return { ids: rows.map((r) => r.id), total: Number(count?.n ?? -1) };
}

const gameBySlug = preparedFirst((db, v: { slug: string }) =>
  db
    .selectFrom('games')
    // A member's game awaiting a moderator (or turned down): catalog.visibility.ts.
    .leftJoin('game_submissions as s', (join) =>
      join.onRef('s.game_id', '=', 'games.id').on(sql<boolean>`s.state in ('pending', 'rejected')`),
    )
    .selectAll('games')
    .select(['s.id as unlisted_submission', 's.user_id as submitted_by'])
    .where('games.slug', '=', v.slug),
);

/**
 * A game by slug, as `viewer` may see it: a game members submitted that is
 * not in the catalog yet only for its submitter and moderators (undefined,
 * that is 404, for everyone else, and for every caller that names no viewer).
 */
export async function findGameBySlug(k: K, slug: string, viewer?: GameViewer | null) {
  const row = await gameBySlug(k, { slug });
  return row && canSeeGame(row, viewer) ? row : undefined;
}

export const findPlatformBySlug = (k: K, slug: string) =>
  k.selectFrom('platforms').selectAll().where('slug', '=', slug).executeTakeFirst();

export const findNamedBySlug = (k: K, table: 'platforms' | 'genres' | 'themes', slug: string) =>
  k.selectFrom(table).select(['id', 'slug', 'name']).where('slug', '=', slug).executeTakeFirst();

/**
 * A game's platforms as its page lists them: the one its card shows first (its first release's, else its
 * best-known, as gameCards chooses), then the others by name.
 */
function cardPlatformFirst<P extends { id: number; games_count: number; first_platform_id: number | null }>(platforms: P[]): P[] {
  const lead = platforms.find((p) => p.id === p.first_platform_id) ?? platforms.reduce<P | undefined>((best, p) => (!best || p.games_count > best.games_count ? p : best), undefined);
  return lead ? [lead, ...platforms.filter((p) => p !== lead)] : platforms;
}

/** Everything the game page shows besides the game row itself. */
export async function gameDetails(k: K, gameId: number) {
  const [platforms, genres, themes, companies, altNames] = await Promise.all([
    k
      .selectFrom('game_platforms as gp')
      .innerJoin('platforms as p', 'p.id', 'gp.platform_id')
      .innerJoin('games as g', 'g.id', 'gp.game_id')
      .select(['p.id', 'p.slug', 'p.name', 'p.abbreviation', 'p.games_count', 'g.first_platform_id'])
      .where('gp.game_id', '=', gameId)
      .orderBy('p.name')
      .execute()
      .then((rows) => cardPlatformFirst(rows).map(({ slug, name, abbreviation }) => ({ slug, name, abbreviation }))),
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
  const base = k.selectFrom('games').where('first_release_date', '>', nowSeconds).where(listedGame('id'));
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

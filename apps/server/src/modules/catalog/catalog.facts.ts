import { CATALOG_SOURCES, catalogCredits, type CatalogAttribution, type CatalogSource } from '@vgl/shared';
import { BROWSE_SORTS, BROWSE_FILTERS, type BrowseFilterName } from '@vgl/shared/schemas';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { BrowseSort } from './catalog.repo.js';

/** What the pages may say about the catalog loaded (GET /api/home's `catalog`). */
export interface CatalogFacts {
  /** The source most games come from. */
  source: CatalogSource;
  /** How many games the catalog holds. */
  games: number;
  /** Every source with games, most games first. */
  sources: { source: CatalogSource; games: number }[];
  /** Whom the footer credits: the sources with an attribution, most games first, each followed by the data joined to its games. */
  attribution: CatalogAttribution[];
  /** The browse orders with something to order by (no "rating" when no game has one). */
  sorts: BrowseSort[];
  /** The browse filters with values that have games (no genre filter when no game has a genre). */
  filters: BrowseFilterName[];
}

/** Whether any row answers: some game has a rating, a release year, a platform, a genre, a theme. */
const anyRow = async (query: { limit(n: number): { executeTakeFirst(): Promise<unknown> } }) => (await query.limit(1).executeTakeFirst()) !== undefined;

export async function catalogFacts(k: Kysely<Database>): Promise<CatalogFacts> {
  const [bySource, rated, dated, platforms, genres, themes] = await Promise.all([
    k.selectFrom('games').select(['source', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('source').execute(),
    anyRow(k.selectFrom('games').select('id').where('rating', 'is not', null)),
    anyRow(k.selectFrom('games').select('id').where('release_year', 'is not', null)),
    anyRow(k.selectFrom('game_platforms').select('game_id')),
    anyRow(k.selectFrom('game_genres').select('game_id')),
    anyRow(k.selectFrom('game_themes').select('game_id')),
  ]);
  // Members' games (source 'member') are no source to credit or claim a size for.
  const isCatalogSource = (source: string): source is CatalogSource => (CATALOG_SOURCES as readonly string[]).includes(source);
  const sources = bySource
    .flatMap((r) => (isCatalogSource(r.source) ? [{ source: r.source, games: Number(r.n) }] : []))
    .filter((s) => s.games > 0)
    .sort((a, b) => b.games - a.games || CATALOG_SOURCES.indexOf(a.source) - CATALOG_SOURCES.indexOf(b.source));
  const has: Record<BrowseSort | BrowseFilterName, boolean> = {
    popularity: true,
    name: true,
    rating: rated,
    release: dated,
    releaseDate: dated,
    platform: platforms,
    genre: genres,
    theme: themes,
  };
  return {
    source: sources[0]?.source ?? 'mame',
    games: sources.reduce((sum, s) => sum + s.games, 0),
    sources,
    attribution: sources.flatMap((s) => catalogCredits(s.source)),
    sorts: BROWSE_SORTS.filter((s) => has[s]),
    filters: BROWSE_FILTERS.filter((f) => has[f]),
  };
}

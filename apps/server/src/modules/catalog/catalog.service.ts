import type { CommunityRating } from '@vgl/shared';
import type { BrowseQuery } from '@vgl/shared/schemas';
import type { Db } from '../../db/database.js';
import { gameExtras } from './catalog.extras.js';
import { wikidataRelatedItems, withWikidataExtras } from '../wikidata/wikidata.extras.js';
import { keptGamePages } from './catalog.game-pages.js';
import { getMeta } from '../../db/meta.js';
import { notFound } from '../../http/errors.js';
import { catalogFacts, type CatalogFacts } from './catalog.facts.js';
import { CATALOG_VERSION_KEY } from './catalog.import.js';
import { presentGame, presentGameCard, presentPlatform, presentRelatedItems } from './catalog.presenter.js';
import {
  browseGameIds,
  findGameBySlug,
  findNamedBySlug,
  findPlatformBySlug,
  gameCards,
  gameDetails,
  listPlatforms,
  listSelections,
  relatedItems,
  selectionBySlug,
  upcomingIds,
} from './catalog.repo.js';
import { CatalogSearch } from './catalog.search.js';
import type { GameViewer } from './catalog.visibility.js';

export interface Page<T> {
  items: T[];
  total: number;
}

/** What the catalog needs from people's libraries: recent activity and community ratings. */
export interface CommunitySignals {
  busiestGames(days: number, limit: number): Promise<number[]>;
  communityRating(gameId: number): Promise<CommunityRating>;
}

/** Trending looks at adds and ratings of this many days. */
const TRENDING_DAYS = 7;
/**
 * The week's busiest games are counted again at most this often once there are as many as asked for.
 * Counting groups every entry changed in the week (4–5 ms at 20k entries, on SQLite on the serving
 * thread), and the home feed asks again after every turn with a write: under load that was 5 % of the
 * server's time for a list one write moves by one count out of thousands. While fewer games than
 * asked for were busy (a young or quiet instance, where counting is cheap and one add shows), every
 * ask counts again. Browsers may keep the answer five minutes anyway.
 */
export const TRENDING_RECOUNT_MS = 10_000;
/** Browse filters whose totals are kept (least recently counted go first). */
const FILTER_TOTALS_KEPT = 1_000;

export function createCatalogService(db: Db, community?: CommunitySignals, now: () => number = Date.now) {
  const k = db.kysely;
  const search = new CatalogSearch(db);
  const cards = async (ids: number[]) => (await gameCards(k, ids)).map(presentGameCard);

  // The last count per limit (the schema bounds the limit, so this stays small).
  const busiestCounted = new Map<number, { ids: number[]; at: number }>();
  async function busiestGames(signals: CommunitySignals, limit: number): Promise<number[]> {
    const kept = busiestCounted.get(limit);
    if (kept && kept.ids.length >= limit && now() - kept.at < TRENDING_RECOUNT_MS) return kept.ids;
    const ids = await signals.busiestGames(TRENDING_DAYS, limit);
    busiestCounted.set(limit, { ids, at: now() });
    return ids;
  }

  /** A game page's catalog part, everything but its members' ratings. */
  async function pageOf(row: NonNullable<Awaited<ReturnType<typeof findGameBySlug>>>) {
    const [details, related, wikidataRelated, extras] = await Promise.all([
      gameDetails(k, row.id),
      relatedItems(k, row.igdb_id),
      wikidataRelatedItems(k, row.id),
      gameExtras(k, row.igdb_id).then((fromIgdb) => withWikidataExtras(k, row.id, fromIgdb)),
    ]);
    return { id: row.id, page: { ...presentGame(row, details), related: presentRelatedItems(related, wikidataRelated), ...extras } };
  }
  /** The pages of catalog games, kept (catalog.game-pages.ts); an unlisted game is none of them (404). */
  const gamePages = keptGamePages(async (slug) => {
    const row = await findGameBySlug(k, slug);
    if (!row) throw notFound(`There is no game "${slug}".`);
    return pageOf(row);
  });

  // Filter slugs → ids, remembered for a while: every browse request needs them and they almost never change.
  const filterIds = new Map<string, { id: number; at: number }>();
  const filterTotals = new Map<string, { total: number; version: string }>();
  // What the catalog holds by source and kind, and how many games each genre and theme has: counted once per catalog version.
  let facts: { value: CatalogFacts; version: string | undefined } | undefined;
  const termCounts = new Map<'genres' | 'themes', { counts: Map<number, number>; version: string | undefined }>();
  async function countsOf(table: 'genres' | 'themes'): Promise<Map<number, number>> {
    const version = await getMeta(k, CATALOG_VERSION_KEY);
    const cached = termCounts.get(table);
    if (cached && cached.version === version) return cached.counts;
    const links = table === 'genres' ? 'game_genres' : 'game_themes';
    const column = table === 'genres' ? 'genre_id' : 'theme_id';
    const rows = await k
      .selectFrom(links)
      .select([`${column} as id`, (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(column)
      .execute();
    const counts = new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
    termCounts.set(table, { counts, version });
    return counts;
  }
  async function idOf(table: 'platforms' | 'genres' | 'themes', slug: string): Promise<number> {
    const key = `${table}:${slug}`;
    const cached = filterIds.get(key);
    if (cached && now() - cached.at < 10 * 60_000) return cached.id;
    const row = await findNamedBySlug(k, table, slug);
    if (!row) throw notFound(`There is no ${table.slice(0, -1)} "${slug}".`);
    filterIds.set(key, { id: row.id, at: now() });
    return row.id;
  }

  return {
    /** After an import or sync: forget cached words. */
    catalogChanged: () => {
      gamePages.clear();
      search.invalidate();
      filterIds.clear();
      filterTotals.clear();
      facts = undefined;
      termCounts.clear();
    },

    async browse(query: BrowseQuery) {
      const [platformId, genreId, themeId] = await Promise.all([
        query.platform === 'any' ? undefined : idOf('platforms', query.platform),
        query.genre === 'any' ? undefined : idOf('genres', query.genre),
        query.theme === 'any' ? undefined : idOf('themes', query.theme),
      ]);
      const filter = {
        platformId,
        genreId,
        themeId,
        yearFrom: query.releaseDate?.from,
        yearTo: query.releaseDate?.to,
        sort: query.sort,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      };
      // A filter's total is counted once per catalog version (an import or sync, in any process, bumps it):
      // counting all games took ~50 ms at a million rows on PostgreSQL, a decade's 60k games 2.5 ms on SQLite,
      // and every page of the filter needs it. Kept under the version read before counting, so a count that
      // overlapped a catalog change is not reused.
      const version = (await getMeta(k, CATALOG_VERSION_KEY)) ?? '';
      const key = [platformId, genreId, themeId, filter.yearFrom, filter.yearTo].join('|');
      const kept = filterTotals.get(key);
      const known = kept?.version === version ? kept.total : undefined;
      if (known !== undefined && filter.offset >= known) return { items: [], total: known };
      const { ids, total } = await browseGameIds(k, db.dialect, filter, { total: known });
      if (known === undefined) {
        filterTotals.delete(key);
        filterTotals.set(key, { total, version });
        if (filterTotals.size > FILTER_TOTALS_KEPT) filterTotals.delete(filterTotals.keys().next().value!);
      }
      return { items: await cards(ids), total };
    },

    /** Builds the typo corrector's word list in the background (at start), so early searches need not wait. */
    warmSearch: () => search.warm(),

    /**
     * The page of a game members submitted that is not in the catalog (yet), for its submitter
     * and moderators: made afresh each time, never kept with the catalog's pages. Undefined for
     * anyone else, and for a game that is listed (its page is GET /api/igdb/games/{slug}).
     */
    async unlistedGame(slug: string, viewer: GameViewer) {
      const row = await findGameBySlug(k, slug, viewer);
      if (!row || row.unlisted_submission === null) return undefined;
      const { id, page } = await pageOf(row);
      return { submissionId: row.unlisted_submission, page: { ...page, community: (await community?.communityRating(id)) ?? null } };
    },

    async search(q: string, page: number, limit: number) {
      const result = await search.search(q, limit, (page - 1) * limit);
      const { correctedTo, correctionPending, unsure } = result;
      return { items: await cards(result.ids), total: result.total, correctedTo, correctionPending, unsure: unsure === true };
    },

    /**
     * Games people added or rated most in the last week come first; the most
     * popular (IGDB popularity when synced, the seed's otherwise) fill the rest,
     * so a fresh instance still shows a full row.
     */
    async trending(limit: number) {
      const busiest = community ? await busiestGames(community, limit) : [];
      // Cards leave out members' games awaiting a moderator, busy as their submitters keep them.
      const shown = await cards(busiest);
      if (shown.length >= limit) return shown;
      const { ids: popular } = await browseGameIds(k, db.dialect, { sort: 'popularity', limit: limit * 2, offset: 0 }, { count: false });
      const seen = new Set(shown.map((g) => g.id));
      return [...shown, ...(await cards(popular.filter((id) => !seen.has(id)).slice(0, limit - shown.length)))];
    },

    async upcoming(limit: number, page: number) {
      const { ids, total } = await upcomingIds(k, limit, (page - 1) * limit, Math.floor(now() / 1000));
      return { items: await cards(ids), total };
    },

    async game(slug: string) {
      const { id, page } = await gamePages.get(slug);
      return { ...page, community: (await community?.communityRating(id)) ?? null };
    },

    async platform(slug: string) {
      const row = await findPlatformBySlug(k, slug);
      if (!row) throw notFound(`There is no platform "${slug}".`);
      return presentPlatform(row);
    },

    async platforms(featuredOnly: boolean) {
      return (await listPlatforms(k, featuredOnly)).map(presentPlatform);
    },

    async named(table: 'genres' | 'themes', slug: string) {
      const row = await findNamedBySlug(k, table, slug);
      if (!row) throw notFound(`There is no ${table.slice(0, -1)} "${slug}".`);
      return { ...row, games_count: (await countsOf(table)).get(row.id) ?? 0 };
    },

    /** What the pages may claim about the catalog: size, sources, and the sorts and filters that have something to work with. */
    async facts(): Promise<CatalogFacts> {
      const version = await getMeta(k, CATALOG_VERSION_KEY);
      if (facts && facts.version === version) return facts.value;
      const value = await catalogFacts(k);
      facts = { value, version };
      return value;
    },

    async selections() {
      return (await listSelections(k)).map((s) => ({ ...s, games_count: Number(s.games_count ?? 0) }));
    },

    async selection(slug: string) {
      const found = await selectionBySlug(k, slug);
      if (!found) throw notFound(`There is no selection "${slug}".`);
      return { ...found.selection, games: await cards(found.gameIds) };
    },

    /** Every genre or theme with how many games have it (the filters offer only those with games). */
    async list(table: 'genres' | 'themes') {
      const [rows, counts] = await Promise.all([k.selectFrom(table).select(['id', 'slug', 'name']).orderBy('name').execute(), countsOf(table)]);
      return rows.map((r) => ({ ...r, games_count: counts.get(r.id) ?? 0 }));
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;

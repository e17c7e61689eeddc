import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TOTAL_COUNT_HEADER, type CommunityRating, type GamePageDetails, type GameSubmission } from '@vgl/shared';
import { api, ApiRequestError, hasAuthHeader } from '../../lib/api';

/** A game as lists return it (SPEC §3). */
export interface GameCard {
  id: number;
  name: string;
  slug: string;
  cover: string | null;
  first_release_date: number | null;
  release_year: number | null;
  rating: number | null;
  platform: string | null;
}

interface Named {
  slug: string;
  name: string;
}

/** The game page; IGDB's details (GamePageDetails) are empty for the embedded catalog. */
export interface GameDetails extends Omit<GameCard, 'platform'>, GamePageDetails {
  summary: string | null;
  rating_count: number;
  platforms: (Named & { abbreviation: string | null })[];
  genres: Named[];
  themes: Named[];
  publishers: Named[];
  developers: Named[];
  alternative_names: string[];
  /** VGL members' ratings of the game; null (or absent from older answers) without any. */
  community?: CommunityRating | null;
  /** Its DLC, expansions, editions, bundles, … (IGDB); absent from older answers. */
  related?: RelatedItem[];
  /** A game a member added that is not in the catalog (yet): its submission, for its submitter and moderators. */
  submission?: GameSubmission;
}

/** Something IGDB or Wikidata lists with a game that is not a game of its own. */
export interface RelatedItem {
  kind: 'edition' | 'dlc' | 'expansion' | 'bundle' | 'pack' | 'update' | 'episode' | 'season' | 'mod';
  name: string;
  /** Null for an item from Wikidata. */
  igdb_id: number | null;
  slug: string;
  /** Its IGDB or Wikidata page. */
  url: string;
  cover: string | null;
  first_release_date: number | null;
}

export interface Platform extends Named {
  id: number;
  abbreviation: string | null;
  alternative_name: string | null;
  feat: boolean;
  games_count: number;
  category?: string | null;
  generation?: number | null;
  family?: string | null;
  summary?: string | null;
}

export interface GamesPage {
  items: GameCard[];
  total: number;
  correctedTo?: string;
  /** A search whose first result is probably not the game meant: it may not be in the catalog (X-Search-Unsure). */
  unsure?: boolean;
  /** Nothing matched as typed, and the server's typo corrector was not ready yet (X-Search-Correction-Pending): ask again. */
  correctionPending?: boolean;
}

async function fetchPage(path: string): Promise<GamesPage> {
  const { data, headers } = await api.get<GameCard[]>(path);
  const corrected = headers.get('X-Search-Corrected');
  return {
    items: data,
    total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length),
    ...(corrected ? { correctedTo: decodeURIComponent(corrected) } : {}),
    ...(headers.get('X-Search-Unsure') === '1' ? { unsure: true } : {}),
    ...(headers.get('X-Search-Correction-Pending') === '1' ? { correctionPending: true } : {}),
  };
}

/** The query parameter a 400 refused as a page number ("page must be at most 10000"), if that was the problem. */
function refusedPageParam(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return undefined;
  return ['page', 'p'].find((name) => error.body?.errors?.[name] !== undefined);
}

/**
 * One page of a games list. A page past the API's own limit is not an error
 * for the reader: it is an empty page of a list whose size we then ask for
 * (page 1, one game), so the page can say which page is the last.
 */
async function getPage(path: string): Promise<GamesPage> {
  try {
    return await fetchPage(path);
  } catch (error) {
    const pageParam = refusedPageParam(error);
    if (!pageParam) throw error;
    const [pathname, search = ''] = path.split('?');
    const params = new URLSearchParams(search);
    params.set(pageParam, '1');
    params.set('limit', '1');
    const { total, correctedTo } = await fetchPage(`${pathname}?${params.toString()}`);
    return { items: [], total, ...(correctedTo ? { correctedTo } : {}) };
  }
}

const query = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(params).filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== '').map(([k, v]) => [k, String(v)])).toString();

export interface BrowseParams {
  page: number;
  platform?: string;
  genre?: string;
  theme?: string;
  releaseDate?: string;
  sort?: string;
  limit?: number;
}

/** GET /api/igdb/games; `enabled: false` holds the call (the unfiltered list /games shows only while a filter is refused). */
export const useGames = (params: BrowseParams, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: ['games', params], enabled, queryFn: () => getPage(`/api/igdb/games?${query({ ...params })}`), placeholderData: keepPreviousData });

/** How often, and how many times, a misspelt search asks again while the server's typo corrector is being built. */
export const CORRECTION_RETRY_MS = 1_000;
const CORRECTION_RETRIES = 15;

export const useSearch = (q: string, page: number) =>
  useQuery({
    queryKey: ['search', q, page],
    enabled: q.trim() !== '',
    queryFn: () => getPage(`/api/igdb/search?${query({ q, p: page })}`),
    placeholderData: keepPreviousData,
    // The first misspelt search after a server starts can come before its word list is built (a busy machine).
    refetchInterval: (search) => (search.state.data?.correctionPending && search.state.dataUpdateCount <= CORRECTION_RETRIES ? CORRECTION_RETRY_MS : false),
  });

export const useTrending = (limit: number) =>
  useQuery({ queryKey: ['trending', limit], queryFn: async () => (await api.get<GameCard[]>(`/api/igdb/trending?limit=${limit}`)).data });

export const useUpcoming = (page: number, limit = 24) =>
  useQuery({ queryKey: ['upcoming', page, limit], queryFn: () => getPage(`/api/igdb/upcoming/tsr?${query({ page, limit })}`), placeholderData: keepPreviousData });

/**
 * The game page: a catalog game, or for a signed-in member whose call found none, a game they added that
 * awaits a moderator (GET /api/games/{slug}/submission; 404 for everyone else, so the page stays "not found").
 */
async function getGame(slug: string): Promise<GameDetails> {
  const path = encodeURIComponent(slug);
  try {
    return (await api.get<GameDetails>(`/api/igdb/games/${path}`)).data;
  } catch (error) {
    if (!(error instanceof ApiRequestError && error.status === 404) || !hasAuthHeader()) throw error;
    return (await api.get<GameDetails>(`/api/games/${path}/submission`)).data;
  }
}

export const useGame = (slug: string) => useQuery({ queryKey: ['game', slug], queryFn: () => getGame(slug), retry: false });

export const usePlatform = (slug: string) =>
  useQuery({ queryKey: ['platform', slug], queryFn: async () => (await api.get<Platform>(`/api/igdb/platforms/${encodeURIComponent(slug)}`)).data, retry: false });

export const usePlatforms = () => useQuery({ queryKey: ['platforms'], staleTime: 3_600_000, queryFn: async () => (await api.get<Platform[]>('/api/igdb/platforms')).data });

/** A genre or theme, with how many games have it (absent from older answers). */
export interface Term extends Named {
  id: number;
  games_count?: number;
}

export const useTaxonomy = (kind: 'genres' | 'themes') =>
  useQuery({ queryKey: [kind], staleTime: 3_600_000, queryFn: async () => (await api.get<Term[]>(`/api/igdb/${kind}`)).data });

export const useTaxonomyItem = (kind: 'genres' | 'themes', slug: string) =>
  useQuery({ queryKey: [kind, slug], retry: false, queryFn: async () => (await api.get<Named>(`/api/igdb/${kind}/${encodeURIComponent(slug)}`)).data });

export interface Selection extends Named {
  description: string | null;
  image: string | null;
  games: GameCard[];
}

export const useSelection = (slug: string) =>
  useQuery({ queryKey: ['selection', slug], retry: false, queryFn: async () => (await api.get<Selection>(`/api/igdb/selections/${encodeURIComponent(slug)}`)).data });

import { useQuery } from '@tanstack/react-query';
import type { CatalogAttribution, CatalogSource, ReviewEntry } from '@vgl/shared';
import { api } from '../../lib/api';
import type { GameCard, Platform } from '../catalog/catalogApi';

/** The Featured Selection as the front page shows it: the list's heading, not its games page. */
export interface HomeSelection {
  name: string;
  slug: string;
  description: string | null;
  image: string | null;
}

/** What the site may say about the catalog loaded: its size and sources, and what /games can filter and sort by. */
export interface CatalogFacts {
  source: CatalogSource;
  games: number;
  sources: { source: CatalogSource; games: number }[];
  /** Whom the footer credits, most games first; empty for an imported catalog. */
  attribution: CatalogAttribution[];
  sorts: ('popularity' | 'rating' | 'release' | 'name')[];
  filters: ('platform' | 'genre' | 'theme' | 'releaseDate')[];
}

/**
 * GET /api/home: everything "/" shows, in one answer (cached by the server
 * for a minute). Teaser lists hold 6 games (SPEC §9); reviews are the first
 * 2 featured entries, then trending ones (SPEC §7).
 */
export interface HomeData {
  trending: GameCard[];
  reviews: ReviewEntry[];
  upcoming: GameCard[];
  platformOfTheDay: { platform: Platform; games: GameCard[] } | null;
  selectionOfTheDay: { selection: HomeSelection; games: GameCard[] } | null;
  browse: GameCard[];
  /** Absent from answers of servers older than this page. */
  catalog?: CatalogFacts;
  /** The names of the platforms `reviews` list, by slug; absent from older servers (the cards then look them up). */
  platformNames?: Record<string, string>;
  /** The operator's community link (COMMUNITY_URL) for the footer; null or absent → no link. */
  communityUrl?: string | null;
  /** Whether this server can import a Steam profile (it has a Steam Web API key); absent from older servers. */
  steamImport?: boolean;
  /** Whether this instance federates (FEDERATION=on); absent from older servers, which leaves it unknown. */
  federation?: boolean;
  /** A first start still loading the embedded catalog behind the pages; absent from older servers. */
  catalogLoading?: boolean;
}

export const HOME_QUERY_KEY = ['home'] as const;

/** The page's only call: the server answers from a one-minute cache, so the client keeps it as long. */
export const useHome = () =>
  useQuery({ queryKey: HOME_QUERY_KEY, staleTime: 60_000, queryFn: async () => (await api.get<HomeData>('/api/home')).data });

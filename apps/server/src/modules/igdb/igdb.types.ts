/** The parts of IGDB's answers that VGL reads (CATALOG.md). */
export interface IgdbGame {
  id: number;
  name: string;
  slug: string;
  summary?: string;
  cover?: { image_id?: string };
  first_release_date?: number;
  total_rating?: number;
  total_rating_count?: number;
  rating?: number;
  hypes?: number;
  platforms?: number[];
  genres?: number[];
  themes?: number[];
  alternative_names?: { name?: string }[];
  involved_companies?: { company?: { id: number; name: string; slug: string }; publisher?: boolean; developer?: boolean }[];
  updated_at?: number;
}

export interface IgdbPlatform {
  id: number;
  name: string;
  slug: string;
  abbreviation?: string;
  alternative_name?: string;
  generation?: number;
  summary?: string;
  platform_family?: { name?: string };
}

export interface IgdbNamed {
  id: number;
  name: string;
  slug: string;
}

export interface IgdbPopularity {
  game_id: number;
  value: number;
}

export const GAME_FIELDS = [
  'name', 'slug', 'summary', 'cover.image_id', 'first_release_date', 'total_rating', 'total_rating_count', 'rating', 'hypes',
  'platforms', 'genres', 'themes', 'alternative_names.name', 'involved_companies.company.name', 'involved_companies.company.slug',
  'involved_companies.publisher', 'involved_companies.developer', 'updated_at',
].join(',');

export const PAGE_SIZE = 500;

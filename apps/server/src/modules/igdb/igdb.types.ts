import type { RELATED_ITEM_KINDS } from '@vgl/shared/schemas';

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
  /** IGDB's GameTypeEnum id (GAME_TYPES); absent on a few old records, which are main games. */
  game_type?: number;
  /** The game a DLC, expansion, port, remake, … belongs to (an IGDB id). */
  parent_game?: number;
  /** The original of an edition (a "Deluxe Edition", a "GOTY"). */
  version_parent?: number;
  /** The bundles this game is part of (IGDB ids). */
  bundles?: number[];
  storyline?: string;
  screenshots?: { image_id?: string }[];
  artworks?: { image_id?: string }[];
  game_modes?: { name?: string }[];
  player_perspectives?: { name?: string }[];
  franchises?: { name?: string; slug?: string }[];
  /** Series (IGDB renamed "collection" to "collections"). */
  collections?: { name?: string; slug?: string }[];
  /** One per platform and region; `date` in unix seconds, absent when only "TBD". */
  release_dates?: { date?: number; platform?: number; release_region?: { region?: string } }[];
  /** `type` is a website_types id (1 is the official site); stores are told by their address. */
  websites?: { url?: string; type?: number }[];
  age_ratings?: { organization?: { name?: string }; rating_category?: { rating?: string } }[];
  /** IGDB ids of games IGDB finds similar. */
  similar_games?: number[];
  /** The game's ids elsewhere; external_game_source 1 is Steam. */
  external_games?: { uid?: string; external_game_source?: number }[];
}

/** A game_time_to_beats record: seconds to finish the game in three styles. */
export interface IgdbTimeToBeat {
  id: number;
  game_id?: number;
  hastily?: number;
  normally?: number;
  completely?: number;
  count?: number;
  updated_at?: number;
}

/** IGDB's external_game_sources ids VGL reads (Steam's app ids, for imports). */
export const EXTERNAL_SOURCES: Readonly<Record<number, string>> = { 1: 'steam', 5: 'gog' };

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
  'game_type', 'parent_game', 'version_parent', 'bundles',
  // The game page's details (issue 16); nested records expanded to the fields shown.
  'storyline', 'screenshots.image_id', 'artworks.image_id', 'game_modes.name', 'player_perspectives.name',
  'franchises.name', 'franchises.slug', 'collections.name', 'collections.slug',
  'release_dates.date', 'release_dates.platform', 'release_dates.release_region.region',
  'websites.url', 'websites.type', 'age_ratings.organization.name', 'age_ratings.rating_category.rating',
  'similar_games', 'external_games.uid', 'external_games.external_game_source',
].join(',');

export const TIME_TO_BEAT_FIELDS = 'game_id,hastily,normally,completely,count,updated_at';

/**
 * IGDB's game types (GameTypeEnum; data/catalog/igdb-reference.json lists
 * them). CATALOG_GAME_TYPES are games of their own; the others are kept as
 * related items of their parent game (RELATED_KINDS), never listed as games.
 */
export const GAME_TYPES = {
  main_game: 0,
  dlc_addon: 1,
  expansion: 2,
  bundle: 3,
  standalone_expansion: 4,
  mod: 5,
  episode: 6,
  season: 7,
  remake: 8,
  remaster: 9,
  expanded_game: 10,
  port: 11,
  fork: 12,
  pack: 13,
  update: 14,
} as const;

/** The types that are games of their own: browse, search and trending list them. */
export const CATALOG_GAME_TYPES: ReadonlySet<number> = new Set([
  GAME_TYPES.main_game,
  GAME_TYPES.standalone_expansion,
  GAME_TYPES.remake,
  GAME_TYPES.remaster,
  GAME_TYPES.expanded_game,
  GAME_TYPES.port,
  GAME_TYPES.fork,
]);

/** What a related item is, by game type; "edition" is a main game with a version parent. */
export const RELATED_KINDS: Readonly<Record<number, RelatedKind>> = {
  [GAME_TYPES.dlc_addon]: 'dlc',
  [GAME_TYPES.expansion]: 'expansion',
  [GAME_TYPES.bundle]: 'bundle',
  [GAME_TYPES.mod]: 'mod',
  [GAME_TYPES.episode]: 'episode',
  [GAME_TYPES.season]: 'season',
  [GAME_TYPES.pack]: 'pack',
  [GAME_TYPES.update]: 'update',
};
/** The kinds the API's RelatedItem names (packages/shared). */
export type RelatedKind = (typeof RELATED_ITEM_KINDS)[number];

/**
 * Whether an IGDB record is a catalog game, or else which kind of related
 * item. Unknown future types count as games (better listed than lost);
 * an edition of a game (version_parent) is shown on the original's page.
 */
export function classify(game: Pick<IgdbGame, 'game_type' | 'version_parent'>): { catalog: true } | { catalog: false; kind: RelatedKind } {
  const type = game.game_type ?? GAME_TYPES.main_game;
  const kind = RELATED_KINDS[type];
  if (kind) return { catalog: false, kind };
  if (type === GAME_TYPES.main_game && game.version_parent) return { catalog: false, kind: 'edition' };
  return { catalog: true };
}

/** A cover as the covers endpoint returns it. */
export interface IgdbCover {
  id: number;
  game?: number;
  image_id?: string;
}

export const PAGE_SIZE = 500;

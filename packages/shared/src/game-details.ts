/**
 * What a game page shows beyond the catalog's facts, from IGDB (issue 16).
 * The embedded catalog has none of it: empty lists and nulls, and the page
 * leaves those sections out.
 */
export type WebsiteKind =
  | 'official' | 'steam' | 'gog' | 'epic' | 'itch' | 'playstation' | 'xbox' | 'nintendo' | 'apple' | 'google-play' | 'humble' | 'wikipedia' | 'wiki' | 'other';

export type VersionRelation = 'original' | 'remake' | 'remaster' | 'port' | 'expanded' | 'standalone' | 'fork';

export interface TimeToBeat {
  /** Seconds; null when nobody reported that style. */
  hastily: number | null;
  normally: number | null;
  completely: number | null;
  count: number;
}

export interface GameRelease {
  platform: string;
  platform_slug: string | null;
  /** Unix seconds; null when IGDB has no date yet. */
  date: number | null;
  region: string | null;
}

export interface GameWebsite {
  kind: WebsiteKind;
  url: string;
  store: boolean;
  /** The link's name when its kind says too little ("MobyGames", "Wikidata"). */
  label?: string;
}

/** A catalog game as lists show it, and how it relates to the game shown. */
export interface GameVersionCard {
  /** The game id as a string (SPEC §3). */
  _id: string;
  id: number;
  name: string;
  slug: string;
  cover: string | null;
  first_release_date: number | null;
  release_year: number | null;
  rating: number | null;
  platform: string | null;
  relation: VersionRelation;
}

export interface GamePageDetails {
  storyline: string | null;
  /** IGDB image ids. */
  screenshots: string[];
  artworks: string[];
  modes: string[];
  perspectives: string[];
  franchises: { slug: string; name: string }[];
  series: { slug: string; name: string }[];
  releases: GameRelease[];
  websites: GameWebsite[];
  age_ratings: { organization: string; rating: string }[];
  time_to_beat: TimeToBeat | null;
  similar: Omit<GameVersionCard, 'relation'>[];
  versions: GameVersionCard[];
}

/** A game IGDB says nothing more about (every game of the embedded catalog). */
export const NO_GAME_DETAILS: GamePageDetails = {
  storyline: null,
  screenshots: [],
  artworks: [],
  modes: [],
  perspectives: [],
  franchises: [],
  series: [],
  releases: [],
  websites: [],
  age_ratings: [],
  time_to_beat: null,
  similar: [],
  versions: [],
};

const STORE_HOSTS: [RegExp, WebsiteKind][] = [
  [/(^|\.)steampowered\.com$|(^|\.)steamcommunity\.com$/, 'steam'],
  [/(^|\.)gog\.com$/, 'gog'],
  [/(^|\.)epicgames\.com$/, 'epic'],
  [/(^|\.)itch\.io$/, 'itch'],
  [/(^|\.)playstation\.com$/, 'playstation'],
  [/(^|\.)xbox\.com$|(^|\.)microsoft\.com$/, 'xbox'],
  [/(^|\.)nintendo\.(com|co\.jp|co\.uk|de|fr)$/, 'nintendo'],
  [/^apps\.apple\.com$|^itunes\.apple\.com$/, 'apple'],
  [/^play\.google\.com$/, 'google-play'],
  [/(^|\.)humblebundle\.com$/, 'humble'],
  [/(^|\.)wikipedia\.org$/, 'wikipedia'],
  [/(^|\.)fandom\.com$|(^|\.)wikia\.com$/, 'wiki'],
];
export const STORE_WEBSITE_KINDS: ReadonlySet<WebsiteKind> = new Set(['steam', 'gog', 'epic', 'itch', 'playstation', 'xbox', 'nintendo', 'apple', 'google-play', 'humble']);

/**
 * What a link is, by its address (stores are recognised whatever IGDB's
 * website type says); IGDB's type 1 marks the official site. Null for what
 * is not an http(s) address.
 */
export function websiteKindOf(url: string, igdbType?: number): WebsiteKind | null {
  let host: string;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
    host = parsed.hostname.toLowerCase();
  } catch {
    return null;
  }
  for (const [re, kind] of STORE_HOSTS) if (re.test(host)) return kind;
  return igdbType === 1 ? 'official' : 'other';
}

/** The names the page gives each kind of link. */
export const WEBSITE_LABELS: Readonly<Record<WebsiteKind, string>> = {
  official: 'Official site',
  steam: 'Steam',
  gog: 'GOG',
  epic: 'Epic Games Store',
  itch: 'itch.io',
  playstation: 'PlayStation Store',
  xbox: 'Microsoft Store',
  nintendo: 'Nintendo eShop',
  apple: 'App Store',
  'google-play': 'Google Play',
  humble: 'Humble Store',
  wikipedia: 'Wikipedia',
  wiki: 'Wiki',
  other: 'Website',
};

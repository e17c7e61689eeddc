import { z } from 'zod';
import type { GameVersionCard, TimeToBeat, VersionRelation, WebsiteKind } from '../game-details.js';
import type { CommunityRating } from '../library.js';
import { PAGING } from '../limits.js';
import { named } from './common.js';

/*
 * Query strings of the catalog calls (SPEC §7). Every value arrives as text:
 * numbers are coerced, and each message names the parameter it is about.
 */

const slugOrAny = (what: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(any|[a-z0-9-]{1,120})$/, 'must be a slug such as "snes", or "any"')
    .default('any')
    .describe(`A ${what} slug (as GET /api/igdb/${what === 'platform' ? 'platforms' : `${what}s`} lists them), or "any" for no filter`);

/** "any", a year ("1991") or a range of years ("1990-1995"). */
const RELEASE_DATE_MESSAGE = 'releaseDate must be "any", a year like 1991 or a range like 1990-1995';
const releaseDate = z
  .string()
  .trim()
  .regex(/^(any|\d{4}(-\d{4})?)?$/, RELEASE_DATE_MESSAGE)
  .default('any')
  .describe('"any", a year from 1950 to 2100 ("1991") or a range of years ("1990-1995")')
  .transform((value, ctx) => {
    if (value === 'any' || value === '') return undefined;
    const m = value.match(/^(\d{4})(?:-(\d{4}))?$/);
    const from = m ? Number(m[1]) : NaN;
    const to = m?.[2] ? Number(m[2]) : from;
    if (!m || from < 1950 || to > 2100 || from > to) {
      ctx.addIssue({ code: 'custom', message: RELEASE_DATE_MESSAGE });
      return z.NEVER;
    }
    return { from, to };
  });

const PAGE_MESSAGE = 'page must be a whole number of 1 or more';
const page = z.coerce
  .number({ error: PAGE_MESSAGE })
  .int(PAGE_MESSAGE)
  .min(1, PAGE_MESSAGE)
  .max(10_000, 'page must be at most 10000')
  .default(1)
  .describe('Page number, from 1');
const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 60';
const limit = z.coerce
  .number({ error: LIMIT_MESSAGE })
  .int(LIMIT_MESSAGE)
  .min(1, LIMIT_MESSAGE)
  .max(60, LIMIT_MESSAGE)
  .default(PAGING.gamesPerPage)
  .describe('Games per page, 1 to 60');

export const BROWSE_SORTS = ['popularity', 'rating', 'release', 'name'] as const;
/** The filters of GET /api/igdb/games. */
export const BROWSE_FILTERS = ['platform', 'genre', 'theme', 'releaseDate'] as const;
export type BrowseFilterName = (typeof BROWSE_FILTERS)[number];
/** What `sort` takes: the four orders, "any" (= popularity) and "releaseDate" (= release). */
const SORT_VALUES = [...BROWSE_SORTS, 'any', 'releaseDate'] as const;
const sort = z
  // A padded value reads as written without the spaces; an empty one as the default.
  .preprocess(
    (value) => (typeof value === 'string' ? value.trim() || undefined : value),
    // The default is also given here, inside the transform, so that the JSON Schema shows it.
    z.enum(SORT_VALUES, { error: 'sort must be one of popularity, rating, release, name' }).default('popularity'),
  )
  .transform((value) => (value === 'any' ? 'popularity' : value === 'releaseDate' ? 'release' : value))
  .default('popularity')
  .describe(
    'popularity (most popular first), rating (highest IGDB rating first), release (newest release first) or name (A–Z); "any" means popularity and "releaseDate" means release',
  );

/** GET /api/igdb/games (SPEC §7): every filter "any" by default. */
export const browseQuerySchema = z.object({
  limit,
  page,
  platform: slugOrAny('platform'),
  genre: slugOrAny('genre'),
  theme: slugOrAny('theme'),
  releaseDate,
  sort,
});
export type BrowseQuery = z.infer<typeof browseQuerySchema>;

/** GET /api/igdb/search (SPEC §7: query q, page p). */
export const searchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(200, 'the search is too long (200 characters at most)')
    .default('')
    .describe('What to look for in game names and alternative names; case, accents, punctuation and a typo are forgiven')
    .meta({ examples: ['zelda'] }),
  p: page,
  limit,
});

export const listQuerySchema = z.object({ limit: limit.default(PAGING.teaserSize), page });

/** GET /api/igdb/trending: one row, no pages. */
export const trendingQuerySchema = listQuerySchema.pick({ limit: true });

/** GET /api/igdb/platforms. */
export const platformsQuerySchema = z.object({
  feat: z
    .enum(['1', 'true', '0', 'false'], { error: 'feat must be 1, true, 0 or false' })
    .optional()
    .transform((value) => value === '1' || value === 'true')
    .describe('1 or true: only the featured platforms (with or without games); otherwise every platform that has games'),
});

/*
 * Response schemas. Their names are the OpenAPI components; the handlers'
 * return types are checked against them, and only the fields listed here
 * are written.
 */

const igdbCover = z
  .string()
  .nullable()
  .describe('IGDB image id of the cover (https://images.igdb.com/igdb/image/upload/t_cover_big/{cover}.jpg), or null without one');
const releaseDateSeconds = z.number().int().nullable().describe('Unix seconds (UTC); null when only the year, or nothing, is known');
const releaseYear = z.number().int().nullable().describe('Year of first release, or null when unknown');
const igdbRating = z.number().nullable().describe('IGDB rating, 0–100; null without one');

/** A game as lists return it (SPEC §3 "Game"). */
export const gameCardSchema = named(
  'GameCard',
  z.object({
    _id: z.string().describe('The game id as a string (SPEC §3)'),
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    cover: igdbCover,
    first_release_date: releaseDateSeconds,
    release_year: releaseYear,
    rating: igdbRating,
    platform: z.string().nullable().describe('Name of its best-known platform (the placeholder cover shows it), or null'),
  }),
  'A game as lists show it',
);

/** A genre, theme or company as a game lists it. */
const namedRef = z.object({ slug: z.string(), name: z.string() });

/** VGL members' ratings of one game (1–10 = half stars). */
export const communityRatingSchema = named(
  'CommunityRating',
  z.object({
    count: z.number().int().describe('How many members rated it'),
    average: z.number().nullable().describe('Average on the 1–10 scale (2 = one star), one decimal; null without ratings'),
    distribution: z.array(z.number().int()).describe('Ten counts: how many rated it 1, 2, … 10'),
  }),
) satisfies z.ZodType<CommunityRating>;

/** What a related item is (IGDB's game type, or an edition of the game). */
export const RELATED_ITEM_KINDS = ['edition', 'dlc', 'expansion', 'bundle', 'pack', 'update', 'episode', 'season', 'mod'] as const;

/** A DLC, expansion, edition, bundle, … of a game: listed on its page, never a game of its own. */
export const relatedItemSchema = named(
  'RelatedItem',
  z.object({
    kind: z.enum(RELATED_ITEM_KINDS).describe('edition (a version of the game), dlc, expansion, bundle, pack, update, episode, season or mod'),
    name: z.string(),
    igdb_id: z.number().int().nullable().describe('Null for an item from Wikidata'),
    slug: z.string().describe('IGDB’s slug (https://www.igdb.com/games/{slug}), or the Wikidata item id'),
    url: z.string().describe('Where the item is described: its IGDB or Wikidata page'),
    cover: igdbCover,
    first_release_date: releaseDateSeconds,
  }),
  'Something IGDB or Wikidata lists with a game that is not a game of its own',
);

/** Where a game can be bought or played, or read about: a link from IGDB. */
export const WEBSITE_KINDS = [
  'official', 'steam', 'gog', 'epic', 'itch', 'playstation', 'xbox', 'nintendo', 'apple', 'google-play', 'humble', 'wikipedia', 'wiki', 'other',
] as const satisfies readonly WebsiteKind[];

/** How a game relates to another version of it (IGDB's game types). */
export const VERSION_RELATIONS = ['original', 'remake', 'remaster', 'port', 'expanded', 'standalone', 'fork'] as const satisfies readonly VersionRelation[];

export const timeToBeatSchema = named(
  'TimeToBeat',
  z.object({
    hastily: z.number().int().nullable().describe('Seconds to finish the main story, rushing'),
    normally: z.number().int().nullable().describe('Seconds to finish it at an ordinary pace'),
    completely: z.number().int().nullable().describe('Seconds to finish everything (100%)'),
    count: z.number().int().describe('How many players’ times these come from'),
  }),
  'How long the game takes to beat, from IGDB players’ reports',
) satisfies z.ZodType<TimeToBeat>;

const gameReleaseSchema = z.object({
  platform: z.string().describe('Platform name'),
  platform_slug: z.string().nullable(),
  date: releaseDateSeconds,
  region: z.string().nullable().describe('IGDB’s release region (europe, north_america, japan, worldwide, …), null when not given'),
});

const gameWebsiteSchema = z.object({
  kind: z.enum(WEBSITE_KINDS),
  url: z.string(),
  store: z.boolean().describe('A shop or store where the game can be had (the page’s "where to play")'),
  label: z.string().optional().describe('The link’s name when its kind says too little ("MobyGames", "Wikidata")'),
});

export const gameVersionSchema = named(
  'GameVersion',
  gameCardSchema.extend({
    relation: z.enum(VERSION_RELATIONS).describe('original: the game this one is a version of; otherwise what this version is of the game shown'),
  }),
  'Another version of a game: its original, or its remakes, remasters and ports',
) satisfies z.ZodType<GameVersionCard>;

/** The game page: the card's facts plus everything about it. */
export const gameSchema = named(
  'Game',
  z.object({
    _id: z.string().describe('The game id as a string (SPEC §3)'),
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    summary: z.string().nullable(),
    cover: igdbCover,
    first_release_date: releaseDateSeconds,
    release_year: releaseYear,
    rating: igdbRating,
    rating_count: z.number().int().describe('How many IGDB ratings the rating is from'),
    source: z.enum(['mame', 'igdb', 'wikidata', 'import', 'member']).describe('Where the catalog got it: the open seed catalog, IGDB, Wikidata, an import, or a member (GET /api/games/submissions)'),
    platforms: z.array(namedRef.extend({ abbreviation: z.string().nullable() })),
    genres: z.array(namedRef),
    themes: z.array(namedRef),
    publishers: z.array(namedRef),
    developers: z.array(namedRef),
    alternative_names: z.array(z.string()).describe('Other names it is known by (other languages, abbreviations); search finds these too'),
    community: communityRatingSchema.nullable().describe('VGL members’ ratings of it'),
    related: z.array(relatedItemSchema).describe('Its DLC, expansions, editions, bundles, … (from IGDB; not games of their own)'),
    storyline: z.string().nullable(),
    screenshots: z.array(z.string()).describe('IGDB image ids (https://images.igdb.com/igdb/image/upload/t_screenshot_big/{id}.jpg)'),
    artworks: z.array(z.string()).describe('IGDB image ids of artworks'),
    modes: z.array(z.string()).describe('Game modes: Single player, Multiplayer, Co-operative, …'),
    perspectives: z.array(z.string()).describe('Player perspectives: First person, Side view, …'),
    franchises: z.array(namedRef),
    series: z.array(namedRef).describe('IGDB collections the game belongs to'),
    releases: z.array(gameReleaseSchema).describe('Release dates per platform and region, earliest first'),
    websites: z.array(gameWebsiteSchema),
    age_ratings: z.array(z.object({ organization: z.string(), rating: z.string() })),
    time_to_beat: timeToBeatSchema.nullable(),
    similar: z.array(gameCardSchema).describe('Catalog games IGDB finds similar'),
    versions: z.array(gameVersionSchema).describe('Its original and its remakes, remasters and ports'),
  }),
  'A game with its platforms, genres, themes, companies and community rating',
);

export const platformSchema = named(
  'Platform',
  z.object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    abbreviation: z.string().nullable(),
    alternative_name: z.string().nullable(),
    feat: z.boolean().describe('One of the featured platforms (the filters list them first; the landing page picks one a day)'),
    games_count: z.number().int().describe('How many games of the catalog are on it'),
    category: z.string().nullable().optional().describe('IGDB’s kind of platform (console, portable_console, pc, …); only on a single platform'),
    generation: z.number().int().nullable().optional().describe('Console generation; only on a single platform'),
    family: z.string().nullable().optional().describe('Platform family (e.g. "Nintendo"); only on a single platform'),
    summary: z.string().nullable().optional().describe('Only on a single platform'),
  }),
);

/** Genres and themes. */
export const termSchema = named(
  'Term',
  z.object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    games_count: z.number().int().describe('How many games of the catalog have it (the filters list only those with games)'),
  }),
  'A genre or a theme',
);

const selectionFields = {
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  image: z.string().nullable().describe('Picture of the list, or null without one'),
};

export const selectionSummarySchema = named(
  'SelectionSummary',
  z.object({ ...selectionFields, games_count: z.number().int() }),
  'A curated list of games, without its games',
);

export const selectionSchema = named(
  'Selection',
  z.object({ ...selectionFields, games: z.array(gameCardSchema).describe('In the list’s order') }),
  'A curated list of games, with its games',
);

/** GET /api/igdb/status: whether the instance is still loading its embedded catalog (a first start serves meanwhile). */
export const catalogStatusSchema = named(
  'CatalogStatus',
  z.object({
    state: z.enum(['loading', 'ready']).describe('"loading" while a first start loads the embedded catalog behind the pages it serves'),
    loaded: z.number().int().nullable().describe('Games loaded so far, while loading (null when ready, or while another instance loads)'),
    total: z.number().int().nullable().describe('Games to load in all, while loading'),
  }),
  'Whether the catalog is complete yet',
);
export type CatalogStatus = z.infer<typeof catalogStatusSchema>;

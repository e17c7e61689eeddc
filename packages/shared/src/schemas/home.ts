import { z } from 'zod';
import { CATALOG_SOURCES } from '../catalog-claims.js';
import { BROWSE_FILTERS, BROWSE_SORTS, gameCardSchema, platformSchema } from './catalog.js';
import { reviewEntrySchema } from './library-responses.js';
import { named } from './common.js';

const catalogSource = z.enum(CATALOG_SOURCES).describe('mame (the embedded open catalog: MAME’s software lists), igdb, or import (a file an admin imported)');

/** What the pages may claim about the catalog loaded: its size, where it comes from, what it can be browsed by. */
export const catalogFactsSchema = named(
  'CatalogFacts',
  z.object({
    source: catalogSource.describe('The source most games come from'),
    games: z.number().int().describe('How many games the catalog holds (the landing page says it rounded down: "50,000+")'),
    sources: z.array(z.object({ source: catalogSource, games: z.number().int() })).describe('Every source with games, most games first'),
    attribution: z
      .array(
        z.object({
          name: z.string(),
          url: z.string().describe('Where the credited data comes from'),
          license: z.string().nullable().describe('The data’s licence when worth naming (CC0), or null'),
        }),
      )
      .describe('Whom the footer credits for the game data, most games first (IGDB; MAME’s software lists, then GameDataBase for their genres and developers); empty for an imported catalog'),
    sorts: z.array(z.enum(BROWSE_SORTS)).describe('The orders GET /api/igdb/games can usefully take: no rating when no game has one'),
    filters: z.array(z.enum(BROWSE_FILTERS)).describe('The filters with values that have games: no genre or theme when no game has one'),
  }),
  'What is true of the catalog loaded',
);

/** GET /api/home: everything the landing page and Explore show, in one answer. */
export const homeFeedSchema = named(
  'HomeFeed',
  z.object({
    trending: z.array(gameCardSchema).describe('6 games, as GET /api/igdb/trending?limit=6 answers them'),
    reviews: z.array(reviewEntrySchema).describe('Popular reviews: up to 2, the featured ones first, then trending ones (SPEC §7)'),
    upcoming: z.array(gameCardSchema).describe('The first 6 of GET /api/igdb/upcoming/tsr'),
    platformOfTheDay: z
      .object({
        platform: platformSchema,
        games: z.array(gameCardSchema).describe('Its 6 most popular games'),
      })
      .nullable()
      .describe('A featured platform (one with games, when any has some), chosen by day of year (UTC); null without featured platforms'),
    selectionOfTheDay: z
      .object({
        selection: z.object({
          name: z.string(),
          slug: z.string(),
          description: z.string().nullable(),
          image: z.string().nullable().describe('Picture of the list, or null without one'),
        }),
        games: z.array(gameCardSchema).describe('Its first 6 games'),
      })
      .nullable()
      .describe('A curated selection, chosen by day of year (UTC); null without selections'),
    browse: z.array(gameCardSchema).describe('The 6 most popular games (Explore’s Browse All Games)'),
    catalog: catalogFactsSchema.describe('What the landing page and the footer say about the catalog: its size and source'),
    platformNames: z
      .record(z.string(), z.string())
      .describe('The names of the platforms `reviews` list, by slug (`platform` holds slugs, SPEC §3), so the cards name them without another call'),
    communityUrl: z.string().nullable().describe('The operator’s community chat or forum (COMMUNITY_URL), which the footer links; null when the server has none'),
    steamImport: z.boolean().describe('Whether members can import their Steam library on this server (STEAM_API_KEY is set); the import page hides or explains it otherwise'),
    federation: z.boolean().describe('Whether this instance federates (FEDERATION=on): members’ public reviews reach their followers on other servers; the page /about/federation says what leaves the instance'),
    catalogLoading: z
      .boolean()
      .describe('Whether a first start is still loading the embedded catalog behind the pages (GET /api/igdb/status says how far it has got); lists and search are partial until it is done'),
  }),
  'The landing page and Explore in one call',
);

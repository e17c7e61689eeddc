import { z } from 'zod';
import { gameCardSchema, platformSchema } from './catalog.js';
import { reviewEntrySchema } from './library-responses.js';
import { named } from './common.js';

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
  }),
  'The landing page and Explore in one call',
);

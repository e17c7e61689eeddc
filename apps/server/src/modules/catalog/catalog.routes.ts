import {
  browseQuerySchema,
  catalogStatusSchema,
  gameCardSchema,
  gameSchema,
  listQuerySchema,
  platformSchema,
  platformsQuerySchema,
  searchQuerySchema,
  selectionSchema,
  selectionSummarySchema,
  slugParamSchema,
  termSchema,
  trendingQuerySchema,
} from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pagedList, withHeaders } from '../../http/openapi.js';
import { sendPage } from '../../http/paging.js';
import { errorResponse } from '../../http/route-conventions.js';
import { catalogLoad } from './catalog.loading.js';
import type { CatalogService } from './catalog.service.js';

const maxAge = (seconds: number) => `public, max-age=${seconds}`;
// While a first start loads the catalog, an answer is a partial one: no browser may keep it past the load.
const cache = (seconds: number) => (catalogLoad.loading ? 'no-store' : maxAge(seconds));
const cached = (seconds: number) => ({
  'Cache-Control': { type: 'string' as const, description: `${maxAge(seconds)}: the answer may be kept ${seconds} seconds (no-store while the catalog is loading)` },
});

/** The catalog (SPEC §7): public, the same for everyone, so most answers may be cached. */
export const catalogRoutes =
  (catalog: CatalogService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['catalog'];

    app.get(
      '/api/igdb/status',
      {
        schema: {
          operationId: 'getCatalogStatus',
          summary: 'Whether the catalog is complete',
          description:
            'A first start on an empty database serves pages while it loads the embedded catalog (a few seconds; longer on a busy machine): "loading" until then, with how far it has got. Search finds games once the load is done.',
          tags,
          response: { 200: withHeaders(catalogStatusSchema, { 'Cache-Control': { type: 'string' as const, description: 'no-store' } }) },
        },
      },
      async (_req, reply) => {
        reply.header('Cache-Control', 'no-store');
        return catalogLoad.status();
      },
    );

    app.get(
      '/api/igdb/trending',
      {
        config: { cache: { depends: ['catalog', 'social'] } },
        schema: {
          operationId: 'listTrendingGames',
          summary: 'Trending games',
          description: 'The games members added or rated most in the last 7 days, then the most popular ones to fill the row.',
          tags,
          querystring: trendingQuerySchema,
          response: { 200: withHeaders(z.array(gameCardSchema).describe('The trending games, most active first'), cached(300)) },
        },
      },
      async (req, reply) => {
        const games = await catalog.trending(req.query.limit);
        reply.header('Cache-Control', cache(300));
        return games;
      },
    );

    app.get(
      '/api/igdb/upcoming/tsr',
      {
        config: { cache: { depends: ['catalog'] } },
        schema: {
          operationId: 'listUpcomingGames',
          summary: 'Upcoming games, soonest first',
          description: 'Games whose first release date is still ahead.',
          tags,
          querystring: listQuerySchema,
          response: { 200: withHeaders(pagedList(gameCardSchema), cached(300)) },
        },
      },
      async (req, reply) => {
        const page = await catalog.upcoming(req.query.limit, req.query.page);
        reply.header('Cache-Control', cache(300));
        return sendPage(reply, page);
      },
    );

    app.get(
      '/api/igdb/games',
      {
        config: { cache: { depends: ['catalog'] } },
        schema: {
          operationId: 'listGames',
          summary: 'Browse games',
          description:
            'Every game of the catalog, filtered by platform, genre, theme and release year, in the order asked. A platform, genre or theme slug that does not exist answers 404.',
          tags,
          querystring: browseQuerySchema,
          response: { 200: withHeaders(pagedList(gameCardSchema), cached(60)), 404: errorResponse(404, 'No platform, genre or theme by that slug') },
        },
      },
      async (req, reply) => {
        // After the answer is known: a 404 for an unknown filter is not to be cached.
        const page = await catalog.browse(req.query);
        reply.header('Cache-Control', cache(60));
        return sendPage(reply, page);
      },
    );

    app.get(
      '/api/igdb/search',
      {
        config: { cache: { depends: ['catalog'] } },
        schema: {
          operationId: 'searchGames',
          summary: 'Search games by name',
          description:
            'Matches every word of `q` against names and alternative names, forgiving case, accents, punctuation and a typo, with numerals either way ("7" = "VII"), "&" = "and" and initialisms ("ff7", "alttp"); the game people most likely mean comes first. The total is counted up to 1,000. When nothing matched as typed and a close spelling found a game people may mean, the answer is for that spelling and says so in X-Search-Corrected. X-Search-Unsure: 1 says the first result is probably not the game meant (the words are only part of little-known titles).',
          tags,
          querystring: searchQuerySchema,
          response: {
            200: withHeaders(pagedList(gameCardSchema, 'One page of the matches, best first'), {
              'X-Search-Corrected': { type: 'string', description: 'URI-encoded: the spelling the answer is for, when the search was corrected' },
              'X-Search-Unsure': { type: 'string', description: '"1" when the first result is probably not the game meant: the game may not be in the catalog' },
              'X-Search-Correction-Pending': {
                type: 'string',
                description: '"1" when nothing matched as typed and the typo corrector was still being built (the first misspelt search after a start, on a busy machine): ask again in a moment',
              },
            }),
          },
        },
      },
      async (req, reply) => {
        const { q, p, limit } = req.query;
        const { items, total, correctedTo, correctionPending, unsure } = await catalog.search(q, p, limit);
        if (correctedTo) reply.header('X-Search-Corrected', encodeURIComponent(correctedTo));
        if (unsure) reply.header('X-Search-Unsure', '1');
        // Answered before the typo corrector was ready: not an answer to keep.
        if (correctionPending) reply.header('Cache-Control', 'no-store').header('X-Search-Correction-Pending', '1');
        return sendPage(reply, { items, total });
      },
    );

    app.get(
      '/api/igdb/games/:slug',
      {
        config: { cache: { depends: ['catalog', 'social'] } },
        schema: {
          operationId: 'getGame',
          summary: 'A game',
          description: 'The game page: the game with its platforms, genres, themes, companies, other names and VGL members’ ratings.',
          tags,
          params: slugParamSchema,
          response: { 200: gameSchema },
        },
      },
      async (req) => catalog.game(req.params.slug),
    );

    app.get(
      '/api/igdb/platforms',
      {
        config: { cache: { depends: ['catalog'] } },
        schema: {
          operationId: 'listPlatforms',
          summary: 'Platforms',
          description: 'Platforms with games, or only the featured ones (`feat=1`), most games first.',
          tags,
          querystring: platformsQuerySchema,
          response: { 200: withHeaders(z.array(platformSchema), cached(3600)) },
        },
      },
      async (req, reply) => {
        const platforms = await catalog.platforms(req.query.feat);
        reply.header('Cache-Control', cache(3600));
        return platforms;
      },
    );

    app.get(
      '/api/igdb/platforms/:slug',
      {
        config: { cache: { depends: ['catalog'] } },
        schema: { operationId: 'getPlatform', summary: 'A platform', tags, params: slugParamSchema, response: { 200: platformSchema } },
      },
      async (req) => catalog.platform(req.params.slug),
    );

    app.get(
      '/api/igdb/selections',
      {
        config: { cache: { depends: ['catalog'] } },
        schema: {
          operationId: 'listSelections',
          summary: 'Curated selections of games',
          tags,
          response: { 200: withHeaders(z.array(selectionSummarySchema).describe('In the order they are shown'), cached(300)) },
        },
      },
      async (_req, reply) => {
        const selections = await catalog.selections();
        reply.header('Cache-Control', cache(300));
        return selections;
      },
    );

    app.get(
      '/api/igdb/selections/:slug',
      {
        config: { cache: { depends: ['catalog'] } },
        schema: {
          operationId: 'getSelection',
          summary: 'A curated selection, with its games',
          tags,
          params: slugParamSchema,
          response: { 200: selectionSchema },
        },
      },
      async (req) => catalog.selection(req.params.slug),
    );

    for (const table of ['genres', 'themes'] as const) {
      const one = table === 'genres' ? 'Genre' : 'Theme';
      app.get(
        `/api/igdb/${table}`,
        {
          schema: {
            operationId: `list${one}s`,
            summary: `${one}s`,
            tags,
            response: { 200: z.array(termSchema).describe('By name') },
          },
        },
        async () => catalog.list(table),
      );
      app.get(
        `/api/igdb/${table}/:slug`,
        {
          schema: { operationId: `get${one}`, summary: `A ${one.toLowerCase()}`, tags, params: slugParamSchema, response: { 200: termSchema } },
        },
        async (req) => catalog.named(table, req.params.slug),
      );
    }
  };

import { byLinkQuerySchema, gameCardSchema } from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../http/route-conventions.js';
import type { ShareService } from './share.service.js';

/** "Share to VGL" (issue 37): the installed app's share target asks which game a shared link is about. */
export const shareRoutes =
  (share: ShareService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/games/by-link',
      {
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          operationId: 'getGameByLink',
          summary: 'The game a link is about',
          description:
            'Reads a Steam store or community app address (store.steampowered.com/app/{id}, steamcommunity.com/app/{id}), a GOG store page ' +
            '(gog.com/game/{slug}, when the catalog has its GOG id), an IGDB game (igdb.com/games/{slug}), a Wikidata item (wikidata.org/wiki/Q…, ' +
            'm.wikidata.org, /entity/Q…) or a VGL game page (/games/{slug}, former slugs too). 404 when no game of the catalog matches.',
          tags: ['catalog'],
          querystring: byLinkQuerySchema,
          response: { 200: gameCardSchema, 404: errorResponse(404, 'No game of the catalog matches the link') },
        },
      },
      async (req) => share.byLink(req.query.url),
    );
  };

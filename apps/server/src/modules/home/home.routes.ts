import { homeFeedSchema } from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withHeaders } from '../../http/openapi.js';
import { HOME_CACHE_SECONDS, type HomeService } from './home.service.js';

/** GET /api/home: the landing page and Explore in one call (the SPEC §7 calls stay for their own pages). */
export const homeRoutes =
  (home: HomeService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/home',
      {
        config: { cache: { depends: ['catalog', 'social'] } },
        schema: {
          operationId: 'getHome',
          summary: 'The landing page and Explore in one call',
          description: `Trending and upcoming games, popular reviews, the platform and selection of the day and the most popular games. The same for everyone; built again after any change (on any instance), and browsers may keep it ${HOME_CACHE_SECONDS} seconds.`,
          tags: ['home'],
          response: {
            200: withHeaders(homeFeedSchema, {
              'Cache-Control': { type: 'string', description: `public, max-age=${HOME_CACHE_SECONDS}: the answer may be kept ${HOME_CACHE_SECONDS} seconds` },
            }),
          },
        },
      },
      async (_req, reply) => {
        const feed = await home.feed();
        reply.header('Cache-Control', `public, max-age=${HOME_CACHE_SECONDS}`);
        return feed;
      },
    );
  };

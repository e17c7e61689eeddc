import { homeFeedSchema } from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withHeaders } from '../../http/openapi.js';
import { catalogLoad } from '../catalog/catalog.loading.js';
import { HOME_CACHE_SECONDS, type HomeService } from './home.service.js';

/** GET /api/home: the landing page and Explore in one call (the SPEC §7 calls stay for their own pages). */
export const homeRoutes =
  (home: HomeService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/home',
      {
        // Optional: a signed-in reader's popular reviews leave out members blocked either way, so their answer is not shared.
        config: { access: 'optional', cache: { depends: ['catalog', 'social'] } },
        schema: {
          operationId: 'getHome',
          summary: 'The landing page and Explore in one call',
          description: `Trending and upcoming games, popular reviews, the platform and selection of the day and the most popular games. The same for everyone (signed in, popular reviews by members blocked either way are left out); built again after any change (on any instance), and browsers may keep it ${HOME_CACHE_SECONDS} seconds.`,
          tags: ['home'],
          response: {
            200: withHeaders(homeFeedSchema, {
              'Cache-Control': { type: 'string', description: `public, max-age=${HOME_CACHE_SECONDS}: the answer may be kept ${HOME_CACHE_SECONDS} seconds` },
            }),
          },
        },
      },
      async (req, reply) => {
        if (req.actor) return home.feedFor(req.actor); // personal: never kept by others (response-headers apiNoStore)
        // Built from a partial catalog while a first start loads it: not to be kept past the load.
        reply.header('Cache-Control', catalogLoad.loading ? 'no-store' : `public, max-age=${HOME_CACHE_SECONDS}`);
        return home.feed();
      },
    );
  };

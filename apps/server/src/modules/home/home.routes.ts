import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HOME_CACHE_SECONDS, type HomeService } from './home.service.js';

/** GET /api/home: the landing page and Explore in one call (the SPEC §7 calls stay for their own pages). */
export const homeRoutes =
  (home: HomeService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/home', { schema: { tags: ['home'] } }, async (_req, reply) => {
      reply.header('Cache-Control', `public, max-age=${HOME_CACHE_SECONDS}`);
      return home.feed();
    });
  };

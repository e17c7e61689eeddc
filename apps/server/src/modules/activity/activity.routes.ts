import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/auth.guard.js';
import type { AuthService } from '../auth/auth.service.js';

export const activityRoutes =
  (auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    // SPEC §7 unread check. Nobody can follow anyone until the social feature lands, so a feed has nothing unread yet.
    app.get(
      '/api/activity/isunread',
      { preHandler: requireUser(auth), schema: { tags: ['activity'], response: { 200: z.object({ unread: z.boolean() }) } } },
      async () => ({ unread: false }),
    );
  };

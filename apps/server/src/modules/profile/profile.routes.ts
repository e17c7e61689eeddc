import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireUser } from '../auth/auth.guard.js';
import type { AuthService } from '../auth/auth.service.js';

export const profileRoutes =
  (auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    // The nav's avatar (SPEC §7): the stored file name, or null for the default picture. isSuspended
    // tells the web app about a suspension newer than its token, so it refreshes and is sent to the suspended page.
    app.get(
      '/api/profile/avatar/',
      { preHandler: requireUser(auth), schema: { tags: ['profile'], response: { 200: z.object({ avatar: z.string().nullable(), isSuspended: z.boolean() }) } } },
      async (req) => ({ avatar: actorOf(req).avatar, isSuspended: actorOf(req).state === 'suspended' }),
    );
  };

import { navAvatarSchema } from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../auth/auth.guard.js';

export const profileRoutes = (): FastifyPluginAsyncZod => async (app) => {
  // The nav's avatar (SPEC §7): the stored file name, or null for the default picture. isSuspended
  // tells the web app about a suspension newer than its token, so it refreshes and is sent to the suspended page.
  app.get(
    '/api/profile/avatar/',
    {
      config: { access: 'user' },
      schema: {
        operationId: 'getNavAvatar',
        summary: 'Your picture for the nav, and whether you are suspended now',
        description: '`isSuspended` can be newer than the token: a client that sees it change refreshes its token.',
        tags: ['profile'],
        response: { 200: navAvatarSchema },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      return { avatar: actor.avatar, isSuspended: actor.state === 'suspended' };
    },
  );
};

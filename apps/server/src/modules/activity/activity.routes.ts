import { feedQuerySchema } from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseInput } from '../../http/parse.js';
import { actorOf, requireUser } from '../auth/auth.guard.js';
import type { AuthService } from '../auth/auth.service.js';
import type { ActivityService } from './activity.service.js';

export const activityRoutes =
  (auth: AuthService, activity: ActivityService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['activity'];
    // The feed pages by cursor: X-Next-Cursor is the `before` of the next page (absent at the end).
    app.get('/api/activity', { preHandler: requireUser(auth), schema: { tags } }, async (req, reply) => {
      const { before, limit } = parseInput(feedQuerySchema, req.query);
      const { items, nextCursor } = await activity.feed(actorOf(req), before, limit);
      if (nextCursor !== null) reply.header('X-Next-Cursor', String(nextCursor));
      return items;
    });

    // SPEC §7 unread check.
    app.get(
      '/api/activity/isunread',
      { preHandler: requireUser(auth), schema: { tags, response: { 200: z.object({ unread: z.boolean() }) } } },
      async (req) => ({ unread: await activity.isUnread(actorOf(req)) }),
    );
  };

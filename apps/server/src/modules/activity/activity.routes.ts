import { activityFeedQuerySchema, activityItemSchema, feedUnreadSchema } from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withHeaders } from '../../http/openapi.js';
import { actorOf } from '../auth/auth.guard.js';
import type { ActivityService } from './activity.service.js';

const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

export const activityRoutes =
  (activity: ActivityService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['activity'];

    // The feed pages by cursor: X-Next-Cursor is the `before` of the next page (absent at the end).
    app.get(
      '/api/activity',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'listActivity',
          summary: 'What the members you follow did, newest first',
          description:
            'Pages by cursor: pass the `X-Next-Cursor` of a page as `before` for the next one; the last page has no such header. ' +
            'The first page (no `before`) also marks the feed as seen for `GET /api/activity/isunread`.',
          tags,
          querystring: activityFeedQuerySchema,
          response: {
            200: withHeaders(z.array(activityItemSchema).describe('One page of the feed, newest first'), {
              [NEXT_CURSOR_HEADER]: { type: 'integer', description: 'The `before` of the next page; absent on the last page' },
            }),
          },
        },
      },
      async (req, reply) => {
        const { before, limit } = req.query;
        const { items, nextCursor } = await activity.feed(actorOf(req), before, limit);
        if (nextCursor !== null) reply.header(NEXT_CURSOR_HEADER, String(nextCursor));
        return items;
      },
    );

    // SPEC §7 unread check.
    app.get(
      '/api/activity/isunread',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'checkActivityUnread',
          summary: 'Whether the feed has something new',
          tags,
          response: { 200: feedUnreadSchema },
        },
      },
      async (req) => ({ unread: await activity.isUnread(actorOf(req)) }),
    );
  };

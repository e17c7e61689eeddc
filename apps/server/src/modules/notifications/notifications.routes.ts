import { markReadInputSchema, notificationItemSchema, notificationsQuerySchema, unreadCountSchema } from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pagedList, withHeaders } from '../../http/openapi.js';
import { sendPage } from '../../http/paging.js';
import { actorOf } from '../auth/auth.guard.js';
import type { NotificationsService } from './notifications.service.js';

const UNREAD_COUNT_HEADER = 'X-Unread-Count';

/** The signed-in user's notifications: newest first, unread count in X-Unread-Count. */
export const notificationsRoutes =
  (notifications: NotificationsService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['notifications'];
    const config = { access: 'user' } as const;

    app.get(
      '/api/notifications',
      {
        config,
        schema: {
          operationId: 'listNotifications',
          summary: 'Your notifications, newest first',
          tags,
          querystring: notificationsQuerySchema,
          response: {
            200: withHeaders(pagedList(notificationItemSchema), {
              [UNREAD_COUNT_HEADER]: { type: 'integer', description: 'How many of all your notifications are unread' },
            }),
          },
        },
      },
      async (req, reply) => {
        const { page, limit } = req.query;
        const { items, total, unread } = await notifications.list(actorOf(req), page, limit);
        reply.header(UNREAD_COUNT_HEADER, String(unread));
        return sendPage(reply, { items, total });
      },
    );

    app.get(
      '/api/notifications/unread',
      { config, schema: { operationId: 'countUnreadNotifications', summary: 'How many notifications are unread', tags, response: { 200: unreadCountSchema } } },
      async (req) => notifications.unread(actorOf(req)),
    );

    app.post(
      '/api/notifications/read',
      {
        config,
        schema: {
          operationId: 'markNotificationsRead',
          summary: 'Mark notifications read',
          description: 'Marks the listed ids (yours only; others are ignored), or all of them when `ids` is left out. Answers the unread count after.',
          tags,
          body: markReadInputSchema,
          response: { 200: unreadCountSchema },
        },
      },
      async (req) => notifications.markRead(actorOf(req), req.body.ids),
    );
  };

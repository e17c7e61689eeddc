import { TOTAL_COUNT_HEADER } from '@vgl/shared';
import { markReadSchema, notificationsQuerySchema } from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseInput } from '../../http/parse.js';
import { actorOf, requireUser } from '../auth/auth.guard.js';
import type { AuthService } from '../auth/auth.service.js';
import type { NotificationsService } from './notifications.service.js';

/** The signed-in user's notifications: newest first, unread count in X-Unread-Count. */
export const notificationsRoutes =
  (auth: AuthService, notifications: NotificationsService): FastifyPluginAsyncZod =>
  async (app) => {
    const opts = { preHandler: requireUser(auth), schema: { tags: ['notifications'] } };
    app.get('/api/notifications', opts, async (req, reply) => {
      const { page, limit } = parseInput(notificationsQuerySchema, req.query);
      const { items, total, unread } = await notifications.list(actorOf(req), page, limit);
      reply.header(TOTAL_COUNT_HEADER, String(total)).header('X-Unread-Count', String(unread));
      return items;
    });
    app.get('/api/notifications/unread', opts, async (req) => notifications.unread(actorOf(req)));
    app.post('/api/notifications/read', opts, async (req) => notifications.markRead(actorOf(req), parseInput(markReadSchema, req.body).ids));
  };

import { noContentSchema, pushDevicesSchema, pushEndpointBodySchema, pushKeySchema, pushSubscriptionInputSchema } from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../http/route-conventions.js';
import { actorOf } from '../auth/auth.guard.js';
import type { PushService } from './push.service.js';

/**
 * Web Push: the server's public key (anyone: a page needs it before the
 * member subscribes), and the signed-in member's devices.
 */
export const pushRoutes =
  (push: PushService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['notifications'];
    const user = { access: 'user' as const };

    app.get(
      '/api/push/key',
      { config: { access: 'public' }, schema: { operationId: 'getPushKey', summary: 'The key push subscriptions to this server are made with', tags, response: { 200: pushKeySchema } } },
      async () => push.key(),
    );

    app.get(
      '/api/push/subscriptions',
      { config: user, schema: { operationId: 'listPushDevices', summary: 'The devices you turned push notifications on for', tags, response: { 200: pushDevicesSchema } } },
      async (req) => push.devices(actorOf(req)),
    );

    app.post(
      '/api/push/subscriptions',
      {
        config: { ...user, rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          operationId: 'subscribePush',
          summary: 'Turn push notifications on for a device',
          description:
            'The body is the browser’s PushSubscription (toJSON) and a name for the device. The same endpoint again replaces its keys and name (and moves it to you, if another account had it). Answers your devices.',
          tags,
          body: pushSubscriptionInputSchema,
          response: { 201: pushDevicesSchema, 409: errorResponse(409, 'You have turned push on for as many devices as you may') },
        },
      },
      async (req, reply) => reply.code(201).send(await push.subscribe(actorOf(req), req.body)),
    );

    app.delete(
      '/api/push/subscriptions',
      {
        config: user,
        schema: {
          operationId: 'unsubscribePush',
          summary: 'Turn push notifications off for a device',
          description: 'By its endpoint; 404 when it is not one of your devices.',
          tags,
          body: pushEndpointBodySchema,
          response: { 204: noContentSchema, 404: errorResponse(404, 'Not one of your devices') },
        },
      },
      async (req, reply) => {
        await push.unsubscribe(actorOf(req), req.body.endpoint);
        return reply.code(204).send(null);
      },
    );
  };

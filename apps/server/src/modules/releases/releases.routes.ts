import { calendarFeedSchema, calendarTokenParamSchema, comingUpSchema, noContentSchema, usernameParamSchema } from '@vgl/shared/schemas';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../auth/auth.guard.js';
import type { ReleasesService } from './releases.service.js';

/**
 * "Coming up" (a member's wanted games by release date, read like their
 * library), the signed-in member's calendar feed in Settings, and the feed
 * itself: no login, the secret address is the proof.
 */
export const releasesRoutes =
  (releases: ReleasesService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['releases'];
    const session = { access: 'user' as const, sessionOnly: true };

    app.get(
      '/api/users/:username/coming-up',
      {
        config: { access: 'optional' },
        schema: {
          operationId: 'getComingUp',
          summary: 'A member’s wanted games by release date',
          description: 'Their wishlist and backlog games (status want to play) out in the last 30 days or later, by month. Hidden as their library is.',
          tags,
          params: usernameParamSchema,
          response: { 200: comingUpSchema },
        },
      },
      async (req) => releases.comingUp(req.actor, req.params.username),
    );

    app.get(
      '/api/profile/calendar',
      { config: session, schema: { operationId: 'getCalendarFeed', summary: 'Whether you have a calendar feed, and since when', tags, response: { 200: calendarFeedSchema } } },
      async (req) => releases.feed(actorOf(req)),
    );

    app.post(
      '/api/profile/calendar',
      {
        config: { ...session, rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: {
          operationId: 'createCalendarFeed',
          summary: 'Make a new calendar feed address',
          description: 'The answer carries the address, this once. The address made before stops working (404).',
          tags,
          response: { 201: calendarFeedSchema },
        },
      },
      async (req, reply) => reply.code(201).send(await releases.newFeed(actorOf(req))),
    );

    app.delete(
      '/api/profile/calendar',
      { config: session, schema: { operationId: 'revokeCalendarFeed', summary: 'Stop your calendar feed', description: 'Its address answers 404 from now on.', tags, response: { 204: noContentSchema } } },
      async (req, reply) => {
        await releases.removeFeed(actorOf(req));
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/calendar/:token',
      {
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          operationId: 'getCalendar',
          summary: 'A member’s release calendar (iCalendar)',
          description:
            'For calendar apps to subscribe to: the address is /api/calendar/{token}.ics, from Settings. One all-day event per wanted game with a release date ' +
            '(the last year and on), its UID stable per game, SUMMARY its name, URL its VGL page. 404 once revoked.',
          tags,
          params: calendarTokenParamSchema,
          response: { 200: { description: 'The calendar', content: { 'text/calendar': { schema: z.string().describe('iCalendar (RFC 5545) text') } } } },
        },
      },
      async (req, reply) => {
        const ics = await releases.calendar(req.params.token.slice(0, -'.ics'.length));
        return (reply as FastifyReply).header('content-type', 'text/calendar; charset=utf-8').header('cache-control', 'private, no-store').send(Buffer.from(ics, 'utf8'));
      },
    );
  };

import { TOTAL_COUNT_HEADER } from '@vgl/shared';
import { usersPageQuerySchema } from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseInput } from '../../http/parse.js';
import { actorOf, optionalUser, requireUser } from '../auth/auth.guard.js';
import type { AuthService } from '../auth/auth.service.js';
import type { FollowsService } from './follows.service.js';

const userParam = z.object({ username: z.string().max(40) });

export const followsRoutes =
  (auth: AuthService, follows: FollowsService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['follows'];
    app.post('/api/users/:username/follow', { preHandler: requireUser(auth), schema: { tags, params: userParam } }, async (req) =>
      follows.follow(actorOf(req), req.params.username),
    );
    app.delete('/api/users/:username/follow', { preHandler: requireUser(auth), schema: { tags, params: userParam } }, async (req) =>
      follows.unfollow(actorOf(req), req.params.username),
    );
    for (const direction of ['following', 'followers'] as const) {
      app.get(`/api/users/:username/${direction}`, { preHandler: optionalUser(auth), schema: { tags, params: userParam } }, async (req, reply) => {
        const { page, limit } = parseInput(usersPageQuerySchema, req.query);
        const { items, total } = await follows.list(req.actor, (req.params as { username: string }).username, direction, page, limit);
        reply.header(TOTAL_COUNT_HEADER, String(total));
        return items;
      });
    }
  };

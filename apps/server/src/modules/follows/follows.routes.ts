import { SOCIAL_LIMITS } from '@vgl/shared';
import { followStateSchema, userCardSchema, usernameParamSchema, usersPageQuerySchema } from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pagedList } from '../../http/openapi.js';
import { sendPage } from '../../http/paging.js';
import { errorResponse } from '../../http/route-conventions.js';
import { actorOf } from '../auth/auth.guard.js';
import type { FollowsService } from './follows.service.js';

const tooOften = errorResponse(429, `More than ${SOCIAL_LIMITS.perMinute.follows} follows and unfollows in a minute: wait and try again`);

export const followsRoutes =
  (follows: FollowsService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['follows'];
    const path = '/api/users/:username/follow';
    const description = `Doing it twice changes nothing. Each member may follow or unfollow ${SOCIAL_LIMITS.perMinute.follows} times a minute.`;

    app.post(
      path,
      {
        config: { access: 'user' },
        schema: {
          operationId: 'followUser',
          summary: 'Follow a member',
          description: `${description} Following yourself is a 400.`,
          tags,
          params: usernameParamSchema,
          response: { 200: followStateSchema, 429: tooOften },
        },
      },
      async (req) => follows.follow(actorOf(req), req.params.username),
    );

    app.delete(
      path,
      {
        config: { access: 'user' },
        schema: {
          operationId: 'unfollowUser',
          summary: 'Stop following a member',
          description,
          tags,
          params: usernameParamSchema,
          response: { 200: followStateSchema, 429: tooOften },
        },
      },
      async (req) => follows.unfollow(actorOf(req), req.params.username),
    );

    const lists = [
      { direction: 'following', operationId: 'listFollowing', summary: 'Whom a member follows' },
      { direction: 'followers', operationId: 'listFollowers', summary: 'Who follows a member' },
    ] as const;
    for (const { direction, operationId, summary } of lists) {
      app.get(
        `/api/users/:username/${direction}`,
        {
          config: { access: 'optional' },
          schema: {
            operationId,
            summary,
            description: 'With a token, `isFollowing` tells whether you follow each of them.',
            tags,
            params: usernameParamSchema,
            querystring: usersPageQuerySchema,
            response: { 200: pagedList(userCardSchema) },
          },
        },
        async (req, reply) => {
          const { page, limit } = req.query;
          return sendPage(reply, await follows.list(req.actor, req.params.username, direction, page, limit));
        },
      );
    }
  };

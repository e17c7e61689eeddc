import { SOCIAL_LIMITS } from '@vgl/shared';
import { isLikedSchema, likeEntityParamSchema, likeInputSchema, likeStateSchema } from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../http/route-conventions.js';
import { actorOf } from '../auth/auth.guard.js';
import type { LikesService } from './likes.service.js';

const notFound = errorResponse(404, 'No review, comment or list with that entityId (or its author is suspended, or the list is private)');

/** SPEC §7: POST /api/like {entityId} toggles; GET /api/like/isliked/{entityId} → {isLiked}. Both need a token. */
export const likesRoutes =
  (likes: LikesService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['likes'];

    app.post(
      '/api/like',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'toggleLike',
          summary: 'Like or unlike a review, comment or list',
          description: [
            'Without `liked` the call toggles (SPEC §7); with it, it sets that state, so a retry cannot flip it twice.',
            `Each member may like or unlike ${SOCIAL_LIMITS.perMinute.likes} times a minute.`,
          ].join(' '),
          tags,
          body: likeInputSchema,
          response: {
            200: likeStateSchema,
            404: notFound,
            429: errorResponse(429, `More than ${SOCIAL_LIMITS.perMinute.likes} likes in a minute: wait and try again`),
          },
        },
      },
      async (req) => likes.like(actorOf(req), String(req.body.entityId), req.body.liked),
    );

    app.get(
      '/api/like/isliked/:entityId',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'checkLike',
          summary: 'Whether you like a review, comment or list',
          tags,
          params: likeEntityParamSchema,
          response: { 200: isLikedSchema, 404: notFound },
        },
      },
      async (req) => likes.isLiked(actorOf(req), req.params.entityId),
    );
  };

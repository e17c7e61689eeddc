import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseInput } from '../../http/parse.js';
import { actorOf, requireUser } from '../auth/auth.guard.js';
import type { AuthService } from '../auth/auth.service.js';
import type { LikesService } from './likes.service.js';

const likeBody = z.object({
  entityId: z.union([z.string(), z.number()], { error: 'entityId is required' }).transform(String),
  liked: z.boolean({ error: 'liked must be true or false' }).optional(),
});

/** SPEC §7: POST /api/like {entityId} toggles; GET /api/like/isliked/{entityId} → {isLiked}. Both need a token. */
export const likesRoutes =
  (auth: AuthService, likes: LikesService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['likes'];
    app.post('/api/like', { preHandler: requireUser(auth), schema: { tags } }, async (req) => {
      const { entityId, liked } = parseInput(likeBody, req.body);
      return likes.like(actorOf(req), entityId, liked);
    });
    app.get('/api/like/isliked/:entityId', { preHandler: requireUser(auth), schema: { tags, params: z.object({ entityId: z.string().max(40) }) } }, async (req) =>
      likes.isLiked(actorOf(req), req.params.entityId),
    );
  };

import { TOTAL_COUNT_HEADER } from '@vgl/shared';
import { commentInputSchema, reviewsQuerySchema } from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseInput } from '../../http/parse.js';
import { actorOf, optionalUser, requireUser } from '../auth/auth.guard.js';
import type { AuthService } from '../auth/auth.service.js';
import type { CommentsService } from './comments.service.js';

const reviewParam = z.object({ username: z.string().max(40), slug: z.string().max(200) });
const idParam = z.object({ id: z.coerce.number({ error: 'The comment id must be a number' }).int().positive() });
const commentsQuery = reviewsQuerySchema.extend({ limit: z.coerce.number().int().min(1).max(100).default(20) });

/** Comments live under their review; edits and deletes address the comment itself. */
export const commentsRoutes =
  (auth: AuthService, comments: CommentsService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['comments'];
    const path = '/api/users/:username/reviews/:slug/comments';
    app.get(path, { preHandler: optionalUser(auth), schema: { tags, params: reviewParam } }, async (req, reply) => {
      const { page, limit } = parseInput(commentsQuery, req.query);
      const { items, total } = await comments.list(req.actor, req.params.username, req.params.slug, page, limit);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    });
    app.post(path, { preHandler: requireUser(auth), schema: { tags, params: reviewParam } }, async (req, reply) => {
      const comment = await comments.create(actorOf(req), req.params.username, req.params.slug, parseInput(commentInputSchema, req.body));
      return reply.code(201).send(comment);
    });
    app.put('/api/comments/:id', { preHandler: requireUser(auth), schema: { tags, params: idParam } }, async (req) =>
      comments.edit(actorOf(req), req.params.id, parseInput(commentInputSchema, req.body)),
    );
    app.delete('/api/comments/:id', { preHandler: requireUser(auth), schema: { tags, params: idParam } }, async (req, reply) => {
      await comments.remove(actorOf(req), req.params.id);
      return reply.code(204).send();
    });
  };

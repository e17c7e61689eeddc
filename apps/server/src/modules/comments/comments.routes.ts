import {
  commentEntrySchema,
  commentInputSchema,
  idParamSchema,
  noContentSchema,
  reviewsQuerySchema,
  userSlugParamSchema,
} from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pagedList } from '../../http/openapi.js';
import { sendPage } from '../../http/paging.js';
import { actorOf } from '../auth/auth.guard.js';
import type { CommentsService } from './comments.service.js';

const commentsQuery = reviewsQuerySchema.extend({ limit: z.coerce.number().int().min(1).max(100).default(20) });
const commentParam = idParamSchema('comment');

/** Comments live under their review or list; edits and deletes address the comment itself. */
export const commentsRoutes =
  (comments: CommentsService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['comments'];
    const path = '/api/users/:username/reviews/:slug/comments';
    const listPath = '/api/users/:username/lists/:slug/comments';

    app.get(
      path,
      {
        config: { access: 'optional' },
        schema: {
          operationId: 'listComments',
          summary: 'Comments under a review, oldest first',
          tags,
          params: userSlugParamSchema,
          querystring: commentsQuery,
          response: { 200: pagedList(commentEntrySchema) },
        },
      },
      async (req, reply) => {
        const { page, limit } = req.query;
        return sendPage(reply, await comments.list(req.actor, { kind: 'review', ...req.params }, page, limit));
      },
    );

    app.post(
      path,
      {
        config: { access: 'user' },
        schema: {
          operationId: 'createComment',
          summary: 'Comment on a review',
          tags,
          params: userSlugParamSchema,
          body: commentInputSchema,
          response: { 201: commentEntrySchema },
        },
      },
      async (req, reply) => reply.code(201).send(await comments.create(actorOf(req), { kind: 'review', ...req.params }, req.body)),
    );

    app.get(
      listPath,
      {
        config: { access: 'optional' },
        schema: {
          operationId: 'listListComments',
          summary: 'Comments under a list, oldest first',
          description: 'A private list’s comments are its owner’s alone (404 to everyone else).',
          tags,
          params: userSlugParamSchema,
          querystring: commentsQuery,
          response: { 200: pagedList(commentEntrySchema) },
        },
      },
      async (req, reply) => {
        const { page, limit } = req.query;
        return sendPage(reply, await comments.list(req.actor, { kind: 'list', ...req.params }, page, limit));
      },
    );

    app.post(
      listPath,
      {
        config: { access: 'user' },
        schema: {
          operationId: 'createListComment',
          summary: 'Comment on a list',
          tags,
          params: userSlugParamSchema,
          body: commentInputSchema,
          response: { 201: commentEntrySchema },
        },
      },
      async (req, reply) => reply.code(201).send(await comments.create(actorOf(req), { kind: 'list', ...req.params }, req.body)),
    );

    app.put(
      '/api/comments/:id',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'editComment',
          summary: 'Edit your comment',
          tags,
          params: commentParam,
          body: commentInputSchema,
          response: { 200: commentEntrySchema },
        },
      },
      async (req) => comments.edit(actorOf(req), req.params.id, req.body),
    );

    app.delete(
      '/api/comments/:id',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'deleteComment',
          summary: 'Delete a comment (its author, the author of the review or list, or a moderator)',
          tags,
          params: commentParam,
          response: { 204: noContentSchema },
        },
      },
      async (req, reply) => {
        await comments.remove(actorOf(req), req.params.id);
        return reply.code(204).send(null);
      },
    );
  };

import { accessTokenSchema, createdAccessTokenSchema, idParamSchema, noContentSchema, tokenInputSchema } from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../http/route-conventions.js';
import { actorOf } from '../auth/auth.guard.js';
import type { TokensService } from './tokens.service.js';

/** /api/profile/tokens: the signed-in member's personal access tokens. Only a session manages them, never a token. */
export const tokensRoutes =
  (tokens: TokensService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['profile'];
    const config = { access: 'user' as const, sessionOnly: true };

    app.get(
      '/api/profile/tokens',
      {
        config,
        schema: {
          operationId: 'listAccessTokens',
          summary: 'Your personal access tokens, newest first',
          tags,
          response: { 200: z.array(accessTokenSchema) },
        },
      },
      async (req) => tokens.list(actorOf(req)),
    );

    app.post(
      '/api/profile/tokens',
      {
        config: { ...config, rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: {
          operationId: 'createAccessToken',
          summary: 'Make a personal access token',
          description: 'The answer carries the token itself; it is shown this once and only its hash is kept.',
          tags,
          body: tokenInputSchema,
          response: { 201: createdAccessTokenSchema, 409: errorResponse(409, 'You have the most tokens a member may have') },
        },
      },
      async (req, reply) => reply.code(201).send(await tokens.create(actorOf(req), req.body)),
    );

    app.delete(
      '/api/profile/tokens/:id',
      {
        config,
        schema: {
          operationId: 'revokeAccessToken',
          summary: 'Revoke a personal access token',
          description: 'It stops working at once.',
          tags,
          params: idParamSchema('token'),
          response: { 204: noContentSchema },
        },
      },
      async (req, reply) => {
        await tokens.revoke(actorOf(req), req.params.id);
        return reply.code(204).send(null);
      },
    );
  };

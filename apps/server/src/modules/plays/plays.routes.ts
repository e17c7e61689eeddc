import { noContentSchema, playInputSchema, playParamSchema, playReviewParamSchema, playReviewSchema, playSchema, userSlugParamSchema } from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../auth/auth.guard.js';
import type { PlaysService } from './plays.service.js';

const FORM =
  'The play’s whole form: a field left out is cleared. For the first play, `review` and `spoilers` are the game’s main review (the library entry’s, at /u/{username}/reviews/{slug}); ' +
  'a replay’s review has an address of its own. The entry follows its plays: its Started and Finished are the first play’s, its rating and completion the latest play’s.';

/**
 * Plays live under their owner, like the library: anyone who reads the
 * library reads them; only the owner writes.
 */
export const playsRoutes =
  (plays: PlaysService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['library'];

    app.get(
      '/api/users/:username/library/:slug/plays',
      {
        config: { access: 'optional' },
        schema: {
          operationId: 'listPlays',
          summary: 'A member’s plays of a game, first play first',
          description: 'A review the reader may not read (the entry’s visibility, a moderator’s hiding) is left out (null).',
          tags,
          params: userSlugParamSchema,
          response: { 200: z.array(playSchema) },
        },
      },
      async (req) => plays.list(req.actor, req.params.username, req.params.slug),
    );

    app.post(
      '/api/users/:username/library/:slug/plays',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'addPlay',
          summary: 'Log a play of a game: its first, or a replay',
          description: `The game's first play when it has none (a game not in the library is added: Beaten with a finish, else Playing); else a replay. ${FORM}`,
          tags,
          params: userSlugParamSchema,
          body: playInputSchema,
          response: { 201: playSchema },
        },
      },
      async (req, reply) => reply.code(201).send(await plays.add(actorOf(req), req.params.username, req.params.slug, req.body)),
    );

    app.put(
      '/api/users/:username/plays/:id',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'savePlay',
          summary: 'Edit a play',
          description: FORM,
          tags,
          params: playParamSchema,
          body: playInputSchema,
          response: { 200: playSchema },
        },
      },
      async (req) => plays.replace(actorOf(req), req.params.username, req.params.id, req.body),
    );

    app.delete(
      '/api/users/:username/plays/:id',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'deletePlay',
          summary: 'Delete a replay, with its sessions',
          description: 'The first play is the library entry’s: it goes only when the game leaves the library (400).',
          tags,
          params: playParamSchema,
          response: { 204: noContentSchema },
        },
      },
      async (req, reply) => {
        await plays.remove(actorOf(req), req.params.username, req.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/users/:username/reviews/:slug/plays/:id',
      {
        config: { access: 'optional' },
        schema: {
          operationId: 'getPlayReview',
          summary: 'A replay’s review',
          description: 'The first play’s review is the game’s main review: GET /api/users/{username}/reviews/{slug}.',
          tags,
          params: playReviewParamSchema,
          response: { 200: playReviewSchema },
        },
      },
      async (req) => plays.review(req.actor, req.params.username, req.params.slug, req.params.id),
    );
  };

import {
  blockRemoteAccountInputSchema,
  noContentSchema,
  remoteAccountActorQuerySchema,
  remoteAccountBlockParamSchema,
  remoteAccountBlockSchema,
  remoteAccountSuspensionSchema,
  suspendRemoteAccountInputSchema,
} from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../http/route-conventions.js';
import { actorOf } from '../auth/auth.guard.js';
import type { AccountBlocksService, AccountSuspensionsService } from './federation.blocks.js';

/**
 * Blocking single accounts on other servers (issue 40): /api/federation/blocks.
 * Registered whatever FEDERATION says: with it off the block is recorded and
 * applied here, and nothing is sent.
 */
export const accountBlocksRoutes =
  (blocks: AccountBlocksService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['federation'];
    const user = { access: 'user' } as const;

    app.get(
      '/api/federation/blocks',
      { config: user, schema: { operationId: 'listRemoteAccountBlocks', summary: 'Accounts on other servers you block, newest first', tags, response: { 200: z.array(remoteAccountBlockSchema) } } },
      async (req) => blocks.list(actorOf(req)),
    );

    app.post(
      '/api/federation/blocks',
      {
        config: user,
        schema: {
          operationId: 'blockRemoteAccount',
          summary: 'Block an account on another server, as you block a member here',
          description:
            'It stops following you (its server gets a Reject of its follow), your follow of it ends (an Undo; its posts leave your feed), its likes and boosts of your reviews go and its replies are hidden; ' +
            'from then on its follows are rejected and its likes, boosts and replies ignored. Only accounts this instance has met (a follower, an account that liked, boosted or replied, one someone follows) can be blocked: 404 otherwise. ' +
            '201 when new, 200 when you block it already.',
          tags,
          body: blockRemoteAccountInputSchema,
          response: { 200: remoteAccountBlockSchema.describe('You block this account already'), 201: remoteAccountBlockSchema, 404: errorResponse(404, 'No such account is known here') },
        },
      },
      async (req, reply) => {
        const { block, created } = await blocks.block(actorOf(req), req.body.account);
        return reply.code(created ? 201 : 200).send(block);
      },
    );

    app.delete(
      '/api/federation/blocks/:id',
      {
        config: user,
        schema: {
          operationId: 'unblockRemoteAccount',
          summary: 'Unblock an account on another server: it may follow you and interact with your reviews again (what the block removed stays removed)',
          tags,
          params: remoteAccountBlockParamSchema,
          response: { 204: noContentSchema, 404: errorResponse(404, 'You do not block this account') },
        },
      },
      async (req, reply) => {
        await blocks.unblock(actorOf(req), req.params.id);
        return reply.code(204).send(null);
      },
    );
  };

/** Suspending single remote accounts on the whole instance, /api/admin/federation/accounts: staff, as instance rules are. */
export const adminAccountSuspensionsRoutes =
  (suspensions: AccountSuspensionsService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['admin'];
    const staff = { access: 'staff' } as const;

    app.get(
      '/api/admin/federation/accounts',
      { config: staff, schema: { operationId: 'listRemoteAccountSuspensions', summary: 'Accounts on other servers suspended on this instance, newest first', tags, response: { 200: z.array(remoteAccountSuspensionSchema) } } },
      async () => suspensions.list(),
    );

    app.post(
      '/api/admin/federation/accounts',
      {
        config: staff,
        schema: {
          operationId: 'suspendRemoteAccount',
          summary: 'Suspend one account on another server on this instance',
          description:
            'Its activities are refused at the inbox (403), it stops following every member, members’ follows of it end with its posts, and its likes, boosts and replies go. Audited. ' +
            '201 when new, 200 when it is suspended already; 404 when no such account is known here.',
          tags,
          body: suspendRemoteAccountInputSchema,
          response: { 200: remoteAccountSuspensionSchema, 201: remoteAccountSuspensionSchema, 404: errorResponse(404, 'No such account is known here') },
        },
      },
      async (req, reply) => {
        const { suspension, created } = await suspensions.suspend(actorOf(req), req.body.account, req.body.reason);
        return reply.code(created ? 201 : 200).send(suspension);
      },
    );

    app.delete(
      '/api/admin/federation/accounts',
      {
        config: staff,
        schema: {
          operationId: 'liftRemoteAccountSuspension',
          summary: 'Lift the suspension of an account on another server (audited); what it removed stays removed',
          tags,
          querystring: remoteAccountActorQuerySchema,
          response: { 204: noContentSchema, 404: errorResponse(404, 'This account is not suspended') },
        },
      },
      async (req, reply) => {
        await suspensions.lift(actorOf(req), req.query.actor);
        return reply.code(204).send(null);
      },
    );
  };

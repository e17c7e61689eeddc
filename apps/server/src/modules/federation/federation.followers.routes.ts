import { noContentSchema, remoteFollowerParamSchema, remoteFollowerSchema } from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../http/route-conventions.js';
import { actorOf } from '../auth/auth.guard.js';
import type { RemoteFollowersService } from './federation.approvals.js';

/**
 * Your followers on other servers (issue 40), beside the local follow
 * requests of Settings → Privacy: /api/follow-requests/remote and
 * /api/remote-followers. Registered whatever FEDERATION says: with it off
 * the lists show what was recorded while it was on, and nothing is sent.
 */
export const remoteFollowersRoutes =
  (followers: RemoteFollowersService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['privacy'];
    const user = { access: 'user' } as const;
    const list = z.array(remoteFollowerSchema);

    app.get(
      '/api/follow-requests/remote',
      { config: user, schema: { operationId: 'listRemoteFollowRequests', summary: 'Accounts on other servers asking to follow you, newest first', tags, response: { 200: list } } },
      async (req) => followers.requests(actorOf(req)),
    );
    app.get(
      '/api/remote-followers',
      { config: user, schema: { operationId: 'listRemoteFollowers', summary: 'Accounts on other servers following you, newest first', tags, response: { 200: list } } },
      async (req) => followers.followers(actorOf(req)),
    );

    const answers = [
      ['POST', '/api/follow-requests/remote/:id/approve', 'approveRemoteFollowRequest', 'Approve a follow request from another server: their server gets an Accept', 'approve'],
      ['POST', '/api/follow-requests/remote/:id/decline', 'declineRemoteFollowRequest', 'Decline a follow request from another server: their server gets a Reject', 'decline'],
      ['DELETE', '/api/remote-followers/:id', 'removeRemoteFollower', 'Remove a follower on another server: their server gets a Reject of their follow, and they receive nothing more', 'remove'],
    ] as const;
    for (const [method, url, operationId, summary, run] of answers) {
      app.route({
        method,
        url,
        config: user,
        schema: { operationId, summary, tags, params: remoteFollowerParamSchema, response: { 204: noContentSchema, 404: errorResponse(404, run === 'remove' ? 'No such follower of yours' : 'No such request waiting') } },
        handler: async (req, reply) => {
          await followers[run](actorOf(req), (req.params as { id: number }).id);
          return reply.code(204).send(null);
        },
      });
    }
  };

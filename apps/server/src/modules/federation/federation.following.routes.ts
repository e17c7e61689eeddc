import {
  followRemoteInputSchema,
  noContentSchema,
  remoteFeedQuerySchema,
  remoteFollowingParamSchema,
  remoteFollowingSchema,
  remotePostParamSchema,
  remotePostReplySchema,
  remotePostSchema,
  remoteReplyInputSchema,
  remoteReplyParamSchema,
} from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withHeaders } from '../../http/openapi.js';
import { errorResponse } from '../../http/route-conventions.js';
import { actorOf } from '../auth/auth.guard.js';
import type { FollowingService } from './federation.following.js';
import type { RepliesOutService } from './federation.replies-out.js';

const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

/**
 * Following accounts on other servers, and reading their posts (issue 40):
 * /api/federation/following and /api/federation/feed (and liking and replying to its posts). Registered with
 * FEDERATION=on only: with it off no Follow could be sent nor post arrive.
 */
export const followingRoutes =
  (following: FollowingService, replies: RepliesOutService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['federation'];
    const user = { access: 'user' } as const;

    app.get(
      '/api/federation/following',
      { config: user, schema: { operationId: 'listRemoteFollowing', summary: 'Accounts on other servers you follow, newest first', tags, response: { 200: z.array(remoteFollowingSchema) } } },
      async (req) => following.list(actorOf(req)),
    );

    app.post(
      '/api/federation/following',
      {
        config: user,
        schema: {
          operationId: 'followRemoteAccount',
          summary: 'Follow an account on another server: it is looked up, and its server gets a Follow signed by you',
          description: 'The follow is `pending` until their server accepts it. Following an account you follow already answers that follow (200).',
          tags,
          body: followRemoteInputSchema,
          response: {
            200: remoteFollowingSchema.describe('You follow this account already'),
            201: remoteFollowingSchema,
            403: errorResponse(403, 'Their server is blocked here'),
            404: errorResponse(404, 'No account was found there'),
          },
        },
      },
      async (req, reply) => {
        const { follow, created } = await following.follow(actorOf(req), req.body.account);
        return reply.code(created ? 201 : 200).send(follow);
      },
    );

    app.delete(
      '/api/federation/following/:id',
      {
        config: user,
        schema: {
          operationId: 'unfollowRemoteAccount',
          summary: 'Stop following an account on another server: their server gets an Undo of your Follow',
          tags,
          params: remoteFollowingParamSchema,
          response: { 204: noContentSchema, 404: errorResponse(404, 'You do not follow this account') },
        },
      },
      async (req, reply) => {
        await following.unfollow(actorOf(req), req.params.id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/federation/feed',
      {
        config: user,
        schema: {
          operationId: 'listRemoteFeed',
          summary: 'Posts of the accounts on other servers you follow, newest first',
          description: 'Pages by cursor: pass the `X-Next-Cursor` of a page as `before` for the next one; the last page has no such header.',
          tags,
          querystring: remoteFeedQuerySchema,
          response: {
            200: withHeaders(z.array(remotePostSchema).describe('One page of posts, newest first'), {
              [NEXT_CURSOR_HEADER]: { type: 'integer', description: 'The `before` of the next page; absent on the last page' },
            }),
          },
        },
      },
      async (req, reply) => {
        const { before, limit } = req.query;
        const { items, nextCursor } = await following.feed(actorOf(req), before, limit);
        if (nextCursor !== null) reply.header(NEXT_CURSOR_HEADER, String(nextCursor));
        return items;
      },
    );

    const likes = [
      ['POST', 'likeRemotePost', 'Like a post of an account you follow elsewhere: its server gets a Like from you', 'like'],
      ['DELETE', 'unlikeRemotePost', 'Take back your like of a post of an account you follow elsewhere: its server gets an Undo of the Like', 'unlike'],
    ] as const;
    for (const [method, operationId, summary, run] of likes) {
      app.route({
        method,
        url: '/api/federation/feed/:id/like',
        config: user,
        schema: { operationId, summary, tags, params: remotePostParamSchema, response: { 204: noContentSchema, 404: errorResponse(404, 'The post is not in your feed') } },
        handler: async (req, reply) => {
          await following[run](actorOf(req), (req.params as { id: number }).id);
          return reply.code(204).send(null);
        },
      });
    }

    app.post(
      '/api/federation/feed/:id/replies',
      {
        config: user,
        schema: {
          operationId: 'replyToRemotePost',
          summary: 'Reply to a post of an account you follow elsewhere: its server gets a public Note from you, mentioning its author',
          description: 'The text follows the rules of a comment here. The reply is public on their server, and listed under the post in your feed (`viewerReplies`).',
          tags,
          params: remotePostParamSchema,
          body: remoteReplyInputSchema,
          response: {
            201: remotePostReplySchema,
            403: errorResponse(403, 'Their server is blocked here'),
            404: errorResponse(404, 'The post is not in your feed'),
            429: errorResponse(429, 'Too many replies in a minute'),
          },
        },
      },
      async (req, reply) => reply.code(201).send(await replies.reply(actorOf(req), req.params.id, req.body.text)),
    );

    app.delete(
      '/api/federation/feed/:id/replies/:replyId',
      {
        config: user,
        schema: {
          operationId: 'deleteRemotePostReply',
          summary: 'Delete your reply to a post elsewhere: its server gets a Delete of the Note',
          tags,
          params: remoteReplyParamSchema,
          response: { 204: noContentSchema, 404: errorResponse(404, 'You have no such reply under this post') },
        },
      },
      async (req, reply) => {
        await replies.remove(actorOf(req), req.params.id, req.params.replyId);
        return reply.code(204).send(null);
      },
    );
  };

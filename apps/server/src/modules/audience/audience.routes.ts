import { audienceCardSchema, blockStateSchema, muteStateSchema, noContentSchema, privacySettingsBodySchema, privacySettingsSchema, usernameParamSchema } from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../auth/auth.guard.js';
import type { AudienceService } from './audience.service.js';

const cards = z.array(audienceCardSchema);

/**
 * Blocks and mutes sit beside follows (/api/users/{username}/block, /mute);
 * your lists of them and of follow requests are /api/blocks, /api/mutes,
 * /api/follow-requests; your privacy settings /api/profile/privacy.
 */
export const audienceRoutes =
  (audience: AudienceService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['privacy'];
    const pairs = [
      {
        what: 'block',
        state: blockStateSchema,
        on: { operationId: 'blockUser', summary: 'Block a member', description: 'Removes follows both ways; they can no longer follow you, like or comment on your things or see them while signed in (404). Doing it twice changes nothing.', run: audience.block },
        off: { operationId: 'unblockUser', summary: 'Unblock a member', description: 'Follows removed by the block stay removed.', run: audience.unblock },
      },
      {
        what: 'mute',
        state: muteStateSchema,
        on: { operationId: 'muteUser', summary: 'Mute a member', description: 'Their activity leaves your feed and their doings send you no notifications. They are not told.', run: audience.mute },
        off: { operationId: 'unmuteUser', summary: 'Unmute a member', description: 'Doing it twice changes nothing.', run: audience.unmute },
      },
    ] as const;
    for (const { what, state, on, off } of pairs) {
      for (const [method, op] of [['POST', on], ['DELETE', off]] as const) {
        app.route({
          method,
          url: `/api/users/:username/${what}`,
          config: { access: 'user' },
          schema: { operationId: op.operationId, summary: op.summary, description: op.description, tags, params: usernameParamSchema, response: { 200: state } },
          handler: async (req) => op.run(actorOf(req), (req.params as { username: string }).username),
        });
      }
    }

    const lists = [
      { url: '/api/blocks', operationId: 'listBlocks', summary: 'Members you block, newest first', run: audience.blocks },
      { url: '/api/mutes', operationId: 'listMutes', summary: 'Members you mute, newest first', run: audience.mutes },
      { url: '/api/follow-requests', operationId: 'listFollowRequests', summary: 'Members asking to follow you (a private profile), newest first', run: audience.requests },
    ] as const;
    for (const { url, operationId, summary, run } of lists) {
      app.get(url, { config: { access: 'user' }, schema: { operationId, summary, tags, response: { 200: cards } } }, async (req) => run(actorOf(req)));
    }

    for (const answer of ['approve', 'decline'] as const) {
      app.post(
        `/api/follow-requests/:username/${answer}`,
        {
          config: { access: 'user' },
          schema: {
            operationId: `${answer}FollowRequest`,
            summary: answer === 'approve' ? 'Approve a follow request: they follow you from now on' : 'Decline a follow request',
            description: '404 when this member has no request waiting.',
            tags,
            params: usernameParamSchema,
            response: { 204: noContentSchema },
          },
        },
        async (req, reply) => {
          await audience[answer](actorOf(req), req.params.username);
          return reply.code(204).send(null);
        },
      );
    }

    app.get(
      '/api/profile/privacy',
      { config: { access: 'user' }, schema: { operationId: 'getPrivacy', summary: 'Your privacy settings', tags, response: { 200: privacySettingsSchema } } },
      async (req) => audience.privacy(actorOf(req)),
    );
    app.put(
      '/api/profile/privacy',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'setPrivacy',
          summary: 'Change your privacy settings',
          description: 'Making your profile public again approves the follow requests waiting.',
          tags,
          body: privacySettingsBodySchema,
          response: { 200: privacySettingsSchema },
        },
      },
      async (req) => audience.setPrivacy(actorOf(req), req.body),
    );
  };

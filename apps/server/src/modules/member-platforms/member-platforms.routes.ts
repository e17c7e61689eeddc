import { memberPlatformsInputSchema, memberPlatformsSchema } from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../auth/auth.guard.js';
import type { MemberPlatformsService } from './member-platforms.service.js';

/** The signed-in member's platforms (Settings → Profile → Your platforms). */
export const memberPlatformsRoutes =
  (platforms: MemberPlatformsService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['profile'];
    app.get(
      '/api/profile/platforms',
      {
        config: { access: 'user' },
        schema: { operationId: 'getMemberPlatforms', summary: 'The platforms you own', tags, response: { 200: memberPlatformsSchema } },
      },
      async (req) => platforms.list(actorOf(req)),
    );

    app.put(
      '/api/profile/platforms',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'setMemberPlatforms',
          summary: 'Say which platforms you own',
          description:
            'Replaces the whole set (at most 50; an empty list: none). With platforms named, "out today" alerts are for a release on one of them and ' +
            'dated alerts name the platform; Coming up marks games not announced for them. Unknown platform ids: 400 naming them.',
          tags,
          body: memberPlatformsInputSchema,
          response: { 200: memberPlatformsSchema },
        },
      },
      async (req) => platforms.replace(actorOf(req), req.body.platformIds),
    );
  };

import { PEOPLE_LIMITS } from '@vgl/shared';
import { knownMemberSchema, memberCardSchema, membersQuerySchema } from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pagedList } from '../../http/openapi.js';
import { sendPage } from '../../http/paging.js';
import { actorOf } from '../auth/auth.guard.js';
import type { PeopleService } from './people.service.js';

/** Finding people (issue 36): member search and the members directory, and people you may know. */
export const peopleRoutes =
  (people: PeopleService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['people'];

    app.get(
      '/api/users',
      {
        config: { access: 'optional' },
        schema: {
          operationId: 'listMembers',
          summary: 'Find members, or list them all',
          description:
            `With \`q\`: the members whose username contains it, those that start with it first (the exact name leading), then the most followed. ` +
            `Without: every member, the most recently active first (\`sort=active\`) or the most followed (\`sort=followers\`). ` +
            `Pending and suspended accounts are never listed. With a token, \`isFollowing\` tells whether you follow each of them. ` +
            `A \`q\` longer than ${PEOPLE_LIMITS.queryMax} characters is a 400.`,
          tags,
          querystring: membersQuerySchema,
          response: { 200: pagedList(memberCardSchema) },
        },
      },
      async (req, reply) => sendPage(reply, await people.list(req.actor, req.query)),
    );

    app.get(
      '/api/people/you-may-know',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'listPeopleYouMayKnow',
          summary: 'People you may know',
          description: `Up to ${PEOPLE_LIMITS.mayKnow} members followed by the members you follow, whom you do not follow yet, those the most of your follows follow first. Empty when you follow no one.`,
          tags,
          response: { 200: z.array(knownMemberSchema) },
        },
      },
      async (req) => people.mayKnow(actorOf(req)),
    );
  };

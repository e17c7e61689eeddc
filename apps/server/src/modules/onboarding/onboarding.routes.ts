import { SUGGESTED_MEMBERS } from '@vgl/shared';
import { firstStepsSchema, suggestedMemberSchema } from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../auth/auth.guard.js';
import type { OnboardingService } from './onboarding.service.js';

/** A new member's first ten minutes: Explore's checklist and people to follow on an empty feed. */
export const onboardingRoutes =
  (onboarding: OnboardingService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/profile/first-steps',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'getFirstSteps',
          summary: 'Which first steps you have taken',
          description: 'Explore’s checklist for a new member: log a first game, import a file, follow someone, make a list.',
          tags: ['profile'],
          response: { 200: firstStepsSchema },
        },
      },
      async (req) => onboarding.firstSteps(actorOf(req).id),
    );

    app.get(
      '/api/activity/suggestions',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'listSuggestedMembers',
          summary: 'Members you might follow',
          description: `Up to ${SUGGESTED_MEMBERS}: the most followed members and the authors of the most liked reviews, in turn, leaving out you and whom you follow.`,
          tags: ['activity'],
          response: { 200: z.array(suggestedMemberSchema) },
        },
      },
      async (req) => onboarding.suggestions(actorOf(req).id),
    );
  };

import { z } from 'zod';
import type { FirstSteps, SuggestedMember } from '../onboarding.js';
import { named, userRefSchema } from './common.js';

export const firstStepsSchema = named(
  'FirstSteps',
  z.object({
    loggedGame: z.boolean().describe('Has at least one game in the library'),
    imported: z.boolean().describe('Has imported a file'),
    followed: z.boolean().describe('Follows someone'),
    madeList: z.boolean().describe('Has made a list'),
  }),
  'Which first steps a member has taken (Explore’s checklist)',
) satisfies z.ZodType<FirstSteps>;

export const suggestedMemberSchema = named(
  'SuggestedMember',
  z.object({
    user: userRefSchema,
    followers: z.number().int(),
    reviewLikes: z.number().int().describe('Likes their reviews have received'),
    reason: z.enum(['most-followed', 'most-liked']),
  }),
  'A member worth following',
) satisfies z.ZodType<SuggestedMember>;

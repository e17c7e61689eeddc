import { PLAY_STATUS_DESCRIPTION } from '../limits.js';
import { z } from 'zod';
import type { FriendsWhoPlayed } from '../friends.js';
import { named, userRefSchema } from './common.js';

export const friendsWhoPlayedSchema = named(
  'FriendsWhoPlayed',
  z.object({
    total: z.number().int().describe('How many of the people you follow have the game in their library'),
    items: z
      .array(
        z.object({
          user: userRefSchema,
          status: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6)]).nullable().describe(`${PLAY_STATUS_DESCRIPTION}; null when only rated or reviewed`),
          rating: z.number().int().nullable().describe('1–10 (half stars); null when unrated'),
          reviewSlug: z.string().nullable().describe('Their review: /u/{username}/reviews/{reviewSlug}'),
          updatedAt: z.number().int().describe('When their entry last changed (unix ms)'),
        }),
      )
      .describe('The most recently active of them first, at most 12'),
  }),
  'The people you follow who have a game in their library',
) satisfies z.ZodType<FriendsWhoPlayed>;

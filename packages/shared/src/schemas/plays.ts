import { z } from 'zod';
import { LIBRARY_LIMITS, STATUS_MESSAGES } from '../library.js';
import { COMPLETION_LEVELS } from '../limits.js';
import { PLAY_MESSAGES, type Play, type PlayReview } from '../plays.js';
import { idOf, named, usernameParamSchema } from './common.js';
import { optionalDate, platformSlug, ratingSchema, reviewText } from './library.js';

/**
 * POST /api/users/{username}/library/{gameSlug}/plays and PUT
 * /api/users/{username}/plays/{id}: a play as its form sends it, whole (a
 * field left out is cleared).
 */
export const playInputSchema = z
  .object({
    startedOn: optionalDate('Started'),
    finishedOn: optionalDate('Finished'),
    platform: z.union([platformSlug, z.literal('').transform(() => null), z.null()]).default(null).describe('The platform played on, as a slug; null when not said'),
    completion: z
      .enum(COMPLETION_LEVELS, { error: STATUS_MESSAGES.completionFormat })
      .nullable()
      .default(null)
      .describe('How much of the game this play did: main, main_extras or complete; only with a finish'),
    rating: ratingSchema,
    review: reviewText('Review', LIBRARY_LIMITS.reviewMaxLength),
    spoilers: z.boolean({ error: 'Spoilers must be true or false' }).default(false).describe('The review contains spoilers'),
  })
  .refine((play) => !play.startedOn || !play.finishedOn || play.startedOn <= play.finishedOn, { message: PLAY_MESSAGES.finishBeforeStart, path: ['finishedOn'] })
  .refine((play) => play.completion === null || play.finishedOn !== null, { message: PLAY_MESSAGES.completionNeedsFinish, path: ['completion'] })
  .refine((play) => play.startedOn !== null || play.finishedOn !== null || play.rating !== null || play.review !== null, { message: PLAY_MESSAGES.empty, path: ['startedOn'] })
  .meta({
    examples: [{ startedOn: '2025-01-04', finishedOn: '2025-02-11', platform: 'switch', completion: 'complete', rating: 10, review: 'Even better the second time.', spoilers: false }],
  });
export type PlayInput = z.infer<typeof playInputSchema>;

export const playParamSchema = usernameParamSchema.extend({ id: idOf('play') });

const platformRef = z.object({ slug: z.string(), name: z.string() });

export const playSchema = named(
  'Play',
  z.object({
    id: z.number().int(),
    number: z.number().int().describe('1 for the first play, 2 for the first replay, … in the order played'),
    replay: z.boolean(),
    startedOn: z.string().nullable(),
    finishedOn: z.string().nullable(),
    platform: platformRef.nullable(),
    completion: z.enum(COMPLETION_LEVELS).nullable(),
    rating: z.number().int().nullable(),
    review: z.string().nullable(),
    spoilers: z.boolean(),
    reviewPath: z.string().nullable().describe('Where the review is read: the main review for the first play, the play’s own page for a replay'),
    reviewCreatedAt: z.number().nullable().describe('Unix ms'),
    reviewUpdatedAt: z.number().nullable().describe('Unix ms'),
    sessions: z.number().int(),
    hours: z.number().nullable(),
  }),
  'One play of a game: its dates, platform, completion, hours and its own verdict',
) satisfies z.ZodType<Play>;

export const playReviewSchema = named(
  'PlayReview',
  z.object({
    play: playSchema,
    game: z.object({ slug: z.string(), name: z.string(), cover: z.string().nullable(), releaseYear: z.number().int().nullable() }),
    user: z.object({ username: z.string(), avatar: z.string().nullable() }),
    plays: z.number().int(),
  }),
  'A replay’s review on its own page',
) satisfies z.ZodType<PlayReview>;

/** GET /api/users/{username}/reviews/{slug}/plays/{id}. */
export const playReviewParamSchema = playParamSchema.extend({ slug: z.string().trim().min(1).max(200) });

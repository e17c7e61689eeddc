import { z } from 'zod';
import {
  cleanGameName,
  hasVisibleCharacter,
  SUBMISSION_LIMITS,
  SUBMISSION_MESSAGES,
  SUBMISSION_STATES,
  submissionYearMax,
  type AdminSubmission,
  type GameSubmission,
  type SubmissionConflict,
} from '../submissions.js';
import { DB_INT_MAX, idOf, named, userRefSchema } from './common.js';
import { gameSchema } from './catalog.js';

/** Empty form fields ("", null, left out) mean "not given". */
const blankToNull = (value: unknown) => (value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value);

const nameSchema = z
  .string({ error: SUBMISSION_MESSAGES.nameRequired })
  .superRefine((raw, ctx) => {
    if (raw.trim() === '') ctx.addIssue({ code: 'custom', message: SUBMISSION_MESSAGES.nameRequired });
    else if (!hasVisibleCharacter(cleanGameName(raw))) ctx.addIssue({ code: 'custom', message: SUBMISSION_MESSAGES.nameInvisible });
    else if (cleanGameName(raw).length > SUBMISSION_LIMITS.nameMaxLength) ctx.addIssue({ code: 'custom', message: SUBMISSION_MESSAGES.nameTooLong });
  })
  .transform(cleanGameName)
  .describe('The game’s name; invisible and bidi control characters are stripped');

const yearSchema = z.preprocess(
  blankToNull,
  z
    .union([z.number(), z.string()], { error: SUBMISSION_MESSAGES.yearRange(submissionYearMax()) })
    .nullable()
    .transform((value, ctx) => {
      if (value === null) return null;
      const year = typeof value === 'number' ? value : /^\s*\d{1,4}\s*$/.test(value) ? Number(value) : NaN;
      const max = submissionYearMax();
      if (!Number.isInteger(year) || year < SUBMISSION_LIMITS.yearMin || year > max) {
        ctx.addIssue({ code: 'custom', message: SUBMISSION_MESSAGES.yearRange(max) });
        return z.NEVER;
      }
      return year;
    })
    .describe(`The first release year, ${SUBMISSION_LIMITS.yearMin} to the current year + ${SUBMISSION_LIMITS.yearsAhead}`),
);

const platformsSchema = z
  .array(z.string({ error: SUBMISSION_MESSAGES.platformsList }).trim().toLowerCase().regex(/^[a-z0-9-]{1,120}$/, 'Platforms must be platform slugs such as "snes"'), {
    error: SUBMISSION_MESSAGES.platformsList,
  })
  .max(SUBMISSION_LIMITS.platformsMax, SUBMISSION_MESSAGES.platformsList)
  .nullable()
  .default([])
  .transform((slugs) => [...new Set(slugs ?? [])])
  .describe('Platform slugs (GET /api/igdb/platforms); each must exist');

const urlSchema = z.preprocess(
  blankToNull,
  z
    .string({ error: SUBMISSION_MESSAGES.urlInvalid })
    .trim()
    .max(SUBMISSION_LIMITS.urlMaxLength, SUBMISSION_MESSAGES.urlTooLong)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
      } catch {
        return false;
      }
    }, SUBMISSION_MESSAGES.urlInvalid)
    .nullable()
    .describe('A page about the game (store, publisher, wiki), http or https, for the moderator'),
);

/* ---- Inputs ---- */

/** POST /api/games/submissions */
export const gameSubmissionInputSchema = z
  .object({ name: nameSchema, year: yearSchema, platforms: platformsSchema, url: urlSchema })
  .meta({ examples: [{ name: 'Night Harbour', year: 2024, platforms: ['win', 'switch'], url: 'https://example.com/night-harbour' }] });
export type GameSubmissionInput = z.infer<typeof gameSubmissionInputSchema>;

/** GET /api/admin/submissions */
const page = z.coerce
  .number({ error: 'page must be a whole number of 1 or more' })
  .int('page must be a whole number of 1 or more')
  .min(1, 'page must be a whole number of 1 or more')
  .max(10_000, 'page must be at most 10000')
  .default(1);
const limitMessage = 'limit must be a whole number from 1 to 100';
export const adminSubmissionsQuerySchema = z.object({
  state: z
    .enum([...SUBMISSION_STATES, 'all'], { error: `state must be one of ${[...SUBMISSION_STATES, 'all'].join(', ')}` })
    .default('all')
    .describe('Only submissions in this state; all: pending first, then the latest decided'),
  page,
  limit: z.coerce.number({ error: limitMessage }).int(limitMessage).min(1, limitMessage).max(100, limitMessage).default(SUBMISSION_LIMITS.perPage),
});
export type AdminSubmissionsQuery = z.infer<typeof adminSubmissionsQuerySchema>;

export const submissionParamSchema = z.object({ id: idOf('submission') });

/** POST /api/admin/submissions/{id}/merge: the catalog game it is, by slug or id. */
export const submissionMergeInputSchema = z
  .object({
    game: z.union(
      [
        z.number().int().min(1).max(DB_INT_MAX),
        z
          .string()
          .trim()
          .min(1)
          .max(200)
          // An id past the database's integers is no game's: looked up as a slug, it answers 404, not a database error.
          .transform((value) => (/^\d+$/.test(value) && Number(value) <= DB_INT_MAX ? Number(value) : value.toLowerCase())),
      ],
      { error: SUBMISSION_MESSAGES.mergeTargetRequired },
    ),
  })
  .meta({ examples: [{ game: 'super-mario-world' }, { game: 1204 }] });
export type SubmissionMergeInput = z.infer<typeof submissionMergeInputSchema>;

/* ---- Answers ---- */

const gameRef = z.object({ slug: z.string(), name: z.string() });

export const gameSubmissionSchema = named(
  'GameSubmission',
  z.object({
    id: z.number().int(),
    name: z.string(),
    year: z.number().int().nullable(),
    platforms: z.array(gameRef),
    url: z.string().nullable(),
    state: z.enum(SUBMISSION_STATES).describe('pending: only its submitter and moderators see the game; approved: a catalog game; rejected: stays its submitter’s own; merged: its entries moved to `mergedInto`'),
    reason: z.string().nullable().describe('The moderator’s reason, for a rejection'),
    createdAt: z.number().describe('Unix ms'),
    decidedAt: z.number().nullable().describe('Unix ms'),
    game: gameRef.nullable().describe('The submitted game (/games/{slug}); null once merged'),
    mergedInto: gameRef.nullable().describe('The catalog game it was merged into'),
  }),
  'A game a member added to the catalog, awaiting or after a moderator’s decision',
) satisfies z.ZodType<GameSubmission>;

export const adminSubmissionSchema = named(
  'AdminSubmission',
  gameSubmissionSchema.extend({
    user: userRefSchema.describe('Who submitted it'),
    decidedBy: z.object({ username: z.string() }).nullable().describe('The moderator who decided (null for a catalog sync’s merge)'),
    sameTitle: z.array(z.number().int()).describe('Other pending submissions of the same normalised title: approve one, merge the others into it'),
    viewerCan: z.object({ approve: z.boolean(), merge: z.boolean(), reject: z.boolean() }),
  }),
  'A submission as the dashboard lists it',
) satisfies z.ZodType<AdminSubmission>;

export const submissionConflictSchema = named(
  'SubmissionConflict',
  z.object({
    error: z.literal('already_in_catalog'),
    message: z.string(),
    statusCode: z.literal(409),
    game: gameRef.extend({ year: z.number().int().nullable() }).describe('The catalog game it is: link /games/{slug}'),
  }),
  'The catalog already has a game of that title (and year)',
) satisfies z.ZodType<SubmissionConflict>;

/** GET /api/games/{slug}/submission: the game page of a game not in the catalog (yet), for its submitter and moderators. */
export const submittedGameSchema = named(
  'SubmittedGame',
  gameSchema.extend({ submission: gameSubmissionSchema }),
  'The game page of a member’s submission, with its state',
);

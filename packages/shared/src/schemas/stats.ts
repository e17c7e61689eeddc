import { z } from 'zod';
import {
  STATS_DEFINITIONS as D,
  STATS_LIMITS,
  STATS_MESSAGES,
  type MemberStats,
  type MostPlayedGame,
  type PlatformBucket,
  type StatsBucket,
  type StatsGame,
  type YearInReview,
} from '../stats.js';
import { named, usernameParamSchema } from './common.js';

/** Response and request schemas of a member's stats and year in review; each checked against the type the web app reads. */

const year = z.coerce
  .number({ error: STATS_MESSAGES.year })
  .int(STATS_MESSAGES.year)
  .min(STATS_LIMITS.firstYear, STATS_MESSAGES.year)
  .max(STATS_LIMITS.lastYear, STATS_MESSAGES.year);

/** GET /api/users/{username}/stats?year= */
export const statsQuerySchema = z.object({
  year: year.optional().describe('Only this calendar year; left out: all time'),
});
export type StatsQuery = z.infer<typeof statsQuerySchema>;

/** /api/users/{username}/year/{year}… */
export const yearParamSchema = usernameParamSchema.extend({ year: year.describe('A calendar year, e.g. 2024') });

/** The card's ?v= is only there so link previews fetch a new picture when the year changes; any value is fine. */
export const yearCardQuerySchema = z.object({
  v: z.string().max(64).optional().describe('A version the page’s og:image carries so previews refresh; ignored'),
});

const count = (description: string) => z.number().int().min(0).describe(description);
const hours = (description: string) => z.number().min(0).describe(description);

export const statsGameSchema = named(
  'StatsGame',
  z.object({
    slug: z.string(),
    name: z.string(),
    cover: z.string().nullable().describe('IGDB cover image id, or null'),
    release_year: z.number().int().nullable(),
  }),
) satisfies z.ZodType<StatsGame>;

const bucketShape = {
  key: z.string().nullable().describe('The platform or genre slug, or the decade ("1990"); null for "not said" / "unknown"'),
  label: z.string().describe('What the page shows: "Super Nintendo Entertainment System", "Platform", "1990s", "Unknown"'),
  games: count('Games played counted in this bucket'),
};
export const statsBucketSchema = named('StatsBucket', z.object(bucketShape)) satisfies z.ZodType<StatsBucket>;
export const platformBucketSchema = named(
  'PlatformBucket',
  z.object({ ...bucketShape, sessions: count('Sessions logged on this platform'), hours: hours('Hours logged on this platform') }),
) satisfies z.ZodType<PlatformBucket>;

export const mostPlayedGameSchema = named(
  'MostPlayedGame',
  z.object({ game: statsGameSchema, hours: hours('Hours logged on it in the period'), sessions: count('Its diary entries in the period') }),
) satisfies z.ZodType<MostPlayedGame>;

const memberStatsShape = {
  username: z.string(),
  year: z.number().int().nullable().describe('The calendar year, or null for all time'),
  totals: z.object({
    played: count(D.played),
    beaten: count(D.beaten),
    abandoned: count(D.abandoned),
    playsFinished: count(D.plays),
    replaysFinished: count('Of the plays finished in the period, the replays (a game played again after its first play)'),
    sessions: count(D.sessions),
    hours: hours(D.hours),
    daysPlayed: count('Days with at least one diary entry in the period'),
    reviews: count(D.reviews),
  }),
  byPlatform: z.array(platformBucketSchema).describe(`${D.platforms} Most games first; past ${STATS_LIMITS.breakdown} the rest are one "Other" bucket (key "other")`),
  byGenre: z.array(statsBucketSchema).describe(`${D.genres} Most games first; at most ${STATS_LIMITS.breakdown}`),
  byDecade: z.array(statsBucketSchema).describe(`${D.decades} Oldest first, "Unknown" last`),
  ratings: z.array(z.number().int().min(0)).length(10).describe(`${D.ratings} ratings[0] counts the games rated 1, ratings[9] those rated 10`),
  mostPlayed: z.array(mostPlayedGameSchema).describe(`${D.mostPlayed} At most ${STATS_LIMITS.mostPlayed}`),
  longestStreak: z
    .object({ days: count('Consecutive days'), from: z.string().nullable().describe('YYYY-MM-DD'), to: z.string().nullable().describe('YYYY-MM-DD') })
    .describe(D.streak),
  timeline: z
    .array(z.object({ period: z.string().describe('"2024-03" (a month) or "2024" (a year)'), sessions: count('Sessions'), hours: hours('Hours') }))
    .describe('Month by month for a year (12 points), year by year for all time (from the first year with data)'),
  years: z.array(z.number().int()).describe(D.years),
};

export const memberStatsSchema = named(
  'MemberStats',
  z.object(memberStatsShape),
  `A member’s stats for a year or all time. ${D.period}`,
) satisfies z.ZodType<MemberStats>;

const datedGame = z.object({ game: statsGameSchema, playedOn: z.string().describe('YYYY-MM-DD') });
export const yearInReviewSchema = named(
  'YearInReview',
  z.object({
    stats: z.object({ ...memberStatsShape, year: z.number().int().describe('The calendar year') }),
    highlights: z.object({
      firstGame: datedGame.nullable().describe('The game of the year’s first diary entry'),
      lastGame: datedGame.nullable().describe('The game of the year’s last diary entry'),
      bestRated: z
        .object({ game: statsGameSchema, rating: z.number().int().min(1).max(10) })
        .nullable()
        .describe('The best rated game played that year (ties: more hours, then the name)'),
      mostPlayed: mostPlayedGameSchema.nullable().describe('The game with the most hours that year (then sessions)'),
    }),
  }),
  'A member’s year: the year’s stats (timeline month by month) and its highlights',
) satisfies z.ZodType<YearInReview>;

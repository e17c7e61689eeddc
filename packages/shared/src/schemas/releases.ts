import { z } from 'zod';
import type { CalendarFeed, ComingUp } from '../releases.js';
import { named } from './common.js';

const comingUpGameSchema = z.object({
  slug: z.string(),
  name: z.string(),
  cover: z.string().nullable().describe('IGDB image id of the cover, or null'),
  releaseDate: z.number().int().describe('Unix seconds (the day, UTC)'),
  wishlist: z.boolean().describe('true: on the wishlist (not owned yet); false: in the backlog'),
  platform: z.string().nullable().describe('The owner’s platform whose release date releaseDate is, when they named their platforms and it is known; null otherwise'),
  offPlatforms: z.boolean().describe('true: the owner named their platforms and the game is not known to come on any of them'),
});

export const comingUpSchema = named(
  'ComingUp',
  z.object({
    months: z.array(z.object({ month: z.string().describe('YYYY-MM'), games: z.array(comingUpGameSchema) })).describe('Oldest month first; games by release date'),
  }),
  'A member’s wanted games (wishlist and backlog) out in the last 30 days or later, grouped by month',
) satisfies z.ZodType<ComingUp>;

export const calendarFeedSchema = named(
  'CalendarFeed',
  z.object({
    url: z.string().nullable().describe('The private iCalendar address to subscribe to: only in the answer that made it (only its hash is kept); null otherwise'),
    createdAt: z.number().nullable().describe('When the feed was made (unix ms); null when there is none'),
  }),
  'Your private calendar feed of the release dates of your wishlist and backlog',
) satisfies z.ZodType<CalendarFeed>;

export const calendarTokenParamSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,64}\.ics$/, 'Not a calendar address').describe('The feed’s secret token, then .ics'),
});

import { z } from 'zod';
import { PAGING } from '../limits.js';

const slugOrAny = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(any|[a-z0-9-]{1,120})$/, 'must be a slug such as "snes", or "any"')
  .default('any');

/** "any", a year ("1991") or a range of years ("1990-1995"). */
const releaseDate = z
  .string()
  .trim()
  .default('any')
  .transform((value, ctx) => {
    if (value === 'any' || value === '') return undefined;
    const m = value.match(/^(\d{4})(?:-(\d{4}))?$/);
    const from = m ? Number(m[1]) : NaN;
    const to = m?.[2] ? Number(m[2]) : from;
    if (!m || from < 1950 || to > 2100 || from > to) {
      ctx.addIssue({ code: 'custom', message: 'releaseDate must be "any", a year like 1991 or a range like 1990-1995' });
      return z.NEVER;
    }
    return { from, to };
  });

const page = z.coerce.number({ error: 'page must be a whole number of 1 or more' }).int('page must be a whole number of 1 or more').min(1, 'page must be a whole number of 1 or more').max(10_000, 'page must be at most 10000').default(1);
const limit = z.coerce.number({ error: 'limit must be a whole number from 1 to 60' }).int('limit must be a whole number from 1 to 60').min(1, 'limit must be a whole number from 1 to 60').max(60, 'limit must be a whole number from 1 to 60').default(PAGING.gamesPerPage);

export const BROWSE_SORTS = ['popularity', 'rating', 'release', 'name'] as const;

/** GET /api/igdb/games (SPEC §7): every filter "any" by default. */
export const browseQuerySchema = z.object({
  limit,
  page,
  platform: slugOrAny,
  genre: slugOrAny,
  theme: slugOrAny,
  releaseDate,
  sort: z
    .string()
    .trim()
    .default('popularity')
    .transform((v) => (v === 'any' || v === '' ? 'popularity' : v === 'releaseDate' ? 'release' : v))
    .pipe(z.enum(BROWSE_SORTS, { error: 'sort must be one of popularity, rating, release, name' })),
});
export type BrowseQuery = z.infer<typeof browseQuerySchema>;

export const searchQuerySchema = z.object({
  q: z.string().trim().max(200, 'the search is too long (200 characters at most)').default(''),
  p: page,
  limit,
});

export const listQuerySchema = z.object({ limit: limit.default(PAGING.teaserSize), page });

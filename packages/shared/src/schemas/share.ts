import { z } from 'zod';
import { MEMBER_PLATFORMS_MAX, MEMBER_PLATFORMS_MESSAGES, SHARE_MESSAGES, SHARE_URL_MAX, type MemberPlatform } from '../share.js';
import { DB_INT_MAX, named } from './common.js';

/** GET /api/games/by-link?url=: a web address (http or https) of a game's page elsewhere. */
export const byLinkQuerySchema = z.object({
  url: z
    .string({ error: 'url is missing' })
    .trim()
    .min(1, 'url is missing')
    .max(SHARE_URL_MAX, `url must be at most ${SHARE_URL_MAX} characters`)
    .refine((value) => {
      try {
        return ['http:', 'https:'].includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, SHARE_MESSAGES.notAUrl)
    .describe('A Steam, GOG, IGDB, Wikidata or VGL address of a game’s page'),
});

export const memberPlatformSchema = z.object({ id: z.number().int(), slug: z.string(), name: z.string(), abbreviation: z.string().nullable() }) satisfies z.ZodType<MemberPlatform>;

export const memberPlatformsSchema = named(
  'MemberPlatforms',
  z.object({ platforms: z.array(memberPlatformSchema).describe('By name; empty: the member named none (release alerts tell of any platform)') }),
  'The platforms you own',
);

const platformIdMessage = `platformIds must be platform ids from 1 to ${DB_INT_MAX}`;
/** PUT /api/profile/platforms: the whole set (an empty list: none named). */
export const memberPlatformsInputSchema = z
  .object({
    platformIds: z
      .array(z.number({ error: platformIdMessage }).int(platformIdMessage).min(1, platformIdMessage).max(DB_INT_MAX, platformIdMessage), { error: 'platformIds must be a list of platform ids' })
      .max(MEMBER_PLATFORMS_MAX, MEMBER_PLATFORMS_MESSAGES.tooMany),
  })
  .strict()
  .meta({ examples: [{ platformIds: [6, 130] }] });

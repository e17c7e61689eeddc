import { z } from 'zod';
import { MEMBER_SORTS, PEOPLE_LIMITS, type KnownMember, type MemberCard } from '../people.js';
import { named } from './common.js';
import { usersPageQuerySchema } from './library.js';
import { userCardSchema } from './social.js';

/** GET /api/users: the members directory, or member search with `q`. */
export const membersQuerySchema = usersPageQuerySchema.extend({
  q: z
    .string()
    .trim()
    .max(PEOPLE_LIMITS.queryMax, `the search is too long (${PEOPLE_LIMITS.queryMax} characters at most)`)
    .default('')
    .describe('Part of a username, any case: those that start with it come first, then those that contain it')
    .meta({ examples: ['ann'] }),
  sort: z
    .enum(MEMBER_SORTS, { error: `sort must be ${MEMBER_SORTS.join(' or ')}` })
    .default('active')
    .describe('Without `q`: the most recently active members first, or the most followed'),
});
export type MembersQuery = z.infer<typeof membersQuerySchema>;

export const memberCardSchema = named(
  'MemberCard',
  userCardSchema.extend({ games: z.number().int().min(0).describe('Games in their library') }),
  'A member as search and the directory show them',
) satisfies z.ZodType<MemberCard>;

export const knownMemberSchema = named(
  'KnownMember',
  memberCardSchema.extend({ mutuals: z.number().int().min(1).describe('How many of the members you follow follow them') }),
  'A member followed by people you follow, whom you do not follow yet',
) satisfies z.ZodType<KnownMember>;

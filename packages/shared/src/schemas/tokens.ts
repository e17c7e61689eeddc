import { z } from 'zod';
import { TOKEN_LIMITS, TOKEN_MESSAGES, type AccessToken, type CreatedAccessToken } from '../tokens.js';
import { named } from './common.js';

export const tokenInputSchema = z
  .object({
    name: z
      .string({ error: TOKEN_MESSAGES.nameRequired })
      .trim()
      .min(1, TOKEN_MESSAGES.nameRequired)
      .max(TOKEN_LIMITS.nameMaxLength, TOKEN_MESSAGES.nameTooLong),
    scope: z.enum(['read', 'write'], { error: TOKEN_MESSAGES.scope }).describe('read: GET calls only; write: everything a member can do except managing the account and its tokens'),
  })
  .meta({ examples: [{ name: 'backup script', scope: 'read' }] });
export type TokenInput = z.infer<typeof tokenInputSchema>;

export const accessTokenSchema = named(
  'AccessToken',
  z.object({
    id: z.number().int(),
    name: z.string(),
    scope: z.enum(['read', 'write']),
    hint: z.string().describe('The first characters of the token'),
    createdAt: z.number().describe('Unix ms'),
    lastUsedAt: z.number().nullable().describe('Unix ms of the last use (to the minute), null if never used'),
  }),
) satisfies z.ZodType<AccessToken>;

export const createdAccessTokenSchema = named(
  'CreatedAccessToken',
  accessTokenSchema.extend({ token: z.string().describe('The token itself, shown this once: send it as `Authorization: Bearer <token>`') }),
) satisfies z.ZodType<CreatedAccessToken>;

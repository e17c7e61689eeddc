import { z } from 'zod';
import { containsForbiddenWord } from '../forbidden.js';
import { FIELD_LIMITS } from '../limits.js';
import { MESSAGES } from '../messages.js';
import { named } from './common.js';

const m = MESSAGES.validation;

// A bare address: one "@", a dot in the domain, and only the characters an address may have
// (no display name, quotes, brackets or commas: "zz<alice@example.com>" is not an address, and
// mail to it would reach alice). The mail we send is the real check.
const EMAIL_PATTERN = /^[\p{L}\p{N}.!#$%&'*+/=?^_`{|}~-]+@[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+$/u;
const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_]*$/;
const PASSWORD_PATTERN = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])\S+$/;

/*
 * Each field lists its rules in the order SPEC §8 reports them; a form shows
 * the first failing one (see firstFieldErrors).
 */
export const emailSchema = z
  .string({ error: m.email.required })
  .trim()
  .min(1, m.email.required)
  .min(FIELD_LIMITS.email.min, m.email.tooShort)
  .max(FIELD_LIMITS.email.max, m.email.tooLong)
  .regex(EMAIL_PATTERN, m.email.format);

export const usernameSchema = z
  .string({ error: m.username.required })
  .trim()
  .min(1, m.username.required)
  .min(FIELD_LIMITS.username.min, m.username.tooShort)
  .max(FIELD_LIMITS.username.max, m.username.tooLong)
  .regex(USERNAME_PATTERN, m.username.format)
  .refine((value) => !containsForbiddenWord(value), m.username.forbidden);

export const passwordSchema = z
  .string({ error: m.password.required })
  .min(1, m.password.required)
  .min(FIELD_LIMITS.password.min, m.password.tooShort)
  .max(FIELD_LIMITS.password.max, m.password.tooLong)
  .regex(PASSWORD_PATTERN, m.password.format);

const repeatSchema = z.string({ error: m.password2.required }).min(1, m.password2.required);

export const registerSchema = z
  .object({
    email: emailSchema,
    username: usernameSchema,
    password: passwordSchema,
    password2: repeatSchema,
    // Only read when the instance signs up by invite (REGISTRATION=invite); an unusable code is a 400 on this field.
    invite: z.string({ error: 'invite must be text' }).trim().max(64, 'This invite code is not valid.').optional().describe('The invite code, when the instance signs up by invite'),
  })
  .refine((v) => v.password2 === v.password, { path: ['password2'], message: m.password2.mismatch })
  .meta({ examples: [{ email: 'alice@example.com', username: 'alice_99', password: 'Secret123', password2: 'Secret123' }] });
export type RegisterPayload = z.infer<typeof registerSchema>;

export const newPasswordSchema = z
  .object({ token: z.string().min(1).describe('The token of the password reset link'), password: passwordSchema, password2: repeatSchema })
  .refine((v) => v.password2 === v.password, { path: ['password2'], message: m.password2.mismatch });

export const loginSchema = z
  .object({
    identifier: z.string({ error: m.login.identifierRequired }).trim().min(1, m.login.identifierRequired).describe('Email or username (any case)'),
    password: z.string({ error: m.login.passwordRequired }).min(1, m.login.passwordRequired),
  })
  .meta({ examples: [{ identifier: 'alice_99', password: 'Secret123' }] });

export const tokenSchema = z.object({ token: z.string().min(10).max(200).describe('The token of the link the mail carried') });
// Any string, of any length, is read as a token: a malformed one is a 401 like any other bad token
// (DESIGN "API conventions"); the body limit bounds it, and the service refuses an over-long one unread.
export const refreshSchema = z.object({
  authToken: z.string({ error: 'authToken must be the session token to refresh' }).describe('A session token that is still valid'),
});
export const resetRequestSchema = z.object({ email: emailSchema });
export const usernameChangeSchema = z.object({ username: usernameSchema });

/** POST /api/auth/password: the new password follows the registration rules and messages (SPEC §5, §8). */
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string({ error: m.password.required }).min(1, m.password.required),
    password: passwordSchema,
    password2: z.string({ error: m.password2.required }).min(1, m.password2.required),
  })
  .refine((v) => v.password2 === v.password, { path: ['password2'], message: m.password2.mismatch });

/** POST /api/auth/email: the new address, confirmed with the password. */
export const emailChangeSchema = z.object({ email: emailSchema, password: z.string({ error: m.password.required }).min(1, m.password.required) });

/*
 * POST /api/auth/isemailfree and /isusernamefree answer a bare boolean
 * (SPEC), and a body they cannot read is simply "not free" (false), never a
 * 400: these schemas never fail, a field that is missing or not a short
 * string comes out undefined.
 */
export const emailProbeSchema = z
  .object({ email: z.string().max(320).optional().catch(undefined) })
  .catch({})
  .describe('Anything else than a string of at most 320 characters answers false');
export const usernameProbeSchema = z
  .object({ username: z.string().max(100).optional().catch(undefined) })
  .catch({})
  .describe('Anything else than a string of at most 100 characters answers false');

/** Answers of the auth calls. */
export const sessionTokenSchema = named(
  'SessionToken',
  z.object({ token: z.string().describe('A session token (JWT, 30 days): send it as `Authorization: Bearer <token>`') }),
);
export const loginAnswerSchema = named(
  'LoginAnswer',
  sessionTokenSchema.extend({ message: z.string().describe('"Login successful"') }),
);

/** The first message of each failing field, e.g. { email: "Enter your email" }. */
export function firstFieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** POST /api/auth/logout: end this session, or (everywhere) every session of the account. */
export const logoutSchema = z
  .object({ everywhere: z.boolean({ error: 'everywhere must be true or false' }).default(false).describe('Also end every other session of the account') })
  .meta({ examples: [{ everywhere: false }] });

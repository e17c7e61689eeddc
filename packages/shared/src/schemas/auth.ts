import { z } from 'zod';
import { containsForbiddenWord } from '../forbidden.js';
import { FIELD_LIMITS } from '../limits.js';
import { MESSAGES } from '../messages.js';

const m = MESSAGES.validation;

// Deliberately simple: one "@", no spaces, a dot in the domain. The mail we send is the real check.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
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
  .object({ email: emailSchema, username: usernameSchema, password: passwordSchema, password2: repeatSchema })
  .refine((v) => v.password2 === v.password, { path: ['password2'], message: m.password2.mismatch });
export type RegisterPayload = z.infer<typeof registerSchema>;

export const newPasswordSchema = z
  .object({ token: z.string().min(1), password: passwordSchema, password2: repeatSchema })
  .refine((v) => v.password2 === v.password, { path: ['password2'], message: m.password2.mismatch });

export const loginSchema = z.object({
  identifier: z.string({ error: m.login.identifierRequired }).trim().min(1, m.login.identifierRequired),
  password: z.string({ error: m.login.passwordRequired }).min(1, m.login.passwordRequired),
});

export const tokenSchema = z.object({ token: z.string().min(10).max(200) });
export const refreshSchema = z.object({ authToken: z.string().min(10).max(4000) });
export const resetRequestSchema = z.object({ email: emailSchema });
export const usernameChangeSchema = z.object({ username: usernameSchema });

/** The first message of each failing field, e.g. { email: "Enter your email" }. */
export function firstFieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    errors[field] ??= issue.message;
  }
  return errors;
}

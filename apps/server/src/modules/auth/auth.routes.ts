import { ACCOUNT_MESSAGES, MESSAGES } from '@vgl/shared';
import {
  emailSchema,
  loginSchema,
  newPasswordSchema,
  passwordSchema,
  refreshSchema,
  registerSchema,
  resetRequestSchema,
  tokenSchema,
  usernameChangeSchema,
  firstFieldErrors,
} from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../http/errors.js';
import { actorOf, requireUser } from './auth.guard.js';
import type { AuthService } from './auth.service.js';

const message = z.object({ message: z.string() });
const tokenAnswer = z.object({ token: z.string() });
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

const passwordMessages = MESSAGES.validation;
/** POST /api/auth/password: the new password follows the registration rules and messages (SPEC §5, §8). */
const passwordChangeSchema = z
  .object({
    currentPassword: z.string({ error: passwordMessages.password.required }).min(1, passwordMessages.password.required),
    password: passwordSchema,
    password2: z.string({ error: passwordMessages.password2.required }).min(1, passwordMessages.password2.required),
  })
  .refine((v) => v.password2 === v.password, { path: ['password2'], message: passwordMessages.password2.mismatch });

/**
 * Bodies are parsed with the shared schemas inside the handler (not as route
 * schemas) so a 400 carries exactly the first SPEC message of each field.
 */
function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) {
    const errors = firstFieldErrors(result.error);
    throw badRequest(Object.values(errors)[0] ?? 'The request is not valid.', errors);
  }
  return result.data;
}

export const authRoutes =
  (auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['auth'];

    app.post('/api/auth/isemailfree', { config: perMinute(60), schema: { tags, response: { 200: z.boolean() } } }, async (req) => {
      const email = z.object({ email: z.string().max(320) }).safeParse(req.body);
      if (!email.success) return false;
      return auth.isEmailFree(email.data.email);
    });

    app.post('/api/auth/isusernamefree', { config: perMinute(60), schema: { tags, response: { 200: z.boolean() } } }, async (req) => {
      const username = z.object({ username: z.string().max(100) }).safeParse(req.body);
      if (!username.success) return false;
      return auth.isUsernameFree(username.data.username);
    });

    app.post('/api/auth/register', { config: perMinute(10), schema: { tags, response: { 201: message } } }, async (req, reply) => {
      await auth.register(parse(registerSchema, req.body));
      return reply.status(201).send({ message: ACCOUNT_MESSAGES.registered });
    });

    app.post(
      '/api/auth/login',
      { config: perMinute(20), schema: { tags, response: { 200: tokenAnswer.extend({ message: z.string() }), 201: message } } },
      async (req, reply) => {
        const { identifier, password } = parse(loginSchema, req.body);
        const outcome = await auth.login(identifier, password);
        if (outcome.kind === 'activationSent') return reply.status(201).send({ message: MESSAGES.login.activationSent });
        return reply.status(200).send({ token: outcome.token, message: MESSAGES.login.successful });
      },
    );

    app.post('/api/auth/refresh', { config: perMinute(30), schema: { tags, response: { 200: tokenAnswer } } }, async (req) => {
      return { token: await auth.refresh(parse(refreshSchema, req.body).authToken) };
    });

    app.post('/api/auth/activation', { config: perMinute(20), schema: { tags, response: { 200: message } } }, async (req) => {
      await auth.activate(parse(tokenSchema, req.body).token);
      return { message: ACCOUNT_MESSAGES.activated };
    });

    app.post('/api/auth/activation/resend', { config: perMinute(5), schema: { tags, response: { 200: message } } }, async (req) => {
      await auth.resendActivation(parse(resetRequestSchema, req.body).email);
      return { message: ACCOUNT_MESSAGES.activationResent };
    });

    app.post('/api/auth/password/reset', { config: perMinute(5), schema: { tags, response: { 200: message } } }, async (req) => {
      await auth.requestPasswordReset(parse(resetRequestSchema, req.body).email);
      return { message: ACCOUNT_MESSAGES.resetSent };
    });

    app.post('/api/auth/password/new', { config: perMinute(10), schema: { tags, response: { 200: message } } }, async (req) => {
      const { token, password } = parse(newPasswordSchema, req.body);
      await auth.resetPassword(token, password);
      return { message: ACCOUNT_MESSAGES.passwordChanged };
    });

    app.post('/api/auth/verification', { config: perMinute(20), schema: { tags, response: { 200: message } } }, async (req) => {
      await auth.verifyEmailChange(parse(tokenSchema, req.body).token);
      return { message: ACCOUNT_MESSAGES.emailVerified };
    });

    app.post(
      '/api/auth/username',
      { config: perMinute(10), preHandler: requireUser(auth), schema: { tags, response: { 200: tokenAnswer } } },
      async (req) => {
        const { username } = parse(usernameChangeSchema, req.body);
        return { token: await auth.changeUsername(actorOf(req), username) };
      },
    );

    // Every other session's token stops working; this one carries on with the token answered.
    app.post(
      '/api/auth/password',
      { config: perMinute(10), preHandler: requireUser(auth), schema: { tags, response: { 200: tokenAnswer } } },
      async (req) => {
        const { currentPassword, password } = parse(passwordChangeSchema, req.body);
        return { token: await auth.changePassword(actorOf(req), currentPassword, password) };
      },
    );

    app.post(
      '/api/auth/email',
      { config: perMinute(5), preHandler: requireUser(auth), schema: { tags, response: { 200: message } } },
      async (req) => {
        const { email, password } = parse(z.object({ email: emailSchema, password: z.string().min(1, MESSAGES.validation.password.required) }), req.body);
        await auth.requestEmailChange(actorOf(req), email, password);
        return { message: ACCOUNT_MESSAGES.emailChangeSent };
      },
    );

  };

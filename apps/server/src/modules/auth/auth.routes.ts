import { ACCOUNT_MESSAGES, MESSAGES, REGISTRATION_MESSAGES } from '@vgl/shared';
import {
  emailChangeSchema,
  emailProbeSchema,
  loginAnswerSchema,
  loginSchema,
  logoutSchema,
  messageSchema,
  noContentSchema,
  newPasswordSchema,
  passwordChangeSchema,
  refreshSchema,
  registerSchema,
  resetRequestSchema,
  sessionTokenSchema,
  tokenSchema,
  usernameChangeSchema,
  usernameProbeSchema,
} from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../http/route-conventions.js';
import { actorOf, bearerToken } from './auth.guard.js';
import type { AuthService } from './auth.service.js';

const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
const isFree = z.boolean().describe('true when no account uses it; false when one does or the body could not be read');
const invalidLink = 'Bad input, or a link that is not valid (used, expired or unknown): `error` is "invalid_token"';

/** Sign-up, activation, log-in, tokens, password resets and account changes (SPEC §4, §5). */
export const authRoutes =
  (auth: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['auth'];

    // The body schemas of the two availability checks never fail: an unreadable body answers false, as the SPEC wants.
    app.post(
      '/api/auth/isemailfree',
      {
        config: perMinute(60),
        schema: {
          operationId: 'isEmailFree',
          summary: 'Whether an e-mail address is free to register',
          description: 'Answers a bare boolean (any case counts as the same address). A body that is not `{ email: string }` answers false.',
          tags,
          body: emailProbeSchema,
          response: { 200: isFree },
        },
      },
      async (req) => (req.body.email === undefined ? false : auth.isEmailFree(req.body.email)),
    );

    app.post(
      '/api/auth/isusernamefree',
      {
        config: perMinute(60),
        schema: {
          operationId: 'isUsernameFree',
          summary: 'Whether a username is free to register',
          description: 'Answers a bare boolean (any case counts as the same name). A body that is not `{ username: string }` answers false.',
          tags,
          body: usernameProbeSchema,
          response: { 200: isFree },
        },
      },
      async (req) => (req.body.username === undefined ? false : auth.isUsernameFree(req.body.username)),
    );

    app.post(
      '/api/auth/register',
      {
        config: perMinute(10),
        schema: {
          operationId: 'register',
          summary: 'Create an account',
          description:
            'The account stays pending until the link of the activation mail is opened. A taken e-mail or username is a 400 on that field. ' +
            'Who may join depends on the instance (GET /api/registration): with `approval` the account waits for a moderator, who mails the activation link; ' +
            'with `invite` an unusable `invite` code is a 400 on that field; with `closed` every sign-up is a 403.',
          tags,
          body: registerSchema,
          response: {
            201: messageSchema.describe('Created; the activation mail is on its way, or (approval) the account waits for a moderator'),
            403: errorResponse(403, `Registration is closed on this instance: "${REGISTRATION_MESSAGES.closed}"`),
          },
        },
      },
      async (req, reply) => {
        const outcome = await auth.register(req.body);
        return reply.status(201).send({ message: outcome === 'awaitingApproval' ? REGISTRATION_MESSAGES.requested : ACCOUNT_MESSAGES.registered });
      },
    );

    app.post(
      '/api/auth/login',
      {
        config: perMinute(20),
        schema: {
          operationId: 'login',
          summary: 'Sign in with e-mail or username and password',
          description:
            'An active account gets a session token (200). A pending account gets no token: the activation mail is sent again (201). ' +
            'After 10 failed attempts on one account in 15 minutes, it answers 429 for a while.',
          tags,
          body: loginSchema,
          response: {
            200: loginAnswerSchema,
            201: messageSchema.describe('The account is not activated yet: the activation mail was sent again'),
            401: errorResponse(401, 'Wrong e-mail/username or password'),
            403: errorResponse(403, `The account waits for a moderator's approval: "${REGISTRATION_MESSAGES.waiting}"`),
          },
        },
      },
      async (req, reply) => {
        const outcome = await auth.login(req.body.identifier, req.body.password, req.ip);
        if (outcome.kind === 'activationSent') return reply.status(201).send({ message: MESSAGES.login.activationSent });
        return reply.status(200).send({ token: outcome.token, message: MESSAGES.login.successful });
      },
    );

    app.post(
      '/api/auth/refresh',
      {
        config: perMinute(30),
        schema: {
          operationId: 'refreshToken',
          summary: 'Exchange a valid session token for a fresh one',
          description: 'The fresh token carries the account as it is now (e.g. a suspension). Works for suspended accounts.',
          tags,
          body: refreshSchema,
          response: { 200: sessionTokenSchema, 401: errorResponse(401, 'The token is expired, revoked or not valid: sign in again') },
        },
      },
      async (req) => ({ token: await auth.refresh(req.body.authToken) }),
    );

    app.post(
      '/api/auth/logout',
      {
        config: { access: 'user', sessionOnly: true },
        schema: {
          operationId: 'logout',
          summary: 'End this session, or every session',
          description:
            'The token sent stops working at once. With `everywhere: true` every session token of the account stops working ' +
            '(other browsers and devices too); personal access tokens are not affected (revoke them in Settings → API).',
          tags,
          body: logoutSchema,
          response: { 204: noContentSchema },
        },
      },
      async (req, reply) => {
        await auth.logout(actorOf(req), bearerToken(req) ?? '', req.body.everywhere);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/api/auth/activation',
      {
        config: perMinute(20),
        schema: {
          operationId: 'activateAccount',
          summary: 'Activate an account with the token of its activation mail',
          tags,
          body: tokenSchema,
          response: { 200: messageSchema, 400: errorResponse(400, invalidLink) },
        },
      },
      async (req) => {
        await auth.activate(req.body.token);
        return { message: ACCOUNT_MESSAGES.activated };
      },
    );

    app.post(
      '/api/auth/activation/resend',
      {
        config: perMinute(5),
        schema: {
          operationId: 'resendActivation',
          summary: 'Send the activation mail again',
          description: 'Answers the same whether or not a pending account has that address; at most 5 account mails per address an hour.',
          tags,
          body: resetRequestSchema,
          response: { 200: messageSchema },
        },
      },
      async (req) => {
        await auth.resendActivation(req.body.email);
        return { message: ACCOUNT_MESSAGES.activationResent };
      },
    );

    app.post(
      '/api/auth/password/reset',
      {
        config: perMinute(5),
        schema: {
          operationId: 'requestPasswordReset',
          summary: 'Mail a password reset link',
          description: 'Answers the same whether or not an account has that address; at most 5 account mails per address an hour.',
          tags,
          body: resetRequestSchema,
          response: { 200: messageSchema },
        },
      },
      async (req) => {
        await auth.requestPasswordReset(req.body.email);
        return { message: ACCOUNT_MESSAGES.resetSent };
      },
    );

    app.post(
      '/api/auth/password/new',
      {
        config: perMinute(10),
        schema: {
          operationId: 'resetPassword',
          summary: 'Set a new password with the token of a reset mail',
          description: 'Every session of the account is signed out.',
          tags,
          body: newPasswordSchema,
          response: { 200: messageSchema, 400: errorResponse(400, invalidLink) },
        },
      },
      async (req) => {
        await auth.resetPassword(req.body.token, req.body.password);
        return { message: ACCOUNT_MESSAGES.passwordChanged };
      },
    );

    app.post(
      '/api/auth/verification',
      {
        config: perMinute(20),
        schema: {
          operationId: 'verifyEmailChange',
          summary: 'Confirm a new e-mail address with the token of its verification mail',
          tags,
          body: tokenSchema,
          response: { 200: messageSchema, 400: errorResponse(400, invalidLink) },
        },
      },
      async (req) => {
        await auth.verifyEmailChange(req.body.token);
        return { message: ACCOUNT_MESSAGES.emailVerified };
      },
    );

    app.post(
      '/api/auth/username',
      {
        config: { access: 'user', sessionOnly: true, ...perMinute(10) },
        schema: {
          operationId: 'changeUsername',
          summary: 'Change your username',
          description:
            'Answers a fresh session token that carries the new name. The former name keeps leading here (`/u/{former}` and the reads of `/api/users/{former}/…` answer 301 to the new name) until someone else takes it.',
          tags,
          body: usernameChangeSchema,
          response: { 200: sessionTokenSchema },
        },
      },
      async (req) => ({ token: await auth.changeUsername(actorOf(req), req.body.username) }),
    );

    app.post(
      '/api/auth/password',
      {
        config: { access: 'user', sessionOnly: true, ...perMinute(10) },
        schema: {
          operationId: 'changePassword',
          summary: 'Change your password',
          description: 'Every other session’s token stops working; this one carries on with the token answered.',
          tags,
          body: passwordChangeSchema,
          response: { 200: sessionTokenSchema },
        },
      },
      async (req) => ({ token: await auth.changePassword(actorOf(req), req.body.currentPassword, req.body.password) }),
    );

    app.post(
      '/api/auth/email',
      {
        config: { access: 'user', sessionOnly: true, ...perMinute(5) },
        schema: {
          operationId: 'requestEmailChange',
          summary: 'Change your e-mail address',
          description: 'Mails a verification link to the new address; the change takes effect when it is opened (POST /api/auth/verification).',
          tags,
          body: emailChangeSchema,
          response: { 200: messageSchema },
        },
      },
      async (req) => {
        await auth.requestEmailChange(actorOf(req), req.body.email, req.body.password);
        return { message: ACCOUNT_MESSAGES.emailChangeSent };
      },
    );
  };

import { notificationSettingsInputSchema, notificationSettingsSchema, unsubscribeAnswerSchema, unsubscribeBodySchema, unsubscribeQuerySchema } from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../auth/auth.guard.js';
import type { NotificationSettingsService } from './notification-settings.service.js';

const FORM = 'application/x-www-form-urlencoded';

/**
 * Settings → Notifications (signed in), and the unsubscribe links of
 * notification e-mail (no login: the signed token is the proof). GET reads,
 * POST changes: mail scanners follow links, and only a person's click (or a
 * mail app's RFC 8058 one-click POST) may stop e-mail.
 */
export const notificationSettingsRoutes =
  (settings: NotificationSettingsService): FastifyPluginAsyncZod =>
  async (app) => {
    // RFC 8058's one-click POST is a form body; only this plugin's routes take one.
    app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    const tags = ['notifications'];

    app.get(
      '/api/settings/notifications',
      { config: { access: 'user' }, schema: { operationId: 'getNotificationSettings', summary: 'Which notifications reach you, in the app and by e-mail', tags, response: { 200: notificationSettingsSchema } } },
      async (req) => settings.get(actorOf(req)),
    );

    app.put(
      '/api/settings/notifications',
      {
        config: { access: 'user' },
        schema: {
          operationId: 'updateNotificationSettings',
          summary: 'Change which notifications reach you',
          description: 'Groups and channels left out stay as they are. Answers the settings after the change.',
          tags,
          body: notificationSettingsInputSchema,
          response: { 200: notificationSettingsSchema },
        },
      },
      async (req) => settings.update(actorOf(req), req.body),
    );

    const limited = { rateLimit: { max: 30, timeWindow: '1 minute' } };

    app.get(
      '/api/unsubscribe',
      {
        config: limited,
        schema: {
          operationId: 'peekUnsubscribe',
          summary: 'What an unsubscribe link would stop',
          description: 'Changes nothing: the confirmation page asks it before showing its button.',
          tags,
          querystring: unsubscribeQuerySchema,
          response: { 200: unsubscribeAnswerSchema },
        },
      },
      async (req) => settings.peek(req.query.token),
    );

    app.post(
      '/api/unsubscribe',
      {
        config: limited,
        schema: {
          operationId: 'unsubscribe',
          summary: 'Stop the e-mails an unsubscribe link names (RFC 8058 one-click)',
          description: 'No login: the token is signed. Takes the form body `List-Unsubscribe=One-Click` (a mail app’s one-click) or no body (the confirmation page).',
          tags,
          querystring: unsubscribeQuerySchema,
          body: unsubscribeBodySchema,
          response: { 200: unsubscribeAnswerSchema },
        },
      },
      async (req) => settings.unsubscribe(req.query.token),
    );
  };

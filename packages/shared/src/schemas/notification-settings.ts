import { z } from 'zod';
import { EMAIL_FREQUENCIES, NOTIFICATION_GROUP_LABELS, NOTIFICATION_GROUPS, type NotificationGroup } from '../notification-settings.js';
import { named } from './common.js';

const channels = z.object({
  inApp: z.boolean().describe('Shown on /notifications'),
  email: z.boolean().describe('Sent by e-mail, as often as emailFrequency says'),
  push: z.boolean().describe('Sent as a push notification to each device you turned push on for'),
});

const groupsShape = Object.fromEntries(NOTIFICATION_GROUPS.map((g) => [g, channels.describe(NOTIFICATION_GROUP_LABELS[g])])) as Record<NotificationGroup, typeof channels>;

export const notificationSettingsSchema = named(
  'NotificationSettings',
  z.object({
    groups: z.object(groupsShape),
    emailFrequency: z.enum(EMAIL_FREQUENCIES).describe('immediately: one e-mail per notification; daily: one digest a day; never: no e-mail at all'),
  }),
  'Which notifications reach you, in the app, by e-mail and by push',
);

const partialGroupsShape = Object.fromEntries(
  NOTIFICATION_GROUPS.map((g) => [
    g,
    z
      .object({
        inApp: z.boolean({ error: `${g}.inApp must be true or false` }).optional(),
        email: z.boolean({ error: `${g}.email must be true or false` }).optional(),
        push: z.boolean({ error: `${g}.push must be true or false` }).optional(),
      }, { error: `${g} must be an object of inApp, email and push` })
      .strict()
      .optional(),
  ]),
) as Record<NotificationGroup, z.ZodOptional<z.ZodObject<{ inApp: z.ZodOptional<z.ZodBoolean>; email: z.ZodOptional<z.ZodBoolean>; push: z.ZodOptional<z.ZodBoolean> }>>>;

/** PUT /api/settings/notifications: what changes; what is left out stays as it is. */
export const notificationSettingsInputSchema = z
  .object({
    groups: z.object(partialGroupsShape, { error: 'groups must be an object' }).strict().optional(),
    emailFrequency: z.enum(EMAIL_FREQUENCIES, { error: `emailFrequency must be one of ${EMAIL_FREQUENCIES.join(', ')}` }).optional(),
  })
  .meta({ examples: [{ groups: { likes: { email: true } }, emailFrequency: 'daily' }] });

/** ?token= of an unsubscribe link (List-Unsubscribe, the mail's footer). */
export const unsubscribeQuerySchema = z.object({
  token: z.string({ error: 'token is missing' }).min(1, 'token is missing').max(300, 'token is not valid').describe('From the e-mail’s unsubscribe link'),
});

/** RFC 8058's one-click body (List-Unsubscribe=One-Click), or nothing (the confirmation page's button). */
export const unsubscribeBodySchema = z
  .object({ 'List-Unsubscribe': z.literal('One-Click', { error: 'List-Unsubscribe must be One-Click' }).optional() })
  .optional();

export const unsubscribeAnswerSchema = named(
  'Unsubscribe',
  z.object({
    group: z.enum([...NOTIFICATION_GROUPS, 'all']).describe('The group whose e-mails the link stops; all: every notification e-mail (a digest’s link)'),
    label: z.string().describe('What the e-mails are about, as the settings page names it'),
    email: z.boolean().describe('Whether these e-mails are still sent (false once unsubscribed)'),
    message: z.string().optional(),
  }),
);

export type NotificationSettingsInput = z.infer<typeof notificationSettingsInputSchema>;

import { DEFAULT_NOTIFICATION_SETTINGS, NOTIFICATION_GROUP_LABELS, NOTIFICATION_GROUPS, NOTIFICATION_SETTINGS_MESSAGES, type NotificationSettings } from '@vgl/shared';
import type { NotificationSettingsInput } from '@vgl/shared/schemas';
import type { Db } from '../../db/database.js';
import { badRequest } from '../../http/errors.js';
import { usersRepo, type UserRow } from '../users/users.repo.js';
import { notificationSettingsRepo } from './notification-settings.repo.js';
import { unsubscribeTokens, type UnsubscribeScope } from './unsubscribe.token.js';

const labelOf = (scope: UnsubscribeScope) => (scope === 'all' ? 'Notifications' : NOTIFICATION_GROUP_LABELS[scope]);

/** Settings → Notifications, and the unsubscribe links of notification e-mail. */
export function createNotificationSettingsService(db: Db, secret: string, now: () => number = Date.now) {
  const k = db.kysely;
  const tokens = unsubscribeTokens(secret);
  const invalid = () => badRequest(NOTIFICATION_SETTINGS_MESSAGES.invalidUnsubscribe, { token: NOTIFICATION_SETTINGS_MESSAGES.invalidUnsubscribe });

  /** The member a token names, while their account exists. */
  async function targetOf(token: string) {
    const target = tokens.verify(token);
    const user = target && (await usersRepo.findById(k, target.userId));
    if (!target || !user) throw invalid();
    return target;
  }

  const emailOn = (settings: NotificationSettings, scope: UnsubscribeScope) =>
    settings.emailFrequency !== 'never' && (scope === 'all' || settings.groups[scope].email);

  return {
    get: (user: UserRow) => notificationSettingsRepo.of(k, user.id),

    async update(user: UserRow, input: NotificationSettingsInput): Promise<NotificationSettings> {
      await k.transaction().execute(async (trx) => {
        const current = await notificationSettingsRepo.of(trx, user.id);
        for (const group of NOTIFICATION_GROUPS) {
          const change = input.groups?.[group];
          if (change) await notificationSettingsRepo.setGroup(trx, user.id, group, { ...current.groups[group], ...change });
        }
        if (input.emailFrequency) await notificationSettingsRepo.setFrequency(trx, user.id, input.emailFrequency, now());
      });
      return notificationSettingsRepo.of(k, user.id);
    },

    /** What a link would stop, changing nothing (the confirmation page). */
    async peek(token: string) {
      const { userId, scope } = await targetOf(token);
      return { group: scope, label: labelOf(scope), email: emailOn(await notificationSettingsRepo.of(k, userId), scope) };
    },

    /** Stops the e-mails a link names: one group's, or (a digest's link) all of them. Doing it twice changes nothing. */
    async unsubscribe(token: string) {
      const { userId, scope } = await targetOf(token);
      if (scope === 'all') await notificationSettingsRepo.setFrequency(k, userId, 'never', now());
      else await notificationSettingsRepo.emailOff(k, userId, scope, DEFAULT_NOTIFICATION_SETTINGS.groups[scope]);
      const label = labelOf(scope);
      return { group: scope, label, email: false, message: NOTIFICATION_SETTINGS_MESSAGES.unsubscribed(label) };
    },
  };
}

export type NotificationSettingsService = ReturnType<typeof createNotificationSettingsService>;

import { DEFAULT_NOTIFICATION_SETTINGS, NOTIFICATION_GROUPS, type EmailFrequency, type NotificationChannels, type NotificationGroup, type NotificationSettings } from '@vgl/shared';
import { prepared, preparedFirst } from '../../db/prepared.js';
import type { Conn } from '../library/library.repo.js';

// Read for every notification a like, comment or follow makes: prepared once per database (db/prepared.ts).
const frequencyOf = preparedFirst((db, v: { userId: number }) => db.selectFrom('notification_settings').select('email_frequency').where('user_id', '=', v.userId));
const channelsOf = prepared((db, v: { userId: number }) => db.selectFrom('notification_channels').select(['grp', 'in_app', 'email', 'push']).where('user_id', '=', v.userId));

/** A member's notification settings: the defaults, with what they changed on top. */
export const notificationSettingsRepo = {
  async of(db: Conn, userId: number): Promise<NotificationSettings> {
    const [row, channels] = await Promise.all([frequencyOf(db, { userId }), channelsOf(db, { userId })]);
    const groups = { ...DEFAULT_NOTIFICATION_SETTINGS.groups };
    for (const c of channels) if ((NOTIFICATION_GROUPS as readonly string[]).includes(c.grp)) groups[c.grp] = { inApp: c.in_app === 1, email: c.email === 1, push: c.push === 1 };
    return { groups, emailFrequency: row?.email_frequency ?? DEFAULT_NOTIFICATION_SETTINGS.emailFrequency };
  },

  /** One group's channels, as one upsert: an unsubscribe link and the settings page may write at once. */
  setGroup: (db: Conn, userId: number, group: NotificationGroup, channels: NotificationChannels) =>
    db
      .insertInto('notification_channels')
      .values({ user_id: userId, grp: group, in_app: channels.inApp ? 1 : 0, email: channels.email ? 1 : 0, push: channels.push ? 1 : 0 })
      .onConflict((oc) => oc.columns(['user_id', 'grp']).doUpdateSet({ in_app: channels.inApp ? 1 : 0, email: channels.email ? 1 : 0, push: channels.push ? 1 : 0 }))
      .execute(),

  /** Turns one group's e-mail off, leaving its in-app and push channels as they are. */
  emailOff: (db: Conn, userId: number, group: NotificationGroup, defaults: NotificationChannels) =>
    db
      .insertInto('notification_channels')
      .values({ user_id: userId, grp: group, in_app: defaults.inApp ? 1 : 0, email: 0, push: defaults.push ? 1 : 0 })
      .onConflict((oc) => oc.columns(['user_id', 'grp']).doUpdateSet({ email: 0 }))
      .execute(),

  setFrequency: (db: Conn, userId: number, frequency: EmailFrequency, at: number) =>
    db
      .insertInto('notification_settings')
      .values({ user_id: userId, email_frequency: frequency, last_digest_at: null, updated_at: at })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ email_frequency: frequency, updated_at: at }))
      .execute(),

  /**
   * Claims today's digest for a member: true for one caller only, however
   * many workers run the daily job at once (a conditional write, decided by
   * the database). A member without a row gets one first.
   */
  async claimDigest(db: Conn, userId: number, at: number, dayStart: number): Promise<boolean> {
    await db
      .insertInto('notification_settings')
      .values({ user_id: userId, email_frequency: DEFAULT_NOTIFICATION_SETTINGS.emailFrequency, last_digest_at: null, updated_at: at })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    const result = await db
      .updateTable('notification_settings')
      .set({ last_digest_at: at })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('last_digest_at', 'is', null), eb('last_digest_at', '<', dayStart)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },
};

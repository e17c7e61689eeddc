import {
  EMAIL_FREQUENCIES,
  EMAIL_FREQUENCY_LABELS,
  NOTIFICATION_GROUP_LABELS,
  NOTIFICATION_GROUPS,
  NOTIFICATION_SETTINGS_MESSAGES,
  type EmailFrequency,
  type NotificationGroup,
} from '@vgl/shared';
import { useId, useState } from 'react';
import { useParams } from 'react-router';
import { FormSection } from '../../components/form/FormSection';
import { usePageMeta } from '../../lib/pageMeta';
import { useAuth } from '../../stores/auth';
import { ForbiddenPage } from '../errors/ForbiddenPage';
import { CalendarFeedSection } from '../releases/CalendarFeedSection';
import { PlatformsSection } from '../releases/PlatformsSection';
import styles from './NotificationSettingsPage.module.css';
import { useNotificationSettings, useSaveNotificationSettings } from './notificationSettingsApi';
import { toastFailure } from './toastFailure';
import { PushSection } from './PushSection';

type Channel = 'inApp' | 'email' | 'push';

const CHANNEL_NAMES: Record<Channel, string> = { inApp: 'in the app', email: 'by e-mail', push: 'by push' };

function NotificationSettingsForm() {
  usePageMeta({ title: 'Notification settings' });
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const [saved, setSaved] = useState('');
  const frequencyId = useId();

  const change = (input: Parameters<typeof save.mutate>[0]) => {
    setSaved('');
    save.mutate(input, { onSuccess: () => setSaved(NOTIFICATION_SETTINGS_MESSAGES.saved), onError: (error) => toastFailure('Saving notification settings', error) });
  };
  const toggle = (group: NotificationGroup, channel: Channel, on: boolean) => change({ groups: { [group]: { [channel]: on } } });

  if (settings.isPending) return <p className={styles.hint}>Loading…</p>;
  if (!settings.data) return <p className={styles.hint}>Your notification settings could not be loaded. Try again in a moment.</p>;
  const { groups, emailFrequency } = settings.data;

  return (
    <>
      <FormSection title="Notifications" headingId="notifications-settings">
        <p className={styles.hint}>Choose what you hear about on your Notifications page, by e-mail and by push on the devices you turn it on for (below). Notices from moderators always reach you in the app.</p>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Notify me about</th>
              <th scope="col">In the app</th>
              <th scope="col">By e-mail</th>
              <th scope="col">Push</th>
            </tr>
          </thead>
          <tbody>
            {NOTIFICATION_GROUPS.map((group) => (
              <tr key={group}>
                <th scope="row">{NOTIFICATION_GROUP_LABELS[group]}</th>
                {(['inApp', 'email', 'push'] as const).map((channel) => (
                  <td key={channel}>
                    <input
                      type="checkbox"
                      aria-label={`${NOTIFICATION_GROUP_LABELS[group]}: ${CHANNEL_NAMES[channel]}`}
                      checked={groups[group][channel]}
                      disabled={channel === 'email' && emailFrequency === 'never'}
                      onChange={(event) => toggle(group, channel, event.target.checked)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <div className={styles.frequency}>
          <label htmlFor={frequencyId}>Send e-mails</label>
          <select
            id={frequencyId}
            value={emailFrequency}
            onChange={(event) => change({ emailFrequency: event.target.value as EmailFrequency })}
          >
            {EMAIL_FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {EMAIL_FREQUENCY_LABELS[f]}
              </option>
            ))}
          </select>
        </div>
        <p role="status" className={styles.hint}>
          {saved}
        </p>
      </FormSection>
    </>
  );
}

/** /u/{username}/settings/notifications: which notifications reach you, in the app, by e-mail and by push, how often e-mail comes, and the devices push goes to. */
export function NotificationSettingsPage() {
  const { username = '' } = useParams();
  const user = useAuth((s) => s.user);
  if (!user || user.username.toLowerCase() !== username.toLowerCase()) return <ForbiddenPage />;
  return (
    <div className={styles.page}>
      <h1>Notifications</h1>
      <NotificationSettingsForm />
      <PushSection />
      <CalendarFeedSection />
      <PlatformsSection />
    </div>
  );
}

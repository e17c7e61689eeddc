import { PUSH_MESSAGES } from '@vgl/shared';
import { useState } from 'react';
import { FormSection } from '../../components/form/FormSection';
import { ApiRequestError } from '../../lib/api';
import { formatFullDateTime } from '../../lib/relativeDate';
import styles from './NotificationSettingsPage.module.css';
import { pushSupported, usePushDevices, usePushToggle, useThisDevice } from './pushApi';

const messageOf = (error: unknown) => (error instanceof ApiRequestError ? (error.body?.message ?? error.message) : error instanceof Error ? error.message : String(error));

/**
 * Settings → Notifications → Push notifications: turn push on or off for
 * this device, and the devices that get it. Which notifications are pushed
 * is the Push column of the table above.
 */
export function PushSection() {
  const devices = usePushDevices();
  const thisDevice = useThisDevice();
  const { enable, disable } = usePushToggle();
  const [message, setMessage] = useState('');
  const supported = pushSupported();
  const endpoint = thisDevice.data ?? null;
  const on = endpoint !== null && (devices.data ?? []).some((d) => d.endpoint === endpoint);
  const busy = enable.isPending || disable.isPending;

  const run = (action: typeof enable | typeof disable, done: string) => {
    setMessage('');
    action.mutate(undefined, { onSuccess: () => setMessage(done), onError: (error) => setMessage(messageOf(error)) });
  };

  return (
    <FormSection title="Push notifications" headingId="push-settings">
      <p className={styles.hint}>Get your notifications on this device even when VGL is closed. The Push column above chooses which ones.</p>
      {supported ? (
        <div className={styles.frequency}>
          {on ? (
            <button type="button" className="button button-ghost" onClick={() => run(disable, PUSH_MESSAGES.disabled)} disabled={busy}>
              Turn off on this device
            </button>
          ) : (
            <button type="button" className="button button-primary" onClick={() => run(enable, PUSH_MESSAGES.enabled)} disabled={busy || thisDevice.isPending}>
              Enable push on this device
            </button>
          )}
        </div>
      ) : (
        <p className={styles.hint}>{PUSH_MESSAGES.unsupported}</p>
      )}
      <p role="status" className={styles.hint}>
        {message}
      </p>
      {devices.data && devices.data.length > 0 && (
        <ul className={styles.devices} aria-label="Devices that get push notifications">
          {devices.data.map((d) => (
            <li key={d.id}>
              <strong>{d.label}</strong>
              {d.endpoint === endpoint && ' (this device)'}
              <span className={styles.hint}>
                {' '}
                — on since {formatFullDateTime(d.createdAt)}; {d.lastSuccessAt === null ? 'nothing pushed yet' : `last push ${formatFullDateTime(d.lastSuccessAt)}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </FormSection>
  );
}

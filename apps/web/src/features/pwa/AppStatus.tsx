import { useStore } from 'zustand';
import { OUTBOX_TEXTS } from '../offline/outbox';
import { dismissReport, outboxStore } from '../offline/offlineWrites';
import { applyUpdate, useUpdateWaiting } from './serviceWorker';
import styles from './AppStatus.module.css';
import { useOnline } from './useOnline';

export const OFFLINE_TEXT = 'You’re offline — showing what was saved.';
export const UPDATE_TEXT = 'A new version of VGL is ready.';

/**
 * The installed app's state under the nav: offline (pages show what this
 * device kept), changes made offline still waiting and what became of the
 * last ones sent (features/offline), and a new version waiting for a reload.
 */
export function AppStatus() {
  const online = useOnline();
  const updateWaiting = useUpdateWaiting();
  const pending = useStore(outboxStore, (s) => s.pending);
  const report = useStore(outboxStore, (s) => s.report);
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {!online && (
        <p className={`${styles.bar} ${styles.offline}`}>
          {OFFLINE_TEXT}
          {pending > 0 && <span className={styles.pending}>{OUTBOX_TEXTS.pending(pending)}</span>}
        </p>
      )}
      {online && pending > 0 && <p className={`${styles.bar} ${styles.offline}`}>{OUTBOX_TEXTS.pending(pending)}</p>}
      {report && (
        <div className={`${styles.bar} ${report.refused.length > 0 ? styles.offline : styles.update}`}>
          {report.sent > 0 && <p className={styles.line}>{OUTBOX_TEXTS.sent(report.sent)}</p>}
          {report.refused.map(({ label, message }, i) => (
            <p key={i} className={styles.line}>
              {OUTBOX_TEXTS.refused(label, message)}
            </p>
          ))}
          <button type="button" className={styles.reload} onClick={dismissReport}>
            OK
          </button>
        </div>
      )}
      {updateWaiting && (
        <p className={`${styles.bar} ${styles.update}`}>
          <span>{UPDATE_TEXT}</span>
          <button type="button" className={styles.reload} onClick={applyUpdate}>
            Reload
          </button>
        </p>
      )}
    </div>
  );
}

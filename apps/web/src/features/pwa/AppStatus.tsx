import { applyUpdate, useUpdateWaiting } from './serviceWorker';
import styles from './AppStatus.module.css';
import { useOnline } from './useOnline';

export const OFFLINE_TEXT = 'You’re offline — showing what was saved.';
export const UPDATE_TEXT = 'A new version of VGL is ready.';

/**
 * The installed app's state under the nav: offline (pages show what this
 * device kept), and a new version waiting for a reload.
 */
export function AppStatus() {
  const online = useOnline();
  const updateWaiting = useUpdateWaiting();
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {!online && <p className={`${styles.bar} ${styles.offline}`}>{OFFLINE_TEXT}</p>}
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

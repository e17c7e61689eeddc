import styles from './HomePage.module.css';

/** When /api/home fails the page keeps its frame and offers one retry button. */
export function HomeLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={styles.loadError} role="alert">
      <p>The games for this page could not be loaded.</p>
      <button type="button" className="button button-ghost button-small" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

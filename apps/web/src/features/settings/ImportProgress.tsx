import { useEffect, useState } from 'react';
import styles from './DataSettingsPage.module.css';

/** Whole seconds since the component appeared, ticking once a second. */
function useElapsedSeconds(): number {
  const [started] = useState(() => Date.now());
  const [now, setNow] = useState(started);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return Math.floor((now - started) / 1000);
}

/**
 * A preview or import under way. The fetch wrapper cannot report upload
 * progress, so the bar is indeterminate; the step and the seconds show that
 * a 20,000-row file is still moving. Only the step is announced: a ticking
 * clock in a live region would talk over everything else.
 */
export function ImportProgress({ step }: { step: string }) {
  const seconds = useElapsedSeconds();
  return (
    <div className={styles.progress}>
      <p role="status" className={styles.progressStep}>
        {step}
      </p>
      <progress aria-label={step} />
      <span className={styles.progressTime} aria-hidden="true">
        {seconds} s
      </span>
    </div>
  );
}

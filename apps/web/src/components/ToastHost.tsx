import { TIMING } from '@vgl/shared';
import { useEffect, useState } from 'react';
import { useToast } from '../stores/toast';
import { CloseIcon } from './icons';
import styles from './ToastHost.module.css';

type Phase = 'hidden' | 'shown' | 'leaving';

/**
 * Shows the toast store's message each time its counter rises; hides it
 * after 4000 ms with a 300 ms fade (SPEC §9). The live region is always in
 * the page so screen readers announce each new message.
 */
export function ToastHost() {
  const counter = useToast((s) => s.counter);
  const variant = useToast((s) => s.variant);
  const head = useToast((s) => s.head);
  const text = useToast((s) => s.text);
  // Which toast (by counter) reached which phase; a new counter value is 'shown' until its timers say otherwise.
  const [settled, setSettled] = useState<{ counter: number; phase: Exclude<Phase, 'shown'> }>({ counter: 0, phase: 'hidden' });
  const phase: Phase = settled.counter === counter ? settled.phase : 'shown';

  useEffect(() => {
    if (counter === 0) return;
    const leave = window.setTimeout(() => setSettled({ counter, phase: 'leaving' }), TIMING.toastHideMs);
    const hide = window.setTimeout(() => setSettled({ counter, phase: 'hidden' }), TIMING.toastHideMs + TIMING.toastFadeMs);
    return () => {
      window.clearTimeout(leave);
      window.clearTimeout(hide);
    };
  }, [counter]);

  const dismiss = () => {
    setSettled({ counter, phase: 'leaving' });
    window.setTimeout(() => setSettled((s) => (s.counter === counter ? { counter, phase: 'hidden' } : s)), TIMING.toastFadeMs);
  };

  return (
    <div className={styles.region} role="status" aria-live={variant === 'alert' ? 'assertive' : 'polite'}>
      {phase !== 'hidden' && (
        <div className={`${styles.toast} ${styles[variant]} ${phase === 'leaving' ? styles.leaving : ''}`} data-variant={variant}>
          <div className={styles.body}>
            <p className={styles.head}>{head}</p>
            <p className={styles.text}>{text}</p>
          </div>
          <button type="button" className={styles.close} onClick={dismiss} aria-label="Dismiss notification">
            <CloseIcon size={16} />
          </button>
        </div>
      )}
    </div>
  );
}

import { useEffect, useId, useRef } from 'react';
import styles from './journal.module.css';

interface ConfirmDeleteProps {
  question: string;
  onConfirm: () => void;
  onKeep: () => void;
  busy: boolean;
}

/**
 * "Delete this?" asked in place, instead of the browser's confirm(): focus
 * goes to the Delete button; Keep (or Escape) puts the question away.
 */
export function ConfirmDelete({ question, onConfirm, onKeep, busy }: ConfirmDeleteProps) {
  const id = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => confirmRef.current?.focus(), []);
  return (
    <div
      className={styles.confirm}
      role="group"
      aria-labelledby={id}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onKeep();
      }}
    >
      <p id={id}>{question}</p>
      <div className={styles.actions}>
        <button ref={confirmRef} type="button" className="button button-danger button-small" onClick={onConfirm} disabled={busy}>
          Delete
        </button>
        <button type="button" className="button button-ghost button-small" onClick={onKeep} disabled={busy}>
          Keep it
        </button>
      </div>
    </div>
  );
}

import { useId } from 'react';
import styles from './ConfirmRemoval.module.css';

export interface ConfirmRemovalProps {
  /** The question, e.g. "Delete this comment? This can't be undone." */
  question: string;
  /** The button that removes, e.g. "Delete comment"; `busyLabel` while the request runs ("Deleting…"). */
  confirmLabel: string;
  busyLabel: string;
  /** Shown (as an alert) when the removal failed; the buttons come back. */
  failedText: string;
  busy: boolean;
  failed: boolean;
  /** "Keep it": back to reading; the caller puts focus back on the button that asked. */
  onKeep: () => void;
  onConfirm: () => void;
}

/**
 * The confirmation that replaces a Delete or Remove button in place (a
 * comment, a remote reply, a member's reply elsewhere): the question, "Keep
 * it" first and focused (the safe choice), then the red button. Removal is
 * the caller's (useRemoval), so one request runs at a time.
 */
export function ConfirmRemoval({ question, confirmLabel, busyLabel, failedText, busy, failed, onKeep, onConfirm }: ConfirmRemovalProps) {
  const questionId = useId();
  return (
    <div className={styles.confirm} role="group" aria-labelledby={questionId}>
      <p id={questionId}>{question}</p>
      <div className={styles.buttons}>
        {/* Focus moves here from the button this group replaces. */}
        <button type="button" className="button button-ghost button-small" disabled={busy} autoFocus onClick={onKeep}>
          Keep it
        </button>
        <button type="button" className={`button button-small ${styles.danger}`} aria-disabled={busy || undefined} onClick={onConfirm}>
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
      {failed && (
        <p className={styles.error} role="alert">
          {failedText}
        </p>
      )}
    </div>
  );
}

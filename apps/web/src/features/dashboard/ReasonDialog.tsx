import { ADMIN_LIMITS } from '@vgl/shared';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Modal } from '../../components/Modal';
import { closeModal, openModal } from '../../stores/modals';
import styles from './ReasonDialog.module.css';

const MODAL = 'moderation-reason';

interface ReasonDialogProps {
  title: string;
  /** Who reads the reason: "Alice is told this reason." */
  hint: string;
  submitLabel: string;
  pendingLabel: string;
  /** Rejects when the server refuses; the dialog then stays open with the text. */
  onSubmit: (reason: string) => Promise<unknown>;
}

/** Opens the reason dialog; the page renders one <ReasonDialog> for whatever it is about to do. */
export const askForReason = () => openModal(MODAL);

/**
 * Suspensions and removals need a reason the author is told: this dialog
 * asks for it (required, 3–500 characters) before anything is sent.
 */
export function ReasonDialog({ title, ...form }: ReasonDialogProps) {
  return (
    <Modal name={MODAL} title={title}>
      <ReasonForm {...form} />
    </Modal>
  );
}

function reasonError(reason: string): string | null {
  if (!reason) return 'Enter a reason';
  if (reason.length < ADMIN_LIMITS.reasonMinLength) return `The reason must have at least ${ADMIN_LIMITS.reasonMinLength} characters`;
  return null;
}

function ReasonForm({ hint, submitLabel, pendingLabel, onSubmit }: Omit<ReasonDialogProps, 'title'>) {
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  // After the dialog opens (its own effect runs after this one and focuses its first button).
  useEffect(() => {
    const timer = window.setTimeout(() => field.current?.focus());
    return () => window.clearTimeout(timer);
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const text = reason.trim();
    const invalid = reasonError(text);
    setError(invalid);
    if (invalid) return field.current?.focus();
    setPending(true);
    try {
      await onSubmit(text);
      closeModal(MODAL);
    } catch {
      // The failure is already an alert toast; keep the text for another try.
      setPending(false);
    }
  }

  return (
    <form className={styles.reasonForm} onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={`${id}-reason`}>Reason</label>
      <textarea
        ref={field}
        id={`${id}-reason`}
        name="reason"
        rows={4}
        required
        maxLength={ADMIN_LIMITS.reasonMaxLength}
        value={reason}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-note`}
        onChange={(event) => {
          setReason(event.target.value);
          if (error) setError(reasonError(event.target.value.trim()));
        }}
      />
      <p id={`${id}-note`} className={error ? styles.error : styles.hint} role={error ? 'alert' : undefined}>
        {error ?? `${hint} Up to ${ADMIN_LIMITS.reasonMaxLength} characters.`}
      </p>
      <div className={styles.buttons}>
        <button type="button" className="button button-ghost button-small" onClick={() => closeModal(MODAL)}>
          Cancel
        </button>
        <button type="submit" className="button button-small button-danger" aria-disabled={pending || undefined}>
          {pending ? pendingLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}

import { REPORT_LIMITS, REPORT_REASON_LABELS, REPORT_REASONS, reportTargetNoun, type ReportReason, type ReviewEntry } from '@vgl/shared';
import { useId, useState, type FormEvent } from 'react';
import { createStore, useStore } from 'zustand';
import { Modal } from '../../components/Modal';
import { useAuth } from '../../stores/auth';
import { closeModal, openModal, useIsModalOpen } from '../../stores/modals';
import { useReport, type ReportTarget } from './reportsApi';
import styles from './reports.module.css';

interface ReportButtonProps {
  target: ReportTarget;
  /** The author: nobody reports themself, so they get no button. */
  author: string;
  className?: string;
}

/** Report on a review card's footer: by the review's `_id`, styled as the card's other small actions. */
export function ReportReview({ entry }: { entry: Pick<ReviewEntry, '_id' | 'user'> }) {
  return <ReportButton target={{ type: 'review', id: Number(entry._id) }} author={entry.user.username} className={styles.cardAction} />;
}

/** Which Report button opened the dialog: a page has many, and only that one renders it. */
const openerStore = createStore<{ opener: string | null }>(() => ({ opener: null }));

/**
 * "Report" on a review, comment, list or profile, or on a reply from or an account on another server: for signed-in members
 * other than its author. Opens the report dialog for this target; the page
 * may hold many buttons, and only the one that opened the dialog renders it.
 */
export function ReportButton({ target, author, className }: ReportButtonProps) {
  const me = useAuth((s) => s.user?.username);
  const key = useId();
  const open = useIsModalOpen('report');
  const asking = useStore(openerStore, (s) => s.opener === key) && open;
  if (!me || me.toLowerCase() === author.toLowerCase()) return null;
  const noun = reportTargetNoun(target.type);
  // A member or an account elsewhere is named; a thing is "this review", "this reply from another server"…
  const named = target.type === 'user' || target.type === 'fed_actor';
  return (
    <>
      <button
        type="button"
        className={className ?? 'button button-ghost button-small'}
        aria-label={`Report ${named ? author : `this ${noun}`}`}
        onClick={() => {
          openerStore.setState({ opener: key });
          openModal('report');
        }}
      >
        Report
      </button>
      {asking && (
        <Modal name="report" title={named ? `Report ${author}` : `Report this ${noun}`}>
          <ReportForm target={target} />
        </Modal>
      )}
    </>
  );
}

function ReportForm({ target }: { target: ReportTarget }) {
  const id = useId();
  const report = useReport();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (report.isPending) return;
    if (!reason) return setError('Choose a reason');
    try {
      await report.mutateAsync({ target, reason, details: details.trim() });
      closeModal('report');
    } catch {
      // The refusal is an alert toast already; the dialog keeps what was chosen.
    }
  }

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <fieldset className={styles.reasons} aria-describedby={error ? `${id}-error` : undefined}>
        <legend>Why are you reporting it?</legend>
        {REPORT_REASONS.map((value) => (
          <label key={value} className={styles.reason}>
            <input
              type="radio"
              name="reason"
              value={value}
              checked={reason === value}
              onChange={() => {
                setReason(value);
                setError(null);
              }}
            />
            {REPORT_REASON_LABELS[value]}
          </label>
        ))}
      </fieldset>
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
      <label htmlFor={`${id}-details`}>Details (optional)</label>
      <textarea
        id={`${id}-details`}
        name="details"
        rows={3}
        maxLength={REPORT_LIMITS.detailsMaxLength}
        value={details}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setDetails(event.target.value)}
      />
      <p id={`${id}-hint`} className={styles.hint}>
        Only moderators read this. Up to {REPORT_LIMITS.detailsMaxLength} characters.
      </p>
      <div className={styles.buttons}>
        <button type="button" className="button button-ghost button-small" onClick={() => closeModal('report')}>
          Cancel
        </button>
        <button type="submit" className="button button-small button-danger" aria-disabled={report.isPending || undefined}>
          {report.isPending ? 'Sending…' : 'Send report'}
        </button>
      </div>
    </form>
  );
}

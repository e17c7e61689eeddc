import { SUBMISSION_MESSAGES, type GameSubmission } from '@vgl/shared';
import styles from './submissions.module.css';

/**
 * Over the page of a game a member added that is not in the catalog (yet):
 * its submitter (or a moderator) is the only one who sees it, and why.
 */
export function SubmittedGameNotice({ submission }: { submission: GameSubmission }) {
  if (submission.state !== 'pending' && submission.state !== 'rejected') return null;
  return (
    <div className={styles.notice} data-state={submission.state} role="note">
      {submission.state === 'pending' ? (
        <p>{SUBMISSION_MESSAGES.pendingNotice}</p>
      ) : (
        <>
          <p>{SUBMISSION_MESSAGES.rejectedNotice}</p>
          {submission.reason && <p>Reason: {submission.reason}</p>}
        </>
      )}
    </div>
  );
}

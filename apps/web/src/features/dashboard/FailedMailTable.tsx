import type { FailedMail } from '@vgl/shared';
import { useRetryMail } from './dashboardApi';
import { Moment } from './Moment';
import styles from './dashboard.module.css';

/** Mail the server gave up on after every retry (SMTP down or refusing): to whom, what, why, and one more try. */
export function FailedMailTable({ mails, total }: { mails: FailedMail[]; total: number }) {
  const retry = useRetryMail();
  if (mails.length === 0) return <p className={styles.empty}>Every mail was sent.</p>;
  return (
    <>
      {total > mails.length && (
        <p>
          {total.toLocaleString('en-US')} mails could not be sent; the latest {mails.length} are shown.
        </p>
      )}
      <div className={styles.tableWrap} role="region" aria-label="Mail that could not be sent table" tabIndex={0}>
        <table className={styles.table}>
          <caption className={styles.visuallyHidden}>Mail that could not be sent</caption>
          <thead>
            <tr>
              <th scope="col">To</th>
              <th scope="col">Subject</th>
              <th scope="col">Last error</th>
              <th scope="col" className={styles.number}>
                Tries
              </th>
              <th scope="col">Last try</th>
              <th scope="col">
                <span className={styles.visuallyHidden}>Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {mails.map((mail) => (
              <tr key={mail.id}>
                <td className={styles.wrap}>{mail.to}</td>
                <td className={styles.wrap}>{mail.subject}</td>
                <td className={styles.wrap}>{mail.lastError}</td>
                <td className={styles.number}>{mail.tries}</td>
                <td>
                  <Moment at={mail.failedAt} withTime />
                </td>
                <td>
                  <button
                    type="button"
                    className="button button-ghost button-small"
                    disabled={retry.isPending && retry.variables?.id === mail.id}
                    onClick={() => retry.mutate(mail)}
                    aria-label={`Retry the mail to ${mail.to}`}
                  >
                    Retry
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

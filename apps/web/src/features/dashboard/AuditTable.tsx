import type { AuditAction, AuditEntry } from '@vgl/shared';
import { Link } from 'react-router';
import { profilePath } from '../profile/profilePaths';
import { Moment } from './Moment';
import styles from './dashboard.module.css';

const ACTION_LABELS: Record<AuditAction, string> = {
  'user.suspend': 'Suspended a user',
  'user.unsuspend': 'Unsuspended a user',
  'user.role': 'Changed a role',
  'review.delete': 'Deleted a review',
  'comment.delete': 'Deleted a comment',
  'review.feature': 'Featured a review',
  'review.unfeature': 'Unfeatured a review',
  'featured.reorder': 'Reordered the featured reviews',
  'catalog.sync': 'Started a catalog sync',
  'submission.approve': 'Approved a game submission',
  'submission.merge': 'Merged a game submission',
  'submission.reject': 'Rejected a game submission',
  'report.hide': 'Hid reported content',
  'report.suspend': 'Suspended after reports',
  'report.dismiss': 'Dismissed reports',
  'user.approve': 'Approved a sign-up',
  'user.decline': 'Declined a sign-up',
  'registration.mode': 'Changed who may join',
  'instance.block': 'Blocked a server',
  'instance.silence': 'Silenced a server',
  'instance.remove': 'Lifted a server’s block or silence',
  'account.suspend': 'Suspended an account on another server',
  'account.unsuspend': 'Lifted the suspension of an account on another server',
};

/** Moderation actions, newest first: who, what, to what, why, when. */
export function AuditTable({ entries, caption }: { entries: AuditEntry[]; caption: string }) {
  if (entries.length === 0) return <p className={styles.empty}>Nothing found.</p>;
  return (
    <div className={styles.tableWrap} role="region" aria-label={`${caption} table`} tabIndex={0}>
      <table className={styles.table}>
        <caption className={styles.visuallyHidden}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">Target</th>
            <th scope="col">Reason</th>
            <th scope="col">When</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{entry.actor ? <Link to={profilePath(entry.actor.username)}>{entry.actor.username}</Link> : 'System'}</td>
              <td>{ACTION_LABELS[entry.action] ?? entry.action}</td>
              <td className={styles.wrap}>
                {/* A user keeps their page; a deleted review or comment has only its label left. */}
                {entry.targetType === 'user' && entry.targetLabel ? <Link to={profilePath(entry.targetLabel)}>{entry.targetLabel}</Link> : (entry.targetLabel ?? '—')}
              </td>
              <td className={styles.wrap}>{entry.reason ?? '—'}</td>
              <td>
                <Moment at={entry.createdAt} withTime />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

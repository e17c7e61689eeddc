import { Navigate, useNavigate, useParams } from 'react-router';
import { usePageMeta } from '../../lib/pageMeta';
import { signOut, useAuth } from '../../stores/auth';
import { ForbiddenPage } from '../errors/ForbiddenPage';
import styles from './settings.module.css';
import { useSuspension, type Suspension } from './settingsApi';

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** "November 3, 2026" from unix milliseconds (or seconds) or an ISO date; null when unreadable. */
export function formatSuspendedAt(value: Suspension['suspendedAt']): string | null {
  if (value === null || value === undefined) return null;
  const date = typeof value === 'number' ? new Date(value < 1e11 ? value * 1000 : value) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : longDate.format(date);
}

function SuspensionDetails({ username, claim }: { username: string; claim: boolean }) {
  usePageMeta({ title: 'Account suspended' });
  const navigate = useNavigate();
  const suspension = useSuspension(username, claim);
  const data = suspension.data;
  // Not (or no longer) suspended: nothing to see here.
  if (data && !data.suspended) return <Navigate to="/" replace />;
  const since = data ? formatSuspendedAt(data.suspendedAt) : null;

  return (
    <section className={`notice ${styles.suspended}`}>
      <h1>Your account is suspended</h1>
      {suspension.isPending && <p role="status">Loading the details…</p>}
      {suspension.isError && <p role="alert">The details of the suspension could not be loaded. Please try again later.</p>}
      {data && (
        <dl className={styles.facts}>
          <dt>Reason</dt>
          <dd>{data.reason || 'No reason was given.'}</dd>
          {since && (
            <>
              <dt>Since</dt>
              <dd>{since}</dd>
            </>
          )}
        </dl>
      )}
      <p>
        You can still read VGL — games, profiles, reviews and comments — but you cannot post: no library changes, ratings, reviews, comments, likes or
        follows, and no changes to your profile.
      </p>
      <div className="notice-actions">
        <button
          type="button"
          className="button button-primary"
          onClick={() => {
            signOut();
            navigate('/', { replace: true });
          }}
        >
          Log out
        </button>
      </div>
    </section>
  );
}

/**
 * /u/{username}/suspended (login-protected, SPEC §2, §4): why and since when
 * the account is suspended. Another user's URL is the 403 screen; a user who
 * is not suspended is sent to the front page.
 */
export function SuspendedPage() {
  const { username = '' } = useParams();
  const user = useAuth((s) => s.user);
  if (!user || user.username.toLowerCase() !== username.toLowerCase()) return <ForbiddenPage />;
  return <SuspensionDetails username={user.username} claim={user.isSuspended} />;
}

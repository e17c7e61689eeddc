import { SOCIAL_MESSAGES } from '@vgl/shared';
import { ApiRequestError } from '../../lib/api';
import { useAuth } from '../../stores/auth';
import { openModal } from '../../stores/modals';
import { showToast } from '../../stores/toast';
import { useFollow } from './followsApi';
import styles from './follows.module.css';

interface FollowButtonProps {
  username: string;
  /** As the server said for this viewer; null while it does not know yet (loaded before signing in). */
  isFollowing: boolean | null;
  small?: boolean;
  /** A private member's: the viewer asked to follow and waits ("Requested"; pressing it withdraws the request). */
  requested?: boolean | null;
}

function failureText(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  if (error.status === 429) return error.body?.message ?? SOCIAL_MESSAGES.slowDown;
  if (error.status === 401) return 'Your session has ended. Please log in again.';
  return error.status < 500 ? error.body?.message : undefined;
}

/**
 * Follow / Following toggle (aria-pressed). Visitors get a "Log in to follow"
 * button that opens the login modal; on one's own profile or card there is none.
 * The shown state comes from the cached profile or card, which a successful
 * call updates. A failure is logged and shown as an alert toast.
 */
export function FollowButton({ username, isFollowing, small = false, requested = false }: FollowButtonProps) {
  const viewer = useAuth((s) => s.user?.username.toLowerCase());
  const follow = useFollow(username);
  const size = small ? ' button-small' : '';

  if (viewer === username.toLowerCase()) return null;
  if (!viewer) {
    return (
      <button type="button" className={`button button-ghost${size}`} onClick={() => openModal('login')}>
        Log in to follow<span className={styles.srOnly}> {username}</span>
      </button>
    );
  }

  // A request waiting counts as pressed: pressing again withdraws it (DELETE, as an unfollow).
  const following = isFollowing === true || requested === true;
  const busy = follow.isPending || isFollowing === null;
  const toggle = () => {
    if (busy) return;
    follow.mutate(!following, {
      onError: (error) => {
        console.error('Following failed', error);
        showToast({ variant: 'alert', text: failureText(error) });
      },
    });
  };

  return (
    <button
      type="button"
      className={`button ${following ? 'button-ghost' : 'button-primary'}${size} ${styles.follow}`}
      aria-pressed={following}
      aria-busy={busy || undefined}
      aria-disabled={busy || undefined}
      onClick={toggle}
    >
      <span className={styles.state}>{requested && !isFollowing ? 'Requested' : following ? 'Following' : 'Follow'}</span>
      {following && !requested && (
        <span className={styles.unfollow} aria-hidden="true">
          Unfollow
        </span>
      )}
      <span className={styles.srOnly}> {username}</span>
    </button>
  );
}

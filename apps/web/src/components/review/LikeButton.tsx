import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { api } from '../../lib/api';
import { useAuth } from '../../stores/auth';
import styles from './LikeButton.module.css';

interface LikeButtonProps {
  /** The liked thing's id, as POST /api/like takes it (SPEC §7). */
  entityId: string;
  /** Likes as the server counted them when the entry was loaded. */
  count: number;
}

const likedKey = (username: string | undefined, entityId: string) => ['like', 'isliked', username, entityId] as const;

const likesText = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'like' : 'likes'}`;

/**
 * The like toggle of SPEC §4: visitors see it disabled; a member's button asks
 * on load whether they already like the entity and, after each successful
 * POST /api/like, flips and moves the count by one. Failures are only logged (SPEC §8).
 */
export function LikeButton({ entityId, count }: LikeButtonProps) {
  const isAuthenticated = useAuth((state) => state.isAuthenticated);
  const username = useAuth((state) => state.user?.username);
  const queryClient = useQueryClient();
  const key = likedKey(username, entityId);
  const check = useQuery({
    queryKey: key,
    enabled: isAuthenticated,
    retry: false,
    queryFn: async () => {
      try {
        const { data } = await api.get<{ isLiked: boolean }>(`/api/like/isliked/${encodeURIComponent(entityId)}`);
        return data?.isLiked === true;
      } catch (error) {
        console.error('Could not check the like', error);
        return false;
      }
    },
  });
  const liked = isAuthenticated && check.data === true;
  // The server's count after our own click, for as long as the page's data is the one it was clicked on:
  // once that data is fetched again (a comment posted, a refresh), its count already holds the click.
  const [answer, setAnswer] = useState<{ base: number; likes: number } | null>(null);
  const [pending, setPending] = useState(false);
  // A ref, not state: a second click in the same tick must already see the call in flight.
  const inFlight = useRef(false);

  async function toggle() {
    // Until the check answers we cannot know which way the toggle goes.
    if (!isAuthenticated || check.isPending || inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    const base = count;
    const before = answer && answer.base === base ? answer.likes : base;
    try {
      const { data } = await api.post<{ isLiked?: boolean; likes?: number }>('/api/like', { entityId });
      const nowLiked = typeof data?.isLiked === 'boolean' ? data.isLiked : !liked;
      queryClient.setQueryData(key, nowLiked);
      setAnswer({ base, likes: typeof data?.likes === 'number' ? data.likes : Math.max(0, before + (nowLiked ? 1 : -1)) });
    } catch (error) {
      console.error('Could not toggle the like', error);
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }

  const shown = answer && answer.base === count ? answer.likes : count;
  const label = `${isAuthenticated ? 'Like' : 'Log in to like'}, ${likesText(shown)}`;
  return (
    <button
      type="button"
      className={styles.like}
      data-liked={liked || undefined}
      aria-pressed={isAuthenticated ? liked : undefined}
      aria-label={label}
      aria-busy={pending || (isAuthenticated && check.isPending) || undefined}
      title={isAuthenticated ? undefined : 'Log in to like'}
      disabled={!isAuthenticated}
      onClick={() => void toggle()}
    >
      <HeartIcon filled={liked} />
      <span className={styles.count}>{shown.toLocaleString('en-US')}</span>
    </button>
  );
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.icon}>
      <path
        d="M12 20.5 4.3 13a4.7 4.7 0 0 1 7.7-6 4.7 4.7 0 0 1 7.7 6Z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={2}
        strokeLinejoin="round"
      />
    </svg>
  );
}

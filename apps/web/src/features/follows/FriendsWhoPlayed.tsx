import { useQuery } from '@tanstack/react-query';
import { PLAY_STATUS_LABELS, type FriendsWhoPlayed as FriendsData } from '@vgl/shared';
import { Link } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { RatingStars } from '../../components/RatingStars';
import { api } from '../../lib/api';
import { useAuth } from '../../stores/auth';
import styles from './friendsWhoPlayed.module.css';

export const friendsKey = (username: string, slug: string) => ['friends-who-played', username.toLowerCase(), slug] as const;

/** The game page's "Friends who played this": the people you follow who logged the game; nothing when none did. */
export function FriendsWhoPlayed({ slug }: { slug: string }) {
  const username = useAuth((s) => s.user?.username);
  const friends = useQuery({
    queryKey: friendsKey(username ?? '', slug),
    enabled: Boolean(username),
    queryFn: async () => (await api.get<FriendsData>(`/api/igdb/games/${encodeURIComponent(slug)}/friends`)).data,
    retry: false,
  });
  if (!friends.data || friends.data.total === 0) return null;
  const { items, total } = friends.data;
  return (
    <section className={styles.section} aria-labelledby="game-friends">
      <h2 id="game-friends">
        Friends who played this <span className={styles.count}>({total.toLocaleString('en-US')})</span>
      </h2>
      <ul className={styles.list}>
        {items.map((f) => {
          const profile = `/u/${f.user.username.toLowerCase()}`;
          return (
            <li key={f.user.username} className={styles.friend}>
              <Avatar avatar={f.user.avatar} size="md" />
              <span className={styles.text}>
                <Link to={profile} className={styles.name}>
                  {f.user.username}
                </Link>
                <span className={styles.meta}>
                  {f.status && <span>{PLAY_STATUS_LABELS[f.status]}</span>}
                  {f.rating !== null && <RatingStars value={f.rating} size="sm" />}
                  {f.reviewSlug && <Link to={`${profile}/reviews/${f.reviewSlug}`}>Review</Link>}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
      {total > items.length && <p className={styles.more}>and {(total - items.length).toLocaleString('en-US')} more</p>}
    </section>
  );
}

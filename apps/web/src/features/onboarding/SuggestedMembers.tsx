import { Link } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { useAuth } from '../../stores/auth';
import { FollowButton } from '../follows/FollowButton';
import { useSuggestedMembers } from './onboardingApi';
import styles from './onboarding.module.css';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** On an empty activity feed: members worth following (the most followed, the authors of the most liked reviews). */
export function SuggestedMembers() {
  const username = useAuth((s) => s.user?.username);
  const members = useSuggestedMembers(username);
  if (!members.data || members.data.length === 0) return null;
  return (
    <section className={styles.suggested} aria-labelledby="suggested-members">
      <h2 id="suggested-members">People to follow</h2>
      <ul className={styles.members}>
        {members.data.map((m) => (
          <li key={m.user.username} className={styles.member}>
            <Avatar avatar={m.user.avatar} size="md" />
            <span className={styles.memberText}>
              <Link to={`/u/${m.user.username.toLowerCase()}`} className={styles.memberName}>
                {m.user.username}
              </Link>
              <span className={styles.hint}>
                {m.reason === 'most-liked' ? `${plural(m.reviewLikes, 'like', 'likes')} on their reviews` : plural(m.followers, 'follower', 'followers')}
              </span>
            </span>
            <FollowButton username={m.user.username} isFollowing={(m as { isFollowing?: boolean }).isFollowing ?? false} small />
          </li>
        ))}
      </ul>
    </section>
  );
}

import type { UserCard } from '@vgl/shared';
import { Link } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { profilePath } from '../profile/profilePaths';
import { FollowButton } from './FollowButton';
import styles from './follows.module.css';

const BIO_EXCERPT = 160;

/** The bio's opening, cut at a word boundary, for a card. */
export function bioExcerpt(bio: string): string {
  const text = bio.trim().replace(/\s+/g, ' ');
  if (text.length <= BIO_EXCERPT) return text;
  const cut = text.slice(0, BIO_EXCERPT);
  const space = cut.lastIndexOf(' ');
  return `${(space > BIO_EXCERPT / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const followersText = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'follower' : 'followers'}`;

/**
 * A person in a following/followers list: picture, name, bio excerpt,
 * followers, and the follow button (none on the viewer's own card).
 * `details` adds to the followers line (member search: games, mutual follows).
 */
export function UserCardItem({ user, details = [] }: { user: UserCard; details?: string[] }) {
  const href = profilePath(user.username);
  return (
    <article className={styles.card} aria-label={user.username}>
      <Link to={href} className={styles.avatar} tabIndex={-1} aria-hidden="true">
        <Avatar avatar={user.avatar} size="lg" />
      </Link>
      <div className={styles.who}>
        <Link to={href} className={styles.username}>
          {user.username}
        </Link>
        <p className={styles.followers}>{[followersText(user.followers), ...details].join(' · ')}</p>
        {user.bio && <p className={styles.bio}>{bioExcerpt(user.bio)}</p>}
      </div>
      <div className={styles.action}>
        <FollowButton username={user.username} isFollowing={user.isFollowing} small />
      </div>
    </article>
  );
}

import type { ProfileOverview } from '@vgl/shared';
import { NavLink } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { formatJoined } from './dates';
import { profilePath } from './profilePaths';
import styles from './profile.module.css';

const COUNTS: [keyof ProfileOverview['counts'], string][] = [
  ['games', 'Games'],
  ['beaten', 'Beaten'],
  ['reviews', 'Reviews'],
  ['followers', 'Followers'],
  ['following', 'Following'],
];

interface ProfileHeaderProps {
  /** The name from the URL, shown until the profile arrives. */
  username: string;
  profile: ProfileOverview | undefined;
  failed?: boolean;
}

/** Avatar, name, bio, joined date, counts and the profile's tabs. */
export function ProfileHeader({ username, profile, failed = false }: ProfileHeaderProps) {
  const base = profilePath(username);
  return (
    <header className={styles.header}>
      <div className={styles.identity}>
        <Avatar avatar={profile?.avatar} size="xl" />
        <div className={styles.who}>
          <h1 className={styles.username}>{profile?.username ?? username}</h1>
          {profile?.bio && <p className={styles.bio}>{profile.bio}</p>}
          {profile && <p className={styles.joined}>Joined {formatJoined(profile.joinedAt)}</p>}
          {failed && (
            <p className={styles.error} role="alert">
              The profile could not be loaded. Please try again.
            </p>
          )}
        </div>
      </div>
      {profile && (
        <ul className={styles.counts} aria-label="Counts">
          {COUNTS.map(([key, label]) => (
            <li key={key}>
              <strong>{profile.counts[key].toLocaleString('en-US')}</strong> {label}
            </li>
          ))}
        </ul>
      )}
      <nav className={styles.tabs} aria-label="Profile">
        <NavLink to={base} end>
          Overview
        </NavLink>
        <NavLink to={`${base}/diary`}>Diary</NavLink>
        <NavLink to={`${base}/library`}>Library</NavLink>
        <NavLink to={`${base}/reviews`}>Reviews</NavLink>
      </nav>
    </header>
  );
}

import { ReviewBody } from '../../components/review/ReviewBody';
import { useQueryClient } from '@tanstack/react-query';
import type { ProfileOverview } from '@vgl/shared';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../components/Avatar';
import { Tabs } from '../../components/Tabs';
import { useAuth } from '../../stores/auth';
import { ReportButton } from '../reports/ReportButton';
import { FollowButton } from '../follows/FollowButton';
import { ProfileSafetyMenu } from '../privacy/ProfileSafetyMenu';
import { refreshProfile } from '../follows/followsApi';
import { formatJoined } from './dates';
import { profilePath } from './profilePaths';
import { useIsOwner } from './useIsOwner';
import followStyles from '../follows/follows.module.css';
import styles from './profile.module.css';

/** The counts, and the tab each one opens (the people counts open their lists, the shelves the library narrowed to them). */
const COUNTS: [keyof ProfileOverview['counts'], string, string | null][] = [
  ['games', 'Games', null],
  ['beaten', 'Beaten', null],
  ['backlog', 'Backlog', 'library?shelf=backlog'],
  ['wishlist', 'Wishlist', 'library?shelf=wishlist'],
  ['reviews', 'Reviews', null],
  ['followers', 'Followers', 'followers'],
  ['following', 'Following', 'following'],
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
  useFollowStateForViewer(username, profile);
  return (
    <header className={styles.header}>
      <div className={styles.identity}>
        <Avatar avatar={profile?.avatar} size="xl" />
        <div className={styles.who}>
          <h1 className={styles.username}>{profile?.username ?? username}</h1>
          {profile?.bio && (
            <div className={styles.bio}>
              <ReviewBody text={profile.bio} collapsible={false} />
            </div>
          )}
          {profile && <p className={styles.joined}>Joined {formatJoined(profile.joinedAt)}</p>}
          {failed && (
            <p className={styles.error} role="alert">
              The profile could not be loaded. Please try again.
            </p>
          )}
          {/* No Follow beside Unblock: a block ends follows both ways, and the server refuses a new one. */}
          {profile && profile.viewerBlocks !== true && (
            <div className={followStyles.headerFollow}>
              <FollowButton username={profile.username} isFollowing={profile.isFollowing} requested={profile.followRequested ?? false} small />
              <ReportButton target={{ type: 'user', username: profile.username }} author={profile.username} />
            </div>
          )}
          {profile && <ProfileSafetyMenu profile={profile} />}
        </div>
      </div>
      {profile && (
        <ul className={styles.counts} aria-label="Counts">
          {COUNTS.map(([key, label, tab]) => {
            const count = (
              <>
                <strong>{profile.counts[key].toLocaleString('en-US')}</strong> {label}
              </>
            );
            return (
              <li key={key}>
                {tab ? (
                  <Link to={`${base}/${tab}`} className={followStyles.countLink}>
                    {count}
                  </Link>
                ) : (
                  count
                )}
              </li>
            );
          })}
        </ul>
      )}
      {!profile?.isPrivate && (
        <Tabs
          label="Profile"
          onPhone="scroll"
          tabs={[
            { label: 'Overview', to: base, end: true },
            { label: 'Diary', to: `${base}/diary` },
            { label: 'Library', to: `${base}/library` },
            { label: 'Reviews', to: `${base}/reviews` },
            { label: 'Lists', to: `${base}/lists` },
            { label: 'Coming up', to: `${base}/coming-up` },
            { label: 'Stats', to: `${base}/stats` },
            { label: 'Following', to: `${base}/following` },
            { label: 'Followers', to: `${base}/followers` },
          ]}
        />
      )}
    </header>
  );
}

/**
 * A profile loaded before the viewer signed in cannot say whether they follow
 * it (isFollowing null); ask again, now with their token.
 */
function useFollowStateForViewer(username: string, profile: ProfileOverview | undefined) {
  const client = useQueryClient();
  const signedIn = useAuth((s) => s.isAuthenticated);
  const isOwner = useIsOwner(username);
  const unknown = signedIn && !isOwner && profile !== undefined && profile.isFollowing === null;
  useEffect(() => {
    if (unknown) void refreshProfile(client, username);
  }, [unknown, client, username]);
}

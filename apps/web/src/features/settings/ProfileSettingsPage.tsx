import { usePageMeta } from '../../lib/pageMeta';
import { useAuth } from '../../stores/auth';
import { AvatarSection } from './AvatarSection';
import { BioSection } from './BioSection';
import { FavouritesSection } from './FavouritesSection';
import styles from './settings.module.css';
import { useOwnProfile } from './settingsApi';

/** /u/{username}/settings (index): picture, bio and favourite games. SettingsLayout has checked the owner. */
export function ProfileSettingsPage() {
  usePageMeta({ title: 'Profile settings' });
  const username = useAuth((s) => s.user?.username) ?? '';
  const profile = useOwnProfile(username);

  return (
    <div className={styles.page}>
      <h1>Profile settings</h1>
      {profile.isPending && <p role="status">Loading your profile…</p>}
      {profile.isError && (
        <p className={styles.error} role="alert">
          Your profile could not be loaded. Please try again.
        </p>
      )}
      {profile.data && (
        <>
          <AvatarSection username={username} avatar={profile.data.avatar} />
          <BioSection username={username} bio={profile.data.bio} />
          <FavouritesSection username={username} favourites={profile.data.favourites} />
        </>
      )}
    </div>
  );
}

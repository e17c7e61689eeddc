import { PRIVACY_MESSAGES } from '@vgl/shared';
import { Outlet } from 'react-router';
import { useAuth } from '../../stores/auth';
import { ErrorScreen } from '../errors/ErrorScreen';
import { PrivateProfileNotice } from '../privacy/ProfileSafetyMenu';
import { NotFoundPage } from '../errors/NotFoundPage';
import { isNotFound } from '../catalog/isNotFound';
import { ProfileHeader } from './ProfileHeader';
import { useProfile } from './profileApi';
import { useUsernameParam } from './profilePaths';
import { useCurrentNameInUrl } from './useCurrentNameInUrl';

/**
 * /u/{username} and its tabs: the header over the current tab. The tab loads
 * alongside the profile rather than after it; an unknown user is the 404 screen,
 * and a former name (a renamed member) moves to the current one.
 * Each tab sets its own page title.
 */
export function ProfileLayout() {
  const username = useUsernameParam();
  const profile = useProfile(username);
  const signedIn = useAuth((s) => s.isAuthenticated);
  useCurrentNameInUrl(username, profile.data?.username);
  // Signed in, a member who blocked you is not found like a missing one; the screen says "not available" rather than "no such page".
  if (isNotFound(profile.error)) return signedIn ? <ErrorScreen code={404} title="Error 404" message={PRIVACY_MESSAGES.notAvailable} /> : <NotFoundPage />;
  return (
    <>
      <ProfileHeader username={username} profile={profile.data} failed={profile.isError} />
      {profile.data?.isPrivate ? <PrivateProfileNotice requested={profile.data.followRequested === true} /> : <Outlet />}
    </>
  );
}

import { Outlet } from 'react-router';
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
  useCurrentNameInUrl(username, profile.data?.username);
  if (isNotFound(profile.error)) return <NotFoundPage />;
  return (
    <>
      <ProfileHeader username={username} profile={profile.data} failed={profile.isError} />
      <Outlet />
    </>
  );
}

import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { profilePath } from './profilePaths';

/**
 * After a rename, a link to /u/{former}/… still loads: the API answers the
 * former name with a redirect that fetch follows silently, so the member
 * arrives under their current name. This puts that name in the address bar
 * (history replace, the rest of the address kept), as the server's own 301
 * does for a page loaded afresh.
 */
export function useCurrentNameInUrl(nameInUrl: string, currentName: string | undefined): void {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!currentName || currentName.toLowerCase() === nameInUrl.toLowerCase()) return;
    // "/u/{name}/rest…": everything after the name stays.
    const rest = pathname.split('/').slice(3).join('/');
    navigate({ pathname: profilePath(currentName) + (rest ? `/${rest}` : ''), search, hash }, { replace: true });
  }, [currentName, nameInUrl, pathname, search, hash, navigate]);
}

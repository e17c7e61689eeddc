import { useAuth } from '../../stores/auth';
import { ExplorePage } from './ExplorePage';
import { LandingPage } from './LandingPage';

/** "/": the landing page for visitors, Explore for members (SPEC §2). Both read one GET /api/home. */
export function HomePage() {
  const isAuthenticated = useAuth((s) => s.isAuthenticated);
  return isAuthenticated ? <ExplorePage /> : <LandingPage />;
}

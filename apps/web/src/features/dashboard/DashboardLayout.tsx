import { APP_ROUTES } from '@vgl/shared';
import { NavLink, Outlet } from 'react-router';
import { useAuth } from '../../stores/auth';
import { RequireAuth } from '../auth/guards';
import { ForbiddenPage } from '../errors/ForbiddenPage';
import { canOpenDashboard } from './dashboardAccess';
import styles from './dashboard.module.css';

const TABS: [label: string, to: string][] = [
  ['Overview', APP_ROUTES.dashboard],
  ['Users', APP_ROUTES.dashboardUsers],
  ['Reviews', APP_ROUTES.dashboardReviews],
  ['Comments', APP_ROUTES.dashboardComments],
  ['Featured reviews', APP_ROUTES.dashboardFeatured],
];

/**
 * /dashboard and its tabs (SPEC §2): login-protected, then moderators and
 * admins only — everyone else gets the 403 screen. Each tab sets its own title.
 */
export function DashboardLayout() {
  return (
    <RequireAuth>
      <StaffOnly />
    </RequireAuth>
  );
}

function StaffOnly() {
  const role = useAuth((s) => s.user?.role);
  if (!canOpenDashboard(role)) return <ForbiddenPage />;
  return (
    <div className={styles.dashboard}>
      <header className={styles.header}>
        <h1>Dashboard</h1>
        <nav aria-label="Dashboard">
          <ul className={styles.tabs}>
            {TABS.map(([label, to]) => (
              <li key={to}>
                <NavLink to={to} end>
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <Outlet />
    </div>
  );
}

import { APP_ROUTES } from '@vgl/shared';
import { Outlet } from 'react-router';
import { Tabs, type Tab } from '../../components/Tabs';
import { useAuth } from '../../stores/auth';
import { RequireAuth } from '../auth/guards';
import { ForbiddenPage } from '../errors/ForbiddenPage';
import { canOpenDashboard } from './dashboardAccess';
import styles from './dashboard.module.css';

const TABS: Tab[] = [
  { label: 'Overview', to: APP_ROUTES.dashboard, end: true },
  { label: 'Users', to: APP_ROUTES.dashboardUsers, end: true },
  { label: 'Reviews', to: APP_ROUTES.dashboardReviews, end: true },
  { label: 'Comments', to: APP_ROUTES.dashboardComments, end: true },
  { label: 'Featured reviews', to: APP_ROUTES.dashboardFeatured, end: true },
  { label: 'Game submissions', to: APP_ROUTES.dashboardSubmissions, end: true },
  { label: 'Reports', to: APP_ROUTES.dashboardReports, end: true },
  { label: 'Registrations', to: APP_ROUTES.dashboardRegistrations, end: true },
  { label: 'Federation', to: APP_ROUTES.dashboardFederation, end: true },
];
/** Admins also run the catalog (its API is theirs alone). */
const ADMIN_TABS: Tab[] = [...TABS, { label: 'Catalog', to: APP_ROUTES.dashboardCatalog, end: true }];

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
        <Tabs label="Dashboard" tabs={role === 'admin' ? ADMIN_TABS : TABS} onPhone="wrap" asList />
      </header>
      <Outlet />
    </div>
  );
}

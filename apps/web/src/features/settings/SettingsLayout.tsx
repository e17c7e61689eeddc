import { NavLink, Outlet, useParams } from 'react-router';
import { useAuth } from '../../stores/auth';
import { useRegistration } from '../auth/registrationApi';
import { RequireAuth } from '../auth/guards';
import { ForbiddenPage } from '../errors/ForbiddenPage';
import styles from './settings.module.css';

/** The tabs of /u/{username}/settings (SPEC §2): index (profile), account, notifications, data, privacy (blocks, mutes, follow requests), api (personal access tokens), invites when allowed. */
function SettingsTabs({ username }: { username: string }) {
  const base = `/u/${username.toLowerCase()}/settings`;
  // Invites show when the member may make them: admins always, others when the admin allows member invites.
  const isAdmin = useAuth((s) => s.user?.role === 'admin');
  const memberInvites = useRegistration().data?.memberInvites === true;
  const canInvite = isAdmin || memberInvites;
  return (
    <nav className={styles.tabs} aria-label="Settings">
      <p className={styles.tabsTitle} aria-hidden="true">
        Settings
      </p>
      <NavLink to={base} end>
        Profile
      </NavLink>
      <NavLink to={`${base}/account`}>Account</NavLink>
      <NavLink to={`${base}/notifications`}>Notifications</NavLink>
      <NavLink to={`${base}/data`}>Data</NavLink>
      <NavLink to={`${base}/privacy`}>Privacy</NavLink>
      <NavLink to={`${base}/api`}>API</NavLink>
      {canInvite && <NavLink to={`${base}/invites`}>Invites</NavLink>}
    </nav>
  );
}

function OwnSettings() {
  const { username = '' } = useParams();
  const user = useAuth((s) => s.user);
  if (!user || user.username.toLowerCase() !== username.toLowerCase()) return <ForbiddenPage />;
  return (
    <div className={styles.layout}>
      <SettingsTabs username={user.username} />
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}

/**
 * /u/{username}/settings and its tabs: login-protected, and only for the
 * owner — another user's settings are the 403 screen. Each tab sets its title.
 */
export function SettingsLayout() {
  return (
    <RequireAuth>
      <OwnSettings />
    </RequireAuth>
  );
}

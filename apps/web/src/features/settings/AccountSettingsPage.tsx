import { usePageMeta } from '../../lib/pageMeta';
import { useAuth } from '../../stores/auth';
import { DeleteAccountSection } from './DeleteAccountSection';
import { EmailForm } from './EmailForm';
import { PasswordForm } from './PasswordForm';
import { SessionsSection } from './SessionsSection';
import styles from './settings.module.css';
import { useOwnProfile } from './settingsApi';
import { UsernameForm } from './UsernameForm';

/** /u/{username}/settings/account: username, e-mail, password, logging out everywhere, and deleting the account. SettingsLayout has checked the owner. */
export function AccountSettingsPage() {
  usePageMeta({ title: 'Account settings' });
  const username = useAuth((s) => s.user?.username) ?? '';
  // Only for showing the current address; every form works without it.
  const profile = useOwnProfile(username);

  return (
    <div className={styles.page}>
      <h1>Account settings</h1>
      <UsernameForm username={username} />
      <EmailForm email={profile.data?.email} />
      <PasswordForm username={username} />
      <SessionsSection username={username} />
      <DeleteAccountSection username={username} />
    </div>
  );
}

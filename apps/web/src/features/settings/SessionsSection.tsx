import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormSection } from '../../components/form/FormSection';
import { api } from '../../lib/api';
import { logout } from '../../stores/auth';
import { showToast } from '../../stores/toast';
import styles from './settings.module.css';
import { toastFailure } from './toastFailure';

/**
 * "Log out everywhere": every session token of the account stops working, in
 * every browser and on every device, this one included. For a lost phone or a
 * shared computer. Personal access tokens are separate (API settings).
 */
export function SessionsSection({ username }: { username: string }) {
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);

  const logOutEverywhere = async () => {
    setLoading(true);
    try {
      await api.post('/api/auth/logout', { everywhere: true });
      navigate('/', { replace: true });
      logout();
      showToast({ variant: 'success', text: 'You are logged out everywhere.' });
    } catch (error) {
      toastFailure('Logging out everywhere', error);
      setLoading(false);
    }
  };

  return (
    <FormSection title="Sessions">
      <p className={styles.hint}>
        Signed in on a computer or phone you no longer use? <strong>Log out everywhere</strong> ends every session of your account, this one included. Apps and
        scripts that use a personal access token keep working: revoke those in <Link to={`/u/${username.toLowerCase()}/settings/api`}>API settings</Link>.
      </p>
      <button type="button" className="button button-ghost" onClick={() => void logOutEverywhere()} disabled={loading}>
        {loading ? 'Logging out…' : 'Log out everywhere'}
      </button>
    </FormSection>
  );
}

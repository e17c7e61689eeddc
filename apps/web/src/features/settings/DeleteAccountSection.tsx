import { MESSAGES } from '@vgl/shared';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormSection } from '../../components/form/FormSection';
import { TextField } from '../../components/form/TextField';
import { logout } from '../../stores/auth';
import { showToast } from '../../stores/toast';
import { serverFieldErrors } from './fieldErrors';
import styles from './settings.module.css';
import { deleteAccount } from './settingsApi';
import { toastFailure } from './toastFailure';

const CONFIRM_MISSING = 'Tick the box to confirm that everything will be deleted.';

/**
 * The danger zone: deleting the account removes it and everything in it.
 * It takes the password and a ticked confirmation; then the session ends and
 * the front page shows.
 */
export function DeleteAccountSection({ username }: { username: string }) {
  const id = useId();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [loading, setLoading] = useState(false);

  const passwordError = (submitted && !password ? MESSAGES.validation.password.required : undefined) ?? serverError;
  const confirmError = submitted && !confirmed ? CONFIRM_MISSING : undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!password || !confirmed) return;
    setLoading(true);
    try {
      await deleteAccount(password);
      navigate('/', { replace: true });
      logout();
      showToast({ variant: 'success', text: 'Your account and everything in it are deleted.' });
    } catch (error) {
      setServerError(serverFieldErrors(error).password);
      toastFailure('Deleting the account', error);
      setLoading(false);
    }
  };

  return (
    <FormSection title="Delete account" tone="danger">
      <p className={styles.hint}>
        This removes your account and everything in it for good: your library, ratings, reviews, diary, comments, likes, follows and picture. It cannot be
        undone. To keep a copy, download the CSV export from <Link to={`/u/${username.toLowerCase()}/settings/data`}>Data settings</Link> first.
      </p>
      <form className={styles.form} onSubmit={submit} noValidate aria-busy={loading}>
        <TextField
          name="delete-password"
          label="Your password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={passwordError}
          onChange={(event) => {
            setPassword(event.target.value);
            setServerError(undefined);
          }}
        />
        <div className={styles.checkField}>
          <div className={styles.check}>
            <input
              id={`${id}-confirm`}
              type="checkbox"
              checked={confirmed}
              onChange={(event) => setConfirmed(event.target.checked)}
              aria-invalid={Boolean(confirmError)}
              aria-describedby={confirmError ? `${id}-confirm-error` : undefined}
            />
            <label htmlFor={`${id}-confirm`}>I understand that my account and everything in it will be deleted.</label>
          </div>
          {confirmError && (
            <p id={`${id}-confirm-error`} className={styles.error} role="alert">
              {confirmError}
            </p>
          )}
        </div>
        <button type="submit" className="button button-danger" disabled={loading}>
          {loading ? 'Deleting…' : 'Delete my account'}
        </button>
      </form>
    </FormSection>
  );
}

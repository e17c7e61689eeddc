import { ACCOUNT_MESSAGES } from '@vgl/shared';
import { emailSchema, firstFieldErrors, newPasswordSchema } from '@vgl/shared/schemas';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { TextField } from '../../components/form/TextField';
import { ApiRequestError } from '../../lib/api';
import { openModal } from '../../stores/modals';
import { showToast } from '../../stores/toast';
import { postForMessage } from './authApi';
import { AuthScreen } from './AuthScreen';
import { GuestOnly } from './guards';

/** /auth/password/reset (guest-only): always the same answer, whether or not the address has an account. */
export function PasswordResetPage() {
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [done, setDone] = useState(false);
  const [loading, setLoading] = useState(false);
  const check = emailSchema.safeParse(email);
  const error = submitted && !check.success ? check.error.issues[0]?.message : undefined;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!check.success) return;
    setLoading(true);
    try {
      await postForMessage('/api/auth/password/reset', { email: check.data });
      setDone(true);
    } catch (err) {
      console.error('Password reset request failed', err);
      showToast({ variant: 'alert', text: err instanceof ApiRequestError && err.body ? err.body.message : undefined });
    } finally {
      setLoading(false);
    }
  };

  return (
    <GuestOnly>
      <AuthScreen title="Forgot your password?" lead="Enter your e-mail address and we will send you a link to choose a new one.">
        {done ? (
          <p className="form-message" data-tone="success" role="status">
            {ACCOUNT_MESSAGES.resetSent}
          </p>
        ) : (
          <form className="form-stack" onSubmit={onSubmit} noValidate aria-busy={loading}>
            <TextField name="email" label="Email" type="email" autoComplete="email" value={email} error={error} onChange={(e) => setEmail(e.target.value)} />
            <button type="submit" className="button button-primary" disabled={loading}>
              Send me a link
            </button>
          </form>
        )}
      </AuthScreen>
    </GuestOnly>
  );
}

/** /auth/password/new/{token} (guest-only): a new password with the registration rules; nobody is signed in. */
export function PasswordNewPage() {
  const { token = '' } = useParams();
  const [values, setValues] = useState({ password: '', password2: '' });
  const [submitted, setSubmitted] = useState(false);
  const [loading, setLoading] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const parsed = newPasswordSchema.safeParse({ token, ...values });
  const errors = submitted && !parsed.success ? firstFieldErrors(parsed.error) : {};

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!parsed.success) return;
    setLoading(true);
    try {
      setOutcome({ ok: true, message: (await postForMessage('/api/auth/password/new', parsed.data)).message });
    } catch (err) {
      const message = err instanceof ApiRequestError && err.body ? err.body.message : ACCOUNT_MESSAGES.invalidLink;
      setOutcome({ ok: false, message });
    } finally {
      setLoading(false);
    }
  };

  return (
    <GuestOnly>
      <AuthScreen title="Choose a new password">
        {outcome && (
          <p className="form-message" data-tone={outcome.ok ? 'success' : 'error'} role={outcome.ok ? 'status' : 'alert'}>
            {outcome.message}
          </p>
        )}
        {outcome?.ok ? (
          <button type="button" className="button button-primary" onClick={() => openModal('login')}>
            Log in
          </button>
        ) : (
          <form className="form-stack" onSubmit={onSubmit} noValidate aria-busy={loading}>
            <TextField
              name="password"
              label="New password"
              type="password"
              autoComplete="new-password"
              value={values.password}
              error={errors.password}
              onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
            />
            <TextField
              name="password2"
              label="Repeat password"
              type="password"
              autoComplete="new-password"
              value={values.password2}
              error={errors.password2}
              onChange={(e) => setValues((v) => ({ ...v, password2: e.target.value }))}
            />
            <button type="submit" className="button button-primary" disabled={loading}>
              Save new password
            </button>
          </form>
        )}
      </AuthScreen>
    </GuestOnly>
  );
}

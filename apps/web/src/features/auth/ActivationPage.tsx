import { ACCOUNT_MESSAGES } from '@vgl/shared';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { TextField } from '../../components/form/TextField';
import { showToast } from '../../stores/toast';
import { postForMessage } from './authApi';
import { AuthScreen } from './AuthScreen';

/** /auth/activation: after sign-up — check your inbox, or ask for a new link. */
export function ActivationPage() {
  const { state } = useLocation() as { state: { email?: string } | null };
  const [email, setEmail] = useState(state?.email ?? '');
  const [sent, setSent] = useState(false);
  const [loading, setLoading] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return;
    setLoading(true);
    try {
      await postForMessage('/api/auth/activation/resend', { email });
      setSent(true);
    } catch (error) {
      console.error('Resending the activation mail failed', error);
      showToast({ variant: 'alert', text: 'We could not send the mail. Please check the address and try again.' });
    } finally {
      setLoading(false);
    }
  };

  return (
    <AuthScreen
      title="Check your inbox"
      lead={
        state?.email
          ? `We have sent an activation link to ${state.email}. Open it to activate your account.`
          : 'We have sent you an activation link. Open it to activate your account.'
      }
    >
      {sent && (
        <p className="form-message" data-tone="success" role="status">
          {ACCOUNT_MESSAGES.activationResent}
        </p>
      )}
      <form className="form-stack" onSubmit={onSubmit} aria-busy={loading}>
        <TextField
          name="email"
          label="Didn't get it? Send a new link to"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          hint="Check your spam folder first; links work for 7 days."
        />
        <button type="submit" className="button button-ghost" disabled={loading}>
          Send a new link
        </button>
      </form>
    </AuthScreen>
  );
}

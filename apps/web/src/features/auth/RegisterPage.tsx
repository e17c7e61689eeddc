import { REGISTRATION_MESSAGES, type RegistrationMode } from '@vgl/shared';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { TextField } from '../../components/form/TextField';
import { ApiRequestError } from '../../lib/api';
import { openModal } from '../../stores/modals';
import { showToast } from '../../stores/toast';
import { AuthScreen } from './AuthScreen';
import { GuestOnly } from './guards';
import { useRegistration } from './registrationApi';
import { useRegisterForm, type RegisterField } from './useRegisterForm';

const FIELDS: { name: RegisterField; label: string; type: string; autoComplete: string }[] = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'username', label: 'Username', type: 'text', autoComplete: 'username' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { name: 'password2', label: 'Repeat password', type: 'password', autoComplete: 'new-password' },
];
const INVITE_FIELD = { name: 'invite' as const, label: 'Invite code', type: 'text', autoComplete: 'off' };

interface RegisterFormProps {
  mode: RegistrationMode;
  /** Approval mode: the account now waits for a moderator. */
  onRequested: (message: string) => void;
  /** The server said registration is closed (an admin closed it since the page loaded). */
  onClosed: () => void;
}

function RegisterForm({ mode, onRequested, onClosed }: RegisterFormProps) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const withInvite = mode === 'invite';
  const form = useRegisterForm(
    (email, message) => (mode === 'approval' ? onRequested(message) : navigate('/auth/activation', { state: { email } })),
    { invite: params.get('invite') ?? '', withInvite },
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.submit().catch((error: unknown) => {
      if (error instanceof ApiRequestError && error.status === 403) return onClosed();
      console.error('Registration failed', error);
      showToast({ variant: 'alert', text: 'We could not create your account. Please try again.' });
    });
  };

  return (
    <form className="form-stack" onSubmit={onSubmit} noValidate aria-busy={form.loading}>
      {(withInvite ? [INVITE_FIELD, ...FIELDS] : FIELDS).map((field) => (
        <TextField
          key={field.name}
          name={field.name}
          label={field.label}
          type={field.type}
          autoComplete={field.autoComplete}
          value={form.values[field.name] ?? ''}
          error={form.errorOf(field.name)}
          onChange={(event) => form.change(field.name, event.target.value)}
        />
      ))}
      <button type="submit" className="button button-primary" disabled={form.loading}>
        {form.loading ? 'Creating your account…' : mode === 'approval' ? 'Request an account' : 'Create account'}
      </button>
    </form>
  );
}

const LEADS: Record<RegistrationMode, string> = {
  open: 'Track every game you play, rate and review them, and follow your friends.',
  approval: 'A moderator approves each new account on this instance. Once yours is approved, we e-mail you a link to activate it.',
  invite: 'Joining this instance takes an invite: enter the code from your invite link.',
  closed: REGISTRATION_MESSAGES.closed,
};

/**
 * /auth/register (SPEC §2): full screen, "Join VGL", a Log in button for
 * existing users. Who may join shapes it: an invite code field (invite), a
 * request that waits for a moderator (approval), or a closed notice.
 */
export function RegisterPage() {
  const mode = useRegistration().data?.mode ?? 'open';
  const [closedNow, setClosedNow] = useState(false);
  const [requested, setRequested] = useState<string | null>(null);
  const closed = mode === 'closed' || closedNow;
  const logIn = (
    <button type="button" className="button button-ghost button-small" onClick={() => openModal('login')}>
      Log in
    </button>
  );

  return (
    <GuestOnly>
      {closed ? (
        <AuthScreen title="Registration is closed" aside={logIn}>
          <p role="status">{REGISTRATION_MESSAGES.closed}</p>
          <p>Already have an account? Log in as usual.</p>
        </AuthScreen>
      ) : requested ? (
        <AuthScreen title="Request sent" aside={logIn}>
          <p role="status">{requested}</p>
        </AuthScreen>
      ) : (
        <AuthScreen title={mode === 'approval' ? 'Request an account' : 'Join VGL'} lead={LEADS[mode]} aside={logIn}>
          <RegisterForm key={mode} mode={mode} onRequested={setRequested} onClosed={() => setClosedNow(true)} />
        </AuthScreen>
      )}
    </GuestOnly>
  );
}

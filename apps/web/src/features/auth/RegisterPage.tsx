import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { TextField } from '../../components/form/TextField';
import { openModal } from '../../stores/modals';
import { showToast } from '../../stores/toast';
import { AuthScreen } from './AuthScreen';
import { GuestOnly } from './guards';
import { useRegisterForm, type RegisterField } from './useRegisterForm';

const FIELDS: { name: RegisterField; label: string; type: string; autoComplete: string }[] = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'username', label: 'Username', type: 'text', autoComplete: 'username' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { name: 'password2', label: 'Repeat password', type: 'password', autoComplete: 'new-password' },
];

function RegisterForm() {
  const navigate = useNavigate();
  const form = useRegisterForm((email) => navigate('/auth/activation', { state: { email } }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.submit().catch((error: unknown) => {
      console.error('Registration failed', error);
      showToast({ variant: 'alert', text: 'We could not create your account. Please try again.' });
    });
  };

  return (
    <form className="form-stack" onSubmit={onSubmit} noValidate aria-busy={form.loading}>
      {FIELDS.map((field) => (
        <TextField
          key={field.name}
          name={field.name}
          label={field.label}
          type={field.type}
          autoComplete={field.autoComplete}
          value={form.values[field.name]}
          error={form.errorOf(field.name)}
          onChange={(event) => form.change(field.name, event.target.value)}
        />
      ))}
      <button type="submit" className="button button-primary" disabled={form.loading}>
        {form.loading ? 'Creating your account…' : 'Create account'}
      </button>
    </form>
  );
}

/** /auth/register (SPEC §2): full screen, "Join VGL", a Log in button for existing users. */
export function RegisterPage() {
  return (
    <GuestOnly>
      <AuthScreen
        title="Join VGL"
        lead="Track every game you play, rate and review them, and follow your friends."
        aside={
          <button type="button" className="button button-ghost button-small" onClick={() => openModal('login')}>
            Log in
          </button>
        }
      >
        <RegisterForm />
      </AuthScreen>
    </GuestOnly>
  );
}

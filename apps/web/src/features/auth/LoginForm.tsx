import { MESSAGES, validateLogin, type LoginPayload } from '@vgl/shared';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { TextField } from '../../components/form/TextField';
import { signIn } from '../../stores/auth';
import { closeModal } from '../../stores/modals';
import { trigger } from '../../stores/renderTriggers';
import { showToast } from '../../stores/toast';
import { login } from './authApi';
import styles from './LoginForm.module.css';
import { signUpLabel, useRegistration } from './registrationApi';

const EMPTY: LoginPayload = { identifier: '', password: '' };

/** Log in by e-mail or username; the sign-in transition of SPEC §4. Used by the modal and the /auth page. */
export function LoginForm() {
  const [values, setValues] = useState<LoginPayload>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [loading, setLoading] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // Validated on submit, then on every change (SPEC §5).
  const errors = submitted ? validateLogin(values) : {};

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(validateLogin(values)).length) return;
    setLoading(true);
    const result = await login(values);
    setLoading(false);
    setSubmitted(false);
    if (result.kind === 'activation') {
      closeModal('login');
      navigate('/auth/activation', { state: { email: values.identifier.includes('@') ? values.identifier : undefined } });
    } else if (result.kind === 'signedIn' && signIn(result.token)) {
      closeModal('login');
      trigger('nav');
      showToast({ variant: 'success', text: MESSAGES.login.signedIn });
      if (pathname.startsWith('/auth')) navigate('/');
    } else {
      // The form resets after submit (SPEC §4), but a failed try keeps who is
      // logging in: only the password is cleared, and the caret waits there.
      setValues({ identifier: values.identifier, password: '' });
      (formRef.current?.elements.namedItem('password') as HTMLInputElement | null)?.focus();
      showToast({ variant: 'alert', text: result.kind === 'failed' && result.message ? result.message : MESSAGES.login.failed });
      return;
    }
    setValues(EMPTY);
  };

  const bind = (name: keyof LoginPayload) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
  });

  return (
    <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate aria-busy={loading}>
      <TextField {...bind('identifier')} label="Email or username" type="text" autoComplete="username" autoFocus />
      <TextField {...bind('password')} label="Password" type="password" autoComplete="current-password" />
      <Link className={styles.forgot} to="/auth/password/reset" onClick={() => closeModal('login')}>
        Forgot password?
      </Link>
      <button type="submit" className="button button-primary" disabled={loading}>
        {loading ? 'Logging in…' : 'Log in'}
      </button>
      <SignUpFooter />
    </form>
  );
}

/** "New to VGL? Sign up", in the words of who may join; nothing when registration is closed. */
function SignUpFooter() {
  const label = signUpLabel(useRegistration().data?.mode, 'Sign up');
  if (label === null) return null;
  return (
    <p className={styles.footer}>
      New to VGL?{' '}
      <Link to="/auth/register" onClick={() => closeModal('login')}>
        {label}
      </Link>
    </p>
  );
}

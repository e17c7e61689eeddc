import { MESSAGES, validateLogin, type LoginPayload } from '@vgl/shared';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Modal } from '../../components/Modal';
import { signIn } from '../../stores/auth';
import { closeModal } from '../../stores/modals';
import { trigger } from '../../stores/renderTriggers';
import { showToast } from '../../stores/toast';
import { login } from './authApi';
import styles from './LoginModal.module.css';

const EMPTY: LoginPayload = { identifier: '', password: '' };

/** The login modal of SPEC §2 and the sign-in transition of SPEC §4. */
export function LoginModal() {
  return (
    <Modal name="login" title="Log in">
      <LoginForm />
    </Modal>
  );
}

function LoginForm() {
  const [values, setValues] = useState<LoginPayload>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [loading, setLoading] = useState(false);
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
    setValues(EMPTY);
    setSubmitted(false);
    if (result.kind === 'activation') {
      closeModal('login');
      navigate('/auth/activation');
    } else if (result.kind === 'signedIn' && signIn(result.token)) {
      closeModal('login');
      trigger('nav');
      showToast({ variant: 'success', text: MESSAGES.login.signedIn });
      if (pathname.startsWith('/auth')) navigate('/');
    } else {
      showToast({ variant: 'alert', text: MESSAGES.login.failed });
    }
  };

  const field = (name: keyof LoginPayload) => ({
    id: `login-${name}`,
    name,
    value: values[name],
    'aria-invalid': Boolean(errors[name]),
    'aria-describedby': errors[name] ? `login-${name}-error` : undefined,
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={loading}>
      <label htmlFor="login-identifier">Email or username</label>
      <input {...field('identifier')} type="text" autoComplete="username" autoFocus />
      {errors.identifier && (
        <p id="login-identifier-error" className={styles.error}>
          {errors.identifier}
        </p>
      )}
      <div className={styles.passwordRow}>
        <label htmlFor="login-password">Password</label>
        <Link to="/auth/password/reset" onClick={() => closeModal('login')}>
          Forgot password?
        </Link>
      </div>
      <input {...field('password')} type="password" autoComplete="current-password" />
      {errors.password && (
        <p id="login-password-error" className={styles.error}>
          {errors.password}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={loading}>
        {loading ? 'Logging in…' : 'Log in'}
      </button>
      <p className={styles.footer}>
        New to VGL?{' '}
        <Link to="/auth/register" onClick={() => closeModal('login')}>
          Sign up
        </Link>
      </p>
    </form>
  );
}

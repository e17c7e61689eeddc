import { MESSAGES } from '@vgl/shared';
import { passwordSchema } from '@vgl/shared/schemas';
import { useState, type FormEvent } from 'react';
import { FormSection } from '../../components/form/FormSection';
import { TextField } from '../../components/form/TextField';
import { signIn } from '../../stores/auth';
import { showToast } from '../../stores/toast';
import { serverFieldErrors } from './fieldErrors';
import styles from './settings.module.css';
import { changePassword } from './settingsApi';
import { toastFailure } from './toastFailure';

type PasswordField = 'currentPassword' | 'password' | 'password2';
const EMPTY: Record<PasswordField, string> = { currentPassword: '', password: '', password2: '' };
const m = MESSAGES.validation;

function ruleErrors(values: Record<PasswordField, string>): Partial<Record<PasswordField, string>> {
  const password = passwordSchema.safeParse(values.password);
  return {
    currentPassword: values.currentPassword ? undefined : m.password.required,
    password: password.success ? undefined : password.error.issues[0]?.message,
    password2: !values.password2 ? m.password2.required : values.password2 !== values.password ? m.password2.mismatch : undefined,
  };
}

/**
 * "Change password": current, new (the registration rules) and repeat. The
 * answer is a new token — other sessions are signed out, this one stays.
 */
export function PasswordForm({ username }: { username: string }) {
  const [values, setValues] = useState(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [loading, setLoading] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<PasswordField, string>>>({});

  const rules = ruleErrors(values);
  const errorOf = (field: PasswordField) => (submitted ? rules[field] : undefined) ?? serverErrors[field];
  const change = (field: PasswordField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.values(rules).some(Boolean)) return;
    setLoading(true);
    try {
      const { token } = await changePassword(values);
      if (!signIn(token)) throw new Error('the answer carried no usable token');
      showToast({ variant: 'success' });
      setValues(EMPTY);
      setSubmitted(false);
    } catch (error) {
      setServerErrors(serverFieldErrors(error));
      toastFailure('The password change', error);
    } finally {
      setLoading(false);
    }
  };

  const field = (name: PasswordField, label: string, autoComplete: string) => (
    <TextField
      name={`settings-${name}`}
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      error={errorOf(name)}
      onChange={(event) => change(name, event.target.value)}
    />
  );

  return (
    <FormSection title="Change password">
      <p className={styles.hint}>8 to 32 characters with a digit, a lowercase and an uppercase letter. Your other devices will be logged out.</p>
      <form className={styles.form} onSubmit={submit} noValidate aria-busy={loading}>
        {/* For password managers: which account the new password belongs to. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        {field('currentPassword', 'Current password', 'current-password')}
        {field('password', 'New password', 'new-password')}
        {field('password2', 'Repeat new password', 'new-password')}
        <button type="submit" className="button button-primary" disabled={loading}>
          {loading ? 'Saving…' : 'Change password'}
        </button>
      </form>
    </FormSection>
  );
}

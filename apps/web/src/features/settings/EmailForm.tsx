import { MESSAGES } from '@vgl/shared';
import { emailSchema } from '@vgl/shared/schemas';
import { useState, type FormEvent } from 'react';
import { FormSection } from '../../components/form/FormSection';
import { TextField } from '../../components/form/TextField';
import { showToast } from '../../stores/toast';
import { serverFieldErrors } from './fieldErrors';
import styles from './settings.module.css';
import { requestEmailChange } from './settingsApi';
import { toastFailure } from './toastFailure';

/**
 * "Change e-mail": the new address and the current password. The server mails
 * a confirmation link to the new address; the change applies when it is
 * opened (/auth/verification/{token}).
 */
export function EmailForm({ email }: { email: string | undefined }) {
  const [values, setValues] = useState({ email: '', password: '' });
  const [submitted, setSubmitted] = useState(false);
  const [loading, setLoading] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string | undefined>>({});
  const [sent, setSent] = useState<string | null>(null);

  const parsed = emailSchema.safeParse(values.email);
  const errors = {
    email: (submitted && !parsed.success ? parsed.error.issues[0]?.message : undefined) ?? serverErrors.email,
    password: (submitted && !values.password ? MESSAGES.validation.password.required : undefined) ?? serverErrors.password,
  };

  const change = (field: keyof typeof values, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!parsed.success || !values.password) return;
    setLoading(true);
    try {
      const { message } = await requestEmailChange(parsed.data, values.password);
      showToast({ variant: 'success', text: message });
      setSent(`${message} (${parsed.data})`);
      setValues({ email: '', password: '' });
      setSubmitted(false);
    } catch (error) {
      setServerErrors(serverFieldErrors(error));
      toastFailure('The e-mail change', error);
    } finally {
      setLoading(false);
    }
  };

  return (
    <FormSection title="Change e-mail">
      <p className={styles.hint}>
        {email ? (
          <>
            Your address is <strong>{email}</strong>.{' '}
          </>
        ) : null}
        We send a link to the new address; the change applies once you open it.
      </p>
      {sent && (
        <p className="form-message" data-tone="success" role="status">
          {sent}
        </p>
      )}
      <form className={styles.form} onSubmit={submit} noValidate aria-busy={loading}>
        <TextField
          name="new-email"
          label="New e-mail address"
          type="email"
          autoComplete="email"
          value={values.email}
          error={errors.email}
          onChange={(event) => change('email', event.target.value)}
        />
        <TextField
          name="email-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          error={errors.password}
          onChange={(event) => change('password', event.target.value)}
        />
        <button type="submit" className="button button-primary" disabled={loading}>
          {loading ? 'Sending…' : 'Send confirmation link'}
        </button>
      </form>
    </FormSection>
  );
}

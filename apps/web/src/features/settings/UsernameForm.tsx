import { MESSAGES } from '@vgl/shared';
import { usernameSchema } from '@vgl/shared/schemas';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FormSection } from '../../components/form/FormSection';
import { TextField } from '../../components/form/TextField';
import { isFree } from '../auth/authApi';
import { changeUsername } from '../auth/changeUsername';
import styles from './settings.module.css';

const CHECK_DELAY_MS = 400;

/**
 * "Change username": the registration rules while typing, then whether the
 * name is free (after typing pauses), then the SPEC §4 flow — new token,
 * toast, and the account settings under the new name.
 */
export function UsernameForm({ username }: { username: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const [loading, setLoading] = useState(false);
  /** Availability answers by lower-cased name. */
  const [free, setFree] = useState<Record<string, boolean>>({});

  const parsed = usernameSchema.safeParse(value);
  const candidate = parsed.success ? parsed.data : null;
  const key = candidate?.toLowerCase() ?? '';
  // Only the letter case changes: the name is already theirs, nothing to check.
  const ownName = key === username.toLowerCase();
  const needsCheck = candidate !== null && !ownName && free[key] === undefined;

  useEffect(() => {
    if (!needsCheck || !candidate) return;
    const timer = window.setTimeout(async () => {
      const answer = await isFree('username', candidate);
      setFree((known) => ({ ...known, [candidate.toLowerCase()]: answer }));
    }, CHECK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [needsCheck, candidate]);

  let error: string | undefined;
  if (touched && !parsed.success) error = parsed.error.issues[0]?.message;
  else if (candidate === username) error = 'This is already your username.';
  else if (candidate && !ownName && free[key] === false) error = MESSAGES.validation.username.taken;
  const hint = candidate && !ownName && free[key] === true ? `${candidate} is available.` : `Your username is ${username}. Links to your profile change with it.`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!candidate || candidate === username || loading) return;
    setLoading(true);
    try {
      if (!ownName) {
        const available = free[key] ?? (await isFree('username', candidate));
        setFree((known) => ({ ...known, [key]: available }));
        if (!available) return;
      }
      // flushSync: the new name and the new URL show together, never the 403 of "someone else's settings" in between.
      if (await changeUsername(candidate, (path) => navigate(path, { replace: true, flushSync: true }))) setValue('');
    } finally {
      setLoading(false);
    }
  };

  return (
    <FormSection title="Change username">
      <form className={styles.form} onSubmit={submit} noValidate aria-busy={loading}>
        <TextField
          name="new-username"
          label="New username"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          value={value}
          error={error}
          hint={hint}
          onChange={(event) => {
            setValue(event.target.value);
            setTouched(true);
          }}
        />
        <button type="submit" className="button button-primary" disabled={loading}>
          {loading ? 'Changing…' : 'Change username'}
        </button>
      </form>
    </FormSection>
  );
}

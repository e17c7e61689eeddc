import { MESSAGES } from '@vgl/shared';
import { firstFieldErrors, registerSchema, type RegisterPayload } from '@vgl/shared/schemas';
import { useEffect, useState } from 'react';
import { ApiRequestError, api } from '../../lib/api';
import { isFree } from './authApi';

export type RegisterField = keyof RegisterPayload;
type RegisterValues = Required<RegisterPayload>;
type Availability = Record<string, boolean>;

const EMPTY: RegisterValues = { email: '', username: '', password: '', password2: '', invite: '' };
const CHECK_DELAY_MS = 400;
const availabilityKey = (field: 'email' | 'username', value: string) => `${field}:${value.trim().toLowerCase()}`;

/**
 * The register form's state (SPEC §5): the shared zod rules on change and on
 * submit, debounced availability checks of e-mail and username, and the
 * server's own field messages after a submit.
 */
export function useRegisterForm(onRegistered: (email: string, message: string) => void, { invite = '', withInvite = false }: { invite?: string; withInvite?: boolean } = {}) {
  const [values, setValues] = useState<RegisterValues>({ ...EMPTY, invite });
  const [touched, setTouched] = useState<Partial<Record<RegisterField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [loading, setLoading] = useState(false);
  const [available, setAvailable] = useState<Availability>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const parsed = registerSchema.safeParse(values);
  const ruleErrors = parsed.success ? {} : firstFieldErrors(parsed.error);

  // Ask the server once the value itself is valid, after typing pauses.
  useEffect(() => {
    const timers = (['email', 'username'] as const)
      .filter((field) => values[field] && !ruleErrors[field] && available[availabilityKey(field, values[field])] === undefined)
      .map((field) =>
        window.setTimeout(async () => {
          const free = await isFree(field, values[field]);
          setAvailable((a) => ({ ...a, [availabilityKey(field, values[field])]: free }));
        }, CHECK_DELAY_MS),
      );
    return () => timers.forEach((id) => window.clearTimeout(id));
  }, [values, ruleErrors.email, ruleErrors.username, available]); // eslint-disable-line react-hooks/exhaustive-deps

  const takenMessage = (field: 'email' | 'username') =>
    available[availabilityKey(field, values[field])] === false ? MESSAGES.validation[field].taken : undefined;

  const errorOf = (field: RegisterField): string | undefined => {
    if (!submitted && !touched[field]) return undefined;
    return (
      ruleErrors[field] ??
      (field === 'email' || field === 'username' ? takenMessage(field) : undefined) ??
      serverErrors[field]
    );
  };

  const change = (field: RegisterField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((t) => ({ ...t, [field]: true }));
    setServerErrors((e) => ({ ...e, [field]: '' }));
  };

  const submit = async () => {
    setSubmitted(true);
    if (!parsed.success) return;
    setLoading(true);
    try {
      const [emailFree, usernameFree] = await Promise.all([isFree('email', values.email), isFree('username', values.username)]);
      setAvailable((a) => ({
        ...a,
        [availabilityKey('email', values.email)]: emailFree,
        [availabilityKey('username', values.username)]: usernameFree,
      }));
      if (!emailFree || !usernameFree) return;
      // The invite code goes only where one is asked for (REGISTRATION=invite).
      const { invite: code, ...payload } = parsed.data;
      const { data } = await api.post<{ message: string }>('/api/auth/register', withInvite ? { ...payload, invite: code } : payload);
      onRegistered(parsed.data.email, data.message);
    } catch (error) {
      if (error instanceof ApiRequestError && error.body?.errors) setServerErrors(error.body.errors);
      else throw error;
    } finally {
      setLoading(false);
    }
  };

  return { values, loading, errorOf, change, submit };
}

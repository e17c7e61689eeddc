import { MESSAGES } from './messages.js';

export interface LoginPayload {
  /** The e-mail address or the username. */
  identifier: string;
  password: string;
}

/** Login form rules (SPEC §5): both fields required. Field → message; empty when valid. */
export function validateLogin({ identifier, password }: LoginPayload): Partial<Record<keyof LoginPayload, string>> {
  const errors: Partial<Record<keyof LoginPayload, string>> = {};
  if (!identifier.trim()) errors.identifier = MESSAGES.validation.login.identifierRequired;
  if (!password) errors.password = MESSAGES.validation.login.passwordRequired;
  return errors;
}

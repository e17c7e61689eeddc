import type { LoginPayload } from '@vgl/shared';
import { api, ApiRequestError } from '../../lib/api';

export type LoginResult =
  | { kind: 'signedIn'; token: string }
  | { kind: 'activation' }
  /** message: the server's own words when it has sharper ones than SPEC's default (e.g. a lockout). */
  | { kind: 'failed'; message?: string };

/**
 * POST /api/auth/login (SPEC §7): 201 means the account is pending and an
 * activation e-mail went out; otherwise the answer carries the token.
 */
export async function login(payload: LoginPayload): Promise<LoginResult> {
  try {
    const { status, data } = await api.post<{ token?: unknown }>('/api/auth/login', payload);
    if (status === 201) return { kind: 'activation' };
    if (typeof data?.token === 'string') return { kind: 'signedIn', token: data.token };
  } catch (error) {
    console.error('Login failed', error);
    // 429: too many tries; 403: the account waits for a moderator's approval (REGISTRATION=approval).
    if (error instanceof ApiRequestError && (error.status === 429 || error.status === 403) && error.body) return { kind: 'failed', message: error.body.message };
  }
  return { kind: 'failed' };
}

/** Token refresh (SPEC §4, §8): the new token, or null (logged, no user message) on failure. */
export async function refreshToken(authToken: string): Promise<string | null> {
  try {
    const { data } = await api.post<{ token?: unknown }>('/api/auth/refresh', { authToken });
    return typeof data?.token === 'string' ? data.token : null;
  } catch (error) {
    console.error('Token refresh failed', error);
    return null;
  }
}

/** A bare-boolean availability check (SPEC §7); a failed check counts as "already in use" (SPEC §8). */
export async function isFree(field: 'email' | 'username', value: string): Promise<boolean> {
  try {
    const { data } = await api.post<unknown>(field === 'email' ? '/api/auth/isemailfree' : '/api/auth/isusernamefree', { [field]: value });
    return data === true;
  } catch (error) {
    console.error('Availability check failed', error);
    return false;
  }
}

/** POST with a JSON answer carrying a message; errors keep the server's field messages. */
export async function postForMessage(path: string, body: unknown): Promise<{ message: string }> {
  const { data } = await api.post<{ message: string }>(path, body);
  return data;
}

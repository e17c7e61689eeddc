import type { LoginPayload } from '@vgl/shared';
import { api } from '../../lib/api';

export type LoginResult = { kind: 'signedIn'; token: string } | { kind: 'activation' } | { kind: 'failed' };

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

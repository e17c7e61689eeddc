import { api } from '../../lib/api';

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

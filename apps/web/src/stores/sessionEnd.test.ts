import { ACCOUNT_MESSAGES } from '@vgl/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, hasAuthHeader } from '../lib/api';
import { stubFetch } from '../test/stubFetch';
import { authStore, logout, signIn, startAuth } from './auth';
import { modalStore } from './modals';
import { toastStore } from './toast';

const NOW_SECONDS = Math.floor(Date.now() / 1000);

function token(username: string): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ username, avatar: null, isSuspended: false, exp: NOW_SECONDS + 30 * 86_400 })}.sig`;
}

const unauthorized = { status: 401, body: { statusCode: 401, error: 'unauthorized', message: 'You need to log in.' } };
const attempt = (call: Promise<unknown>) => call.catch(() => undefined);

describe('a 401 on a signed-in call ends the session', () => {
  beforeEach(async () => {
    localStorage.clear();
    logout();
    modalStore.setState({ modals: [] });
    await startAuth({ refresh: async () => null, redirect: () => undefined });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('signs out once, with one message and the login modal, however many calls fail', async () => {
    signIn(token('Alice'));
    const before = toastStore.getState().counter;
    stubFetch({ '/api/profile/avatar/': unauthorized, '/api/activity/isunread': unauthorized, '/api/notifications': unauthorized });

    await Promise.all([api.get('/api/profile/avatar/'), api.get('/api/activity/isunread'), api.get('/api/notifications?p=1')].map(attempt));

    expect(authStore.getState()).toEqual({ isAuthenticated: false, user: null });
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(hasAuthHeader()).toBe(false);
    expect(toastStore.getState()).toMatchObject({ counter: before + 1, variant: 'warning', text: ACCOUNT_MESSAGES.sessionEnded });
    expect(modalStore.getState().modals).toEqual([{ name: 'login' }]);
  });

  it('leaves a visitor alone: their calls carry no token', async () => {
    const before = toastStore.getState().counter;
    stubFetch({ '/api/activity/isunread': unauthorized });
    await attempt(api.get('/api/activity/isunread'));
    expect(toastStore.getState().counter).toBe(before);
    expect(modalStore.getState().modals).toEqual([]);
  });

  it('does not treat a wrong password or a refused refresh as the end of the session', async () => {
    signIn(token('Alice'));
    const before = toastStore.getState().counter;
    stubFetch({ 'POST /api/auth/login': unauthorized, 'POST /api/auth/refresh': unauthorized });
    await attempt(api.post('/api/auth/login', { identifier: 'alice', password: 'nope' }));
    await attempt(api.post('/api/auth/refresh', { authToken: 'stale' }));
    expect(authStore.getState().isAuthenticated).toBe(true);
    expect(toastStore.getState().counter).toBe(before);
  });

  it('does not sign out a new session for a late answer to the old one', async () => {
    signIn(token('Alice'));
    let answer!: () => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = () => resolve(new Response(JSON.stringify(unauthorized.body), { status: 401 }))))),
    );
    const late = attempt(api.get('/api/profile/avatar/'));
    signIn(token('Bob'));
    answer();
    await late;
    expect(authStore.getState().user?.username).toBe('Bob');
    expect(modalStore.getState().modals).toEqual([]);
  });
});

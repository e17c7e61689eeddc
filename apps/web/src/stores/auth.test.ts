import { beforeEach, describe, expect, it, vi } from 'vitest';
import { hasAuthHeader } from '../lib/api';
import { authStore, decodeUser, logout, signIn, startAuth } from './auth';

const NOW = 1_800_000_000_000;
const nowSeconds = NOW / 1000;

function fakeToken(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.signature`;
}

const validToken = (overrides: Record<string, unknown> = {}) =>
  fakeToken({ username: 'Alice', avatar: 'a.webp', isSuspended: false, exp: nowSeconds + 30 * 86_400, ...overrides });

function deps(refreshed: string | null = null) {
  return {
    refresh: vi.fn(async () => refreshed),
    redirect: vi.fn(),
    now: () => NOW,
  };
}

describe('auth store (SPEC §4)', () => {
  beforeEach(() => {
    localStorage.clear();
    logout();
  });

  it('decodes username, avatar, isSuspended, role and exp from a token', () => {
    expect(decodeUser(validToken())).toEqual({ username: 'Alice', avatar: 'a.webp', isSuspended: false, role: 'user', exp: nowSeconds + 30 * 86_400 });
    expect(decodeUser(validToken({ role: 'moderator' }))?.role).toBe('moderator');
    expect(decodeUser(validToken({ role: 'superuser' }))?.role).toBe('user');
    expect(decodeUser('not-a-token')).toBeNull();
  });

  it('sign in stores the token under authToken, sets the user and the auth header', () => {
    const token = validToken();
    signIn(token);
    expect(localStorage.getItem('authToken')).toBe(token);
    expect(authStore.getState()).toMatchObject({ isAuthenticated: true, user: { username: 'Alice' } });
    expect(hasAuthHeader()).toBe(true);
  });

  it('logout removes the token, clears the header and the user', () => {
    signIn(validToken());
    logout();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(authStore.getState()).toEqual({ isAuthenticated: false, user: null });
    expect(hasAuthHeader()).toBe(false);
  });

  it('startup without a stored token does nothing', async () => {
    const d = deps();
    await startAuth(d);
    expect(authStore.getState().isAuthenticated).toBe(false);
    expect(d.refresh).not.toHaveBeenCalled();
  });

  it('startup applies a stored token and decodes the user', async () => {
    localStorage.setItem('authToken', validToken());
    const d = deps();
    await startAuth(d);
    expect(authStore.getState()).toMatchObject({ isAuthenticated: true, user: { username: 'Alice' } });
    expect(d.refresh).not.toHaveBeenCalled();
  });

  it('startup logs out an expired token', async () => {
    localStorage.setItem('authToken', validToken({ exp: nowSeconds - 1 }));
    await startAuth(deps());
    expect(authStore.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('startup logs out an unreadable token', async () => {
    localStorage.setItem('authToken', 'garbage');
    await startAuth(deps());
    expect(authStore.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('startup refreshes a token expiring in under 518400 seconds and applies the new one', async () => {
    localStorage.setItem('authToken', validToken({ exp: nowSeconds + 518_399 }));
    const renewed = validToken({ username: 'Alice2' });
    const d = deps(renewed);
    await startAuth(d);
    expect(d.refresh).toHaveBeenCalledOnce();
    expect(localStorage.getItem('authToken')).toBe(renewed);
    expect(authStore.getState().user?.username).toBe('Alice2');
  });

  it('startup does not refresh a token with exactly 518400 seconds left', async () => {
    localStorage.setItem('authToken', validToken({ exp: nowSeconds + 518_400 }));
    const d = deps();
    await startAuth(d);
    expect(d.refresh).not.toHaveBeenCalled();
  });

  it('startup logs out when the refresh fails', async () => {
    localStorage.setItem('authToken', validToken({ exp: nowSeconds + 60 }));
    await startAuth(deps(null));
    expect(authStore.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('startup redirects a suspended user to /u/{username}/suspended', async () => {
    localStorage.setItem('authToken', validToken({ isSuspended: true }));
    const d = deps();
    await startAuth(d);
    expect(d.redirect).toHaveBeenCalledWith('/u/alice/suspended');
  });
});

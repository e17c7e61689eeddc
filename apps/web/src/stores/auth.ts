import { AUTH } from '@vgl/shared';
import { jwtDecode } from 'jwt-decode';
import { createStore, useStore } from 'zustand';
import { setAuthToken } from '../lib/api';

/** The user as the token carries it (SPEC §3). */
export interface AuthUser {
  username: string;
  avatar: string | null;
  isSuspended: boolean;
  /** Expiry, unix seconds. */
  exp: number;
}

export interface AuthState {
  isAuthenticated: boolean;
  user: AuthUser | null;
}

export const authStore = createStore<AuthState>(() => ({ isAuthenticated: false, user: null }));

export function decodeUser(token: string): AuthUser | null {
  try {
    const claims = jwtDecode<Partial<AuthUser> & { sub?: string }>(token);
    if (typeof claims.username !== 'string' || typeof claims.exp !== 'number') return null;
    return {
      username: claims.username,
      avatar: typeof claims.avatar === 'string' && claims.avatar ? claims.avatar : null,
      isSuspended: claims.isSuspended === true,
      exp: claims.exp,
    };
  } catch {
    return null;
  }
}

function readStoredToken(): string | null {
  try {
    return localStorage.getItem(AUTH.tokenStorageKey);
  } catch {
    return null;
  }
}

/** Applies a token: auth header on, user decoded from it. Returns false for an unreadable token. */
function applyToken(token: string): boolean {
  const user = decodeUser(token);
  if (!user) return false;
  setAuthToken(token);
  authStore.setState({ isAuthenticated: true, user });
  return true;
}

/** Sign in (SPEC §4): stores the token under authToken and sets the user from it. */
export function signIn(token: string): AuthUser | null {
  if (!applyToken(token)) return null;
  localStorage.setItem(AUTH.tokenStorageKey, token);
  return authStore.getState().user;
}

/** Logout (SPEC §4): removes the stored token, clears the header, user null. */
export function logout(): void {
  try {
    localStorage.removeItem(AUTH.tokenStorageKey);
  } catch {
    // storage unavailable (private mode): nothing was stored either
  }
  setAuthToken(null);
  authStore.setState({ isAuthenticated: false, user: null });
}

export interface StartupDeps {
  /** POST /api/auth/refresh: the new token, or null on failure (SPEC §4 "Token refresh"). */
  refresh: (token: string) => Promise<string | null>;
  /** Client-side navigation with history replace. */
  redirect: (path: string) => void;
  now?: () => number;
}

/**
 * Startup (SPEC §4): read the stored token; absent → nothing; present →
 * applied and user decoded; expired → logout; expiring within 6 days →
 * refresh (failure logs out); a suspended user is sent to their suspended page.
 */
export async function startAuth({ refresh, redirect, now = () => Date.now() }: StartupDeps): Promise<void> {
  const token = readStoredToken();
  if (!token) return;
  if (!applyToken(token)) return logout();
  const user = authStore.getState().user!;
  const secondsLeft = user.exp - Math.floor(now() / 1000);
  if (secondsLeft <= 0) return logout();
  if (secondsLeft < AUTH.refreshThresholdSeconds) {
    const renewed = await refresh(token);
    if (!renewed || !signIn(renewed)) return logout();
  }
  const current = authStore.getState().user;
  if (current?.isSuspended) redirect(`/u/${current.username.toLowerCase()}/suspended`);
}

export const useAuth = <T>(selector: (state: AuthState) => T): T => useStore(authStore, selector);

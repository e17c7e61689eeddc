import { ACCOUNT_MESSAGES, AUTH, USER_ROLES, type UserRole } from '@vgl/shared';
import { jwtDecode } from 'jwt-decode';
import { createStore, useStore } from 'zustand';
import { apiRequest, currentAuthHeader, hasAuthHeader, setAccountSuspendedHandler, setAuthToken, setSessionEndedHandler } from '../lib/api';
import { forgetMemberAnswers } from '../lib/memberCaches';
import { forgetPushDevice } from '../lib/pushDevice';
import { openModal } from './modals';
import { showToast } from './toast';

/** The user as the token carries it (SPEC §3). */
export interface AuthUser {
  /** The member's id (the token's `sub`): what keeps their offline changes theirs (features/offline). Missing in an odd token. */
  id?: number;
  username: string;
  avatar: string | null;
  isSuspended: boolean;
  /** The token's role claim; missing (an older token, a test fixture) means a regular user. */
  role?: UserRole;
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
    const id = Number(claims.sub);
    return {
      ...(Number.isInteger(id) && id > 0 ? { id } : {}),
      username: claims.username,
      avatar: typeof claims.avatar === 'string' && claims.avatar ? claims.avatar : null,
      isSuspended: claims.isSuspended === true,
      role: USER_ROLES.find((role) => role === claims.role) ?? 'user',
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
  const authorization = currentAuthHeader();
  try {
    localStorage.removeItem(AUTH.tokenStorageKey);
  } catch {
    // storage unavailable (private mode): nothing was stored either
  }
  setAuthToken(null);
  authStore.setState({ isAuthenticated: false, user: null });
  // What the service worker kept for offline reading goes too: a shared device keeps nothing of the member.
  void forgetMemberAnswers().catch(() => undefined);
  // And the device stops getting their push notifications.
  void forgetPushDevice(authorization).catch(() => undefined);
}

/**
 * The member's own "Log out": the server ends this session too, so a copy of
 * the token left behind (a shared computer, a stolen backup) stops working;
 * then it is forgotten here. The answer is not awaited: signing out never waits.
 */
export function signOut(): void {
  if (hasAuthHeader()) void apiRequest('POST', '/api/auth/logout', {}).catch(() => undefined);
  logout();
}

/**
 * The server refused this session (a 401 on a call made with the current
 * token): the token was revoked elsewhere (a password or role change, "log
 * out everywhere") or ran out. Rather than a signed-in nav over pages that
 * fail, the member is signed out here, told why, and offered the login
 * modal. The API client calls this once per token (see lib/api).
 */
export function endSession(): void {
  if (!authStore.getState().isAuthenticated) return;
  logout();
  showToast({ variant: 'warning', head: 'Signed out', text: ACCOUNT_MESSAGES.sessionEnded });
  openModal('login');
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
  watchSuspension({ refresh, redirect });
  setSessionEndedHandler(endSession);
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
  if (current?.isSuspended) redirect(suspendedPath(current.username));
}

export const suspendedPath = (username: string) => `/u/${username.toLowerCase()}/suspended`;

/*
 * A suspension (or its end) can come after the token was issued. The server
 * says so in two places: the nav's GET /api/profile/avatar/ (isSuspended) and
 * a 403 "account_suspended" on any call. Either way the token is refreshed so
 * its claim is current, and a suspended user goes to their suspended page.
 */
let suspensionDeps: Pick<StartupDeps, 'refresh' | 'redirect'> | null = null;
let suspensionCheck: Promise<void> | null = null;

/** Registers refresh and redirect for suspension notices, and the API's 403 "account_suspended" hook. */
export function watchSuspension(deps: Pick<StartupDeps, 'refresh' | 'redirect'>): void {
  suspensionDeps = deps;
  setAccountSuspendedHandler(() => void noticeSuspension(true, { always: true }));
}

/**
 * The server's word on whether the signed-in user is suspended. When it
 * differs from the token's claim, the token is refreshed (one refresh at a
 * time); a user who turns out suspended is redirected (replace). `always`
 * (a refused call) redirects even when the claim already said suspended;
 * when the refresh fails the server's word stands.
 */
export function noticeSuspension(isSuspended: boolean, { always = false } = {}): Promise<void> {
  const user = authStore.getState().user;
  const deps = suspensionDeps;
  if (!user || !deps || (user.isSuspended === isSuspended && !always)) return Promise.resolve();
  suspensionCheck ??= (async () => {
    let suspended = isSuspended;
    const token = user.isSuspended === isSuspended ? null : readStoredToken();
    if (token) {
      const renewed = await deps.refresh(token);
      const fresh = renewed ? signIn(renewed) : null;
      if (fresh) suspended = fresh.isSuspended;
    }
    const current = authStore.getState().user;
    if (suspended && current) deps.redirect(suspendedPath(current.username));
  })().finally(() => {
    suspensionCheck = null;
  });
  return suspensionCheck;
}

export const useAuth = <T>(selector: (state: AuthState) => T): T => useStore(authStore, selector);

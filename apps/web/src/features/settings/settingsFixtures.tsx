/**
 * Test data and helpers for the settings tests (imported only by *.test.tsx,
 * so it never reaches the bundle).
 */
import type { EntryGame } from '@vgl/shared';
import { screen } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { setAuthToken } from '../../lib/api';
import { logout, signIn } from '../../stores/auth';
import { at, renderRoutes } from '../../test/render';
import { NavBar } from '../nav/NavBar';
import { AccountSettingsPage } from './AccountSettingsPage';
import { ApiTokensPage } from './ApiTokensPage';
import { PrivacySettingsPage } from '../privacy/PrivacySettingsPage';
import { DataSettingsPage } from './DataSettingsPage';
import { NotificationSettingsPage } from './NotificationSettingsPage';
import { ProfileSettingsPage } from './ProfileSettingsPage';
import { SettingsLayout } from './SettingsLayout';
import type { OwnProfile } from './settingsApi';

/** An unsigned token with the claims the app reads (SPEC §3). */
export function aToken(claims: { username?: string; isSuspended?: boolean; avatar?: string | null; marker?: string } = {}): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ username: 'Alice', isSuspended: false, avatar: null, exp: 4_000_000_000, ...claims })}.sig`;
}

/** Signs Alice in (token stored under authToken, auth header on) and returns her token. */
export function signInAs(claims: Parameters<typeof aToken>[0] = {}): string {
  const token = aToken(claims);
  signIn(token);
  return token;
}

export function signOutCompletely(): void {
  localStorage.clear();
  setAuthToken(null);
}

/** For a describe block: each test starts with Alice (or these claims) freshly signed in, and ends with fetch and spies restored. */
export function signedInForEachTest(claims: Parameters<typeof aToken>[0] = { username: 'Alice' }): void {
  beforeEach(() => {
    signOutCompletely();
    logout();
    signInAs(claims);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

export const aFavourite = (name: string, overrides: Partial<EntryGame> = {}): EntryGame => ({
  cover: null,
  name,
  slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  first_release_date: null,
  release_year: 2020,
  ...overrides,
});

export const anOwnProfile = (overrides: Partial<OwnProfile> = {}): OwnProfile => ({
  username: 'Alice',
  email: 'alice@example.com',
  bio: null,
  avatar: null,
  favourites: [],
  ...overrides,
});

/** The settings routes as the app nests them, under the nav bar, plus a front page to land on. */
export const renderSettings = (path: string) =>
  renderRoutes(
    [
      {
        element: (
          <>
            <NavBar />
            <Outlet />
          </>
        ),
        children: [
          {
            path: '/u/:username/settings',
            element: <SettingsLayout />,
            children: [
              { index: true, element: <ProfileSettingsPage /> },
              { path: '/u/:username/settings/account', element: <AccountSettingsPage /> },
              { path: '/u/:username/settings/notifications', element: <NotificationSettingsPage /> },
              { path: '/u/:username/settings/data', element: <DataSettingsPage /> },
              { path: '/u/:username/settings/api', element: <ApiTokensPage /> },
              { path: '/u/:username/settings/privacy', element: <PrivacySettingsPage /> },
            ],
          },
          at('/', <p>Front page</p>),
        ],
      },
    ],
    path,
  );

/** What the nav bar asks for, answered quietly (a test adds its own avatar answer). */
export const NAV_ANSWERS = {
  '/api/profile/avatar/': { body: { avatar: null, isSuspended: false } },
  '/api/activity/isunread': { body: { unread: false } },
  '/api/notifications/unread': { body: { unread: 0 } },
};

/** The picture in the nav's user menu button. */
export const navAvatarSrc = () => screen.getByRole('button', { name: 'Alice' }).querySelector('img')?.getAttribute('src');

/** The raw init of every fetch call to a path (for bodies stubFetch cannot parse, such as FormData). */
export const fetchInits = (path: string) =>
  vi
    .mocked(globalThis.fetch)
    .mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === path)
    .map(([, init]) => init ?? {});

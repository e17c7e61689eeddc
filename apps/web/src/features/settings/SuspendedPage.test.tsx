import { MESSAGES } from '@vgl/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../stores/auth';
import { at, renderRoutes } from '../../test/render';
import { stubFetch } from '../../test/stubFetch';
import { signInAs, signOutCompletely } from './settingsFixtures';
import { formatSuspendedAt, SuspendedPage } from './SuspendedPage';

const renderPage = (path = '/u/alice/suspended') => renderRoutes([at('/u/:username/suspended', <SuspendedPage />), at('/', <p>Front page</p>)], path);

describe('suspended page (SPEC §2, §4)', () => {
  beforeEach(() => {
    signOutCompletely();
    signInAs({ username: 'Alice', isSuspended: true });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the reason and the date, explains what still works, and logs out to /', async () => {
    stubFetch({
      'GET /api/profile/suspension': { body: { suspended: true, reason: 'Spam in review comments.', suspendedAt: Date.UTC(2026, 10, 3, 12) } },
    });
    const { router } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Your account is suspended' })).toBeTruthy();
    expect(await screen.findByText('Spam in review comments.')).toBeTruthy();
    expect(screen.getByText('November 3, 2026')).toBeTruthy();
    expect(screen.getByText(/You can still read VGL/).textContent).toMatch(/but you cannot post/);
    await waitFor(() => expect(document.title).toBe('Account suspended | VGL'));

    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(authStore.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('sends a user who is not suspended to the front page', async () => {
    stubFetch({ 'GET /api/profile/suspension': { body: { suspended: false, reason: null, suspendedAt: null } } });
    const { router } = renderPage();
    expect(await screen.findByText('Front page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it("shows the 403 screen on another user's suspended page", () => {
    stubFetch({});
    renderPage('/u/bob/suspended');
    expect(screen.getByRole('heading', { name: MESSAGES.errors.forbidden })).toBeTruthy();
  });

  it('reads the date as unix milliseconds, unix seconds or ISO text', () => {
    expect(formatSuspendedAt(Date.UTC(2026, 0, 15, 12))).toBe('January 15, 2026');
    expect(formatSuspendedAt(Date.UTC(2026, 0, 15, 12) / 1000)).toBe('January 15, 2026');
    expect(formatSuspendedAt('2026-01-15T12:00:00Z')).toBe('January 15, 2026');
    expect(formatSuspendedAt(null)).toBeNull();
    expect(formatSuspendedAt('not a date')).toBeNull();
  });
});

import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../stores/auth';
import { trigger } from '../../stores/renderTriggers';
import { at, renderRoutes } from '../../test/render';
import { stubFetch } from '../../test/stubFetch';
import { NavBar } from './NavBar';

const notificationsLink = () => screen.getByRole('link', { name: /^Notifications/ });

describe('navigation bar, signed in', () => {
  beforeEach(() => authStore.setState({ isAuthenticated: true, user: { username: 'Alice', avatar: null, isSuspended: false, exp: 4e9 } }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the count of unread notifications, and checks again when the nav counter changes', async () => {
    let unread = 3;
    stubFetch({
      '/api/profile/avatar/': { body: { avatar: null } },
      '/api/activity/isunread': { body: { unread: false } },
      '/api/notifications/unread': () => ({ body: { unread } }),
    });
    renderRoutes([at('/', <NavBar />)]);

    await waitFor(() => expect(screen.getByRole('link', { name: /^Notifications\s*,\s*3 unread$/ })).toBeTruthy());
    expect(notificationsLink().getAttribute('href')).toBe('/notifications');
    expect(notificationsLink().textContent).toBe('3Notifications, 3 unread');

    unread = 0;
    trigger('nav');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Notifications' })).toBeTruthy());
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeTruthy();
  });

  it('only logs a failed count', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({
      '/api/profile/avatar/': { body: { avatar: null } },
      '/api/activity/isunread': { body: { unread: false } },
      '/api/notifications/unread': { status: 500, body: { error: 'internal', message: 'Internal error', statusCode: 500 } },
    });
    renderRoutes([at('/', <NavBar />)]);
    await waitFor(() => expect(log).toHaveBeenCalledWith('Could not count unread notifications', expect.anything()));
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeTruthy();
  });
});

import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '../../stores/auth';
import { modalStore } from '../../stores/modals';
import { at, renderRoutes } from '../../test/render';
import { GuestOnly, RequireAuth } from './guards';

const signedIn = () =>
  authStore.setState({ isAuthenticated: true, user: { username: 'Alice', avatar: null, isSuspended: false, exp: 4e9 } });

describe('route guards (SPEC §2)', () => {
  beforeEach(() => {
    authStore.setState({ isAuthenticated: false, user: null });
    modalStore.setState({ modals: [] });
  });

  it('GuestOnly shows the page to a visitor', () => {
    renderRoutes([at('/auth/register', <GuestOnly>register form</GuestOnly>)], '/auth/register');
    expect(screen.getByText('register form')).toBeTruthy();
  });

  it('GuestOnly shows the 403 screen to a signed-in user', () => {
    signedIn();
    renderRoutes([at('/auth/register', <GuestOnly>register form</GuestOnly>)], '/auth/register');
    expect(screen.queryByText('register form')).toBeNull();
    expect(screen.getByRole('heading', { name: "You don't have permission to access this page." })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'To Front Page' }).getAttribute('href')).toBe('/');
  });

  it('RequireAuth shows the page to a signed-in user', () => {
    signedIn();
    renderRoutes([at('/activity', <RequireAuth>my feed</RequireAuth>)], '/activity');
    expect(screen.getByText('my feed')).toBeTruthy();
  });

  it('RequireAuth keeps a visitor on the URL and offers the login modal', () => {
    const { router } = renderRoutes([at('/activity', <RequireAuth>my feed</RequireAuth>)], '/activity');
    expect(screen.queryByText('my feed')).toBeNull();
    expect(router.state.location.pathname).toBe('/activity');
    screen.getByRole('button', { name: 'Log in' }).click();
    expect(modalStore.getState().modals).toEqual([{ name: 'login' }]);
  });
});

import { waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiRequestError, setAuthToken } from '../../lib/api';
import { authStore, signIn, watchSuspension } from '../../stores/auth';
import { at, renderRoutes } from '../../test/render';
import { stubFetch, type StubRequest } from '../../test/stubFetch';
import { refreshToken } from '../auth/authApi';
import { NavBar } from './NavBar';

const token = (isSuspended: boolean, marker = 'first') =>
  [{ alg: 'HS256' }, { username: 'Alice', isSuspended, exp: 4_000_000_000, marker }].map((p) => Buffer.from(JSON.stringify(p)).toString('base64url')).join('.') +
  '.sig';

const quietNav = { '/api/activity/isunread': { body: { unread: false } }, '/api/notifications/unread': { body: { unread: 0 } } };
const refreshes = (requests: StubRequest[]) => requests.filter((r) => r.url.pathname === '/api/auth/refresh').map((r) => r.body);

/** The app as startup leaves it: Alice signed in, suspension notices wired to refresh and a router. */
function renderApp(claimSuspended: boolean) {
  signIn(token(claimSuspended));
  const holder: { navigate?: (path: string) => void } = {};
  const redirect = vi.fn((path: string) => holder.navigate?.(path));
  watchSuspension({ refresh: refreshToken, redirect });
  const view = renderRoutes(
    [
      {
        element: (
          <>
            <NavBar />
            <Outlet />
          </>
        ),
        children: [at('/games', <p>Games</p>), at('/u/:username/suspended', <p>Suspended page</p>)],
      },
    ],
    '/games',
  );
  holder.navigate = (path) => void view.router.navigate(path, { replace: true });
  return { ...view, redirect };
}

describe('a suspension noticed after the token was issued', () => {
  beforeEach(() => {
    localStorage.clear();
    setAuthToken(null);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('nav: isSuspended differs from the claim → the token is refreshed and the user goes to their suspended page (replace)', async () => {
    const requests = stubFetch({
      ...quietNav,
      '/api/profile/avatar/': { body: { avatar: null, isSuspended: true } },
      'POST /api/auth/refresh': { body: { token: token(true, 'refreshed') } },
    });
    const { router, redirect } = renderApp(false);

    await waitFor(() => expect(router.state.location.pathname).toBe('/u/alice/suspended'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(refreshes(requests)).toEqual([{ authToken: token(false) }]);
    expect(localStorage.getItem('authToken')).toBe(token(true, 'refreshed'));
    expect(authStore.getState().user?.isSuspended).toBe(true);
  });

  it('nav: a lifted suspension refreshes the token and stays on the page', async () => {
    const requests = stubFetch({
      ...quietNav,
      '/api/profile/avatar/': { body: { avatar: null, isSuspended: false } },
      'POST /api/auth/refresh': { body: { token: token(false, 'refreshed') } },
    });
    const { router, redirect } = renderApp(true);
    await waitFor(() => expect(authStore.getState().user?.isSuspended).toBe(false));
    expect(refreshes(requests)).toHaveLength(1);
    expect(redirect).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/games');
  });

  it('nav: nothing happens while the claim matches', async () => {
    const requests = stubFetch({ ...quietNav, '/api/profile/avatar/': { body: { avatar: null, isSuspended: false } } });
    const { redirect } = renderApp(false);
    await waitFor(() => expect(requests.some((r) => r.url.pathname === '/api/profile/avatar/')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(refreshes(requests)).toEqual([]);
    expect(redirect).not.toHaveBeenCalled();
  });

  it("any call answered 403 'account_suspended' refreshes the token and redirects, once for calls at the same time", async () => {
    const refused = { status: 403, body: { error: 'account_suspended', message: 'Your account is suspended.', statusCode: 403 } };
    const requests = stubFetch({
      ...quietNav,
      '/api/profile/avatar/': { body: { avatar: null, isSuspended: false } },
      'POST /api/like': refused,
      'POST /api/comments': refused,
      'POST /api/auth/refresh': { body: { token: token(true, 'refreshed') } },
    });
    const { router, redirect } = renderApp(false);

    const results = await Promise.allSettled([api.post('/api/like', { entityId: 'r1' }), api.post('/api/comments', { body: 'hi' })]);
    expect(results.map((r) => r.status === 'rejected' && r.reason instanceof ApiRequestError && r.reason.status)).toEqual([403, 403]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/alice/suspended'));
    expect(refreshes(requests)).toHaveLength(1);
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(authStore.getState().user?.isSuspended).toBe(true);
  });

  it("trusts the 403 when the refresh fails, and a suspended claim needs no refresh", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const requests = stubFetch({
      ...quietNav,
      '/api/profile/avatar/': { body: { avatar: null, isSuspended: true } },
      'POST /api/like': { status: 403, body: { error: 'account_suspended', message: 'Your account is suspended.', statusCode: 403 } },
      'POST /api/auth/refresh': { status: 500, body: { error: 'internal', message: 'Internal error', statusCode: 500 } },
    });
    const { router } = renderApp(true);
    await api.post('/api/like', { entityId: 'r1' }).catch(() => undefined);
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/alice/suspended'));
    expect(refreshes(requests)).toEqual([]);

    signIn(token(false));
    await router.navigate('/games');
    await api.post('/api/like', { entityId: 'r1' }).catch(() => undefined);
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/alice/suspended'));
    expect(refreshes(requests)).toHaveLength(1);
  });
});

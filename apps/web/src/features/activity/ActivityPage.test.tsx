import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { authStore } from '../../stores/auth';
import { renderTriggerStore } from '../../stores/renderTriggers';
import { at, renderRoutes } from '../../test/render';
import { stubFetch, type StubRequest } from '../../test/stubFetch';
import { anActivity } from './activityFixtures';
import { ActivityPage } from './ActivityPage';

const page = [at('/activity', <ActivityPage />)];
const local = (day: number, hour: number) => new Date(2026, 10, day, hour).getTime();

const newer = [
  anActivity({ id: 50, verbs: ['added'], createdAt: local(22, 14), game: { ...anActivity().game!, name: 'Hades', slug: 'hades' } }),
  anActivity({ id: 45, verbs: ['followed'], game: null, targetUser: { username: 'Carol', avatar: null }, createdAt: local(21, 20) }),
];
const older = [anActivity({ id: 40, verbs: ['status'], status: 2, createdAt: local(20, 9) })];

/** Two pages: the first names its cursor in X-Next-Cursor, the second has none. */
const feedAnswer = ({ url }: StubRequest) =>
  url.searchParams.get('before') === '41' ? { body: older } : { body: newer, headers: { 'X-Next-Cursor': '41' } };

const feedRequests = (requests: StubRequest[]) => requests.filter((r) => r.url.pathname === '/api/activity');
const dayHeadings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('activity page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 22, 15));
    authStore.setState({ isAuthenticated: true, user: { username: 'Alice', avatar: null, isSuspended: false, exp: 4e9 } });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the feed under day headings and loads older activity by cursor', async () => {
    const requests = stubFetch({ '/api/activity': feedAnswer });
    renderRoutes(page, '/activity');

    expect(await screen.findByRole('heading', { level: 1, name: 'Activity' })).toBeTruthy();
    await screen.findByRole('link', { name: 'Hades' });
    expect(dayHeadings()).toEqual(['Today', 'Yesterday']);
    expect(within(screen.getByRole('region', { name: 'Yesterday' })).getByRole('link', { name: 'Carol' }).getAttribute('href')).toBe('/u/carol');
    await waitFor(() => expect(document.title).toBe('Activity | VGL'));
    expect(feedRequests(requests).map((r) => r.url.search)).toEqual(['?limit=20']);

    fireEvent.click(screen.getByRole('button', { name: 'Older activity' }));
    await screen.findByRole('region', { name: 'November 20, 2026' });
    expect(feedRequests(requests).map((r) => r.url.searchParams.get('before'))).toEqual([null, '41']);
    expect(screen.getByText('marked', { exact: false }).textContent).toBe('Alice marked Celeste as Beaten');
    // No X-Next-Cursor on the last page: nothing older to load.
    expect(screen.queryByRole('button', { name: 'Older activity' })).toBeNull();
  });

  it('bumps the nav render trigger once the first page has loaded, not for older pages', async () => {
    stubFetch({ '/api/activity': feedAnswer });
    const before = renderTriggerStore.getState().nav;
    renderRoutes(page, '/activity');
    await screen.findByRole('link', { name: 'Hades' });
    await waitFor(() => expect(renderTriggerStore.getState().nav).toBe(before + 1));

    fireEvent.click(screen.getByRole('button', { name: 'Older activity' }));
    await screen.findByRole('region', { name: 'November 20, 2026' });
    expect(renderTriggerStore.getState().nav).toBe(before + 1);
  });

  it('says so when there is nothing, with a hint to follow people', async () => {
    stubFetch({ '/api/activity': { body: [] } });
    renderRoutes(page, '/activity');
    expect(await screen.findByText('Nothing found.')).toBeTruthy();
    expect(screen.getByText(/Follow people/).querySelector('a')!.getAttribute('href')).toBe('/games');
    expect(screen.queryByRole('button', { name: 'Older activity' })).toBeNull();
  });

  it('says so when the feed cannot load', async () => {
    stubFetch({ '/api/activity': { status: 500, body: { error: 'internal', message: 'Internal error', statusCode: 500 } } });
    renderRoutes(page, '/activity');
    expect((await screen.findByRole('alert')).textContent).toBe('The activity could not be loaded. Please try again.');
  });

  it("clears the nav's unread dot: the nav checks again after the feed was seen", async () => {
    let seen = false;
    const requests = stubFetch({
      '/api/activity': (request) => {
        if (!request.url.searchParams.has('before')) seen = true;
        return feedAnswer(request);
      },
      '/api/activity/isunread': () => ({ body: { unread: !seen } }),
      '/api/notifications/unread': { body: { unread: 0 } },
      '/api/profile/avatar/': { body: { avatar: null } },
    });
    renderRoutes(routes, '/activity');
    await screen.findByRole('link', { name: 'Hades' });

    const paths = () => requests.map((r) => r.url.pathname);
    await waitFor(() => expect(paths().lastIndexOf('/api/activity/isunread')).toBeGreaterThan(paths().indexOf('/api/activity')));
    await waitFor(() => expect(screen.queryByTestId('unread-dot')).toBeNull());
    expect(screen.getByRole('link', { name: 'Activity' }).getAttribute('href')).toBe('/activity');
  });

  it('is login-protected: a visitor is offered to log in and no feed is asked for', async () => {
    authStore.setState({ isAuthenticated: false, user: null });
    const requests = stubFetch({});
    renderRoutes(routes, '/activity');
    expect(await screen.findByRole('heading', { name: 'Log in to see this page' })).toBeTruthy();
    expect(requests.some((r) => r.url.pathname.startsWith('/api/activity'))).toBe(false);
  });
});

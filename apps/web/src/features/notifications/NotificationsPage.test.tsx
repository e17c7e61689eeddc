import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TOTAL_COUNT_HEADER, type NotificationItem } from '@vgl/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { authStore } from '../../stores/auth';
import { renderTriggerStore } from '../../stores/renderTriggers';
import { at, renderRoutes } from '../../test/render';
import { stubFetch, type StubRequest } from '../../test/stubFetch';
import { aNotification } from './notificationFixtures';
import { NotificationsPage } from './NotificationsPage';

const page = [at('/notifications', <NotificationsPage />)];
const bobsHades = { username: 'Bob', slug: 'hades', gameName: 'Hades' };

const listAnswer = (items: NotificationItem[], total = items.length) => ({
  body: items,
  headers: { [TOTAL_COUNT_HEADER]: String(total), 'X-Unread-Count': String(items.filter((n) => !n.read).length) },
});

const rows = () => screen.getAllByRole('listitem');
const rowWith = (text: string) => rows().find((row) => row.textContent?.includes(text))!;
const posts = (requests: StubRequest[]) => requests.filter((r) => r.method === 'POST');

describe('notifications page', () => {
  beforeEach(() => authStore.setState({ isAuthenticated: true, user: { username: 'Alice', avatar: null, isSuspended: false, exp: 4e9 } }));
  afterEach(() => vi.unstubAllGlobals());

  it('tells each kind in a sentence with its links, newest first, marking the unread ones', async () => {
    stubFetch({
      '/api/notifications': listAnswer([
        aNotification({ id: 6, kind: 'review_liked' }),
        aNotification({ id: 5, kind: 'comment_liked', actor: { username: 'Carol', avatar: null }, review: bobsHades, comment: { id: 9, excerpt: 'Agreed!' } }),
        aNotification({ id: 4, kind: 'commented', comment: { id: 8, excerpt: 'Nice one.' }, read: true }),
        aNotification({ id: 3, kind: 'followed', actor: { username: 'Dave_2', avatar: null }, review: null, read: true }),
        aNotification({ id: 2, kind: 'review_removed', actor: { username: 'Mod', avatar: null }, message: 'Spoilers without a warning.', read: true }),
        aNotification({ id: 1, kind: 'comment_removed', actor: { username: 'Mod', avatar: null }, review: bobsHades, comment: { id: 7, excerpt: 'rude' }, message: 'Insults.', read: true }),
      ]),
    });
    renderRoutes(page, '/notifications');
    await screen.findByRole('heading', { level: 1, name: 'Notifications' });
    await screen.findAllByRole('listitem');

    expect(rows().map((row) => row.querySelector('p')!.textContent)).toEqual([
      'Unread: Bob liked your review of Celeste',
      "Unread: Carol liked your comment on Bob's review of Hades: “Agreed!”",
      'Bob commented on your review of Celeste: “Nice one.”',
      'Dave_2 followed you',
      'A moderator removed your review of Celeste.',
      "A moderator removed your comment on Bob's review of Hades: “rude”.",
    ]);
    const href = (row: HTMLElement, name: string) => within(row).getByRole('link', { name }).getAttribute('href');
    expect(href(rowWith('liked your review'), 'your review of Celeste')).toBe('/u/alice/reviews/celeste');
    expect(href(rowWith('liked your review'), 'Bob')).toBe('/u/bob');
    expect(href(rowWith('liked your comment'), "Bob's review of Hades")).toBe('/u/bob/reviews/hades#comments');
    expect(href(rowWith('commented on'), 'your review of Celeste')).toBe('/u/alice/reviews/celeste#comments');
    expect(href(rowWith('followed you'), 'Dave_2')).toBe('/u/dave_2');

    // Removals speak for the site: no moderator name, no link to what is gone, the reason shown.
    const removed = rowWith('removed your review');
    expect(within(removed).queryAllByRole('link')).toEqual([]);
    expect(within(removed).getByText('Reason: Spoilers without a warning.')).toBeTruthy();
    expect(within(rowWith('removed your comment')).getByText('Reason: Insults.')).toBeTruthy();

    expect(rows().map((row) => row.hasAttribute('data-unread'))).toEqual([true, true, false, false, false, false]);
    expect(screen.getByText('2 unread')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Notifications | VGL'));
  });

  it('does not mark anything read by opening the page', async () => {
    const requests = stubFetch({ '/api/notifications': listAnswer([aNotification()]) });
    renderRoutes(page, '/notifications');
    await screen.findAllByRole('listitem');
    expect(requests.map((r) => `${r.method} ${r.url.pathname}${r.url.search}`)).toEqual(['GET /api/notifications?page=1&limit=20']);
  });

  it('marks all as read with the button, then shows them read and tells the nav', async () => {
    let items = [aNotification({ id: 2 }), aNotification({ id: 1, kind: 'followed', review: null })];
    const requests = stubFetch({
      'GET /api/notifications': () => listAnswer(items),
      'POST /api/notifications/read': () => {
        items = items.map((n) => ({ ...n, read: true }));
        return { body: { unread: 0 } };
      },
    });
    const nav = renderTriggerStore.getState().nav;
    renderRoutes(page, '/notifications');
    const button = await screen.findByRole('button', { name: 'Mark all as read' });

    fireEvent.click(button);
    await waitFor(() => expect(rows().some((row) => row.hasAttribute('data-unread'))).toBe(false));
    expect(posts(requests).map((r) => [r.url.pathname, r.body])).toEqual([['/api/notifications/read', {}]]);
    expect(renderTriggerStore.getState().nav).toBe(nav + 1);
    expect(screen.queryByText(/Unread/)).toBeNull();
    expect((screen.getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(true);
  });

  const openRoutes = [...page, at('/u/:username/reviews/:slug', <p>the review</p>), at('/u/:username', <p>a profile</p>)];
  const twoNotifications = listAnswer([aNotification({ id: 7 }), aNotification({ id: 6, kind: 'followed', review: null, read: true, actor: { username: 'Eve', avatar: null } })]);

  it('marks an unread one read when it is opened', async () => {
    const requests = stubFetch({ 'GET /api/notifications': twoNotifications, 'POST /api/notifications/read': { body: { unread: 0 } } });
    renderRoutes(openRoutes, '/notifications');
    fireEvent.click(await screen.findByRole('link', { name: 'your review of Celeste' }));
    await screen.findByText('the review');
    await waitFor(() => expect(posts(requests).map((r) => r.body)).toEqual([{ ids: [7] }]));
  });

  it('sends nothing when a read one is opened', async () => {
    const requests = stubFetch({ 'GET /api/notifications': twoNotifications });
    renderRoutes(openRoutes, '/notifications');
    fireEvent.click(await screen.findByRole('link', { name: 'Eve' }));
    await screen.findByText('a profile');
    expect(posts(requests)).toEqual([]);
  });

  it('pages with p in the URL', async () => {
    const requests = stubFetch({ '/api/notifications': listAnswer([aNotification({ id: 30, read: true })], 45) });
    renderRoutes(page, '/notifications?p=2');
    await screen.findAllByRole('listitem');
    expect(requests[0]!.url.search).toBe('?page=2&limit=20');
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe('/notifications?p=3');
  });

  it('says so when there are none', async () => {
    stubFetch({ '/api/notifications': listAnswer([]) });
    renderRoutes(page, '/notifications');
    expect(await screen.findByText('Nothing found.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  it('is login-protected: a visitor is offered to log in and nothing is asked for', async () => {
    authStore.setState({ isAuthenticated: false, user: null });
    const requests = stubFetch({});
    renderRoutes(routes, '/notifications');
    expect(await screen.findByRole('heading', { name: 'Log in to see this page' })).toBeTruthy();
    expect(requests.some((r) => r.url.pathname.startsWith('/api/notifications'))).toBe(false);
  });
});

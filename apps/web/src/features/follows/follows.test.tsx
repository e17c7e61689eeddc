import { SOCIAL_LIMITS, SOCIAL_MESSAGES, type UserCard } from '@vgl/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../stores/auth';
import { modalStore } from '../../stores/modals';
import { toastStore } from '../../stores/toast';
import { renderRoutes } from '../../test/render';
import { stubFetch, type StubRequest } from '../../test/stubFetch';
import { paged } from '../comments/commentFixtures';
import { ProfileLayout } from '../profile/ProfileLayout';
import { ProfileOverviewPage } from '../profile/ProfileOverviewPage';
import { aProfile } from '../profile/profileFixtures';
import { FollowersPage, FollowingPage } from './UserListPage';

const routes = [
  {
    path: '/u/:username',
    element: <ProfileLayout />,
    children: [
      { index: true, element: <ProfileOverviewPage /> },
      { path: '/u/:username/following', element: <FollowingPage /> },
      { path: '/u/:username/followers', element: <FollowersPage /> },
    ],
  },
];

const aCard = (overrides: Partial<UserCard> = {}): UserCard => ({ username: 'Bob', avatar: null, bio: null, followers: 1, isFollowing: false, ...overrides });

const signIn = (username = 'Carol') =>
  authStore.setState({ isAuthenticated: true, user: { username, avatar: null, isSuspended: false, exp: 2_000_000_000 } });

const countsText = () => within(screen.getByRole('list', { name: 'Counts' })).getAllByRole('listitem').map((li) => li.textContent);
const sent = (calls: StubRequest[], method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === path);

describe('following people', () => {
  beforeEach(() => authStore.setState({ isAuthenticated: false, user: null }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    modalStore.setState({ modals: [] });
  });

  it('the profile header toggles Follow / Following and moves the followers count', async () => {
    let followers = 3;
    const calls = stubFetch({
      'GET /api/users/alice_99': () => ({ body: aProfile({ isFollowing: followers === 4, counts: { games: 0, beaten: 0, backlog: 0, wishlist: 0, reviews: 0, followers, following: 0 } }) }),
      'POST /api/users/alice_99/follow': () => ({ body: { isFollowing: true, followers: ++followers } }),
      'DELETE /api/users/alice_99/follow': () => ({ body: { isFollowing: false, followers: --followers } }),
    });
    signIn();
    renderRoutes(routes, '/u/Alice_99');

    const button = await screen.findByRole('button', { name: 'Follow Alice_99' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(countsText()).toContain('3 Followers');

    fireEvent.click(button);
    const pressed = await screen.findByRole('button', { name: 'Following Alice_99' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    expect(countsText()).toContain('4 Followers');
    expect(sent(calls, 'POST', '/api/users/alice_99/follow')).toHaveLength(1);

    fireEvent.click(pressed);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Follow Alice_99' }).getAttribute('aria-pressed')).toBe('false'));
    expect(countsText()).toContain('3 Followers');
    expect(sent(calls, 'DELETE', '/api/users/alice_99/follow')).toHaveLength(1);
  });

  it('has no follow button on your own profile', async () => {
    stubFetch({ 'GET /api/users/alice_99': { body: aProfile() } });
    signIn('Alice_99');
    renderRoutes(routes, '/u/alice_99');
    await screen.findByText('Joined November 2024');
    expect(screen.queryByRole('button', { name: /follow/i })).toBeNull();
  });

  it('offers visitors "Log in to follow", which opens the login modal', async () => {
    const calls = stubFetch({ 'GET /api/users/alice_99': { body: aProfile() } });
    renderRoutes(routes, '/u/alice_99');
    fireEvent.click(await screen.findByRole('button', { name: 'Log in to follow Alice_99' }));
    expect(modalStore.getState().modals).toEqual([{ name: 'login' }]);
    expect(calls.filter((c) => c.url.pathname.endsWith('/follow'))).toEqual([]);
  });

  it('says why a follow failed, and keeps the button as it was', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({
      'GET /api/users/alice_99': { body: aProfile({ isFollowing: false }) },
      'POST /api/users/alice_99/follow': { status: 429, body: { error: 'rate_limited', message: SOCIAL_MESSAGES.slowDown, statusCode: 429 } },
    });
    signIn();
    renderRoutes(routes, '/u/alice_99');
    const before = toastStore.getState().counter;
    fireEvent.click(await screen.findByRole('button', { name: 'Follow Alice_99' }));
    await waitFor(() => expect(toastStore.getState().counter).toBe(before + 1));
    expect(toastStore.getState()).toMatchObject({ variant: 'alert', text: SOCIAL_MESSAGES.slowDown });
    expect(screen.getByRole('button', { name: 'Follow Alice_99' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('lists the people a user follows as cards, titled "{username} follows", and pages them with p', async () => {
    const calls = stubFetch({
      'GET /api/users/alice_99': { body: aProfile() },
      'GET /api/users/alice_99/following': paged(
        [aCard({ username: 'Bob', bio: 'Speedruns, mostly.', followers: 12, isFollowing: true }), aCard({ username: 'Carol', followers: 1, isFollowing: null })],
        SOCIAL_LIMITS.usersPerPage + 2,
      ),
    });
    signIn();
    renderRoutes(routes, '/u/alice_99/following?p=2');

    const bob = await screen.findByRole('article', { name: 'Bob' });
    expect(within(bob).getByRole('link', { name: 'Bob' }).getAttribute('href')).toBe('/u/bob');
    expect(within(bob).getByText('Speedruns, mostly.')).toBeTruthy();
    expect(within(bob).getByText('12 followers')).toBeTruthy();
    expect(within(bob).getByRole('button', { name: 'Following Bob' }).getAttribute('aria-pressed')).toBe('true');
    // The viewer's own card has no button.
    const carol = screen.getByRole('article', { name: 'Carol' });
    expect(within(carol).getByText('1 follower')).toBeTruthy();
    expect(within(carol).queryByRole('button')).toBeNull();

    const list = sent(calls, 'GET', '/api/users/alice_99/following')[0]!;
    expect(Object.fromEntries(list.url.searchParams)).toEqual({ page: '2', limit: String(SOCIAL_LIMITS.usersPerPage) });
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('link', { name: 'Page 1' }).getAttribute('href')).toBe('/u/alice_99/following?p=1');
    await waitFor(() => expect(document.title).toBe('Alice_99 follows | VGL'));
    const tab = within(screen.getByRole('navigation', { name: 'Profile' })).getByRole('link', { name: 'Following' });
    expect(tab.getAttribute('aria-current')).toBe('page');
  });

  it('follows from a card and shows the new count on it', async () => {
    const calls = stubFetch({
      'GET /api/users/alice_99': { body: aProfile() },
      'GET /api/users/alice_99/followers': paged([aCard({ username: 'Bob', followers: 1, isFollowing: false })]),
      'POST /api/users/bob/follow': { body: { isFollowing: true, followers: 2 } },
    });
    signIn();
    renderRoutes(routes, '/u/alice_99/followers');
    const bob = await screen.findByRole('article', { name: 'Bob' });
    fireEvent.click(within(bob).getByRole('button', { name: 'Follow Bob' }));
    await waitFor(() => expect(within(bob).getByRole('button', { name: 'Following Bob' }).getAttribute('aria-pressed')).toBe('true'));
    expect(within(bob).getByText('2 followers')).toBeTruthy();
    expect(sent(calls, 'POST', '/api/users/bob/follow')).toHaveLength(1);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('says "Nothing found." for a user without followers, titled "{username}\'s followers", with log-in prompts for visitors', async () => {
    stubFetch({
      'GET /api/users/alice_99': { body: aProfile() },
      'GET /api/users/alice_99/followers': paged([]),
    });
    renderRoutes(routes, '/u/alice_99/followers');
    expect(await screen.findByText('Nothing found.')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Alice_99's followers | VGL"));
    expect(screen.getByRole('button', { name: 'Log in to follow Alice_99' })).toBeTruthy();
  });
});

import type { KnownMember, MemberCard } from '@vgl/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../stores/auth';
import { at, renderRoutes } from '../../test/render';
import { stubFetch, type StubRequest } from '../../test/stubFetch';
import { MembersPage } from './MembersPage';
import { PeopleYouMayKnow } from './PeopleYouMayKnow';
import { SearchMembers } from './SearchMembers';

const aMember = (username: string, overrides: Partial<MemberCard> = {}): MemberCard => ({
  username,
  avatar: null,
  bio: null,
  followers: 2,
  games: 5,
  isFollowing: false,
  ...overrides,
});
const known = (username: string, mutuals: number): KnownMember => ({ ...aMember(username), mutuals });

const signIn = (username = 'Carol') =>
  authStore.setState({ isAuthenticated: true, user: { username, avatar: null, isSuspended: false, exp: 2_000_000_000 } });

const sent = (calls: StubRequest[], path: string) => calls.filter((c) => c.url.pathname === path).map((c) => c.url.search);
const cardNames = (list: HTMLElement) => within(list).getAllByRole('article').map((a) => a.getAttribute('aria-label'));

describe('the members page', () => {
  beforeEach(() => authStore.setState({ isAuthenticated: false, user: null }));
  afterEach(() => vi.unstubAllGlobals());

  it('lists the most recently active members with their counts, and switches to the most followed', async () => {
    const calls = stubFetch({
      '/api/users': ({ url }) =>
        url.searchParams.get('sort') === 'followers'
          ? { body: [aMember('Popular', { followers: 90 })], headers: { 'X-Total-Count': '1' } }
          : { body: [aMember('Busy', { followers: 1, games: 1, bio: 'Speedruns.' }), aMember('Quiet')], headers: { 'X-Total-Count': '2' } },
    });
    const { router } = renderRoutes([at('/members', <MembersPage />)], '/members');
    const busy = await screen.findByRole('article', { name: 'Busy' });
    expect(within(busy).getByText('1 follower · 1 game')).toBeTruthy();
    expect(within(busy).getByText('Speedruns.')).toBeTruthy();
    expect(within(busy).getByRole('link', { name: 'Busy' }).getAttribute('href')).toBe('/u/busy');
    expect(screen.getByText('2 members')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Recently active' }).getAttribute('aria-current')).toBe('page');
    expect(sent(calls, '/api/users')).toEqual(['?sort=active&page=1&limit=30']);
    // A visitor is not asked about people they may know.
    expect(sent(calls, '/api/people/you-may-know')).toEqual([]);

    fireEvent.click(screen.getByRole('link', { name: 'Most followed' }));
    await screen.findByRole('article', { name: 'Popular' });
    expect(router.state.location.search).toBe('?sort=followers');
    expect(screen.getByRole('link', { name: 'Most followed' }).getAttribute('aria-current')).toBe('page');
  });

  it('searches by name from its own box, and says when no name matches', async () => {
    const calls = stubFetch({
      '/api/users': ({ url }) => {
        const q = url.searchParams.get('q');
        if (q === 'ann') return { body: [aMember('Ann_Lee'), aMember('joanna')], headers: { 'X-Total-Count': '2' } };
        return { body: q ? [] : [aMember('Someone')], headers: { 'X-Total-Count': q ? '0' : '1' } };
      },
    });
    const { router } = renderRoutes([at('/members', <MembersPage />)], '/members');
    await screen.findByRole('article', { name: 'Someone' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find a member by name' }), { target: { value: ' ann ' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(router.state.location.search).toBe('?q=ann');
    expect(await screen.findByRole('heading', { name: 'Members matching “ann”' })).toBeTruthy();
    await screen.findByRole('article', { name: 'joanna' });
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Ann_Lee', 'joanna']);
    expect(sent(calls, '/api/users')).toContain('?q=ann&page=1&limit=30');
    // No order to choose while searching.
    expect(screen.queryByRole('navigation', { name: 'Order of members' })).toBeNull();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Find a member by name' }), { target: { value: 'zzz' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(await screen.findByText('No member’s name contains “zzz”.')).toBeTruthy();
  });

  it('shows the server’s message for a search that is too long', async () => {
    stubFetch({
      '/api/users': { status: 400, body: { error: 'bad_request', message: 'the search is too long (40 characters at most)', statusCode: 400 } },
    });
    renderRoutes([at('/members', <MembersPage />)], `/members?q=${'a'.repeat(41)}`);
    expect((await screen.findByRole('alert')).textContent).toBe('the search is too long (40 characters at most)');
  });

  it('shows people you may know to a signed-in member, with how many of their follows follow them', async () => {
    stubFetch({
      '/api/users': { body: [aMember('Someone')], headers: { 'X-Total-Count': '1' } },
      '/api/people/you-may-know': { body: [known('Cat', 3), known('Bob', 1)] },
    });
    signIn();
    renderRoutes([at('/members', <MembersPage />)], '/members');
    const section = await screen.findByRole('region', { name: 'People you may know' });
    expect(cardNames(section)).toEqual(['Cat', 'Bob']);
    expect(within(section).getByText('2 followers · 5 games · followed by 3 people you follow')).toBeTruthy();
    expect(within(section).getByText('2 followers · 5 games · followed by 1 person you follow')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Follow Cat' })).toBeTruthy();
  });

  it('says how people you may know fill up when there is no one to suggest yet', async () => {
    stubFetch({ '/api/users': { body: [aMember('Someone')], headers: { 'X-Total-Count': '1' } }, '/api/people/you-may-know': { body: [] } });
    signIn();
    renderRoutes([at('/members', <MembersPage />)], '/members');
    const section = await screen.findByRole('region', { name: 'People you may know' });
    expect(within(section).getByText('Follow a few members, and the people they follow will show up here.')).toBeTruthy();
  });
});

describe('members on the search page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the best few members for the words and links to all of them', async () => {
    const calls = stubFetch({ '/api/users': { body: [aMember('Ann_Lee'), aMember('annabel'), aMember('joanna'), aMember('xann')], headers: { 'X-Total-Count': '9' } } });
    renderRoutes([at('/search', <SearchMembers q="ann" />)], '/search');
    const section = await screen.findByRole('region', { name: 'Members' });
    expect(cardNames(section)).toEqual(['Ann_Lee', 'annabel', 'joanna', 'xann']);
    expect(within(section).getByRole('link', { name: 'All 9 members matching “ann”' }).getAttribute('href')).toBe('/members?q=ann');
    expect(sent(calls, '/api/users')).toEqual(['?q=ann&page=1&limit=4']);
  });

  it('shows nothing when no member matches, and links the directory when all are shown', async () => {
    const calls = stubFetch({ '/api/users': ({ url }) => ({ body: url.searchParams.get('q') === 'bob' ? [aMember('Bob')] : [], headers: { 'X-Total-Count': url.searchParams.get('q') === 'bob' ? '1' : '0' } }) });
    const { unmount } = renderRoutes([at('/search', <SearchMembers q="zzz" />)], '/search');
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('region', { name: 'Members' })).toBeNull();
    unmount();
    renderRoutes([at('/search', <SearchMembers q="bob" />)], '/search');
    const section = await screen.findByRole('region', { name: 'Members' });
    expect(within(section).getByRole('link', { name: 'Browse all members' }).getAttribute('href')).toBe('/members');
  });
});

describe('people you may know on the activity page', () => {
  beforeEach(() => signIn());
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.setState({ isAuthenticated: false, user: null });
  });

  it('shows the first few and links to the members page for the rest', async () => {
    stubFetch({ '/api/people/you-may-know': { body: [known('Cat', 3), known('Bob', 2), known('Dan', 1)] } });
    renderRoutes([at('/activity', <PeopleYouMayKnow limit={2} />)], '/activity');
    const section = await screen.findByRole('region', { name: 'People you may know' });
    expect(cardNames(section)).toEqual(['Cat', 'Bob']);
    expect(within(section).getByRole('link', { name: 'More on the members page' }).getAttribute('href')).toBe('/members');
  });

  it('shows nothing when there is no one to suggest, or the call fails', async () => {
    const calls = stubFetch({ '/api/people/you-may-know': { body: [] } });
    const { unmount } = renderRoutes([at('/activity', <PeopleYouMayKnow limit={2} />)], '/activity');
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('region', { name: 'People you may know' })).toBeNull();
    unmount();
    vi.unstubAllGlobals();
    const failed = stubFetch({ '/api/people/you-may-know': { status: 503, body: { error: 'overloaded', message: 'Busy', statusCode: 503 } } });
    renderRoutes([at('/activity', <PeopleYouMayKnow limit={2} />)], '/activity');
    await vi.waitFor(() => expect(failed).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('region', { name: 'People you may know' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

import type { ListDetail, ListSummary } from '@vgl/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GamesGrid } from '../../components/GamesGrid';
import { authStore } from '../../stores/auth';
import { modalStore } from '../../stores/modals';
import { renderRoutes } from '../../test/render';
import { stubFetch, type StubRequest } from '../../test/stubFetch';
import { ListActionsProvider } from './AddToList';
import { moved } from './ListItems';
import { ListPage } from './ListPage';
import { ListsPage } from './ListsPage';

const game = (id: number, name: string) => ({ id, name, slug: name.toLowerCase().replace(/ /g, '-'), cover: null, first_release_date: null, release_year: 1990 + id });

const aList = (overrides: Partial<ListDetail> = {}): ListDetail => ({
  _id: 'l4',
  id: 4,
  slug: 'snes-rpgs',
  title: 'SNES RPGs',
  excerpt: 'The best.',
  description: 'The **best**.',
  ranked: true,
  isPublic: true,
  user: { username: 'Alice', avatar: null },
  games: 3,
  likes: 2,
  comments: 0,
  preview: [],
  createdAt: Date.UTC(2026, 10, 1),
  updatedAt: Date.UTC(2026, 10, 20),
  items: [
    { rank: 1, note: 'Time travel.', addedAt: 1, game: game(1, 'Chrono Trigger') },
    { rank: 2, note: null, addedAt: 2, game: game(2, 'Secret of Mana') },
    { rank: 3, note: null, addedAt: 3, game: game(3, 'Earthbound') },
  ],
  viewerCan: { edit: false, delete: false },
  ...overrides,
});

const aSummary = (overrides: Partial<ListSummary> = {}): ListSummary => {
  const { items: _items, description: _d, viewerCan: _v, ...summary } = aList();
  return { ...summary, hasGame: null, ...overrides };
};

const LIST = '/api/users/alice/lists/snes-rpgs';
const signIn = (username: string) => authStore.setState({ isAuthenticated: true, user: { username, avatar: null, isSuspended: false, exp: 2_000_000_000 } });
const sent = (calls: StubRequest[], method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === path);
const noComments = { [`GET ${LIST}/comments`]: { body: [], headers: { 'X-Total-Count': '0' } }, 'GET /api/like/isliked/l4': { body: { isLiked: false } } };

describe('lists', () => {
  beforeEach(() => authStore.setState({ isAuthenticated: false, user: null }));
  afterEach(() => {
    vi.unstubAllGlobals();
    modalStore.setState({ modals: [] });
  });

  it('moves one place in an order', () => {
    expect(moved([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
    expect(moved([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
  });

  it('shows a ranked list with its notes, likes and comments to a visitor, without owner tools', async () => {
    stubFetch({ [`GET ${LIST}`]: { body: aList() }, ...noComments });
    renderRoutes([{ path: '/u/:username/lists/:slug', element: <ListPage /> }], '/u/alice/lists/snes-rpgs');
    expect(await screen.findByRole('heading', { level: 1, name: 'SNES RPGs' })).toBeTruthy();
    const games = within(screen.getByRole('list', { name: 'Games' })).getAllByRole('heading', { level: 3 });
    expect(games.map((h) => h.textContent)).toEqual(['1. Chrono Trigger 1991', '2. Secret of Mana 1992', '3. Earthbound 1993']);
    expect(screen.getByText('Time travel.')).toBeTruthy();
    expect(screen.getByText('best').tagName).toBe('STRONG');
    expect((screen.getByRole('button', { name: 'Log in to like, 2 likes' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('heading', { name: 'Comments (0)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Reorder/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete list' })).toBeNull();
  });

  it('lets the owner reorder with the keyboard buttons (one PUT with the whole order) and says so', async () => {
    signIn('Alice');
    const calls = stubFetch({
      [`GET ${LIST}`]: { body: aList({ viewerCan: { edit: true, delete: true } }) },
      [`PUT ${LIST}/order`]: { body: aList({ viewerCan: { edit: true, delete: true } }) },
      ...noComments,
    });
    renderRoutes([{ path: '/u/:username/lists/:slug', element: <ListPage /> }], '/u/alice/lists/snes-rpgs');
    fireEvent.click(await screen.findByRole('button', { name: 'Reorder and edit games' }));
    expect((screen.getByRole('button', { name: 'Move Chrono Trigger up' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move Chrono Trigger down' }));
    await waitFor(() => expect(sent(calls, 'PUT', `${LIST}/order`)).toHaveLength(1));
    expect(sent(calls, 'PUT', `${LIST}/order`)[0]!.body).toEqual({ games: [2, 1, 3] });
    expect(screen.getByText('Moved Chrono Trigger to place 2 of 3.')).toBeTruthy();
  });

  it('asks in a styled dialog before deleting, never with window.confirm', async () => {
    signIn('Alice');
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const calls = stubFetch({
      [`GET ${LIST}`]: { body: aList({ viewerCan: { edit: true, delete: true } }) },
      [`DELETE ${LIST}`]: { status: 204 },
      'GET /api/users/alice/lists': { body: [], headers: { 'X-Total-Count': '0' } },
      ...noComments,
    });
    const { router } = renderRoutes(
      [
        { path: '/u/:username/lists/:slug', element: <ListPage /> },
        { path: '/u/:username/lists', element: <ListsPage /> },
      ],
      '/u/alice/lists/snes-rpgs',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Delete list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this list?' });
    expect(sent(calls, 'DELETE', LIST)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete list' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/alice/lists'));
    expect(await screen.findByText(/No lists yet/)).toBeTruthy();
    expect(sent(calls, 'DELETE', LIST)).toHaveLength(1);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('makes a new list from the owner’s lists page and opens it', async () => {
    signIn('Alice');
    const calls = stubFetch({
      'GET /api/users/alice/lists': { body: [aSummary()], headers: { 'X-Total-Count': '1' } },
      'GET /api/users/alice': { body: null, status: 404 },
      'POST /api/users/alice/lists': { status: 201, body: aList({ slug: 'co-op-nights', title: 'Co-op nights' }) },
    });
    const { router } = renderRoutes(
      [
        { path: '/u/:username/lists', element: <ListsPage /> },
        { path: '/u/:username/lists/:slug', element: <p>List page</p> },
      ],
      '/u/alice/lists',
    );
    expect(await screen.findByRole('link', { name: 'SNES RPGs' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New list' }));
    const dialog = await screen.findByRole('dialog', { name: 'New list' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make list' }));
    expect(await within(dialog).findByText('Give the list a title')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Co-op nights' } });
    fireEvent.click(within(dialog).getByLabelText(/Ranked/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make list' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/alice/lists/co-op-nights'));
    expect(sent(calls, 'POST', '/api/users/alice/lists')[0]!.body).toEqual({ title: 'Co-op nights', description: '', ranked: true, isPublic: true });
  });

  it('offers who can see a new list: everyone, your followers or only you', async () => {
    signIn('Alice');
    const calls = stubFetch({
      'GET /api/users/alice/lists': { body: [aSummary()], headers: { 'X-Total-Count': '1' } },
      'GET /api/users/alice': { body: null, status: 404 },
      'POST /api/users/alice/lists': { status: 201, body: aList({ slug: 'close-friends', title: 'Close friends', isPublic: false, visibility: 'followers' }) },
    });
    const { router } = renderRoutes(
      [
        { path: '/u/:username/lists', element: <ListsPage /> },
        { path: '/u/:username/lists/:slug', element: <p>List page</p> },
      ],
      '/u/alice/lists',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'New list' }));
    const dialog = await screen.findByRole('dialog', { name: 'New list' });
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Close friends' } });
    const who = within(dialog).getByRole('combobox', { name: 'Who can see it' });
    expect(within(who).getAllByRole('option').map((o) => o.textContent)).toEqual(['Everyone', 'Your followers', 'Only you']);
    fireEvent.change(who, { target: { value: 'followers' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make list' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/alice/lists/close-friends'));
    expect(sent(calls, 'POST', '/api/users/alice/lists')[0]!.body).toEqual({ title: 'Close friends', description: '', ranked: false, isPublic: false, visibility: 'followers' });
  });

  it('offers members "Add to list" on every games grid card, ticking a list adds the game', async () => {
    signIn('Bob');
    const calls = stubFetch({
      'GET /api/users/bob/lists': { body: [aSummary({ user: { username: 'Bob', avatar: null }, slug: 'faves', title: 'Faves', hasGame: false })] },
      'POST /api/users/bob/lists/faves/games': { status: 201, body: {} },
    });
    renderRoutes([
      {
        path: '/',
        element: (
          <ListActionsProvider>
            <GamesGrid games={[{ ...game(7, 'Tetris'), rating: null, platform: null }]} />
          </ListActionsProvider>
        ),
      },
    ]);
    const opener = screen.getByRole('button', { name: 'Add Tetris to a list' });
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Add Tetris to a list' });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: /Faves/ }));
    await waitFor(() => expect(sent(calls, 'POST', '/api/users/bob/lists/faves/games')).toHaveLength(1));
    expect(sent(calls, 'POST', '/api/users/bob/lists/faves/games')[0]!.body).toEqual({ game: 'tetris' });
    expect(sent(calls, 'GET', '/api/users/bob/lists')[0]!.url.search).toBe('?limit=100&game=tetris');
  });

  it('shows visitors no "Add to list" on game cards', () => {
    renderRoutes([
      {
        path: '/',
        element: (
          <ListActionsProvider>
            <GamesGrid games={[{ ...game(7, 'Tetris'), rating: null, platform: null }]} />
          </ListActionsProvider>
        ),
      },
    ]);
    expect(screen.queryByRole('button', { name: 'Add Tetris to a list' })).toBeNull();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PLAY_STATUS_DESCRIPTIONS } from '@vgl/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render';
import { LibraryPage } from './LibraryPage';
import { ProfileLayout } from './ProfileLayout';
import { aLibraryGame, aProfile, stubApi } from './profileFixtures';

const routes = [{ path: '/u/:username', element: <ProfileLayout />, children: [{ path: '/u/:username/library', element: <LibraryPage /> }] }];

const games = [
  aLibraryGame({ id: 1, name: 'Elden Ring', slug: 'elden-ring', status: 2, rating: 9 }),
  aLibraryGame({ id: 2, name: 'Hades', slug: 'hades', status: 1 }),
];

function setup(path: string, items = games, total = items.length) {
  const requests = stubApi({ '/api/users/alice_99': { body: aProfile() }, '/api/users/alice_99/library': { body: items, total } });
  const view = renderRoutes(routes, path);
  const libraryQueries = () => requests.filter((url) => url.pathname.endsWith('/library')).map((url) => Object.fromEntries(url.searchParams));
  return { ...view, libraryQueries };
}

describe('library page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the games with their status and asks for every status, last updated first, 24 a page', async () => {
    const { libraryQueries } = setup('/u/alice_99/library');
    const eldenRing = await screen.findByRole('link', { name: 'Elden Ring' });
    expect(eldenRing.getAttribute('href')).toBe('/games/elden-ring');
    expect(within(eldenRing.closest('li')!).getByText('Beaten')).toBeTruthy();
    expect(within(eldenRing.closest('li')!).getByRole('img', { name: '4.5 out of 5 stars' })).toBeTruthy();
    expect(within(screen.getByRole('link', { name: 'Hades' }).closest('li')!).getByText('Playing')).toBeTruthy();
    expect(screen.getByText('2 games')).toBeTruthy();
    expect(libraryQueries()).toEqual([{ page: '1', limit: '24', status: 'any', sort: 'updated' }]);
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('updated');
  });

  it('takes status, sort and page from the URL', async () => {
    const { libraryQueries } = setup('/u/alice_99/library?status=4&sort=rating&p=2', games, 30);
    await screen.findByRole('link', { name: 'Hades' });
    expect(libraryQueries()).toEqual([{ page: '2', limit: '24', status: '4', sort: 'rating' }]);
    expect((screen.getByLabelText('Status') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Want to play');
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Rating');
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeTruthy();
  });

  it('filters by Played and Shelved too, and says what the status picked means', async () => {
    const { libraryQueries } = setup('/u/alice_99/library?status=6', [aLibraryGame({ id: 3, name: 'Outer Wilds', slug: 'outer-wilds', status: 6 })]);
    const game = await screen.findByRole('link', { name: 'Outer Wilds' });
    expect(within(game.closest('li')!).getByText('Shelved')).toBeTruthy();
    expect(libraryQueries()).toEqual([{ page: '1', limit: '24', status: '6', sort: 'updated' }]);
    const menu = screen.getByLabelText('Status') as HTMLSelectElement;
    expect([...menu.options].map((o) => o.textContent)).toEqual(['All', 'Playing', 'Beaten', 'Played', 'Shelved', 'Abandoned', 'Want to play', 'Backlog', 'Wishlist']);
    expect(document.getElementById(menu.getAttribute('aria-describedby')!)!.textContent).toBe(PLAY_STATUS_DESCRIPTIONS[6]);
    fireEvent.change(menu, { target: { value: '5' } });
    await waitFor(() => expect(libraryQueries().at(-1)).toMatchObject({ status: '5' }));
    expect(screen.getByText(PLAY_STATUS_DESCRIPTIONS[5])).toBeTruthy();
  });

  it('puts a new status or sort in the URL and starts again at page 1', async () => {
    const { router, libraryQueries } = setup('/u/alice_99/library?p=2', games, 30);
    await screen.findByRole('link', { name: 'Hades' });

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '2' } });
    expect(router.state.location.search).toBe('?status=2');
    await waitFor(() => expect(libraryQueries().at(-1)).toEqual({ page: '1', limit: '24', status: '2', sort: 'updated' }));

    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'name' } });
    expect(router.state.location.search).toBe('?status=2&sort=name');
    await waitFor(() => expect(libraryQueries().at(-1)).toEqual({ page: '1', limit: '24', status: '2', sort: 'name' }));

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'updated' } });
    expect(router.state.location.search).toBe('');
  });

  it('narrows "want to play" to the backlog or the wishlist, and names the shelf on each game', async () => {
    const shelved = [
      aLibraryGame({ id: 3, name: 'Celeste', slug: 'celeste', status: 4, owned: false }),
      aLibraryGame({ id: 4, name: 'Tetris', slug: 'tetris', status: 4, owned: null }),
    ];
    const { router, libraryQueries } = setup('/u/alice_99/library?shelf=wishlist&p=2', shelved, 30);
    const celeste = await screen.findByRole('link', { name: 'Celeste' });
    expect(within(celeste.closest('li')!).getByText('Wishlist')).toBeTruthy();
    expect(within(screen.getByRole('link', { name: 'Tetris' }).closest('li')!).getByText('Backlog')).toBeTruthy();
    expect(libraryQueries()).toEqual([{ page: '2', limit: '24', status: 'any', shelf: 'wishlist', sort: 'updated' }]);
    expect((screen.getByLabelText('Status') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Wishlist');

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'backlog' } });
    expect(router.state.location.search).toBe('?shelf=backlog');
    await waitFor(() => expect(libraryQueries().at(-1)).toEqual({ page: '1', limit: '24', status: 'any', shelf: 'backlog', sort: 'updated' }));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '3' } });
    expect(router.state.location.search).toBe('?status=3');
  });

  it('ignores values it does not know', async () => {
    const { libraryQueries } = setup('/u/alice_99/library?status=9&sort=shuffle');
    await screen.findByRole('link', { name: 'Hades' });
    expect(libraryQueries()).toEqual([{ page: '1', limit: '24', status: 'any', sort: 'updated' }]);
  });

  it('says "Nothing found." when no game matches', async () => {
    setup('/u/alice_99/library?status=3', []);
    expect(await screen.findByText('Nothing found.')).toBeTruthy();
  });
});

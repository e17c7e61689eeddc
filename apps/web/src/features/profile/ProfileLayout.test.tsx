import { MESSAGES } from '@vgl/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { authStore } from '../../stores/auth';
import { renderRoutes } from '../../test/render';
import { aDiaryEntry, aGame, aProfile, stubApi } from './profileFixtures';

const alice = aProfile({
  username: 'Alice_99',
  bio: 'Soulslikes and puzzle games.',
  joinedAt: Date.UTC(2024, 10, 3),
  counts: { games: 12, beaten: 5, backlog: 4, wishlist: 2, reviews: 3, followers: 0, following: 0 },
});

const notFoundHeading = () => screen.findByRole('heading', { name: MESSAGES.errors.notFound });

describe('profile pages', () => {
  beforeEach(() => authStore.setState({ isAuthenticated: false, user: null }));
  afterEach(() => vi.unstubAllGlobals());

  it('show the 404 screen for an unknown user, on the overview and on every tab', async () => {
    stubApi({});
    for (const path of ['/u/nobody', '/u/nobody/diary', '/u/nobody/library', '/u/nobody/reviews']) {
      const { unmount } = renderRoutes(routes, path);
      await notFoundHeading();
      expect(document.title).toBe('Error 404 | VGL');
      expect(screen.queryByRole('navigation', { name: 'Profile' })).toBeNull();
      unmount();
    }
  });

  it('show the 404 screen for an unknown review', async () => {
    stubApi({ '/api/users/alice_99': { body: alice } });
    renderRoutes(routes, '/u/alice_99/reviews/no-such-review');
    await notFoundHeading();
  });

  it('show the 404 screen for an unknown user on the following and followers pages', async () => {
    stubApi({});
    for (const path of ['/u/nobody/following', '/u/nobody/followers']) {
      const { unmount } = renderRoutes(routes, path);
      await notFoundHeading();
      unmount();
    }
  });

  it('show the header, the tabs and an overview that reads naturally when empty', async () => {
    stubApi({ '/api/users/alice_99': { body: alice } });
    renderRoutes(routes, '/u/Alice_99');

    expect(await screen.findByText('Joined November 2024')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Alice_99' })).toBeTruthy();
    expect(screen.getByText('Soulslikes and puzzle games.')).toBeTruthy();
    const counts = within(screen.getByRole('list', { name: 'Counts' })).getAllByRole('listitem');
    expect(counts.map((li) => li.textContent)).toEqual(['12 Games', '5 Beaten', '4 Backlog', '2 Wishlist', '3 Reviews', '0 Followers', '0 Following']);
    // The shelves open the library narrowed to them.
    expect(within(counts[3]!).getByRole('link').getAttribute('href')).toBe('/u/alice_99/library?shelf=wishlist');

    const tabs = screen.getByRole('navigation', { name: 'Profile' });
    expect(within(tabs).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Overview', '/u/alice_99'],
      ['Diary', '/u/alice_99/diary'],
      ['Library', '/u/alice_99/library'],
      ['Reviews', '/u/alice_99/reviews'],
      ['Lists', '/u/alice_99/lists'],
      ['Coming up', '/u/alice_99/coming-up'],
      ['Stats', '/u/alice_99/stats'],
      ['Following', '/u/alice_99/following'],
      ['Followers', '/u/alice_99/followers'],
    ]);

    expect(screen.getByText('No favourite games yet.')).toBeTruthy();
    expect(screen.getByText('No ratings yet.')).toBeTruthy();
    expect(screen.getByText('Nothing in the diary yet.')).toBeTruthy();
    expect(screen.getByText('No reviews yet.')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Alice_99 | VGL'));
  });

  it('link favourites to their games and recent diary entries to the diary', async () => {
    stubApi({
      '/api/users/alice_99': {
        body: { ...alice, favourites: [aGame({ name: 'Hades', slug: 'hades' })], recentDiary: [aDiaryEntry({ playedOn: '2026-11-21', event: 'finished' })] },
      },
    });
    renderRoutes(routes, '/u/alice_99');
    expect((await screen.findByRole('link', { name: 'Hades' })).getAttribute('href')).toBe('/games/hades');
    expect(screen.getByText('Nov 21')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Full diary' }).getAttribute('href')).toBe('/u/alice_99/diary');
    const overviewTab = within(screen.getByRole('navigation', { name: 'Profile' })).getByRole('link', { name: 'Overview' });
    expect(overviewTab.getAttribute('aria-current')).toBe('page');
  });
});

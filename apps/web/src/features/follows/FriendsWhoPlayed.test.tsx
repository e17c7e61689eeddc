import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../stores/auth';
import { at, renderRoutes } from '../../test/render';
import { stubFetch } from '../../test/stubFetch';
import { FriendsWhoPlayed } from './FriendsWhoPlayed';

const friend = (username: string, status: 1 | 2 | 3 | 4 | null, rating: number | null, reviewSlug: string | null = null) => ({
  user: { username, avatar: null },
  status,
  rating,
  reviewSlug,
  updatedAt: 1,
});

describe('Friends who played this', () => {
  beforeEach(() => authStore.setState({ isAuthenticated: true, user: { username: 'Me', avatar: null, isSuspended: false, exp: 4e9 } }));
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.setState({ isAuthenticated: false, user: null });
  });

  it('lists the people you follow with their status, stars and review', async () => {
    stubFetch({ '/api/igdb/games/hades/friends': { body: { total: 14, items: [friend('Ann', 2, 9, 'hades'), friend('bob', 1, null)] } } });
    renderRoutes([at('/', <FriendsWhoPlayed slug="hades" />)]);
    const section = await screen.findByRole('region', { name: 'Friends who played this (14)' });
    const [ann, bob] = within(section).getAllByRole('listitem');
    expect(within(ann!).getByRole('link', { name: 'Ann' }).getAttribute('href')).toBe('/u/ann');
    expect(ann!.textContent).toContain('Beaten');
    expect(within(ann!).getByRole('img', { name: '4.5 out of 5 stars' })).toBeTruthy();
    expect(within(ann!).getByRole('link', { name: 'Review' }).getAttribute('href')).toBe('/u/ann/reviews/hades');
    expect(bob!.textContent).toContain('Playing');
    expect(section.textContent).toContain('and 12 more');
  });

  it('shows nothing when nobody you follow has the game', async () => {
    const requests = stubFetch({ '/api/igdb/games/hades/friends': { body: { total: 0, items: [] } } });
    const { container } = renderRoutes([at('/', <FriendsWhoPlayed slug="hades" />)]);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(container.textContent).toBe('');
  });
});

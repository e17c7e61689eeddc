import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../stores/auth';
import { at, renderRoutes } from '../../test/render';
import { stubFetch } from '../../test/stubFetch';
import { HomePage } from './HomePage';
import { aGameCard, aHome } from './homeFixtures';

const renderHome = () => renderRoutes([at('/', <HomePage />)]);
// A member's like buttons ask whether they already liked each review.
const notLiked = { 'GET /api/like/isliked/review-1': { body: { isLiked: false } }, 'GET /api/like/isliked/review-2': { body: { isLiked: false } } };
const section = (name: string) => screen.getByRole('region', { name });

describe('Explore for members (SPEC §2)', () => {
  beforeEach(() => authStore.setState({ isAuthenticated: true, user: { username: 'Alice_99', avatar: null, isSuspended: false, exp: 2_000_000_000 } }));
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.setState({ isAuthenticated: false, user: null });
  });

  it('is titled Explore, with an intro and no sign-up call to action', async () => {
    stubFetch({ ...notLiked, 'GET /api/home': { body: aHome() } });
    renderHome();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Explore');
    expect(screen.getByText(/What players are adding this week/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Join Now' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Games on VGL' })).toBeNull();
    await screen.findByRole('heading', { name: 'Browse All Games' });
    expect(document.title).toBe('Explore | VGL');
  });

  it('shows Trending, Popular Reviews, Upcoming, Discover and Browse All Games, in that order', async () => {
    stubFetch({ ...notLiked, 'GET /api/home': { body: aHome() } });
    renderHome();
    await screen.findByRole('heading', { name: 'Discover' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Trending',
      'Popular Reviews',
      'Upcoming Releases',
      'Discover',
      'Browse All Games',
    ]);
    const browse = section('Browse All Games');
    expect(within(browse).getByRole('link', { name: 'See all games' }).getAttribute('href')).toBe('/games');
    expect(within(browse).getAllByRole('listitem')).toHaveLength(6);
    expect(within(browse).getByRole('link', { name: 'Popular 1' }).getAttribute('href')).toBe('/games/popular-1');
    expect(within(section('Trending')).getByRole('link', { name: 'See all trending games' }).getAttribute('href')).toBe('/trending');
    expect(within(section('Upcoming Releases')).getByRole('link', { name: 'See all upcoming releases' }).getAttribute('href')).toBe('/upcoming');
  });

  it('loads the Trending covers at the top eagerly and the rest lazily', async () => {
    const withCover = (prefix: string) => Array.from({ length: 6 }, (_, i) => aGameCard({ name: `${prefix} ${i}`, cover: `co${prefix}${i}` }));
    stubFetch({ ...notLiked, 'GET /api/home': { body: aHome({ trending: withCover('t'), upcoming: withCover('u'), browse: withCover('b') }) } });
    renderHome();
    await screen.findByRole('link', { name: 'b 0' });
    const loading = (name: string) => [...section(name).querySelectorAll('img')].map((img) => img.getAttribute('loading'));
    expect(loading('Trending')).toEqual(Array(6).fill('eager'));
    expect(new Set([...loading('Upcoming Releases'), ...loading('Browse All Games')])).toEqual(new Set(['lazy']));
  });
});

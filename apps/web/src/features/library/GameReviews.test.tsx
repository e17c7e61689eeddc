import { fireEvent, screen, waitFor } from '@testing-library/react';
import { NO_GAME_DETAILS, type CommunityRating, type ReviewEntry } from '@vgl/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../stores/auth';
import { at, renderRoutes } from '../../test/render';
import { GamePage } from '../catalog/GamePage';

const gameWith = (community: CommunityRating) => ({
  id: 1,
  name: 'Hades',
  slug: 'hades',
  cover: null,
  first_release_date: null,
  release_year: 2020,
  rating: null,
  rating_count: 0,
  summary: null,
  platforms: [{ slug: 'switch', name: 'Nintendo Switch', abbreviation: 'Switch' }],
  genres: [],
  themes: [],
  publishers: [],
  developers: [],
  alternative_names: [],
  ...NO_GAME_DETAILS,
  community,
});

const review = (id: number): ReviewEntry => ({
  _id: String(id),
  user: { username: `player${id}`, avatar: null },
  rating: 8,
  review: `Review number ${id}`,
  spoilers: false,
  slug: 'hades',
  status: 2,
  platform: ['switch'],
  comments: 0,
  likes: 0,
  game: { cover: null, name: 'Hades', slug: 'hades', first_release_date: null, release_year: 2020 },
  date: { reviewCreated: 1_700_000_000, reviewUpdated: null, created: 1_700_000_000, updated: 1_700_000_000 },
});

function stubFetch(community: CommunityRating, reviewPages: ReviewEntry[][], total: number) {
  const fetchMock = vi.fn(async (url: string) => {
    const json = (body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status: 200, headers });
    if (url === '/api/igdb/games/hades') return json(gameWith(community));
    const page = /\/api\/igdb\/games\/hades\/reviews\?page=(\d+)/.exec(url);
    if (page) return json(reviewPages[Number(page[1]) - 1] ?? [], { 'X-Total-Count': String(total) });
    throw new Error(`Unexpected call ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('game page ratings and reviews', () => {
  beforeEach(() => authStore.setState({ isAuthenticated: false, user: null }));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the community ratings and pages through the reviews with "More reviews"', async () => {
    const first = Array.from({ length: 10 }, (_, i) => review(i + 1));
    stubFetch({ count: 3, average: 7.3, distribution: [0, 0, 0, 0, 0, 0, 1, 1, 1, 0] }, [first, [review(11)]], 11);
    renderRoutes([at('/games/:slug', <GamePage />)], '/games/hades');

    expect(await screen.findByRole('heading', { name: 'Ratings' })).toBeTruthy();
    expect(screen.getByText('3 ratings')).toBeTruthy();
    expect(await screen.findByText('Review number 1')).toBeTruthy();
    expect(screen.queryByText('Review number 11')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'More reviews' }));
    expect(await screen.findByText('Review number 11')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'More reviews' })).toBeNull());
  });

  it('says "No reviews yet." and leaves out the ratings without any', async () => {
    stubFetch({ count: 0, average: null, distribution: Array<number>(10).fill(0) }, [[]], 0);
    renderRoutes([at('/games/:slug', <GamePage />)], '/games/hades');
    expect(await screen.findByText('No reviews yet.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Ratings' })).toBeNull();
  });
});

import { TOTAL_COUNT_HEADER } from '@vgl/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aGameCard, aHome, anIgdbCatalog, theEmbeddedCatalog } from '../landing/homeFixtures';
import { at, renderRoutes } from '../../test/render';
import { stubFetch } from '../../test/stubFetch';
import { GamesPage } from './GamesPage';

const GENRES = [
  { id: 5, slug: 'shooter', name: 'Shooter' },
  { id: 8, slug: 'platform', name: 'Platform' },
  { id: 9, slug: 'puzzle', name: 'Puzzle' },
];
const THEMES = [
  { id: 1, slug: 'action', name: 'Action' },
  { id: 17, slug: 'fantasy', name: 'Fantasy' },
];
const PLATFORMS = [
  { id: 26, slug: 'zxs', name: 'ZX Spectrum', abbreviation: 'ZXS', alternative_name: null, feat: false, games_count: 9000 },
  { id: 18, slug: 'nes', name: 'Nintendo Entertainment System', abbreviation: 'NES', alternative_name: null, feat: false, games_count: 1500 },
];

function stubCatalog(options: { counts: Record<string, number>; home: ReturnType<typeof aHome> }) {
  const withCounts = (terms: typeof GENRES) => terms.map((t) => ({ ...t, games_count: options.counts[t.slug] ?? 0 }));
  return stubFetch({
    'GET /api/igdb/games': { body: [aGameCard({ name: 'Tetris' })], headers: { [TOTAL_COUNT_HEADER]: '1' } },
    'GET /api/igdb/platforms': { body: PLATFORMS },
    'GET /api/igdb/genres': { body: withCounts(GENRES) },
    'GET /api/igdb/themes': { body: withCounts(THEMES) },
    'GET /api/home': { body: options.home },
  });
}

const options = (label: string) => within(screen.getByLabelText(label)).getAllByRole('option').map((o) => o.textContent);

describe('/games filters and sorts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers only the genres and themes that have games, and the rating order when games have ratings', async () => {
    stubCatalog({ counts: { platform: 120, shooter: 40, fantasy: 3 }, home: aHome({ catalog: anIgdbCatalog() }) });
    renderRoutes([at('/games', <GamesPage />)], '/games');
    await screen.findAllByText('Tetris');
    await waitFor(() => expect(options('Genre')).toEqual(['Any genre', 'Shooter', 'Platform']));
    expect(options('Theme')).toEqual(['Any theme', 'Fantasy']);
    expect(options('Platform')).toEqual(['Any platform', 'ZX Spectrum', 'Nintendo Entertainment System']);
    await waitFor(() => expect(options('Sort by')).toEqual(['Popularity', 'Rating', 'Release date', 'Name']));
    expect(screen.getByText(/filter by platform, genre, theme or release year/)).toBeTruthy();
  });

  it('leaves out the genre and theme filters and the rating order for the embedded catalog, which has none', async () => {
    stubCatalog({ counts: {}, home: aHome({ catalog: theEmbeddedCatalog() }) });
    renderRoutes([at('/games', <GamesPage />)], '/games');
    await screen.findAllByText('Tetris');
    await waitFor(() => expect(screen.queryByLabelText('Genre')).toBeNull());
    expect(screen.queryByLabelText('Theme')).toBeNull();
    await waitFor(() => expect(options('Sort by')).toEqual(['Popularity', 'Release date', 'Name']));
    expect(screen.getByText(/filter by platform or release year/)).toBeTruthy();
  });

  it('keeps a genre a shared link asks for selectable, even one without games', async () => {
    stubCatalog({ counts: {}, home: aHome({ catalog: theEmbeddedCatalog() }) });
    renderRoutes([at('/games', <GamesPage />)], '/games?genre=puzzle&sort=rating');
    await screen.findAllByText('Tetris');
    await waitFor(() => expect(options('Genre')).toEqual(['Any genre', 'Puzzle']));
    expect((screen.getByLabelText('Genre') as HTMLSelectElement).value).toBe('puzzle');
    expect(options('Sort by')).toContain('Rating');
  });
});

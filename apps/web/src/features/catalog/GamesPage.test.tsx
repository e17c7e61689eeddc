import { TOTAL_COUNT_HEADER } from '@vgl/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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

const platformOptions = () => within(screen.getByRole('listbox', { name: 'Platforms' })).queryAllByRole('option').map((o) => o.textContent);

const options = (label: string) => within(screen.getByLabelText(label)).getAllByRole('option').map((o) => o.textContent);

describe('/games filters and sorts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers only the genres and themes that have games, and the rating order when games have ratings', async () => {
    stubCatalog({ counts: { platform: 120, shooter: 40, fantasy: 3 }, home: aHome({ catalog: anIgdbCatalog() }) });
    renderRoutes([at('/games', <GamesPage />)], '/games');
    await screen.findAllByText('Tetris');
    await waitFor(() => expect(options('Genre')).toEqual(['Any genre', 'Shooter', 'Platform']));
    expect(options('Theme')).toEqual(['Any theme', 'Fantasy']);
    fireEvent.click(screen.getByRole('combobox', { name: 'Platform' }));
    expect(platformOptions()).toEqual(['Any platform', 'Nintendo Entertainment System', 'ZX Spectrum']);
    await waitFor(() => expect(options('Sort by')).toEqual(['Popularity', 'Rating', 'Release date', 'Name']));
    expect(screen.getByText(/filter by platform, genre, theme or release year/)).toBeTruthy();
  });

  it('offers the genre and theme filters for the embedded catalog, with the genres GameDataBase gave its games', async () => {
    stubCatalog({ counts: { platform: 1206, action: 3629 }, home: aHome({ catalog: theEmbeddedCatalog() }) });
    renderRoutes([at('/games', <GamesPage />)], '/games');
    await screen.findAllByText('Tetris');
    await waitFor(() => expect(options('Genre')).toEqual(['Any genre', 'Platform']));
    expect(options('Theme')).toEqual(['Any theme', 'Action']);
    expect(screen.getByText(/filter by platform, genre, theme or release year/)).toBeTruthy();
  });

  it('leaves out the genre and theme filters when no game has one, and the rating order for the embedded catalog, which has none', async () => {
    stubCatalog({ counts: {}, home: aHome({ catalog: theEmbeddedCatalog({ filters: ['platform', 'releaseDate'] }) }) });
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

const FEATURED_AND_MORE = [
  ...PLATFORMS,
  { id: 6, slug: 'win', name: 'PC (Microsoft Windows)', abbreviation: 'PC', alternative_name: 'mswin', feat: true, games_count: 80000 },
  { id: 48, slug: 'ps4--1', name: 'PlayStation 4', abbreviation: 'PS4', alternative_name: null, feat: true, games_count: 9000 },
  { id: 7, slug: 'ps', name: 'PlayStation', abbreviation: 'PS1', alternative_name: null, feat: false, games_count: 4000 },
  { id: 99, slug: 'famicom', name: 'Family Computer', abbreviation: 'Famicom', alternative_name: null, feat: false, games_count: 0 },
];

describe('/games platform filter: a searchable combobox', () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubPlatforms() {
    return stubFetch({
      'GET /api/igdb/games': { body: [aGameCard({ name: 'Tetris' })], headers: { [TOTAL_COUNT_HEADER]: '1' } },
      'GET /api/igdb/platforms': { body: FEATURED_AND_MORE },
      'GET /api/igdb/genres': { body: [] },
      'GET /api/igdb/themes': { body: [] },
      'GET /api/home': { body: aHome({ catalog: theEmbeddedCatalog() }) },
    });
  }
  const groups = () =>
    within(screen.getByRole('listbox', { name: 'Platforms' }))
      .getAllByRole('group')
      .map((g) => [g.getAttribute('aria-labelledby') && document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent, within(g).getAllByRole('option').map((o) => o.textContent)]);

  it('lists the featured platforms first, then the others A–Z, only those with games', async () => {
    stubPlatforms();
    renderRoutes([at('/games', <GamesPage />)], '/games');
    await screen.findAllByText('Tetris');
    const box = screen.getByRole('combobox', { name: 'Platform' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => {
      fireEvent.keyDown(box, { key: 'ArrowDown' });
      expect(box.getAttribute('aria-expanded')).toBe('true');
    });
    expect(platformOptions()[0]).toBe('Any platform');
    expect(groups()).toEqual([
      ['Featured', ['PC (Microsoft Windows)', 'PlayStation 4']],
      ['Other platforms, A–Z', ['Nintendo Entertainment System', 'PlayStation', 'ZX Spectrum']],
    ]);
  });

  it('filters as one types, and Enter chooses with the keyboard alone; the URL keeps platform=slug', async () => {
    stubPlatforms();
    const { router } = renderRoutes([at('/games', <GamesPage />)], '/games?p=3');
    await screen.findAllByText('Tetris');
    const box = screen.getByRole('combobox', { name: 'Platform' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Platform' })).toBeTruthy());
    fireEvent.change(box, { target: { value: 'playst' } });
    expect(platformOptions()).toEqual(['PlayStation 4', 'PlayStation']);
    expect(screen.getByRole('status').textContent).toBe('2 platforms found');
    // The first match is active: Enter would take it; ArrowDown moves to the next.
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'PlayStation 4' }).id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'PlayStation' }).id);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.search).toBe('?platform=ps'));
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect((box as HTMLInputElement).value).toBe('PlayStation');
  });

  it('finds a platform by its abbreviation or other name, and Escape puts back the current choice', async () => {
    stubPlatforms();
    const { router } = renderRoutes([at('/games', <GamesPage />)], '/games?platform=nes');
    await screen.findAllByText('Tetris');
    const box = screen.getByRole('combobox', { name: 'Platform' }) as HTMLInputElement;
    await waitFor(() => expect(box.value).toBe('Nintendo Entertainment System'));
    fireEvent.change(box, { target: { value: 'mswin' } });
    expect(platformOptions()).toEqual(['PC (Microsoft Windows)']);
    fireEvent.change(box, { target: { value: 'zzz' } });
    expect(platformOptions()).toEqual([]);
    expect(screen.getByText('No platform matches “zzz”.')).toBeTruthy();
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.value).toBe('Nintendo Entertainment System');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(router.state.location.search).toBe('?platform=nes');
    // The list opens on the current choice; "Any platform", at its top, clears the filter.
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Nintendo Entertainment System' }).id);
    for (let i = 0; i < 4; i += 1) fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Any platform' }).id);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

describe('/games when the API refuses what the URL asks', () => {
  afterEach(() => vi.unstubAllGlobals());

  const RELEASE_MESSAGE = 'releaseDate must be "any", a year like 1991 or a range like 1990-1995';

  it('shows the API’s message by “Released” and the games without that filter, saying so', async () => {
    const requests = stubFetch({
      'GET /api/igdb/games': ({ url }) =>
        url.searchParams.get('releaseDate') === 'abc'
          ? { status: 400, body: { error: 'validation_failed', message: RELEASE_MESSAGE, statusCode: 400, errors: { releaseDate: RELEASE_MESSAGE } } }
          : { body: [aGameCard({ name: `Unfiltered on ${url.searchParams.get('platform')}` })], headers: { [TOTAL_COUNT_HEADER]: '1' } },
      'GET /api/igdb/platforms': { body: PLATFORMS },
      'GET /api/home': { body: aHome({ catalog: theEmbeddedCatalog() }) },
    });
    renderRoutes([at('/games', <GamesPage />)], '/games?releaseDate=abc&platform=nes');
    expect((await screen.findByRole('alert')).textContent).toBe(RELEASE_MESSAGE);
    const released = screen.getByLabelText('Released');
    expect(released.getAttribute('aria-invalid')).toBe('true');
    expect(released.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    // Still filtered by platform, not by the refused year, and it says so.
    await screen.findAllByText('Unfiltered on nes');
    expect(screen.getByText('These games are not filtered by “Released”: correct or clear it to filter by it.')).toBeTruthy();
    expect(requests.filter((r) => r.url.pathname === '/api/igdb/games' && r.url.searchParams.get('releaseDate') === 'abc')).toHaveLength(1);
  });

  it('says a page past the end is not there and links the last one, keeping the filters', async () => {
    stubFetch({
      'GET /api/igdb/games': ({ url }) =>
        Number(url.searchParams.get('page')) > 10_000
          ? { status: 400, body: { error: 'validation_failed', message: 'page must be at most 10000', statusCode: 400, errors: { page: 'page must be at most 10000' } } }
          : { body: [aGameCard({ name: 'Tetris' })].slice(0, Number(url.searchParams.get('limit') ?? 24)), headers: { [TOTAL_COUNT_HEADER]: '58296' } },
      'GET /api/igdb/platforms': { body: PLATFORMS },
      'GET /api/home': { body: aHome({ catalog: theEmbeddedCatalog() }) },
    });
    renderRoutes([at('/games', <GamesPage />)], '/games?platform=nes&p=99999');
    const notice = await screen.findByText('There is no page 99,999: the last page is 2,429.');
    expect(notice.closest('[role="status"]')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to page 2,429' }).getAttribute('href')).toBe('/games?platform=nes&p=2429');
    expect(screen.queryByText('page must be at most 10000')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('says the same of a page past the end the API answers with an empty list', async () => {
    stubFetch({
      'GET /api/igdb/games': ({ url }) => ({ body: Number(url.searchParams.get('page')) > 2 ? [] : [aGameCard({ name: 'Tetris' })], headers: { [TOTAL_COUNT_HEADER]: '30' } }),
      'GET /api/igdb/platforms': { body: PLATFORMS },
      'GET /api/home': { body: aHome({ catalog: theEmbeddedCatalog() }) },
    });
    renderRoutes([at('/games', <GamesPage />)], '/games?p=7');
    await screen.findByText('There is no page 7: the last page is 2.');
    expect(screen.getByRole('link', { name: 'Go to page 2' }).getAttribute('href')).toBe('/games?p=2');
  });
});

import { SUBMISSION_MESSAGES, submissionYearMax, type GameSubmission } from '@vgl/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuthToken } from '../../lib/api';
import { authStore } from '../../stores/auth';
import { modalStore } from '../../stores/modals';
import { toastStore } from '../../stores/toast';
import { at, renderRoutes } from '../../test/render';
import { stubFetch, type StubRequest } from '../../test/stubFetch';
import { GamePage } from '../catalog/GamePage';
import { SearchPage } from '../catalog/ListPages';
import { SearchForm } from '../nav/SearchForm';

const signIn = () => {
  authStore.setState({ isAuthenticated: true, user: { username: 'Alice', avatar: null, isSuspended: false, exp: 2_000_000_000 } });
  setAuthToken('test-token');
};
const noResults = { '/api/igdb/search': { body: [], headers: { 'X-Total-Count': '0' } } };
const platforms = {
  '/api/igdb/platforms': {
    body: [
      { id: 6, slug: 'win', name: 'PC (Microsoft Windows)', abbreviation: 'PC', alternative_name: null, feat: true, games_count: 10 },
      { id: 130, slug: 'switch', name: 'Nintendo Switch', abbreviation: 'Switch', alternative_name: null, feat: true, games_count: 5 },
    ],
  },
};
const made = (overrides: Partial<GameSubmission> = {}): GameSubmission => ({
  id: 3,
  name: 'Night Harbour',
  year: 2024,
  platforms: [],
  url: null,
  state: 'pending',
  reason: null,
  createdAt: Date.UTC(2026, 10, 20),
  decidedAt: null,
  game: { slug: 'night-harbour', name: 'Night Harbour' },
  mergedInto: null,
  ...overrides,
});
const posts = (requests: StubRequest[]) => requests.filter((r) => r.method === 'POST').map((r) => [r.url.pathname, r.body]);

const searchPage = () =>
  renderRoutes([at('/search', <SearchPage />), at('/games/:slug', <p>game page</p>)], `/search?q=${encodeURIComponent('Night Harbour')}&p=1`);

async function openForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Add this game' }));
  return screen.findByRole('dialog', { name: 'Add this game' });
}

describe('when the game is not there', () => {
  beforeEach(() => {
    authStore.setState({ isAuthenticated: false, user: null });
    setAuthToken(null);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    modalStore.setState({ modals: [] });
  });

  it('says a search found nothing and offers a visitor to log in to add the game', async () => {
    stubFetch(noResults);
    searchPage();
    expect(await screen.findByText('Nothing found.')).toBeTruthy();
    expect(screen.getByText(/Is “Night Harbour” missing from the catalog\?/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add this game' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Log in to add this game' }));
    expect(modalStore.getState().modals).toEqual([{ name: 'login' }]);
  });

  it('says first that the game may not be in the catalog when the search is unsure of the titles it found', async () => {
    const marie = { _id: '3', id: 3, name: 'Marie Celeste', slug: 'marie-celeste', cover: null, first_release_date: null, release_year: 1984, rating: null, platform: 'ZX Spectrum' };
    stubFetch({ '/api/igdb/search': { body: [marie], headers: { 'X-Total-Count': '1', 'X-Search-Unsure': '1' } } });
    searchPage();
    const note = await screen.findByText(/“Night Harbour” may not be in this catalog/);
    const [card] = await screen.findAllByText('Marie Celeste');
    expect(note.compareDocumentPosition(card!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in to add this game' })).toBeTruthy();
  });

  it('offers a member "Add this game", prefilled with the search, and opens the new game’s page on 201', async () => {
    signIn();
    const requests = stubFetch({ ...noResults, ...platforms, 'POST /api/games/submissions': { status: 201, body: made({ platforms: [{ slug: 'switch', name: 'Nintendo Switch' }] }) } });
    const { router } = searchPage();
    const dialog = await openForm();
    const name = within(dialog).getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    expect(name.value).toBe('Night Harbour');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Release year' }), { target: { value: '2024' } });
    // Platforms from the catalog's list, one at a time, shown as removable chips.
    const platform = within(dialog).getByRole('combobox', { name: 'Platforms' });
    fireEvent.focus(platform);
    fireEvent.change(platform, { target: { value: 'switch' } });
    fireEvent.mouseDown(await within(dialog).findByRole('option', { name: /Nintendo Switch/ }));
    expect(within(within(dialog).getByRole('list', { name: 'Chosen platforms' })).getByText('Nintendo Switch')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add game' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/games/night-harbour'));
    expect(posts(requests)).toEqual([['/api/games/submissions', { name: 'Night Harbour', year: '2024', platforms: ['switch'], url: null }]]);
    expect(toastStore.getState()).toMatchObject({ variant: 'success', text: 'Night Harbour is added: only you can see it until a moderator approves it.' });
  });

  it('shows each field’s error: its own checks first, then the server’s', async () => {
    signIn();
    const requests = stubFetch({
      ...noResults,
      ...platforms,
      'POST /api/games/submissions': {
        status: 400,
        body: { error: 'validation_failed', message: 'x', statusCode: 400, errors: { url: SUBMISSION_MESSAGES.urlInvalid } },
      },
    });
    searchPage();
    const dialog = await openForm();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: '\u200b\u202e' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Release year' }), { target: { value: '1900' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add game' }));
    const alerts = await within(dialog).findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([SUBMISSION_MESSAGES.nameInvisible, SUBMISSION_MESSAGES.yearRange(submissionYearMax())]);
    expect(within(dialog).getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true');
    expect(posts(requests)).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Night Harbour' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Release year' }), { target: { value: '' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Link' }), { target: { value: 'https://example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add game' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(SUBMISSION_MESSAGES.urlInvalid));
    expect(within(dialog).getByRole('textbox', { name: 'Link' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('links the catalog game on 409 instead of adding it again', async () => {
    signIn();
    stubFetch({
      ...noResults,
      ...platforms,
      'POST /api/games/submissions': {
        status: 409,
        body: { error: 'already_in_catalog', message: 'Tetris (1989) is already in the catalog.', statusCode: 409, game: { slug: 'tetris', name: 'Tetris', year: 1989 } },
      },
    });
    const { router } = searchPage();
    const dialog = await openForm();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add game' }));
    const conflict = await within(dialog).findByRole('alert');
    expect(conflict.textContent).toContain('Tetris (1989) is already in the catalog.');
    expect(conflict.textContent).toContain('If yours is another game of that name, add its release year.');
    fireEvent.click(within(conflict).getByRole('link', { name: 'Go to Tetris' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/games/tetris'));
  });

  it('says plainly in the nav’s type-ahead that nothing matches, with the same offer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch({ '/api/igdb/search': { body: [] } });
    renderRoutes([at('/', <SearchForm onDone={() => undefined} />)]);
    fireEvent.change(screen.getByPlaceholderText('Search'), { target: { value: 'zzyzx' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(await screen.findByText('No game matches “zzyzx”.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in to add this game' })).toBeTruthy();
    vi.useRealTimers();
  });

  it('tells the submitter on the game’s page that only they see it while it waits', async () => {
    signIn();
    const requests = stubFetch({
      '/api/games/night-harbour/submission': {
        body: {
          _id: '3', id: 3, name: 'Night Harbour', slug: 'night-harbour', summary: null, cover: null, first_release_date: null, release_year: 2024, rating: null, rating_count: 0, source: 'member',
          platforms: [], genres: [], themes: [], publishers: [], developers: [], alternative_names: [], community: null, related: [],
          storyline: null, screenshots: [], artworks: [], modes: [], perspectives: [], franchises: [], series: [], releases: [], websites: [], age_ratings: [], time_to_beat: null, similar: [], versions: [],
          submission: made(),
        },
      },
    });
    renderRoutes([at('/games/:slug', <GamePage />)], '/games/night-harbour');
    expect(await screen.findByRole('heading', { name: 'Night Harbour' })).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe(SUBMISSION_MESSAGES.pendingNotice);
    // The catalog's call first (404), then the submitter's.
    const gets = requests.filter((r) => r.url.pathname.includes('night-harbour')).map((r) => r.url.pathname);
    expect(gets.slice(0, 2)).toEqual(['/api/igdb/games/night-harbour', '/api/games/night-harbour/submission']);
    // No one else has it: no reviews, lists or friends are asked for.
    expect(gets.some((p) => /\/(reviews|lists|friends)$/.test(p))).toBe(false);
  });
});

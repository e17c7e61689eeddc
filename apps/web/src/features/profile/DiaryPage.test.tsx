import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../stores/auth';
import { renderRoutes } from '../../test/render';
import { DiaryPage } from './DiaryPage';
import { ProfileLayout } from './ProfileLayout';
import { aDiaryEntry, aGame, aProfile, stubApi } from './profileFixtures';

const routes = [{ path: '/u/:username', element: <ProfileLayout />, children: [{ path: '/u/:username/diary', element: <DiaryPage /> }] }];

const entries = [
  aDiaryEntry({ id: 3, playedOn: '2026-11-21', event: 'finished', rating: 9, hours: 42.5, note: 'What an ending.', playId: null, playNumber: 1, game: aGame({ name: 'Elden Ring', slug: 'elden-ring' }) }),
  // A session of the game's second play (issue 38): the diary names that replay.
  aDiaryEntry({ id: 2, playedOn: '2026-11-02', event: 'started', replay: true, playId: 9, playNumber: 2, game: aGame({ name: 'Hades', slug: 'hades' }) }),
  aDiaryEntry({ id: 1, playedOn: '2026-10-30', event: 'played', game: aGame({ name: 'Tetris', slug: 'tetris' }) }),
];

const month = (label: string) => screen.getByRole('region', { name: label });

describe('diary page', () => {
  beforeEach(() => authStore.setState({ isAuthenticated: false, user: null }));
  afterEach(() => vi.unstubAllGlobals());

  it('groups entries under month headings, newest first, with day, event, replay, hours and note', async () => {
    stubApi({ '/api/users/alice_99': { body: aProfile() }, '/api/users/alice_99/diary': { body: entries, total: 3 } });
    renderRoutes(routes, '/u/alice_99/diary');

    const headings = await screen.findAllByRole('heading', { level: 3 });
    expect(headings.map((h) => h.textContent)).toEqual(['November 2026', 'October 2026']);

    const november = within(month('November 2026')).getAllByRole('listitem');
    expect(november.map((row) => within(row).getByRole('link', { name: /Elden Ring|Hades/ }).textContent)).toEqual(['Elden Ring', 'Hades']);
    expect(november[0]!.querySelector('time')!.textContent).toBe('21');
    expect(within(november[0]!).getByText('Finished')).toBeTruthy();
    expect(within(november[0]!).getByText('42.5 hours')).toBeTruthy();
    expect(within(november[0]!).getByText('What an ending.')).toBeTruthy();
    expect(within(november[0]!).getByRole('img', { name: '4.5 out of 5 stars' })).toBeTruthy();
    expect(within(november[1]!).getByText('Started')).toBeTruthy();
    expect(within(november[1]!).getByText('Replay 2')).toBeTruthy();
    expect(within(november[0]!).queryByText(/Replay/)).toBeNull();
    expect(within(month('October 2026')).getByRole('link', { name: 'Tetris' }).getAttribute('href')).toBe('/games/tetris');

    await waitFor(() => expect(document.title).toBe("Alice_99's Diary | VGL"));
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('reads naturally when nothing was logged', async () => {
    stubApi({ '/api/users/alice_99': { body: aProfile() }, '/api/users/alice_99/diary': { body: [], total: 0 } });
    renderRoutes(routes, '/u/alice_99/diary');
    expect(await screen.findByText('Nothing in the diary yet.')).toBeTruthy();
  });

  it('shows the time as hours and minutes and the platform of a session', async () => {
    stubApi({
      '/api/users/alice_99': { body: aProfile() },
      '/api/users/alice_99/diary': { body: [aDiaryEntry({ id: 9, minutes: 95, hours: 1.6, platform: { slug: 'switch', name: 'Nintendo Switch' } })], total: 1 },
    });
    renderRoutes(routes, '/u/alice_99/diary');
    const row = (await screen.findByRole('link', { name: 'Elden Ring' })).closest('li')!;
    expect(within(row).getByText('1 h 35 min')).toBeTruthy();
    expect(within(row).getByText('Nintendo Switch')).toBeTruthy();
  });

  describe('for the owner', () => {
    beforeEach(() => authStore.setState({ isAuthenticated: true, user: { username: 'Alice_99', avatar: null, isSuspended: false, exp: 4e9 } }));

    it('asks in place before deleting, never with the browser’s confirm, and Keep brings focus back', async () => {
      const confirm = vi.fn(() => true);
      vi.stubGlobal('confirm', confirm);
      const answers = {
        '/api/users/alice_99': { body: aProfile() },
        '/api/users/alice_99/diary': { body: entries, total: 3 },
        'DELETE /api/users/alice_99/diary/2': { status: 204 },
      };
      const requests = stubApi(answers);
      renderRoutes(routes, '/u/alice_99/diary');

      const hades = (await screen.findByRole('link', { name: 'Hades' })).closest('li')!;
      const deleteButton = within(hades).getByRole('button', { name: 'Delete the entry for Hades on November 2, 2026' });
      fireEvent.click(deleteButton);
      const question = within(hades).getByRole('group', { name: /Delete the entry for Hades on November 2, 2026\?/ });
      expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Delete' }));
      fireEvent.click(within(question).getByRole('button', { name: 'Keep it' }));
      await waitFor(() => expect(document.activeElement?.id).toBe('diary-delete-2'));
      expect(screen.queryByRole('group', { name: /Delete the entry/ })).toBeNull();

      fireEvent.click(within(hades).getByRole('button', { name: /Delete the entry for Hades/ }));
      answers['/api/users/alice_99/diary'] = { body: entries.filter((e) => e.id !== 2), total: 2 };
      fireEvent.click(within(screen.getByRole('group', { name: /Delete the entry for Hades/ })).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(screen.queryByRole('link', { name: 'Hades' })).toBeNull());
      expect(requests.some((url) => url.pathname === '/api/users/alice_99/diary/2')).toBe(true);
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Diary' }));
      expect(confirm).not.toHaveBeenCalled();
    });

    it('edits an entry in place and gives focus back to its Edit button', async () => {
      const tetris = entries[2]!;
      const answers = {
        '/api/users/alice_99': { body: aProfile() },
        '/api/users/alice_99/diary': { body: entries, total: 3 },
        'PUT /api/users/alice_99/diary/1': { body: { ...tetris, playedOn: '2026-10-29', minutes: 80 } },
      };
      stubApi(answers);
      const fetchMock = vi.mocked(fetch);
      renderRoutes(routes, '/u/alice_99/diary');

      const row = (await screen.findByRole('link', { name: 'Tetris' })).closest('li')!;
      fireEvent.click(within(row).getByRole('button', { name: 'Edit the entry for Tetris on October 30, 2026' }));
      const form = screen.getByRole('form', { name: 'Edit the diary entry for Tetris' });
      const date = within(form).getByLabelText('Date') as HTMLInputElement;
      expect(document.activeElement).toBe(date);
      expect(date.value).toBe('2026-10-30');
      fireEvent.change(date, { target: { value: '2026-10-29' } });
      fireEvent.change(within(form).getByLabelText('Hours'), { target: { value: '1' } });
      fireEvent.change(within(form).getByLabelText('Minutes'), { target: { value: '20' } });
      fireEvent.change(within(form).getByLabelText('Note'), { target: { value: ' Marathon. ' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

      await waitFor(() => expect(screen.queryByRole('form', { name: /Edit the diary entry/ })).toBeNull());
      const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
      expect(JSON.parse(String(put[1]!.body))).toEqual({ playedOn: '2026-10-29', event: 'played', rating: null, note: 'Marathon.', replay: false, minutes: 80, platform: null });
      await waitFor(() => expect(document.activeElement?.id).toBe('diary-edit-1'));
    });

    it('filters by year and platform through the URL, and says when nothing matches', async () => {
      const requests = stubApi({
        '/api/users/alice_99': { body: aProfile() },
        '/api/users/alice_99/diary': { body: [], total: 0 },
        '/api/users/alice_99/diary/filters': {
          body: { years: [{ year: 2026, count: 3 }, { year: 2025, count: 1 }], platforms: [{ slug: 'switch', name: 'Nintendo Switch', count: 2 }] },
        },
      });
      const { router } = renderRoutes(routes, '/u/alice_99/diary?year=2025&p=2');
      expect(await screen.findByText('No diary entries match these filters.')).toBeTruthy();
      const diaryQueries = () => requests.filter((url) => url.pathname.endsWith('/diary')).map((url) => Object.fromEntries(url.searchParams));
      expect(diaryQueries()[0]).toMatchObject({ page: '2', year: '2025' });

      await screen.findByRole('option', { name: 'Nintendo Switch' });
      fireEvent.change(screen.getByLabelText('Platform'), { target: { value: 'switch' } });
      expect(router.state.location.search).toBe('?year=2025&platform=switch');
      await waitFor(() => expect(diaryQueries().at(-1)).toEqual({ page: '1', limit: '50', year: '2025', platform: 'switch' }));
      fireEvent.change(screen.getByLabelText('Year'), { target: { value: '' } });
      expect(router.state.location.search).toBe('?platform=switch');
    });
  });
});

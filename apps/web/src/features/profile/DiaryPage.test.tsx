import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../stores/auth';
import { renderRoutes } from '../../test/render';
import { DiaryPage } from './DiaryPage';
import { ProfileLayout } from './ProfileLayout';
import { aDiaryEntry, aGame, aProfile, stubApi } from './profileFixtures';

const routes = [{ path: '/u/:username', element: <ProfileLayout />, children: [{ path: '/u/:username/diary', element: <DiaryPage /> }] }];

const entries = [
  aDiaryEntry({ id: 3, playedOn: '2026-11-21', event: 'finished', rating: 9, hours: 42.5, note: 'What an ending.', game: aGame({ name: 'Elden Ring', slug: 'elden-ring' }) }),
  aDiaryEntry({ id: 2, playedOn: '2026-11-02', event: 'started', replay: true, game: aGame({ name: 'Hades', slug: 'hades' }) }),
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
    expect(within(november[1]!).getByText('Replay')).toBeTruthy();
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

  it('lets the owner delete an entry after confirming, then shows the diary without it', async () => {
    authStore.setState({ isAuthenticated: true, user: { username: 'Alice_99', avatar: null, isSuspended: false, exp: 4e9 } });
    const answers = {
      '/api/users/alice_99': { body: aProfile() },
      '/api/users/alice_99/diary': { body: entries, total: 3 },
      'DELETE /api/users/alice_99/diary/2': { status: 204 },
    };
    const requests = stubApi(answers);
    vi.stubGlobal('confirm', vi.fn(() => true));
    renderRoutes(routes, '/u/alice_99/diary');

    const hades = (await screen.findByRole('link', { name: 'Hades' })).closest('li')!;
    answers['/api/users/alice_99/diary'] = { body: entries.filter((e) => e.id !== 2), total: 2 };
    fireEvent.click(within(hades).getByRole('button', { name: /Delete/ }));

    expect(window.confirm).toHaveBeenCalledWith('Delete the diary entry for Hades on November 2, 2026?');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Hades' })).toBeNull());
    expect(requests.some((url) => url.pathname === '/api/users/alice_99/diary/2')).toBe(true);
  });

  it('keeps the entry when the owner cancels', async () => {
    authStore.setState({ isAuthenticated: true, user: { username: 'alice_99', avatar: null, isSuspended: false, exp: 4e9 } });
    const requests = stubApi({ '/api/users/alice_99': { body: aProfile() }, '/api/users/alice_99/diary': { body: entries, total: 3 } });
    vi.stubGlobal('confirm', vi.fn(() => false));
    renderRoutes(routes, '/u/alice_99/diary');
    fireEvent.click((await screen.findAllByRole('button', { name: /Delete/ }))[0]!);
    expect(requests.some((url) => /\/diary\/\d+$/.test(url.pathname))).toBe(false);
  });
});

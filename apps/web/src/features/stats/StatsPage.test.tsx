import { MESSAGES } from '@vgl/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { authStore } from '../../stores/auth';
import { renderRoutes } from '../../test/render';
import { aProfile, stubApi } from '../profile/profileFixtures';
import { aMemberStats, emptyStats } from './statsFixtures';

const ann = aProfile({ username: 'Ann' });

describe('the stats page', () => {
  beforeEach(() => authStore.setState({ isAuthenticated: false, user: null }));
  afterEach(() => vi.unstubAllGlobals());

  it('shows all time: the big numbers, each chart named by its summary with its table, and the definitions', async () => {
    stubApi({ '/api/users/ann': { body: ann }, '/api/users/ann/stats': { body: aMemberStats() } });
    renderRoutes(routes, '/u/ann/stats');
    expect(await screen.findByRole('heading', { name: 'Stats, all time' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Ann's Stats | VGL"));
    await screen.findByText('Games played');
    const tile = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement!.querySelector('dd')!.textContent;
    expect(tile('Games played')).toBe('3');
    expect(tile('Hours')).toBe('4.8');
    expect(tile('Sessions')).toBe('5');
    expect(tile('Days in a row')).toBe('3January 1, 2024 – January 3, 2024');
    // Plays finished beside games (issue 38): the fixture's one game, one play, no replay.
    expect(screen.getByText('Finished 1 game · 1 play')).toBeTruthy();

    expect(screen.getByRole('img', { name: 'Hours year by year: the most in 2024, 4.8 hours.' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Games by platform: the most on PC (Microsoft Windows), 1 game.' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '3 rated games; most often 2 stars.' })).toBeTruthy();
    const platforms = screen.getByRole('table', { name: 'By platform' });
    expect(within(platforms).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'PlatformGamesSessionsHours',
      'PC (Microsoft Windows)122.8',
      'Nintendo Switch111.5',
      // The fixture's "Not said" group has no game: left out.
    ]);
    const most = screen.getByRole('heading', { name: 'Most played' }).parentElement!;
    expect(within(most).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Hades', '/games/hades'],
      ['Celeste', '/games/celeste'],
    ]);
    expect(screen.getByText('How these numbers are counted')).toBeTruthy();
    // The Stats tab is the current one.
    expect(within(screen.getByRole('navigation', { name: 'Profile' })).getByRole('link', { name: 'Stats' }).getAttribute('aria-current')).toBe('page');
  });

  it('switches to a year from the picker, month by month, with a link to its year in review', async () => {
    const requests = stubApi({ '/api/users/ann': { body: ann }, '/api/users/ann/stats': { body: aMemberStats() } });
    const { router } = renderRoutes(routes, '/u/ann/stats');
    const picker = await screen.findByLabelText('Period');
    await screen.findByText('Games played');
    expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual(['All time', '2024', '2023']);
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(aMemberStats({ year: 2024 })), { status: 200, headers: { 'content-type': 'application/json' } })));
    fireEvent.change(picker, { target: { value: '2024' } });
    expect(await screen.findByRole('heading', { name: 'Stats for 2024' })).toBeTruthy();
    expect(router.state.location.search).toBe('?year=2024');
    expect(String(vi.mocked(fetch).mock.calls.at(-1)![0])).toContain('/api/users/ann/stats?year=2024');
    expect(await screen.findByRole('img', { name: 'Hours month by month: the most in January 2024, 4 hours.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '2024 in review' }).getAttribute('href')).toBe('/u/ann/year/2024');
    expect(requests.some((url) => url.pathname === '/api/users/ann/stats')).toBe(true);
  });

  it('says when nothing was logged, chart by chart', async () => {
    stubApi({ '/api/users/ann': { body: ann }, '/api/users/ann/stats': { body: emptyStats() } });
    renderRoutes(routes, '/u/ann/stats');
    expect(await screen.findByText('Nothing logged yet.')).toBeTruthy();
    expect(screen.getAllByText('Nothing to show.')).toHaveLength(4);
    expect(screen.getByText('No rated games.')).toBeTruthy();
    expect(screen.getByText('No sessions logged.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText(/^Finished/)).toBeNull();
  });

  it('is the 404 screen for an unknown member', async () => {
    stubApi({});
    renderRoutes(routes, '/u/nobody/stats');
    expect(await screen.findByRole('heading', { name: MESSAGES.errors.notFound })).toBeTruthy();
  });
});

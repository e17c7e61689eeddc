import { MESSAGES } from '@vgl/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { authStore } from '../../stores/auth';
import { toastStore } from '../../stores/toast';
import { renderRoutes } from '../../test/render';
import { stubApi } from '../profile/profileFixtures';
import { aYearInReview, emptyStats } from './statsFixtures';

const emptyYear = (year: number) => ({ ...aYearInReview(year), stats: { ...emptyStats(year), year } });

describe('the year in review page', () => {
  beforeEach(() => authStore.setState({ isAuthenticated: false, user: null }));
  afterEach(() => vi.unstubAllGlobals());

  it("tells the member's year: title, summary, numbers, highlights and months", async () => {
    stubApi({ '/api/users/ann/year/2024': { body: aYearInReview(2024) } });
    renderRoutes(routes, '/u/ann/year/2024');
    expect(await screen.findByRole('heading', { level: 1, name: "Ann's 2024 in games" })).toBeTruthy();
    expect(document.title).toBe("Ann's 2024 in games | VGL");
    expect(screen.getByText('3 games played, 1 beaten, 4.8 hours over 5 sessions in 2024.')).toBeTruthy();
    expect(document.head.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe(`${window.location.origin}/api/users/ann/year/2024/card.png`);

    const highlights = screen.getByRole('heading', { name: 'Highlights' }).parentElement!;
    expect(within(highlights).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'First game of the year',
      'Most played',
      'Best rated',
      'Last game of the year',
    ]);
    expect(within(highlights).getByText('January 1, 2024')).toBeTruthy();
    expect(within(highlights).getByText('2.8 hours over 2 sessions')).toBeTruthy();
    expect(within(highlights).getByText('4.5 stars')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Hours month by month: the most in January 2024, 4 hours.' })).toBeTruthy();
    const months = screen.getByRole('table', { name: 'Hours month by month' });
    expect(within(months).getAllByRole('row')).toHaveLength(13);
    // Only an older year has data: one link back, none forward.
    expect(within(screen.getByRole('navigation', { name: 'Other years' })).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/u/ann/year/2023']);
    expect(screen.getByRole('link', { name: 'All stats for 2024' }).getAttribute('href')).toBe('/u/ann/stats?year=2024');
  });

  it('counts the plays finished beside the games, the replays only when there are some', async () => {
    const review = aYearInReview(2024);
    review.stats.totals = { ...review.stats.totals, beaten: 12, playsFinished: 14, replaysFinished: 2 };
    stubApi({ '/api/users/ann/year/2024': { body: review }, '/api/users/ann/year/2023': { body: aYearInReview(2023) }, '/api/users/ann/year/2022': { body: emptyYear(2022) } });
    const { unmount } = renderRoutes(routes, '/u/ann/year/2024');
    expect(await screen.findByText('Finished 12 games · 14 plays (2 replays)')).toBeTruthy();
    unmount();
    // The fixture's year: one game, one play, no replay.
    const second = renderRoutes(routes, '/u/ann/year/2023');
    expect(await screen.findByText('Finished 1 game · 1 play')).toBeTruthy();
    second.unmount();
    // Nothing finished: no line at all.
    renderRoutes(routes, '/u/ann/year/2022');
    await screen.findByText('Nothing logged in 2022 yet.');
    expect(screen.queryByText(/^Finished/)).toBeNull();
  });

  it('shares: copies the link and shows the picture previews get', async () => {
    stubApi({ '/api/users/ann/year/2024': { body: aYearInReview(2024) } });
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderRoutes(routes, '/u/ann/year/2024');
    const share = await screen.findByRole('button', { name: 'Share' });
    expect(share.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(share);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/u/ann/year/2024`));
    expect(share.getAttribute('aria-expanded')).toBe('true');
    expect(toastStore.getState().head).toBe('Link copied');
    const card = screen.getByRole('img', { name: /^The picture a shared link shows: Ann's 2024 in games\./ });
    expect(card.getAttribute('src')).toBe('/api/users/ann/year/2024/card.png');
    expect((screen.getByLabelText('Link to this page') as HTMLInputElement).value).toBe(`${window.location.origin}/u/ann/year/2024`);
  });

  it('is the 404 screen for an unknown member or a path that is not a year', async () => {
    stubApi({});
    for (const path of ['/u/nobody/year/2024', '/u/ann/year/twenty', '/u/ann/year/1800']) {
      const { unmount } = renderRoutes(routes, path);
      expect(await screen.findByRole('heading', { name: MESSAGES.errors.notFound })).toBeTruthy();
      unmount();
    }
  });
});

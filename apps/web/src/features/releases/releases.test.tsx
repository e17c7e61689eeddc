import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MemberPlatform } from '@vgl/shared';
import { describe, expect, it, vi } from 'vitest';
import { at, renderRoutes } from '../../test/render';
import { stubFetch } from '../../test/stubFetch';
import { signedInForEachTest } from '../settings/settingsFixtures';
import { CalendarFeedSection } from './CalendarFeedSection';
import { ComingUpPage } from './ComingUpPage';
import { PlatformsSection } from './PlatformsSection';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;

describe('Coming up and the calendar feed', () => {
  signedInForEachTest();

  it('lists the wanted games by month, each with its shelf and date', async () => {
    stubFetch({
      'GET /api/users/alice/coming-up': {
        body: {
          months: [
            { month: '2030-03', games: [{ slug: 'silksong', name: 'Silksong', cover: null, releaseDate: day('2030-03-12'), wishlist: true, platform: 'Nintendo Switch', offPlatforms: false }] },
            { month: '2031-05', games: [{ slug: 'hades-2', name: 'Hades II', cover: null, releaseDate: day('2031-05-01'), wishlist: false, platform: null, offPlatforms: true }] },
          ],
        },
      },
    });
    renderRoutes([at('/u/:username/coming-up', <ComingUpPage />)], '/u/alice/coming-up');
    const march = await screen.findByRole('region', { name: 'March 2030' });
    expect(within(march).getByRole('link', { name: 'Silksong' }).getAttribute('href')).toBe('/games/silksong');
    expect(march.textContent).toContain('Wishlist');
    expect(march.textContent).toContain('Mar 12, 2030');
    expect(march.textContent).toContain('Wishlist · on Nintendo Switch');
    expect(march.textContent).not.toContain('Not announced');
    const may = screen.getByRole('region', { name: 'May 2031' });
    expect(may.textContent).toContain('Backlog');
    // alice (signed in) looks at her own page: the game is not announced for the platforms she named.
    expect(may.textContent).toContain('Not announced for your platforms');
    await waitFor(() => expect(document.title).toBe('Coming up | VGL'));
  });

  it('says when nothing is coming up, and is the 404 screen for a hidden member', async () => {
    stubFetch({ 'GET /api/users/alice/coming-up': { body: { months: [] } } });
    renderRoutes([at('/u/:username/coming-up', <ComingUpPage />)], '/u/alice/coming-up');
    expect(await screen.findByText(/Nothing coming up/)).toBeTruthy();
    vi.unstubAllGlobals();
    stubFetch({});
    renderRoutes([at('/u/:username/coming-up', <ComingUpPage />)], '/u/hidden/coming-up');
    expect(await screen.findByRole('heading', { name: /not found|can't find|doesn't exist/i })).toBeTruthy();
  });

  it('makes an address shown once, makes a new one, and stops the feed', async () => {
    let made = 0;
    let feed: { url: string | null; createdAt: number | null } = { url: null, createdAt: null };
    const requests = stubFetch({
      'GET /api/profile/calendar': () => ({ body: feed }),
      'POST /api/profile/calendar': () => {
        made += 1;
        feed = { url: null, createdAt: Date.UTC(2026, 10, 27) };
        return { status: 201, body: { url: `https://vgl.test/api/calendar/token${made}xxxxxxxxxxxxxxxxxxxx.ics`, createdAt: feed.createdAt } };
      },
      'DELETE /api/profile/calendar': () => {
        feed = { url: null, createdAt: null };
        return { status: 204 };
      },
    });
    renderRoutes([at('/', <CalendarFeedSection />)], '/');
    const make = (await screen.findByRole('button', { name: 'Make a calendar address' })) as HTMLButtonElement;
    await waitFor(() => expect(make.disabled).toBe(false));
    fireEvent.click(make);
    const address = (await screen.findByRole('textbox', { name: /Your calendar address/ })) as HTMLInputElement;
    expect(address.value).toBe('https://vgl.test/api/calendar/token1xxxxxxxxxxxxxxxxxxxx.ics');
    fireEvent.click(screen.getByRole('button', { name: 'Make a new address' }));
    await waitFor(() => expect((screen.getByRole('textbox', { name: /Your calendar address/ }) as HTMLInputElement).value).toContain('token2'));
    fireEvent.click(screen.getByRole('button', { name: 'Stop the calendar feed' }));
    expect(await screen.findByRole('button', { name: 'Make a calendar address' })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(requests.map((r) => r.method).filter((m) => m !== 'GET')).toEqual(['POST', 'POST', 'DELETE']);
  });

  it('lets the member pick their platforms from the common ones or by typing, and saves the whole set', async () => {
    const platform = (id: number, name: string, feat: boolean, abbreviation: string | null = null) => ({ id, slug: `p${id}`, name, abbreviation, alternative_name: null, feat, games_count: 10 });
    let saved: MemberPlatform[] = [{ id: 130, slug: 'p130', name: 'Nintendo Switch', abbreviation: 'Switch' }];
    const requests = stubFetch({
      'GET /api/igdb/platforms': { body: [platform(130, 'Nintendo Switch', true), platform(167, 'PlayStation 5', true, 'PS5'), platform(6, 'PC (Microsoft Windows)', true, 'PC'), platform(46, 'PlayStation Vita', false, 'Vita'), platform(24, 'Game Boy Advance', false, 'GBA')] },
      'GET /api/profile/platforms': () => ({ body: { platforms: saved } }),
      'PUT /api/profile/platforms': ({ body }) => {
        const ids = (body as { platformIds: number[] }).platformIds;
        saved = ids.map((id) => ({ id, slug: `p${id}`, name: String(id), abbreviation: null }));
        return { body: { platforms: saved } };
      },
    });
    renderRoutes([at('/', <PlatformsSection />)], '/');
    const common = await screen.findByRole('group', { name: 'Common platforms' });
    expect(within(common).getAllByRole('checkbox').map((c) => c.closest('label')!.textContent)).toEqual(['Nintendo Switch', 'PC (Microsoft Windows)', 'PlayStation 5']);
    expect((within(common).getByRole('checkbox', { name: 'Nintendo Switch' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(common).getByRole('checkbox', { name: 'PlayStation 5' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find another platform' }), { target: { value: 'vita' } });
    const others = screen.getByRole('group', { name: 'Other platforms' });
    expect(within(others).queryByRole('checkbox', { name: 'Game Boy Advance' })).toBeNull();
    fireEvent.click(within(others).getByRole('checkbox', { name: 'PlayStation Vita' }));
    fireEvent.click(within(common).getByRole('checkbox', { name: 'Nintendo Switch' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save platforms' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect((requests.find((r) => r.method === 'PUT')!.body as { platformIds: number[] }).platformIds.sort()).toEqual([167, 46]);
  });
});

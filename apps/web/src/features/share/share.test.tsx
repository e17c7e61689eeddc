import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { at, renderRoutes } from '../../test/render';
import { stubFetch } from '../../test/stubFetch';
import { signedInForEachTest } from '../settings/settingsFixtures';
import { SharePage } from './SharePage';
import { searchTextOf, sharedUrl } from './sharedLink';

const shared = (fields: Partial<{ title: string; text: string; url: string }>) => ({ title: '', text: '', url: '', ...fields });

describe('reading what was shared', () => {
  it('finds the link in url, else inside text (as Android apps send it), else in title', () => {
    expect(sharedUrl(shared({ url: 'https://store.steampowered.com/app/620/Portal_2/' }))).toBe('https://store.steampowered.com/app/620/Portal_2/');
    expect(sharedUrl(shared({ title: 'Portal 2', text: 'Check this out: https://store.steampowered.com/app/620/Portal_2/ (so good).' }))).toBe(
      'https://store.steampowered.com/app/620/Portal_2/',
    );
    expect(sharedUrl(shared({ title: 'https://www.igdb.com/games/portal-2' }))).toBe('https://www.igdb.com/games/portal-2');
    expect(sharedUrl(shared({ url: 'not a link', text: 'see https://www.wikidata.org/wiki/Q279744.' }))).toBe('https://www.wikidata.org/wiki/Q279744');
    expect(sharedUrl(shared({ title: 'Portal 2', text: 'a great game' }))).toBeNull();
    expect(sharedUrl(shared({ text: 'ftp://example.com/x javascript:alert(1)' }))).toBeNull();
  });

  it('makes a search of the title or text without links and store suffixes', () => {
    expect(searchTextOf(shared({ title: 'Save 75% on Portal 2 on Steam', url: 'https://store.steampowered.com/app/620/' }))).toBe('Portal 2');
    expect(searchTextOf(shared({ title: 'Disco Elysium - The Final Cut on GOG.com' }))).toBe('Disco Elysium - The Final Cut');
    expect(searchTextOf(shared({ title: 'Outer Wilds | IGDB.com' }))).toBe('Outer Wilds');
    expect(searchTextOf(shared({ title: 'Tetris (video game, 1984) - Wikidata' }))).toBe('Tetris');
    expect(searchTextOf(shared({ title: 'Steam Community :: Hades' }))).toBe('Hades');
    expect(searchTextOf(shared({ text: '“Celeste” https://example.com/celeste' }))).toBe('Celeste');
    expect(searchTextOf(shared({ text: 'https://example.com/only-a-link' }))).toBe('');
  });
});

describe('the share page', () => {
  signedInForEachTest();

  it('opens the matched game’s page in place of itself', async () => {
    const requests = stubFetch({
      'GET /api/games/by-link': { body: { _id: '7', id: 7, slug: 'portal-2', name: 'Portal 2', cover: null, first_release_date: null, release_year: 2011, rating: null, platform: null } },
    });
    const { router } = renderRoutes([at('/share', <SharePage />), at('/games/:slug', <p>The game page</p>)], '/share?title=Portal%202&text=https%3A%2F%2Fstore.steampowered.com%2Fapp%2F620%2F');
    expect(await screen.findByText('The game page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/games/portal-2');
    // Replaced, not pushed: Back leaves instead of finding the share page again.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(requests.find((r) => r.url.pathname === '/api/games/by-link')!.url.searchParams.get('url')).toBe('https://store.steampowered.com/app/620/');
  });

  it('says plainly when nothing matches, and offers a search and "Add this game"', async () => {
    stubFetch({ 'GET /api/games/by-link': { status: 404, body: { error: 'not_found', statusCode: 404, message: "We couldn't match this link to a game in this catalog" } } });
    renderRoutes([at('/share', <SharePage />)], `/share?title=${encodeURIComponent('Save 50% on Hades II on Steam')}&url=${encodeURIComponent('https://store.steampowered.com/app/1145350/')}`);
    expect(await screen.findByText("We couldn't match this link to a game in this catalog")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Search for “Hades II”' }).getAttribute('href')).toBe('/search?q=Hades%20II');
    expect(screen.getByRole('button', { name: 'Add this game' })).toBeTruthy();
  });

  it('without a link, says what to share and searches the text', async () => {
    const requests = stubFetch({});
    renderRoutes([at('/share', <SharePage />)], '/share?text=Celeste');
    expect(await screen.findByText(/Nothing was shared/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Search for “Celeste”' })).toBeTruthy();
    await waitFor(() => expect(requests.filter((r) => r.url.pathname === '/api/games/by-link')).toHaveLength(0));
  });
});

import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { at, renderRoutes } from '../../test/render';
import { stubFetch } from '../../test/stubFetch';
import { HomePage } from '../landing/HomePage';
import { aHome, anIgdbCatalog, theEmbeddedCatalog } from '../landing/homeFixtures';
import { UpcomingPage } from './ListPages';

const section = (name: string) => screen.getByRole('region', { name });
const noGames = { items: [], total: 0 };

describe('Upcoming Releases with nothing ahead (issue 33)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says in one line that the embedded catalog holds released games, instead of "Nothing found."', async () => {
    stubFetch({ 'GET /api/home': { body: aHome({ upcoming: [], catalog: theEmbeddedCatalog() }) } });
    renderRoutes([at('/', <HomePage />)]);
    expect(await screen.findByText(/The embedded catalog holds games already released: upcoming ones appear once this server syncs modern games from Wikidata or IGDB\./)).toBeTruthy();
    expect(section('Upcoming Releases').textContent).not.toContain('Nothing found.');
  });

  it('says plainly that nothing is dated ahead when the catalog is synced, on /upcoming too', async () => {
    stubFetch({
      'GET /api/home': { body: aHome({ upcoming: [], catalog: anIgdbCatalog({ sources: [{ source: 'wikidata', games: 90_000 }] }) }) },
      'GET /api/igdb/upcoming/tsr': { body: noGames.items, headers: { 'x-total-count': '0' } },
    });
    renderRoutes([at('/upcoming', <UpcomingPage />)], '/upcoming');
    expect(await screen.findByText('No game in the catalog has a release date still ahead right now.')).toBeTruthy();
    expect(screen.queryByText('Nothing found.')).toBeNull();
  });
});

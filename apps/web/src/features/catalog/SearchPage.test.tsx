import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { at, renderRoutes } from '../../test/render';
import { stubFetch, type StubAnswer } from '../../test/stubFetch';
import { CORRECTION_RETRY_MS } from './catalogApi';
import { SEARCH_TEXTS, SearchPage } from './ListPages';

const zelda = { _id: '1', id: 1, name: 'The Legend of Zelda', slug: 'the-legend-of-zelda', cover: null, first_release_date: null, release_year: 1986, rating: null, platform: 'NES' };

describe('a misspelt search while the server’s typo corrector is being built', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says it is checking close spellings, asks again, and shows the corrected results', async () => {
    const answers: StubAnswer[] = [
      { body: [], headers: { 'X-Total-Count': '0', 'X-Search-Correction-Pending': '1' } },
      { body: [zelda], headers: { 'X-Total-Count': '1', 'X-Search-Corrected': 'zelda' } },
    ];
    const requests = stubFetch({ '/api/igdb/search': () => answers.shift() ?? answers[0]! });
    renderRoutes([at('/search', <SearchPage />)], '/search?q=zelad&p=1');
    expect(SEARCH_TEXTS.checkingSpellings).toBe('Nothing matched exactly. Checking close spellings…');
    expect(await screen.findByText(SEARCH_TEXTS.checkingSpellings)).toBeTruthy();
    expect(screen.queryByText('Nothing found.')).toBeNull();
    expect(await screen.findByText('Nothing matched “zelad” exactly; showing results for “zelda”.', {}, { timeout: CORRECTION_RETRY_MS + 3_000 })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('The Legend of Zelda').length).toBeGreaterThan(0));
    expect(requests.filter((r) => r.url.pathname === '/api/igdb/search')).toHaveLength(2);
  });
});

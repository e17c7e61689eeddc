import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { at, renderRoutes } from '../../test/render';
import { stubFetch } from '../../test/stubFetch';
import { CATALOG_LOADING_TEXT, CATALOG_STATUS_POLL_MS, CatalogLoadingNotice } from './CatalogLoadingNotice';

const show = () => renderRoutes([at('/', <CatalogLoadingNotice />)]);
const calls = (requests: { url: URL }[], path: string) => requests.filter((r) => r.url.pathname === path).length;

describe('the catalog loading notice', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says how far a first start has got, and goes once the catalog is loaded, fetching the lists again', async () => {
    let loading = true;
    const statuses = [{ state: 'loading', loaded: 400, total: 51_713 }];
    const requests = stubFetch({
      '/api/home': () => ({ body: { catalogLoading: loading } }),
      '/api/igdb/status': () => ({ body: statuses.shift() ?? { state: 'ready', loaded: null, total: null } }),
    });
    show();
    const text = 'Loading the game catalog: 400 of 51,713 games so far. Search finds games once it is done.';
    expect(CATALOG_LOADING_TEXT.progress(400, 51_713)).toBe(text);
    // Until the first status arrives, the words without numbers.
    expect((await screen.findByRole('status')).textContent).toMatch(/^Loading the game catalog/);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(text));

    loading = false;
    // The next poll finds it ready: the notice goes, and what was shown before (the home answer here) is fetched again.
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull(), { timeout: CATALOG_STATUS_POLL_MS + 3_000 });
    await waitFor(() => expect(calls(requests, '/api/home')).toBe(2));
    expect(calls(requests, '/api/igdb/status')).toBe(2);
  });

  it('says the catalog is loading without numbers while another instance loads it', async () => {
    stubFetch({
      '/api/home': { body: { catalogLoading: true } },
      '/api/igdb/status': { body: { state: 'loading', loaded: null, total: null } },
    });
    show();
    expect(CATALOG_LOADING_TEXT.plain).toBe('Loading the game catalog. Search finds games once it is done.');
    expect((await screen.findByRole('status')).textContent).toBe(CATALOG_LOADING_TEXT.plain);
  });

  it('asks nothing more on an instance whose catalog is loaded (and from servers that do not say)', async () => {
    for (const body of [{ catalogLoading: false }, {}]) {
      const requests = stubFetch({ '/api/home': { body } });
      const view = show();
      await waitFor(() => expect(calls(requests, '/api/home')).toBe(1));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByRole('status')).toBeNull();
      expect(calls(requests, '/api/igdb/status')).toBe(0);
      view.unmount();
    }
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CATALOG_SYNC_MESSAGES, type AdminCatalog, type CatalogSyncRun, type CatalogSyncState } from '@vgl/shared';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '../../stores/toast';
import { renderRoutes } from '../../test/render';
import { stubFetch, type StubRequest } from '../../test/stubFetch';
import { duration } from './CatalogPage';
import { CATALOG_POLL_MS } from './dashboardApi';
import { signInAs } from './dashboardFixtures';
import { CatalogPage, DashboardLayout } from './pages';

const routes: RouteObject[] = [{ path: '/dashboard', element: <DashboardLayout />, children: [{ path: 'catalog', element: <CatalogPage /> }] }];

const HOUR = 3_600_000;
const finishedAt = Date.UTC(2026, 10, 24, 9, 0);

const aCatalog = (sync: Partial<CatalogSyncState> = {}, overrides: Partial<AdminCatalog> = {}): AdminCatalog => ({
  source: { kind: 'igdb', name: 'IGDB', description: 'IGDB credentials are configured.' },
  counts: { games: 301_234, gamesBySource: { igdb: 300_000, mame: 1234, wikidata: 0, import: 0 }, relatedItems: 45_678, platforms: 210, genres: 23, themes: 22, companies: 56_789 },
  sync: {
    running: null,
    lastRun: {
      trigger: 'schedule',
      startedBy: null,
      startedAt: finishedAt - 185_000,
      finishedAt,
      report: { mode: 'incremental', games: 120, related: 7, covers: 3, pages: 2, resumedFrom: 0 },
    },
    lastError: null,
    nextRunAt: finishedAt + 6 * HOUR,
    nextMode: 'incremental',
    ...sync,
  },
  wikidata: { mode: 'manual', description: 'IGDB is the primary source: Wikidata only fills what IGDB lacks, when run by hand.', sync: { running: null, lastRun: null, lastError: null, nextRunAt: null, nextMode: 'full' } },
  ...overrides,
});

const aRun = (overrides: Partial<CatalogSyncRun> = {}): CatalogSyncRun => ({
  mode: 'full',
  trigger: 'admin',
  startedBy: 'root',
  startedAt: finishedAt + HOUR,
  updatedAt: finishedAt + HOUR + 60_000,
  pages: 12,
  saved: 5400,
  total: 21_600,
  rate: 90,
  ...overrides,
});

const catalogCalls = (requests: StubRequest[]) => requests.filter((r) => r.url.pathname.startsWith('/api/admin/catalog')).map((r) => `${r.method} ${r.url.pathname}`);
const igdb = () => within(screen.getByRole('region', { name: 'IGDB sync' }));
const wikidata = () => within(screen.getByRole('region', { name: 'Wikidata sync' }));
const syncButton = (section = igdb()) => section.getByRole('button', { name: /Sync now|Starting/ });
const fact = (term: string, section = igdb()) => section.getByText(term, { selector: 'dt' }).nextElementSibling!.textContent;

describe('dashboard: catalog', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the source, the counts, the last and next sync; an admin has the Catalog tab', async () => {
    signInAs('admin', 'root');
    stubFetch({ '/api/admin/catalog': { body: aCatalog() } });
    renderRoutes(routes, '/dashboard/catalog');

    expect(await screen.findByText('IGDB', { selector: 'strong' })).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(tabs).getByRole('link', { name: 'Catalog' }).getAttribute('aria-current')).toBe('page');
    const cards = screen.getAllByRole('listitem').filter((item) => item.closest('nav') === null);
    expect(cards.map((card) => card.textContent)).toEqual([
      '301,234Games',
      '45,678DLC, editions and more',
      '210Platforms',
      '23Genres',
      '22Themes',
      '56,789Companies',
    ]);
    expect(screen.getByText('Games: 300,000 from IGDB, 1,234 from the embedded catalog.')).toBeTruthy();
    expect(igdb().getByText('No sync is running.')).toBeTruthy();
    expect(fact('Last sync')).toMatch(/^Incremental sync, finished Nov 24, 2026, .+ in 3 min 5 s, started by the server’s schedule: 120 games, 7 DLC, editions and more, 3 covers, 2 pages\.$/);
    expect(fact('Next scheduled sync')).toMatch(/^Nov 24, 2026, .+ \(incremental sync\)$/);
    expect(syncButton().getAttribute('aria-disabled')).toBe('false');
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Catalog | Dashboard | VGL'));
  });

  it('starts a sync, shows its progress while it runs (polling), then its outcome', async () => {
    signInAs('admin', 'root');
    let state = aCatalog();
    const requests = stubFetch({
      '/api/admin/catalog': () => ({ body: state }),
      'POST /api/admin/catalog/sync': () => {
        state = aCatalog({ running: aRun({ pages: 0, saved: 0, total: null, rate: 0 }) });
        return { status: 202, body: state.sync };
      },
    });
    renderRoutes(routes, '/dashboard/catalog');
    await screen.findByRole('region', { name: 'IGDB sync' });

    fireEvent.click(syncButton());
    expect(await screen.findByText('Full crawl under way')).toBeTruthy();
    expect(toastStore.getState()).toMatchObject({ variant: 'success', text: 'The IGDB sync has started.' });
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ source: 'igdb' });
    // Disabled, with the reason, while it runs.
    const button = syncButton();
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(document.getElementById(button.getAttribute('aria-describedby')!)!.textContent).toBe('A sync is running; wait for it to finish.');
    fireEvent.click(button);
    expect(catalogCalls(requests).filter((c) => c.startsWith('POST'))).toHaveLength(1);

    // The running process writes its progress; the page asks again a few seconds later.
    state = aCatalog({ running: aRun() });
    expect(await screen.findByText('Full crawl under way: 25%', {}, { timeout: CATALOG_POLL_MS + 2000 })).toBeTruthy();
    expect(fact('Pages fetched')).toBe('12');
    expect(fact('Records saved')).toBe('5,400 of 21,600');
    expect(fact('Rate')).toBe('90 records/s');
    expect(fact('Started')).toMatch(/^Nov 24, 2026, .+ by root$/);
    const progress = screen.getByRole('progressbar', { name: 'Full crawl under way: 25%' }) as HTMLProgressElement;
    expect([progress.value, progress.max]).toEqual([5400, 21_600]);

    // It ends: the outcome shows and the polling slows down.
    state = aCatalog({
      lastRun: { trigger: 'admin', startedBy: 'root', startedAt: finishedAt + HOUR, finishedAt: finishedAt + HOUR + 240_000, report: { mode: 'full', games: 20_000, related: 1600, covers: 0, pages: 44, resumedFrom: 0 } },
    });
    await waitFor(() => expect(igdb().queryByText('No sync is running.')).toBeTruthy(), { timeout: CATALOG_POLL_MS + 2000 });
    expect(fact('Last sync')).toMatch(/^Full crawl, finished .+ in 4 min, started by root: 20,000 games, 1,600 DLC, editions and more, 0 covers, 44 pages\.$/);
    expect(syncButton().getAttribute('aria-disabled')).toBe('false');
    const calls = catalogCalls(requests).length;
    await act(() => new Promise((resolve) => setTimeout(resolve, CATALOG_POLL_MS + 500)));
    expect(catalogCalls(requests)).toHaveLength(calls);
  }, 20_000);

  it('shows the last error when it is newer than the last run, and an older one as history', async () => {
    signInAs('admin', 'root');
    const error = { message: 'IGDB games answered HTTP 500: gone away', at: finishedAt + HOUR, mode: 'incremental' as const, trigger: 'schedule' as const };
    stubFetch({ '/api/admin/catalog': { body: aCatalog({ lastError: error }) } });
    const { unmount } = renderRoutes(routes, '/dashboard/catalog');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^The last sync failed \(Nov 24, 2026, .+, incremental sync\)\.IGDB games answered HTTP 500: gone awayThe next run resumes where it stopped\.$/);
    unmount();

    stubFetch({ '/api/admin/catalog': { body: aCatalog({ lastError: { ...error, at: finishedAt - HOUR } }) } });
    renderRoutes(routes, '/dashboard/catalog');
    await screen.findByText('Earlier error');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fact('Earlier error')).toMatch(/: IGDB games answered HTTP 500: gone away$/);
  });

  it('says why "Sync now" is off without IGDB, and starts nothing', async () => {
    signInAs('admin', 'root');
    const requests = stubFetch({
      '/api/admin/catalog': {
        body: aCatalog(
          { lastRun: null, nextRunAt: null, nextMode: 'full' },
          { source: { kind: 'embedded', name: 'The embedded catalog (MAME’s software lists)', description: 'IGDB is not configured.' } },
        ),
      },
    });
    renderRoutes(routes, '/dashboard/catalog');
    expect(await screen.findByText('The embedded catalog (MAME’s software lists)')).toBeTruthy();
    const button = syncButton();
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(document.getElementById(button.getAttribute('aria-describedby')!)!.textContent).toBe(CATALOG_SYNC_MESSAGES.notConfigured);
    fireEvent.click(button);
    expect(fact('Last sync')).toBe('Never completed');
    expect(fact('Next scheduled sync')).toBe('None: IGDB is not configured');
    expect(catalogCalls(requests)).toEqual(['GET /api/admin/catalog']);
  });

  it('shows the Wikidata sync with its own state, and starts it with "Sync now"', async () => {
    signInAs('admin', 'root');
    let state = aCatalog(
      { lastRun: null, nextRunAt: null },
      {
        source: { kind: 'wikidata', name: 'Wikidata, over the embedded catalog', description: 'IGDB is not configured.' },
        counts: { games: 140_000, gamesBySource: { igdb: 0, mame: 51_000, wikidata: 89_000, import: 0 }, relatedItems: 0, platforms: 210, genres: 180, themes: 22, companies: 30_000 },
      },
    );
    state.wikidata = {
      mode: 'on',
      description: 'Synced from Wikidata’s query service a few seconds after start and every day.',
      sync: {
        running: null,
        lastRun: { trigger: 'schedule', startedBy: null, startedAt: finishedAt - 600_000, finishedAt, report: { mode: 'full', games: 1200, related: 40, covers: 0, pages: 8, resumedFrom: 0, added: 1100, enriched: 100, removed: 2, requests: 15 } },
        lastError: null,
        nextRunAt: finishedAt + 24 * HOUR,
        nextMode: 'incremental',
      },
    };
    const requests = stubFetch({
      '/api/admin/catalog': () => ({ body: state }),
      'POST /api/admin/catalog/sync': () => {
        state = { ...state, wikidata: { ...state.wikidata, sync: { ...state.wikidata.sync, running: aRun({ mode: 'incremental', total: 30, saved: 10 }) } } };
        return { status: 202, body: state.wikidata.sync };
      },
    });
    renderRoutes(routes, '/dashboard/catalog');
    await screen.findByRole('region', { name: 'Wikidata sync' });
    expect(screen.getByText('Games: 89,000 from Wikidata, 51,000 from the embedded catalog.')).toBeTruthy();
    expect(fact('Last sync', wikidata())).toMatch(/^Full crawl, finished .+ in 10 min, started by the server’s schedule: 1,200 games read \(1,100 new, 100 completed\), 40 expansions and DLC, 2 removed, 15 requests\.$/);
    expect(syncButton(igdb()).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(syncButton(wikidata()));
    expect(await wikidata().findByText('Incremental sync under way: 33%')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ source: 'wikidata' });
    expect(igdb().getByText('No sync is running.')).toBeTruthy();
  });

  it('is not for moderators: no tab, no request, and the page says so', async () => {
    signInAs('moderator');
    const requests = stubFetch({});
    renderRoutes(routes, '/dashboard/catalog');
    expect((await screen.findByRole('alert')).textContent).toBe("You don't have permission to access this page. Only admins run the catalog.");
    expect(within(screen.getByRole('navigation', { name: 'Dashboard' })).queryByRole('link', { name: 'Catalog' })).toBeNull();
    expect(catalogCalls(requests)).toEqual([]);
  });

  it('writes durations plainly', () => {
    expect([duration(42_000), duration(185_000), duration(240_000), duration(4_800_000), duration(7_200_000)]).toEqual(['42 s', '3 min 5 s', '4 min', '1 h 20 min', '2 h']);
  });
});

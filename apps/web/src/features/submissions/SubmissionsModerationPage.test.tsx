import { TOTAL_COUNT_HEADER, type AdminSubmission } from '@vgl/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { modalStore } from '../../stores/modals';
import { toastStore } from '../../stores/toast';
import { renderRoutes } from '../../test/render';
import { stubFetch, type StubRequest } from '../../test/stubFetch';
import { signInAs } from '../dashboard/dashboardFixtures';
import { DashboardLayout, SubmissionsModerationPage } from '../dashboard/pages';

const routes = [{ path: '/dashboard', element: <DashboardLayout />, children: [{ path: 'submissions', element: <SubmissionsModerationPage /> }] }];

const aSubmission = (overrides: Partial<AdminSubmission> = {}): AdminSubmission => ({
  id: 12,
  name: 'Night Harbour',
  year: 2024,
  platforms: [{ slug: 'switch', name: 'Nintendo Switch' }],
  url: 'https://example.com/night-harbour',
  state: 'pending',
  reason: null,
  createdAt: Date.UTC(2026, 10, 20, 12),
  decidedAt: null,
  game: { slug: 'night-harbour', name: 'Night Harbour' },
  mergedInto: null,
  user: { username: 'Alice', avatar: null },
  decidedBy: null,
  sameTitle: [],
  viewerCan: { approve: true, merge: true, reject: true },
  ...overrides,
});
const page = (items: AdminSubmission[]) => ({ body: items, headers: { [TOTAL_COUNT_HEADER]: String(items.length) } });
const changes = (requests: StubRequest[]) => requests.filter((r) => r.method !== 'GET').map((r) => [r.method, r.url.pathname, r.body]);

describe('dashboard: game submissions', () => {
  beforeEach(() => {
    signInAs('moderator');
    modalStore.setState({ modals: [] });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists submissions with what was sent, by whom, their state, and the same titles', async () => {
    const requests = stubFetch({
      '/api/admin/submissions': page([
        aSubmission({ sameTitle: [14] }),
        aSubmission({ id: 9, name: 'Old Castle', year: null, platforms: [], url: null, state: 'merged', game: null, mergedInto: { slug: 'old-castle', name: 'Old Castle' }, decidedBy: null, decidedAt: Date.UTC(2026, 10, 21), viewerCan: { approve: false, merge: false, reject: false } }),
        aSubmission({ id: 8, name: 'Spam', state: 'rejected', reason: 'Not a game', decidedBy: { username: 'Mod_Mary' }, decidedAt: Date.UTC(2026, 10, 21), viewerCan: { approve: false, merge: false, reject: false } }),
      ]),
    });
    renderRoutes(routes, '/dashboard/submissions');
    const first = await screen.findByRole('article', { name: 'Night Harbour' });
    expect(requests[0]!.url.search).toBe('?state=all&page=1&limit=20');
    expect(within(first).getByRole('link', { name: 'Night Harbour' }).getAttribute('href')).toBe('/games/night-harbour');
    expect(within(first).getByText('Pending')).toBeTruthy();
    expect(within(first).getByText('On Nintendo Switch')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'https://example.com/night-harbour' }).getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
    expect(within(first).getByText(/Same title as pending submission #14/)).toBeTruthy();
    const merged = screen.getByRole('article', { name: 'Old Castle' });
    expect(within(merged).getByText(/Merged by a catalog sync/)).toBeTruthy();
    expect(within(merged).getByRole('link', { name: 'Old Castle' }).getAttribute('href')).toBe('/games/old-castle');
    expect(within(merged).queryByRole('button')).toBeNull();
    expect(within(screen.getByRole('article', { name: 'Spam' })).getByText('Reason: Not a game')).toBeTruthy();
    // The dashboard's navigation has the page.
    expect(screen.getByRole('link', { name: 'Game submissions' }).getAttribute('href')).toBe('/dashboard/submissions');
    await waitFor(() => expect(document.title).toBe('Game submissions | Dashboard | VGL'));
  });

  it('approves, and refreshes the list', async () => {
    let state: AdminSubmission['state'] = 'pending';
    const requests = stubFetch({
      'GET /api/admin/submissions': () => page([aSubmission({ state, viewerCan: { approve: state === 'pending', merge: true, reject: state === 'pending' } })]),
      'POST /api/admin/submissions/12/approve': () => {
        state = 'approved';
        return { body: aSubmission({ state }) };
      },
    });
    renderRoutes(routes, '/dashboard/submissions');
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Night Harbour' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve Night Harbour' })).toBeNull());
    expect(changes(requests)).toEqual([['POST', '/api/admin/submissions/12/approve', {}]]);
    expect(toastStore.getState()).toMatchObject({ variant: 'success', text: 'Night Harbour is in the catalog now.' });
  });

  it('rejects only with a reason, which goes with the call', async () => {
    const requests = stubFetch({
      'GET /api/admin/submissions': page([aSubmission()]),
      'POST /api/admin/submissions/12/reject': { body: aSubmission({ state: 'rejected', reason: 'Not a video game' }) },
    });
    renderRoutes(routes, '/dashboard/submissions');
    fireEvent.click(await screen.findByRole('button', { name: 'Reject Night Harbour' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Night Harbour' });
    expect(within(dialog).getByText(/Alice is told this reason in a notification/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject game' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter a reason');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Not a video game' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject game' }));
    await waitFor(() => expect(changes(requests)).toEqual([['POST', '/api/admin/submissions/12/reject', { reason: 'Not a video game' }]]));
    expect(toastStore.getState()).toMatchObject({ variant: 'success', text: 'Night Harbour was rejected; its submitter is told the reason.' });
  });

  it('merges into the catalog game found with the search', async () => {
    const requests = stubFetch({
      'GET /api/admin/submissions': page([aSubmission()]),
      '/api/igdb/search': ({ url }) => ({
        body:
          url.searchParams.get('q') === 'harbor'
            ? [{ id: 5, name: 'Night Harbor', slug: 'night-harbor', cover: null, first_release_date: null, release_year: 2024, rating: null, platform: 'PC' }]
            : [],
      }),
      'POST /api/admin/submissions/12/merge': { body: aSubmission({ state: 'merged', game: null, mergedInto: { slug: 'night-harbor', name: 'Night Harbor' } }) },
    });
    renderRoutes(routes, '/dashboard/submissions');
    fireEvent.click(await screen.findByRole('button', { name: 'Merge Night Harbour into a catalog game' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge Night Harbour' });
    // The search starts with the submitted name; nothing of that spelling in the catalog.
    expect(await within(dialog).findByText('Nothing found.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Find the catalog game' }), { target: { value: 'harbor' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Search' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Night Harbor (2024) · PC' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge into Night Harbor' }));
    await waitFor(() => expect(changes(requests)).toEqual([['POST', '/api/admin/submissions/12/merge', { game: 'night-harbor' }]]));
    expect(toastStore.getState()).toMatchObject({ variant: 'success', text: 'Night Harbour was merged into Night Harbor.' });
  });

  it('shows a refusal’s own words (a decision another moderator made first)', async () => {
    stubFetch({
      'GET /api/admin/submissions': page([aSubmission()]),
      'POST /api/admin/submissions/12/approve': { status: 409, body: { error: 'conflict', message: 'This submission was already rejected by Ben.', statusCode: 409 } },
    });
    renderRoutes(routes, '/dashboard/submissions');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Night Harbour' }));
    await waitFor(() => expect(toastStore.getState()).toMatchObject({ variant: 'alert', text: 'This submission was already rejected by Ben.' }));
  });
});

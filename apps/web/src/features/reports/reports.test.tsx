import { REPORT_MESSAGES, type ReportGroup } from '@vgl/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../stores/auth';
import { modalStore } from '../../stores/modals';
import { toastStore } from '../../stores/toast';
import { renderRoutes } from '../../test/render';
import { aReview } from '../../test/reviewFixtures';
import { stubFetch, type StubRequest } from '../../test/stubFetch';
import { aComment, paged } from '../comments/commentFixtures';
import { DashboardLayout } from '../dashboard/DashboardLayout';
import { OverviewPage } from '../dashboard/OverviewPage';
import { anOverview, listAnswer, signInAs } from '../dashboard/dashboardFixtures';
import { NotificationRow } from '../notifications/NotificationRow';
import { aNotification } from '../notifications/notificationFixtures';
import { ReviewPage } from '../profile/ReviewPage';
import { ReportsQueuePage } from './ReportsQueuePage';

const REVIEW = '/api/users/alice_99/reviews/elden-ring';
const reviewRoutes = [{ path: '/u/:username/reviews/:slug', element: <ReviewPage /> }];
const dashboardRoutes = [{ path: '/dashboard', element: <DashboardLayout />, children: [{ path: 'reports', element: <ReportsQueuePage /> }] }];
const posts = (calls: StubRequest[]) => calls.filter((c) => c.method === 'POST').map((c) => [c.url.pathname, c.body]);
const signIn = (username: string) => authStore.setState({ isAuthenticated: true, user: { username, avatar: null, isSuspended: false, exp: 2_000_000_000 } });

function serveReview(comments = [aComment({ id: 3, body: 'You are an idiot.' })], extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/like/isliked/7': { body: { isLiked: false } },
    'GET /api/like/isliked/c3': { body: { isLiked: false } },
    [`GET ${REVIEW}`]: () => ({ body: aReview({ comments: comments.length }) }),
    [`GET ${REVIEW}/comments`]: () => paged(comments),
    ...extra,
  });
}

const aGroup = (overrides: Partial<ReportGroup> = {}): ReportGroup => ({
  id: 11,
  target: { type: 'comment', id: 3, excerpt: 'You are an idiot.', author: { username: 'Bob_Builder', avatar: null }, link: '/u/alice_99/reviews/elden-ring', hidden: false },
  reports: [
    { id: 11, reporter: { username: 'Carol' }, reason: 'harassment', details: 'Insults the reviewer', createdAt: Date.UTC(2026, 10, 24) },
    { id: 12, reporter: { username: 'Dan' }, reason: 'hateful', details: null, createdAt: Date.UTC(2026, 10, 25) },
  ],
  history: { priorReports: 2, priorActions: [{ action: 'comment.hidden', reason: null, createdAt: Date.UTC(2026, 9, 1) }], suspended: false },
  createdAt: Date.UTC(2026, 10, 24),
  ...overrides,
});

describe('reporting', () => {
  beforeEach(() => {
    modalStore.setState({ modals: [] });
    toastStore.setState(toastStore.getInitialState());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reports a comment with a chosen reason and details, then thanks the reporter', async () => {
    signIn('Carol');
    const calls = serveReview([aComment({ id: 3, body: 'You are an idiot.' })], { 'POST /api/reports': { status: 201, body: { id: 1, message: REPORT_MESSAGES.thanks } } });
    renderRoutes(reviewRoutes, '/u/alice_99/reviews/elden-ring');
    fireEvent.click(await screen.findByRole('button', { name: 'Report this comment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this comment' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose a reason');
    expect(posts(calls)).toEqual([]);

    fireEvent.click(within(dialog).getByRole('radio', { name: 'Harassment or bullying' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Details (optional)' }), { target: { value: ' Insults the reviewer ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(posts(calls)).toEqual([['/api/reports', { targetType: 'comment', targetId: 3, reason: 'harassment', details: 'Insults the reviewer' }]]));
    await waitFor(() => expect(toastStore.getState()).toMatchObject({ variant: 'success', text: 'Thanks — a moderator will look at your report.' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The review itself can be reported too: by its _id.
    expect(screen.getByRole('button', { name: 'Report this review' })).toBeTruthy();
  });

  it('shows the server’s refusal and keeps the dialog open', async () => {
    signIn('Carol');
    serveReview(undefined, { 'POST /api/reports': { status: 409, body: { error: 'conflict', message: REPORT_MESSAGES.alreadyReported, statusCode: 409 } } });
    renderRoutes(reviewRoutes, '/u/alice_99/reviews/elden-ring');
    fireEvent.click(await screen.findByRole('button', { name: 'Report this comment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this comment' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Spam or advertising' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(toastStore.getState()).toMatchObject({ variant: 'alert', text: REPORT_MESSAGES.alreadyReported }));
    expect(screen.getByRole('dialog', { name: 'Report this comment' })).toBeTruthy();
  });

  it('offers visitors no Report at all', async () => {
    authStore.setState({ isAuthenticated: false, user: null });
    serveReview();
    renderRoutes(reviewRoutes, '/u/alice_99/reviews/elden-ring');
    await screen.findByRole('article', { name: 'Comment by Bob_Builder' });
    expect(screen.queryAllByRole('button', { name: /^Report/ })).toEqual([]);
  });

  it('offers no Report on one’s own comment, and marks the author’s hidden comment', async () => {
    signIn('Bob_Builder');
    serveReview([aComment({ id: 3, body: 'You are an idiot.', hiddenByModerator: true })]);
    renderRoutes(reviewRoutes, '/u/alice_99/reviews/elden-ring');
    const comment = await screen.findByRole('article', { name: 'Comment by Bob_Builder' });
    expect(within(comment).getByText('Hidden by a moderator')).toBeTruthy();
    expect(within(comment).queryByRole('button', { name: /Report/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Report this review' })).toBeTruthy();
  });
});

describe('dashboard: the reports queue', () => {
  beforeEach(() => {
    signInAs('moderator');
    modalStore.setState({ modals: [] });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the open count on the overview, linked to the queue', async () => {
    stubFetch({ 'GET /api/admin/overview': { body: anOverview() }, 'GET /api/admin/reports': listAnswer([aGroup()], 3) });
    renderRoutes([{ path: '/dashboard', element: <DashboardLayout />, children: [{ index: true, element: <OverviewPage /> }] }], '/dashboard');
    const link = await screen.findByRole('link', { name: '3 reported items are waiting in the queue' });
    expect(link.getAttribute('href')).toBe('/dashboard/reports');
  });

  it('lists each reported target with its context, reporters, reasons and the author’s record', async () => {
    stubFetch({ 'GET /api/admin/reports': listAnswer([aGroup()], 1) });
    renderRoutes(dashboardRoutes, '/dashboard/reports');
    const item = await screen.findByRole('article', { name: "Reports on Bob_Builder's comment" });
    expect(screen.getByRole('heading', { name: 'Reports (1 open)' })).toBeTruthy();
    expect(within(item).getByText('You are an idiot.')).toBeTruthy();
    expect(within(item).getByRole('link', { name: 'comment' }).getAttribute('href')).toBe('/u/alice_99/reviews/elden-ring');
    const reports = within(item).getByRole('list', { name: 'Reports' });
    expect(within(reports).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Carol: Harassment or bullying — “Insults the reviewer”',
      'Dan: Hateful or abusive',
    ]);
    expect(within(item).getByText('2 earlier reports; moderation: comment.hidden.', { exact: false })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Reports | Dashboard | VGL'));
  });

  it('hides with a note the author reads, and dismisses at once', async () => {
    let groups = [aGroup(), aGroup({ id: 20, target: { ...aGroup().target, id: 4, author: { username: 'Eve', avatar: null } } })];
    const calls = stubFetch({
      'GET /api/admin/reports': () => listAnswer(groups),
      'POST /api/admin/reports/11/resolve': () => {
        groups = groups.filter((g) => g.id !== 11);
        return { status: 204 };
      },
      'POST /api/admin/reports/20/resolve': () => {
        groups = groups.filter((g) => g.id !== 20);
        return { status: 204 };
      },
    });
    renderRoutes(dashboardRoutes, '/dashboard/reports');
    const bob = await screen.findByRole('article', { name: "Reports on Bob_Builder's comment" });
    fireEvent.click(within(bob).getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this comment' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Insults' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(posts(calls)).toEqual([['/api/admin/reports/11/resolve', { action: 'hide', note: 'Insults' }]]));
    await waitFor(() => expect(toastStore.getState()).toMatchObject({ variant: 'success', text: 'The comment is hidden; the reporters are told.' }));

    const eve = await screen.findByRole('article', { name: "Reports on Eve's comment" });
    fireEvent.click(within(eve).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(posts(calls)[1]).toEqual(['/api/admin/reports/20/resolve', { action: 'dismiss' }]));
    expect(await screen.findByText('Nothing found.')).toBeTruthy();
  });
});

describe('report notifications', () => {
  it('say the outcome in the server’s words, without a moderator’s profile link or a "Reason:" line', async () => {
    const message = 'Your report on the comment by Bob “You are an idiot.” was reviewed: the comment was hidden.';
    const row = aNotification({ kind: 'report_resolved', actor: { username: 'Mod_Mary', avatar: null }, review: null, message });
    renderRoutes([{ path: '/', element: <ul><NotificationRow notification={row} viewer="Carol" now={Date.UTC(2026, 10, 23)} /></ul> }]);
    const item = await screen.findByRole('listitem');
    expect(item.textContent).toContain(message);
    expect(item.textContent).not.toContain('Reason:');
    expect(within(item).queryByRole('link', { name: /Mod_Mary/ })).toBeNull();
  });
});

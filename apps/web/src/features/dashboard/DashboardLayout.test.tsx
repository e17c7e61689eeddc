import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { authStore } from '../../stores/auth';
import { at, renderRoutes } from '../../test/render';
import { stubFetch } from '../../test/stubFetch';
import { UserMenu } from '../nav/UserMenu';
import { anAuditEntry, anOverview, signInAs } from './dashboardFixtures';

// The nav bar of the real layout asks for these on every page.
const navAnswers = {
  '/api/profile/avatar/': { body: { avatar: null } },
  '/api/activity/isunread': { body: { unread: false } },
  '/api/notifications/unread': { body: { unread: 0 } },
};

const adminCalls = (requests: { url: URL }[]) => requests.filter((r) => r.url.pathname.startsWith('/api/admin'));

describe('dashboard access', () => {
  beforeEach(() => authStore.setState({ isAuthenticated: false, user: null }));
  afterEach(() => vi.unstubAllGlobals());

  it('shows a regular user the 403 screen and asks the server for nothing', async () => {
    signInAs('user', 'Alice');
    const requests = stubFetch(navAnswers);
    renderRoutes(routes, '/dashboard/users');
    expect(await screen.findByRole('heading', { name: "You don't have permission to access this page." })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).toBeNull();
    expect(adminCalls(requests)).toEqual([]);
  });

  it('asks a visitor to log in first', async () => {
    const requests = stubFetch(navAnswers);
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByRole('heading', { name: 'Log in to see this page' })).toBeTruthy();
    expect(adminCalls(requests)).toEqual([]);
  });

  it('gives a moderator the tabs and the overview: counts, two charts, the latest moderation', async () => {
    signInAs('moderator');
    stubFetch({ ...navAnswers, '/api/admin/overview': { body: anOverview() } });
    renderRoutes(routes, '/dashboard');

    const tabs = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(within(tabs).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Overview', '/dashboard'],
      ['Users', '/dashboard/users'],
      ['Reviews', '/dashboard/reviews'],
      ['Comments', '/dashboard/comments'],
      ['Featured reviews', '/dashboard/reviews-ft'],
      ['Game submissions', '/dashboard/submissions'],
      ['Reports', '/dashboard/reports'],
      ['Registrations', '/dashboard/registrations'],
      ['Federation', '/dashboard/federation'],
    ]);
    expect(within(tabs).getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');

    await screen.findByText('Active this week');
    const cards = screen.getAllByRole('listitem').filter((item) => item.closest('nav') === null).slice(0, 5);
    expect(cards.map((card) => card.textContent)).toEqual(['1,234Users', '56Active this week', '7,890Games logged', '321Reviews', '654Comments']);
    expect(screen.getByRole('heading', { name: 'Sign-ups per day' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Reviews per day' })).toBeTruthy();

    const audit = screen.getByRole('region', { name: 'Latest moderation table' });
    expect(within(audit).getByRole('row', { name: /Mod_Mary Suspended a user Alice Spam links in every review\./ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Full audit log' }).getAttribute('href')).toBe('/dashboard?audit=1');
    await waitFor(() => expect(document.title).toBe('Dashboard | VGL'));
  });

  it('lists mail that could not be sent, and puts one back in the queue on Retry', async () => {
    signInAs('admin');
    const failed = { id: '7d4c2f7e-1b8a-4a3c-9a55-2f3a1c0e9b10', to: 'bob@example.com', subject: 'Activate your VGL account', lastError: 'connect ECONNREFUSED 10.0.0.5:587', tries: 5, failedAt: Date.UTC(2026, 10, 20, 9, 30) };
    const requests = stubFetch({
      ...navAnswers,
      '/api/admin/overview': { body: anOverview({ failedMail: { total: 1, latest: [failed] } }) },
      [`POST /api/admin/failed-mail/${failed.id}/retry`]: { status: 204 },
    });
    renderRoutes(routes, '/dashboard');

    expect(await screen.findByRole('heading', { name: 'Mail that could not be sent (1)' })).toBeTruthy();
    const table = screen.getByRole('region', { name: 'Mail that could not be sent table' });
    expect(within(table).getByRole('row', { name: /bob@example\.com Activate your VGL account connect ECONNREFUSED 10\.0\.0\.5:587 5/ })).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Retry the mail to bob@example.com' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.url.pathname === `/api/admin/failed-mail/${failed.id}/retry`)).toBe(true));
    expect(await screen.findByText('The mail to bob@example.com is queued for one more try.')).toBeTruthy();
  });

  it('pages the whole audit log under ?audit=', async () => {
    signInAs('admin');
    const requests = stubFetch({
      ...navAnswers,
      '/api/admin/audit': { body: [anAuditEntry({ id: 30, action: 'review.delete', targetType: 'review', targetLabel: 'Bob: Celeste' })], headers: { 'X-Total-Count': '45' } },
    });
    renderRoutes(routes, '/dashboard?audit=2');
    expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeTruthy();
    await screen.findByText('Deleted a review');
    expect(adminCalls(requests).map((r) => `${r.url.pathname}${r.url.search}`)).toEqual(['/api/admin/audit?page=2&limit=20']);
    const pages = screen.getByRole('navigation', { name: 'Pages of the audit log' });
    expect(within(pages).getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe('/dashboard?audit=3');
    await waitFor(() => expect(document.title).toBe('Audit log | Dashboard | VGL'));
  });
});

describe('the avatar menu', () => {
  const openMenu = () => screen.getByRole('button', { name: /Mary/ }).click();
  const menuLinks = async () => (await screen.findAllByRole('link')).map((link) => link.textContent);

  it('links moderators and admins to the dashboard', async () => {
    signInAs('moderator', 'Mary');
    renderRoutes([at('/', <UserMenu username="Mary" avatar={null} />)]);
    openMenu();
    expect(await menuLinks()).toContain('Dashboard');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('has no dashboard link for everyone else', async () => {
    signInAs('user', 'Mary');
    renderRoutes([at('/', <UserMenu username="Mary" avatar={null} />)]);
    openMenu();
    expect(await menuLinks()).not.toContain('Dashboard');
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_MESSAGES } from '@vgl/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { modalStore } from '../../stores/modals';
import { toastStore } from '../../stores/toast';
import { renderRoutes } from '../../test/render';
import { stubFetch, type StubRequest } from '../../test/stubFetch';
import { aUser, dashboardRoutes, listAnswer, refusal, signInAs } from './dashboardFixtures';

const changes = (requests: StubRequest[]) => requests.filter((r) => r.method !== 'GET').map((r) => [r.method, r.url.pathname, r.body]);
const rowOf = (username: string) => screen.getByRole('row', { name: new RegExp(`^${username} `) });

describe('dashboard: users', () => {
  beforeEach(() => modalStore.setState({ modals: [] }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the accounts with their details, searched with q in the URL', async () => {
    signInAs('moderator');
    const requests = stubFetch({
      '/api/admin/users': listAnswer(
        [aUser(), aUser({ id: 8, username: 'Spammer', email: 'spam@example.com', state: 'suspended', suspendedReason: 'Spam.', lastLoginAt: null, viewerCan: { suspend: false, unsuspend: true, changeRole: false } })],
        2,
      ),
    });
    const { router } = renderRoutes(dashboardRoutes, '/dashboard/users?q=a');
    await screen.findByText('alice@example.com');
    expect(requests.map((r) => r.url.search)).toEqual(['?q=a&page=1&limit=20']);
    const alice = rowOf('Alice');
    expect(within(alice).getByRole('link', { name: 'Alice' }).getAttribute('href')).toBe('/u/alice');
    expect(within(alice).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'alice@example.com',
      'User',
      'Active',
      'Jan 5, 2026',
      'Nov 20, 2026',
      '12',
      '3',
      'Suspend',
    ]);
    const spammer = rowOf('Spammer');
    expect(within(spammer).getByText('Reason: Spam.')).toBeTruthy();
    expect(within(spammer).queryByRole('button', { name: /^Suspend/ })).toBeNull();
    expect(within(spammer).getByRole('button', { name: 'Unsuspend Spammer' })).toBeTruthy();

    const search = screen.getByRole('searchbox', { name: 'Search users' });
    expect((search as HTMLInputElement).value).toBe('a');
    fireEvent.change(search, { target: { value: ' bob ' } });
    fireEvent.submit(search.closest('form')!);
    await waitFor(() => expect(router.state.location.search).toBe('?q=bob'));
    await waitFor(() => expect(requests.at(-1)!.url.search).toBe('?q=bob&page=1&limit=20'));
    await waitFor(() => expect(document.title).toBe('Users | Dashboard | VGL'));
  });

  it('suspends with the reason asked for in a dialog, then refreshes the list', async () => {
    signInAs('moderator');
    let alice = aUser();
    const requests = stubFetch({
      'GET /api/admin/users': () => listAnswer([alice]),
      'POST /api/admin/users/7/suspend': ({ body }) => {
        alice = aUser({ state: 'suspended', suspendedReason: (body as { reason: string }).reason, viewerCan: { suspend: false, unsuspend: true, changeRole: false } });
        return { body: alice };
      },
    });
    renderRoutes(dashboardRoutes, '/dashboard/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend Alice' }));

    const dialog = await screen.findByRole('dialog', { name: 'Suspend Alice' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Enter a reason');
    expect(changes(requests)).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: '  Posting spam links.  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(changes(requests)).toEqual([['POST', '/api/admin/users/7/suspend', { reason: 'Posting spam links.' }]]));
    await screen.findByText('Reason: Posting spam links.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toastStore.getState()).toMatchObject({ variant: 'success', text: 'Alice is suspended.' });
  });

  it('gives admins a role select, saved only on Save', async () => {
    signInAs('admin');
    const requests = stubFetch({
      'GET /api/admin/users': listAnswer([aUser({ viewerCan: { suspend: true, unsuspend: false, changeRole: true } })]),
      'PUT /api/admin/users/7/role': { body: aUser({ role: 'moderator' }) },
    });
    renderRoutes(dashboardRoutes, '/dashboard/users');
    const select = (await screen.findByRole('combobox', { name: 'Role of Alice' })) as HTMLSelectElement;
    expect([...select.options].map((option) => option.value)).toEqual(['user', 'moderator', 'admin']);
    fireEvent.change(select, { target: { value: 'moderator' } });
    expect(changes(requests)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Save the role of Alice' }));
    await waitFor(() => expect(changes(requests)).toEqual([['PUT', '/api/admin/users/7/role', { role: 'moderator' }]]));
    await waitFor(() => expect(toastStore.getState().text).toBe('Alice is now a moderator.'));
  });

  it('shows moderators the role as text, with no select', async () => {
    signInAs('moderator');
    stubFetch({ '/api/admin/users': listAnswer([aUser({ role: 'moderator', viewerCan: { suspend: false, unsuspend: false, changeRole: false } })]) });
    renderRoutes(dashboardRoutes, '/dashboard/users');
    await screen.findByText('alice@example.com');
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(within(rowOf('Alice')).getByText('Moderator')).toBeTruthy();
    expect(within(rowOf('Alice')).queryAllByRole('button')).toEqual([]);
  });

  it("shows the server's refusal as an alert toast and keeps the dialog open", async () => {
    signInAs('admin');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch({
      'GET /api/admin/users': listAnswer([aUser({ role: 'admin' })]),
      'POST /api/admin/users/7/suspend': refusal(403, ADMIN_MESSAGES.moderatorTargets),
    });
    renderRoutes(dashboardRoutes, '/dashboard/users');
    fireEvent.click(await screen.findByRole('button', { name: 'Suspend Alice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Alice' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Testing.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(toastStore.getState()).toMatchObject({ variant: 'alert', text: ADMIN_MESSAGES.moderatorTargets }));
    expect(screen.getByRole('dialog', { name: 'Suspend Alice' })).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: 'Reason' }) as HTMLTextAreaElement).value).toBe('Testing.');
  });
});

import type { AdminFederation, CommentEntry, RemoteAccountBlock, RemoteAccountSuspension, RemoteFollower, ReportGroup } from '@vgl/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { modalStore } from '../../stores/modals';
import { at, renderRoutes } from '../../test/render';
import { stubFetch, type StubRequest } from '../../test/stubFetch';
import { DashboardLayout } from '../dashboard/DashboardLayout';
import { dashboardRoutes, listAnswer, signInAs } from '../dashboard/dashboardFixtures';
import { ReportsQueuePage } from '../reports/ReportsQueuePage';
import { RemoteCommentItem } from '../comments/RemoteCommentItem';
import { PrivacySettingsPage } from '../privacy/PrivacySettingsPage';
import { signedInForEachTest } from '../settings/settingsFixtures';

const writes = (requests: StubRequest[]) => requests.filter((r) => r.method !== 'GET').map((r) => [r.method, r.url.pathname + r.url.search, r.body]);
const troll = '@troll@bad.example';
const reportsRoutes = [{ path: '/dashboard', element: <DashboardLayout />, children: [{ path: 'reports', element: <ReportsQueuePage /> }] }];

/*
 * Blocking, reporting and suspending single accounts on other servers
 * (issue 40): the member's side in Settings → Privacy, the moderators' in
 * the reports queue and on the Federation tab.
 */
describe('remote accounts: blocks in Settings → Privacy', () => {
  signedInForEachTest();
  const page = () => renderRoutes([at('/u/:username/settings/privacy', <PrivacySettingsPage />)], '/u/alice/settings/privacy');
  const follower: RemoteFollower = { id: 9, name: 'Troll', handle: troll, url: 'https://bad.example/@troll', since: Date.UTC(2026, 0, 2) };
  const block: RemoteAccountBlock = { id: 4, actor: 'https://bad.example/users/troll', handle: troll, name: 'Troll', url: 'https://bad.example/@troll', since: Date.UTC(2026, 0, 3) };

  it('blocks a follower after saying what a block does, and lists it with Unblock', async () => {
    let followers = [follower];
    let blocks: RemoteAccountBlock[] = [];
    const requests = stubFetch({
      'GET /api/profile/privacy': { body: { isPrivate: false, hideFromSearch: false } },
      'GET /api/blocks': { body: [] },
      'GET /api/mutes': { body: [] },
      'GET /api/home': { body: { federation: true } },
      'GET /api/follow-requests': { body: [] },
      'GET /api/follow-requests/remote': { body: [] },
      'GET /api/remote-followers': () => ({ body: followers }),
      'GET /api/federation/blocks': () => ({ body: blocks }),
      'POST /api/federation/blocks': () => {
        followers = [];
        blocks = [block];
        return { status: 201, body: block };
      },
      'DELETE /api/federation/blocks/4': () => {
        blocks = [];
        return { status: 204 };
      },
    });
    page();
    const blocked = await screen.findByRole('region', { name: 'Blocked on other servers' });
    expect(await within(blocked).findByText('You have not blocked anyone on another server.')).toBeTruthy();
    const followersSection = await screen.findByRole('region', { name: 'Followers on other servers' });
    fireEvent.click(await within(followersSection).findByRole('button', { name: `Block ${troll}` }));
    const question = within(followersSection).getByRole('group');
    expect(question.textContent).toContain(`Block ${troll}? They stop following you and you stop following them`);
    fireEvent.click(within(question).getByRole('button', { name: `Block ${troll}` }));
    await waitFor(() => expect(within(followersSection).queryByText('Troll')).toBeNull());
    const item = await within(blocked).findByRole('listitem');
    expect(within(item).getByRole('link', { name: 'Troll' }).getAttribute('href')).toBe('https://bad.example/@troll');
    fireEvent.click(within(item).getByRole('button', { name: `Unblock ${troll}` }));
    expect(await within(blocked).findByText('You have not blocked anyone on another server.')).toBeTruthy();
    expect(writes(requests)).toEqual([
      ['POST', '/api/federation/blocks', { account: troll }],
      ['DELETE', '/api/federation/blocks/4', undefined],
    ]);
  });
});

describe('remote accounts: a reply from another server under a review', () => {
  signedInForEachTest();
  const reply = (): CommentEntry & { remote: NonNullable<CommentEntry['remote']> } => ({
    _id: 'r5',
    id: 5,
    user: { username: troll.slice(1), avatar: null },
    body: 'You are all idiots',
    likes: 0,
    date: { created: Date.UTC(2026, 10, 2), updated: Date.UTC(2026, 10, 2) },
    viewerCan: { edit: false, delete: false },
    remote: { actor: { id: 'https://bad.example/users/troll', handle: troll, name: 'Troll', url: 'https://bad.example/@troll', host: 'bad.example' }, url: null, viewerCanRemove: false },
  });

  it('offers Report (the reply) and Block (its account, by actor id) to a signed-in member', async () => {
    const requests = stubFetch({ 'POST /api/federation/blocks': { status: 201, body: {} } });
    renderRoutes([at('/', <RemoteCommentItem comment={reply()} onRemove={() => Promise.resolve()} />)]);
    expect(await screen.findByRole('button', { name: 'Report this reply from another server' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: `Block ${troll}` }));
    fireEvent.click(within(screen.getByRole('group')).getByRole('button', { name: `Block ${troll}` }));
    await waitFor(() => expect(writes(requests)).toEqual([['POST', '/api/federation/blocks', { account: 'https://bad.example/users/troll' }]]));
  });
});

describe('remote accounts: moderators', () => {
  beforeEach(() => {
    signInAs('moderator');
    modalStore.setState({ modals: [] });
  });
  afterEach(() => vi.unstubAllGlobals());

  const remoteGroup: ReportGroup = {
    id: 30,
    target: { type: 'fed_reply', id: 5, excerpt: 'You are all idiots', author: null, remote: { handle: troll, url: 'https://bad.example/@troll' }, link: '/u/alice/reviews/celeste', hidden: false },
    reports: [{ id: 30, reporter: { username: 'Carol' }, reason: 'harassment', details: null, createdAt: Date.UTC(2026, 10, 24) }],
    history: { priorReports: 0, priorActions: [], suspended: false },
    createdAt: Date.UTC(2026, 10, 24),
  };

  it('see a reported reply from another server with its handle linking out, and suspend the account on this instance', async () => {
    const requests = stubFetch({ 'GET /api/admin/reports': listAnswer([remoteGroup]), 'POST /api/admin/reports/30/resolve': { status: 204 } });
    renderRoutes(reportsRoutes, '/dashboard/reports');
    const item = await screen.findByRole('article', { name: `Reports on ${troll}: reply from another server` });
    expect(within(item).getByRole('link', { name: troll }).getAttribute('href')).toBe('https://bad.example/@troll');
    expect(within(item).getByRole('link', { name: 'reply from another server' }).getAttribute('href')).toBe('/u/alice/reviews/celeste');
    expect(within(item).getByRole('button', { name: 'Hide' })).toBeTruthy();
    fireEvent.click(within(item).getByRole('button', { name: `Suspend ${troll} on this instance` }));
    const dialog = await screen.findByRole('dialog', { name: `Suspend ${troll}` });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Harassment' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(writes(requests)).toEqual([['POST', '/api/admin/reports/30/resolve', { action: 'suspend', note: 'Harassment' }]]));
  });

  it('offer no Hide for a reported account, only its suspension', async () => {
    const onAccount: ReportGroup = { ...remoteGroup, target: { ...remoteGroup.target, type: 'fed_actor', excerpt: `Troll (${troll})`, link: null } };
    stubFetch({ 'GET /api/admin/reports': listAnswer([onAccount]) });
    renderRoutes(reportsRoutes, '/dashboard/reports');
    const item = await screen.findByRole('article', { name: `Reports on ${troll}: account on another server` });
    expect(within(item).queryByRole('button', { name: 'Hide' })).toBeNull();
    expect(within(item).getByRole('button', { name: `Suspend ${troll} on this instance` })).toBeTruthy();
  });

  it('list suspended accounts on the Federation tab, suspend one by handle and lift one', async () => {
    const federation: AdminFederation = { enabled: true, origin: 'https://vgl.example.com', followers: { accepted: 0, pending: 0 }, published: 0, instances: [] };
    const suspended: RemoteAccountSuspension = { actor: 'https://bad.example/users/troll', handle: troll, url: 'https://bad.example/@troll', reason: 'Harassment', createdAt: Date.UTC(2026, 10, 20, 12), createdBy: 'Mod_Mary' };
    let list = [suspended];
    const requests = stubFetch({
      '/api/admin/federation': { body: federation },
      '/api/admin/federation/instances': { body: [] },
      'GET /api/admin/federation/accounts': () => ({ body: list }),
      'DELETE /api/admin/federation/accounts': () => {
        list = [];
        return { status: 204 };
      },
      'POST /api/admin/federation/accounts': { status: 201, body: suspended },
    });
    renderRoutes(dashboardRoutes, '/dashboard/federation');
    const table = await screen.findByRole('table', { name: 'Accounts on other servers suspended on this instance' });
    expect(within(table).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual([`${troll}HarassmentMod_Mary, Nov 20, 2026Lift suspension of ${troll}`]);
    fireEvent.click(within(table).getByRole('button', { name: `Lift suspension of ${troll}` }));
    expect(await screen.findByText('No account on another server is suspended.')).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Suspend an account on another server' });
    fireEvent.click(within(form).getByRole('button', { name: 'Suspend account' }));
    expect(within(form).getByRole('alert').textContent).toBe('Enter the account: @name@host, or the address of its actor.');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Account' }), { target: { value: ` ${troll} ` } });
    fireEvent.click(within(form).getByRole('button', { name: 'Suspend account' }));
    await waitFor(() =>
      expect(writes(requests)).toEqual([
        ['DELETE', `/api/admin/federation/accounts?actor=${encodeURIComponent(suspended.actor)}`, undefined],
        ['POST', '/api/admin/federation/accounts', { account: troll, reason: null }],
      ]),
    );
  });
});

import { REGISTRATION_MESSAGES, type Invite } from '@vgl/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore, logout } from '../../stores/auth';
import { at, renderRoutes } from '../../test/render';
import { stubFetch } from '../../test/stubFetch';
import { RegisterPage } from '../auth/RegisterPage';
import { signInAs } from '../dashboard/dashboardFixtures';
import { InvitesSettingsPage } from './InvitesSettingsPage';
import { RegistrationsPage } from './RegistrationsPage';

const mode = (m: string, memberInvites = false) => ({ 'GET /api/registration': { body: { mode: m, memberInvites } } });
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const fillSignUp = () => {
  fill('Email', 'new@example.com');
  fill('Username', 'New_One');
  fill('Password', 'Secret123');
  fill('Repeat password', 'Secret123');
};
const free = { 'POST /api/auth/isemailfree': { body: true }, 'POST /api/auth/isusernamefree': { body: true } };

const anInvite = (overrides: Partial<Invite> = {}): Invite => ({
  id: 1,
  code: 'abc123XYZ',
  createdBy: null,
  maxUses: 3,
  uses: 1,
  usesLeft: 2,
  expiresAt: Date.UTC(2030, 0, 5),
  revokedAt: null,
  createdAt: Date.UTC(2026, 0, 5),
  status: 'usable',
  ...overrides,
});

describe('the register page follows who may join', () => {
  beforeEach(() => {
    localStorage.clear();
    logout();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows a clear closed page, and no form', async () => {
    stubFetch(mode('closed'));
    renderRoutes([at('/auth/register', <RegisterPage />)], '/auth/register');
    expect((await screen.findByRole('status')).textContent).toBe(REGISTRATION_MESSAGES.closed);
    expect(screen.queryByLabelText('Email')).toBeNull();
  });

  it('in approval mode, sends a request and then says the account waits for a moderator', async () => {
    const requests = stubFetch({ ...mode('approval'), ...free, 'POST /api/auth/register': { status: 201, body: { message: REGISTRATION_MESSAGES.requested } } });
    renderRoutes([at('/auth/register', <RegisterPage />)], '/auth/register');
    await screen.findByRole('heading', { name: 'Request an account' });
    fillSignUp();
    fireEvent.click(screen.getByRole('button', { name: 'Request an account' }));
    expect((await screen.findByRole('status')).textContent).toBe(REGISTRATION_MESSAGES.requested);
    const sent = requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/auth/register');
    expect(sent?.body).toEqual({ email: 'new@example.com', username: 'New_One', password: 'Secret123', password2: 'Secret123' });
  });

  it('in invite mode, prefills the code from the link, sends it, and shows the server’s error on that field', async () => {
    const requests = stubFetch({
      ...mode('invite'),
      ...free,
      'POST /api/auth/register': { status: 400, body: { statusCode: 400, error: 'Bad Request', message: REGISTRATION_MESSAGES.inviteExpired, errors: { invite: REGISTRATION_MESSAGES.inviteExpired } } },
    });
    renderRoutes([at('/auth/register', <RegisterPage />)], '/auth/register?invite=abc123XYZ');
    expect(((await screen.findByLabelText('Invite code')) as HTMLInputElement).value).toBe('abc123XYZ');
    fillSignUp();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(REGISTRATION_MESSAGES.inviteExpired)).toBeTruthy();
    const sent = requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/auth/register');
    expect(sent?.body).toMatchObject({ invite: 'abc123XYZ', username: 'New_One' });
  });

  it('turns into the closed page when the server says it closed meanwhile', async () => {
    stubFetch({ ...free, 'POST /api/auth/register': { status: 403, body: { statusCode: 403, error: 'Forbidden', message: REGISTRATION_MESSAGES.closed } } });
    renderRoutes([at('/auth/register', <RegisterPage />)], '/auth/register');
    fillSignUp();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('status')).textContent).toBe(REGISTRATION_MESSAGES.closed);
  });
});

describe('the dashboard’s registrations', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.setState({ isAuthenticated: false, user: null });
  });

  it('lets a moderator approve a waiting account, and hides the admin’s settings', async () => {
    signInAs('moderator');
    let waiting = [{ id: 7, username: 'Waiting_One', email: 'w@example.com', requestedAt: Date.UTC(2026, 10, 1) }];
    const requests = stubFetch({
      ...mode('approval'),
      'GET /api/admin/registrations': () => ({ body: waiting }),
      'POST /api/admin/registrations/7/approve': () => {
        waiting = [];
        return { status: 204 };
      },
    });
    renderRoutes([at('/', <RegistrationsPage />)]);
    const item = await screen.findByRole('article', { name: 'Waiting_One' });
    expect(within(item).getByText('w@example.com')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Who may join' })).toBeNull();
    fireEvent.click(within(item).getByRole('button', { name: 'Approve Waiting_One' }));
    expect(await screen.findByText('Nobody is waiting for approval.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/admin/registrations/7/approve')).toBe(true);
  });

  it('lets an admin choose the mode and member invites', async () => {
    signInAs('admin');
    const requests = stubFetch({
      ...mode('open'),
      'GET /api/admin/registrations': { body: [] },
      'GET /api/admin/invites': { body: [anInvite({ createdBy: { username: 'Ann' } })] },
      'PUT /api/admin/registration': (req) => ({ body: req.body }),
    });
    renderRoutes([at('/', <RegistrationsPage />)]);
    fireEvent.click(await screen.findByRole('radio', { name: /Invite only/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Members may create invite links/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ mode: 'invite', memberInvites: true }));
    expect(await screen.findByText('2 of 3 uses left')).toBeTruthy();
    expect(screen.getByText(/by Ann/)).toBeTruthy();
  });
});

describe('Settings → Invites', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    authStore.setState({ isAuthenticated: false, user: null });
  });

  it('creates an invite link and lists it with the uses left', async () => {
    signInAs('user', 'Alice');
    let mine: Invite[] = [];
    const requests = stubFetch({
      ...mode('invite', true),
      'GET /api/invites': () => ({ body: mine }),
      'POST /api/invites': (req) => {
        mine = [anInvite({ maxUses: (req.body as { maxUses: number }).maxUses, uses: 0, usesLeft: 5 })];
        return { status: 201, body: mine[0] };
      },
    });
    renderRoutes([at('/', <InvitesSettingsPage />)]);
    expect(await screen.findByText('No invites yet.')).toBeTruthy();
    fill('Sign-ups allowed', '5');
    fireEvent.click(screen.getByRole('button', { name: 'Create invite' }));
    const link = (await screen.findByLabelText(/Invite link/)) as HTMLInputElement;
    expect(link.value).toMatch(/\/auth\/register\?invite=abc123XYZ$/);
    expect(screen.getByText('5 of 5 uses left')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ maxUses: 5, expiresInDays: 7 });
  });

  it('says only admins invite when member invites are off', async () => {
    signInAs('user', 'Alice');
    stubFetch(mode('invite', false));
    renderRoutes([at('/', <InvitesSettingsPage />)]);
    expect((await screen.findByRole('status')).textContent).toBe('Only admins can create invites on this instance.');
  });
});

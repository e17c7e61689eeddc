import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasAuthHeader } from '../../lib/api';
import { authStore } from '../../stores/auth';
import { toastStore } from '../../stores/toast';
import { stubFetch, type StubRequest } from '../../test/stubFetch';
import { aToken, anOwnProfile, NAV_ANSWERS, renderSettings, signInAs, signOutCompletely } from './settingsFixtures';

const PAGE = '/u/alice/settings/account';
const sent = (requests: StubRequest[], key: string) => requests.filter((r) => `${r.method} ${r.url.pathname}` === key).map((r) => r.body);
const toast = () => toastStore.getState();
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const invalid = (field: string, message: string) => ({
  status: 400,
  body: { error: 'validation_failed', message: 'The request is not valid.', statusCode: 400, errors: { [field]: message } },
});

describe('account settings', () => {
  beforeEach(() => {
    signOutCompletely();
    signInAs({ username: 'Alice' });
    toastStore.setState({ counter: 0, variant: 'info', head: '', text: '' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('checks that a new username is free while typing, then runs the username change flow', async () => {
    const newToken = aToken({ username: 'New_Name' });
    const requests = stubFetch({
      ...NAV_ANSWERS,
      'GET /api/profile': { body: anOwnProfile() },
      'POST /api/auth/isusernamefree': ({ body }) => ({ body: (body as { username: string }).username !== 'Taken_Name' }),
      'POST /api/auth/username': { body: { token: newToken } },
    });
    const { router } = renderSettings(PAGE);
    expect(await screen.findByText(/Your address is/)).toBeTruthy();

    type('New username', 'Taken_Name');
    expect(await screen.findByText('This username is already in use')).toBeTruthy();
    press('Change username');
    expect(sent(requests, 'POST /api/auth/username')).toEqual([]);

    type('New username', 'New_Name');
    expect(await screen.findByText('New_Name is available.')).toBeTruthy();
    expect(sent(requests, 'POST /api/auth/isusernamefree')).toEqual([{ username: 'Taken_Name' }, { username: 'New_Name' }]);
    press('Change username');

    await waitFor(() => expect(router.state.location.pathname).toBe('/u/new_name/settings/account'));
    expect(sent(requests, 'POST /api/auth/username')).toEqual([{ username: 'New_Name' }]);
    expect(localStorage.getItem('authToken')).toBe(newToken);
    expect(authStore.getState().user?.username).toBe('New_Name');
    expect(toast()).toMatchObject({ variant: 'success', text: 'Username updated successfully.' });
    // Still the owner under the new name: the page stays, no 403.
    expect(await screen.findByRole('heading', { level: 1, name: 'Account settings' })).toBeTruthy();
  });

  it('asks for a confirmation link for a new e-mail and toasts the server\'s message', async () => {
    const message = 'We have sent a confirmation link to your new address.';
    const requests = stubFetch({
      ...NAV_ANSWERS,
      'GET /api/profile': { body: anOwnProfile() },
      'POST /api/auth/email': ({ body }) => ((body as { password: string }).password === 'Secret123' ? { body: { message } } : invalid('password', 'Your password is not correct.')),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderSettings(PAGE);
    await screen.findByText(/alice@example\.com/);

    press('Send confirmation link');
    expect(screen.getByText('Enter your email')).toBeTruthy();
    expect(sent(requests, 'POST /api/auth/email')).toEqual([]);

    type('New e-mail address', 'new@example.com');
    type('Password', 'wrong');
    press('Send confirmation link');
    expect(await screen.findByText('Your password is not correct.')).toBeTruthy();
    await waitFor(() => expect(toast()).toMatchObject({ variant: 'alert' }));

    type('Password', 'Secret123');
    press('Send confirmation link');
    await waitFor(() => expect(toast()).toMatchObject({ variant: 'success', text: message }));
    expect(sent(requests, 'POST /api/auth/email').at(-1)).toEqual({ email: 'new@example.com', password: 'Secret123' });
  });

  it('changes the password: the rules first, the server\'s field errors, then the new token is stored', async () => {
    const newToken = aToken({ username: 'Alice', marker: 'after-password-change' });
    const requests = stubFetch({
      ...NAV_ANSWERS,
      'GET /api/profile': { body: anOwnProfile() },
      'POST /api/auth/password': ({ body }) =>
        (body as { currentPassword: string }).currentPassword === 'Secret123' ? { body: { token: newToken } } : invalid('currentPassword', 'Your password is not correct.'),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderSettings(PAGE);

    type('Current password', 'nope');
    type('New password', 'short');
    type('Repeat new password', 'other');
    press('Change password');
    expect(screen.getByText('Password must have at least 8 characters')).toBeTruthy();
    expect(screen.getByText('The passwords do not match')).toBeTruthy();
    expect(sent(requests, 'POST /api/auth/password')).toEqual([]);

    type('New password', 'NewSecret456');
    type('Repeat new password', 'NewSecret456');
    press('Change password');
    expect(await screen.findByText('Your password is not correct.')).toBeTruthy();
    expect(localStorage.getItem('authToken')).not.toBe(newToken);

    type('Current password', 'Secret123');
    press('Change password');
    await waitFor(() => expect(toast()).toMatchObject({ variant: 'success', text: 'Your changes are saved successfully.' }));
    expect(sent(requests, 'POST /api/auth/password').at(-1)).toEqual({ currentPassword: 'Secret123', password: 'NewSecret456', password2: 'NewSecret456' });
    expect(localStorage.getItem('authToken')).toBe(newToken);
    expect(authStore.getState().isAuthenticated).toBe(true);
  });

  it('deletes the account only with the password and the confirmation, then logs out and goes to /', async () => {
    const requests = stubFetch({
      ...NAV_ANSWERS,
      'GET /api/profile': { body: anOwnProfile() },
      'DELETE /api/profile': ({ body }) => ((body as { password: string }).password === 'Secret123' ? { status: 204 } : invalid('password', 'Your password is not correct.')),
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = renderSettings(PAGE);
    expect(screen.getByText(/removes your account and everything in it/)).toBeTruthy();

    press('Delete my account');
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(screen.getByText('Tick the box to confirm that everything will be deleted.')).toBeTruthy();

    type('Your password', 'Secret123');
    press('Delete my account');
    expect(sent(requests, 'DELETE /api/profile')).toEqual([]);

    type('Your password', 'wrong');
    fireEvent.click(screen.getByLabelText('I understand that my account and everything in it will be deleted.'));
    press('Delete my account');
    expect(await screen.findByText('Your password is not correct.')).toBeTruthy();
    expect(authStore.getState().isAuthenticated).toBe(true);

    type('Your password', 'Secret123');
    press('Delete my account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sent(requests, 'DELETE /api/profile')).toEqual([{ password: 'wrong' }, { password: 'Secret123' }]);
    expect(authStore.getState()).toMatchObject({ isAuthenticated: false, user: null });
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(hasAuthHeader()).toBe(false);
    expect(await screen.findByText('Front page')).toBeTruthy();
  });

  it('logs out everywhere: the server ends every session, then this one is forgotten', async () => {
    const requests = stubFetch({
      ...NAV_ANSWERS,
      'GET /api/profile': { body: anOwnProfile() },
      'POST /api/auth/logout': { status: 204 },
    });
    const { router } = renderSettings(PAGE);
    press('Log out everywhere');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(sent(requests, 'POST /api/auth/logout')).toEqual([{ everywhere: true }]);
    expect(authStore.getState()).toMatchObject({ isAuthenticated: false, user: null });
    expect(toast().text).toBe('You are logged out everywhere.');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore, logout } from '../../stores/auth';
import { toastStore } from '../../stores/toast';
import { changeUsername } from './changeUsername';

const token = (username: string) =>
  ['{"alg":"HS256"}', JSON.stringify({ username, exp: 4_000_000_000 })].map((p) => Buffer.from(p).toString('base64url')).join('.') + '.sig';

function answer(status: number, body: unknown) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })));
}

describe('username change (SPEC §4)', () => {
  beforeEach(() => logout());
  afterEach(() => vi.unstubAllGlobals());

  it('stores the new token, updates the user, toasts and goes to the account settings', async () => {
    answer(200, { token: token('New_Name') });
    const navigate = vi.fn();
    expect(await changeUsername('New_Name', navigate)).toBe(true);
    expect(localStorage.getItem('authToken')).toBe(token('New_Name'));
    expect(authStore.getState().user?.username).toBe('New_Name');
    expect(toastStore.getState()).toMatchObject({ variant: 'success', text: 'Username updated successfully.' });
    expect(navigate).toHaveBeenCalledWith('/u/new_name/settings/account');
  });

  it('shows "Error during relogin." when the call fails', async () => {
    answer(400, { error: 'validation_failed', message: 'This username is already in use', statusCode: 400 });
    const navigate = vi.fn();
    expect(await changeUsername('taken', navigate)).toBe(false);
    expect(toastStore.getState()).toMatchObject({ variant: 'alert', text: 'Error during relogin.' });
    expect(navigate).not.toHaveBeenCalled();
  });
});

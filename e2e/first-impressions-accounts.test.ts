import { describe, expect, it } from 'vitest';
import { createAccount, E2E_PASSWORD, signIn } from './support/accounts';
import { hasChromium } from './support/browser';
import { browserSuiteWithMail } from './support/suite';

// What a new member meets in the first hour with their account: a mistyped
// password, a session ended on another device, and old links after a rename.
describe.skipIf(!hasChromium)('first impressions of an account, in Chromium', () => {
  const suite = browserSuiteWithMail();

  const url = (path: string) => `${suite.server.url}${path}`;
  const nav = () => suite.page.getByRole('navigation', { name: 'Main' });
  const post = (path: string, token: string, body: unknown) =>
    fetch(url(path), { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  /** Another device's session of the same member. */
  const logIn = async (identifier: string) => {
    const res = await fetch(url('/api/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier, password: E2E_PASSWORD }),
    });
    return ((await res.json()) as { token: string }).token;
  };

  it('keeps the username after a wrong password, so only the password is typed again', async () => {
    await createAccount(suite.server, suite.smtp, 'Typo_Fingers');
    await suite.page.goto(url('/'));
    await nav().getByRole('button', { name: 'Log in' }).click();
    const dialog = suite.page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByLabel('Email or username').fill('typo_fingers');
    await dialog.getByLabel('Password').fill('Wrong-pass1');
    await dialog.getByRole('button', { name: 'Log in' }).click();

    await suite.page.getByText('Login failed. Please check your credentials.').waitFor();
    expect(await dialog.getByLabel('Email or username').inputValue()).toBe('typo_fingers');
    expect(await dialog.getByLabel('Password').inputValue()).toBe('');
    await expect.poll(() => suite.page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('current-password');

    await suite.page.keyboard.type(E2E_PASSWORD);
    await suite.page.keyboard.press('Enter');
    await suite.page.getByText('You have signed in successfully.').waitFor();
    await nav().getByRole('link', { name: 'Notifications' }).waitFor();
  });

  it('signs out with a message, once, when a password change on another device ended the session', async () => {
    const here = await createAccount(suite.server, suite.smtp, 'Two_Devices');
    const elsewhere = await logIn('two_devices');
    await signIn(suite.context, here);
    await suite.page.goto(url('/notifications'));
    await suite.page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();

    // A password change on the other device revokes every other session, this tab's too.
    const changed = await post('/api/auth/password', elsewhere, { currentPassword: E2E_PASSWORD, password: 'Changed123', password2: 'Changed123' });
    expect(changed.status).toBe(200);
    await nav().getByRole('link', { name: /^Activity/ }).click();

    await suite.page.getByText('Your session has ended. Please log in again.').waitFor();
    await suite.page.getByRole('dialog', { name: 'Log in' }).waitFor();
    await nav().getByRole('button', { name: 'Log in' }).waitFor();
    expect(await nav().getByRole('link', { name: 'Notifications' }).count()).toBe(0);
    expect(await suite.page.getByText(/could not be loaded/).count()).toBe(0);
    expect(await suite.page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    expect(await suite.page.getByRole('dialog').count()).toBe(1);
  });

  it('takes an old link to a renamed member to their new name', async () => {
    const token = await createAccount(suite.server, suite.smtp, 'Old_Handle');
    expect((await post('/api/auth/username', token, { username: 'New_Handle' })).status).toBe(200);

    await suite.page.goto(url('/u/old_handle/reviews'));
    expect(new URL(suite.page.url()).pathname).toBe('/u/new_handle/reviews');
    await suite.page.getByRole('heading', { level: 1, name: 'New_Handle' }).waitFor();
    await expect.poll(() => suite.page.title()).toBe("New_Handle's Reviews | VGL");
  });
});

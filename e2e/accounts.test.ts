import { describe, expect, it } from 'vitest';
import { linkIn } from '../apps/server/src/test/smtp-sink';
import { axeViolations } from './support/axe';
import { hasChromium } from './support/browser';
import { browserSuiteWithMail } from './support/suite';

describe.skipIf(!hasChromium)('accounts in Chromium, with real mail', () => {
  const suite = browserSuiteWithMail();

  const nav = () => suite.page.getByRole('navigation', { name: 'Main' });
  const pathOf = (link: string) => new URL(link).pathname;

  async function register(email: string, username: string, password: string) {
    await suite.page.goto(`${suite.server.url}/auth/register`);
    await suite.page.getByLabel('Email', { exact: true }).fill(email);
    await suite.page.getByLabel('Username', { exact: true }).fill(username);
    await suite.page.getByLabel('Password', { exact: true }).fill(password);
    await suite.page.getByLabel('Repeat password', { exact: true }).fill(password);
    await suite.page.getByRole('button', { name: 'Create account' }).click();
    await suite.page.waitForURL(`${suite.server.url}/auth/activation`);
  }

  async function logIn(identifier: string, password: string) {
    const dialog = suite.page.getByRole('dialog', { name: 'Log in' });
    // After a failed attempt the modal stays open for another try.
    if (!(await dialog.isVisible())) await nav().getByRole('button', { name: 'Log in' }).click();
    await dialog.getByLabel('Email or username').fill(identifier);
    await dialog.getByLabel('Password').fill(password);
    await dialog.getByRole('button', { name: 'Log in' }).click();
  }

  it('shows every registration rule message while typing', async () => {
    await suite.page.goto(`${suite.server.url}/auth/register`);
    await expect.poll(() => suite.page.title()).toBe('Join VGL | VGL');
    await suite.page.getByRole('heading', { name: 'Join VGL' }).waitFor();
    const field = (label: string) => suite.page.getByLabel(label, { exact: true });
    const expectMessage = async (text: string) => suite.page.getByText(text, { exact: true }).waitFor();

    await suite.page.getByRole('button', { name: 'Create account' }).click();
    for (const text of ['Enter your email', 'Enter your username', 'Enter your password', 'Repeat your password']) await expectMessage(text);

    await field('Email').fill('a@b.c');
    await expectMessage('Email must have at least 6 characters');
    await field('Email').fill(`${'a'.repeat(30)}@example.com`);
    await expectMessage('Email must have less than 32 characters');
    await field('Email').fill('not-an-email');
    await expectMessage('Entered value does not match email format');
    await field('Username').fill('abc');
    await expectMessage('Username must have at least 4 characters');
    await field('Username').fill('a'.repeat(17));
    await expectMessage('Username must have less than 16 characters');
    await field('Username').fill('_abcd');
    await expectMessage(
      'Username must start with a letter or number and can contain only latin letters, numbers, underscores, and it must be 4-16 characters long',
    );
    await field('Username').fill('SuperAdmin');
    await expectMessage('Username contains forbidden words');
    await field('Password').fill('Ab1');
    await expectMessage('Password must have at least 8 characters');
    await field('Password').fill(`Ab1${'x'.repeat(30)}`);
    await expectMessage('Password must have no more than 32 characters');
    await field('Password').fill('lowercase1');
    await expectMessage('Password must contain at least one digit, one lowercase letter, one uppercase letter, no spaces, and it must be 8-32 characters long');
    await field('Password').fill('Secret123');
    await field('Repeat password').fill('Secret124');
    await expectMessage('The passwords do not match');
  });

  it('registers, activates by mail, logs in by username and e-mail, survives a reload and logs out', async () => {
    await register('gamer@example.com', 'Gamer_One', 'Secret123');
    await suite.page.getByRole('heading', { name: 'Check your inbox' }).waitFor();

    const link = linkIn(await suite.smtp.waitFor('gamer@example.com', /Activate/), '/auth/activation/');
    await suite.page.goto(`${suite.server.url}${pathOf(link)}`);
    await suite.page.getByText('Your account is active. You can log in now.').waitFor();

    await suite.page.goto(`${suite.server.url}/`);
    await logIn('gamer_one', 'Secret123');
    await suite.page.getByText('You have signed in successfully.').waitFor();
    await nav().getByRole('button', { name: /Gamer_One/ }).waitFor();
    expect(await suite.page.getByRole('link', { name: 'Join Now' }).count()).toBe(0);
    await suite.page.reload();
    await nav().getByRole('button', { name: /Gamer_One/ }).click();
    await nav().getByRole('button', { name: 'Log out' }).click();
    await nav().getByRole('link', { name: 'Create account' }).waitFor();

    await logIn('GAMER@example.com', 'Secret123');
    await nav().getByRole('button', { name: /Gamer_One/ }).waitFor();

    // Signed in, a guest-only page is forbidden.
    await suite.page.goto(`${suite.server.url}/auth/register`);
    await suite.page.getByText("You don't have permission to access this page.").waitFor();
  });

  it('says an e-mail or username is already in use while typing', async () => {
    await suite.page.goto(`${suite.server.url}/auth/register`);
    await suite.page.getByLabel('Username', { exact: true }).fill('gamer_ONE');
    await suite.page.getByText('This username is already in use').waitFor();
    await suite.page.getByLabel('Email', { exact: true }).fill('Gamer@Example.com');
    await suite.page.getByText('This email is already in use').waitFor();
  });

  it('sends a pending account to /auth/activation instead of signing in', async () => {
    await register('pending@example.com', 'Pending_1', 'Secret123');
    await suite.page.goto(`${suite.server.url}/`);
    await logIn('Pending_1', 'Secret123');
    await suite.page.waitForURL(`${suite.server.url}/auth/activation`);
    expect(await suite.page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  });

  it('resets a forgotten password through the mailed link; the old password stops working', async () => {
    await suite.page.goto(`${suite.server.url}/auth/password/reset`);
    const before = suite.smtp.mails.length;
    await suite.page.getByLabel('Email').fill('gamer@example.com');
    await suite.page.getByRole('button', { name: 'Send me a link' }).click();
    await suite.page.getByText('If an account exists for that address').waitFor();

    const link = linkIn(await suite.smtp.waitFor('gamer@example.com', /Reset/, { after: before }), '/auth/password/new/');
    await suite.page.goto(`${suite.server.url}${pathOf(link)}`);
    await suite.page.getByLabel('New password').fill('weak');
    await suite.page.getByLabel('Repeat password').fill('weak');
    await suite.page.getByRole('button', { name: 'Save new password' }).click();
    await suite.page.getByText('Password must have at least 8 characters').waitFor();
    await suite.page.getByLabel('New password').fill('Changed456');
    await suite.page.getByLabel('Repeat password').fill('Changed456');
    await suite.page.getByRole('button', { name: 'Save new password' }).click();
    await suite.page.getByText('Your password has been changed. You can log in now.').waitFor();

    await suite.page.goto(`${suite.server.url}/`);
    await logIn('Gamer_One', 'Secret123');
    await suite.page.getByText('Login failed. Please check your credentials.').waitFor();
    await logIn('Gamer_One', 'Changed456');
    await nav().getByRole('button', { name: /Gamer_One/ }).waitFor();
  });

  it('has no axe-core violations on the register page', async () => {
    const axeContext = await suite.browser.newContext({ bypassCSP: true });
    const axePage = await axeContext.newPage();
    await axePage.goto(`${suite.server.url}/auth/register`);
    await axePage.getByRole('heading', { name: 'Join VGL' }).waitFor();
    expect(await axeViolations(axePage)).toEqual([]);
    await axeContext.close();
  });

  it('explains an invalid activation link', async () => {
    await suite.page.goto(`${suite.server.url}/auth/activation/not-a-real-token-at-all`);
    await suite.page.getByText('This link is invalid or has expired.').waitFor();
  });
});

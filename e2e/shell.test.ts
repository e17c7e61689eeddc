import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../apps/server/src/test/smtp-sink';
import { createAccount } from './support/accounts';
import { axeViolations } from './support/axe';
import { hasChromium } from './support/browser';
import { browserSuite } from './support/suite';

const DESCRIPTION =
  'Add video games to your library, rate them, and write reviews. Follow your friends and discover new titles worth playing.';

/** A token the web app can decode (the server never sees it: no API call here checks signatures yet). */
function unsignedToken(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.sig`;
}

describe.skipIf(!hasChromium)('the app shell in Chromium', () => {
  let smtp: SmtpSink;
  // The operator's community link (COMMUNITY_URL) is what the footer links; without it, nothing.
  const suite = browserSuite(async () => {
    smtp = await startSmtpSink();
    return { COMMUNITY_URL: 'https://chat.example.org/invite/vgl', SMTP_URL: smtp.url };
  });
  afterAll(() => smtp?.close());

  const head = (selector: string, attr: string) => suite.page.locator(selector).first().getAttribute(attr);

  it('shows the landing headline and Join Now on /, with the default metadata', async () => {
    await suite.page.goto(`${suite.server.url}/`);
    await expect.poll(() => suite.page.title()).toBe('Track Your Gaming Journey');
    expect(await suite.page.getByRole('heading', { level: 1 }).textContent()).toBe('Track Your Gaming Journey');
    expect(await suite.page.getByRole('link', { name: 'Join Now' }).getAttribute('href')).toBe('/auth/register');
    expect(await head('link[rel="canonical"]', 'href')).toBe(`${suite.server.url}/`);
    expect(await head('meta[name="description"]', 'content')).toBe(DESCRIPTION);
    expect(await head('meta[property="og:image"]', 'content')).toBe(`${suite.server.url}/img/og-image.jpg`);
    expect(await suite.page.locator('img[src="/img/logo.png"]').count()).toBe(1);
  });

  it('shows the 404 screen for an unknown path, titled "Error 404 | VGL"', async () => {
    const response = await suite.page.goto(`${suite.server.url}/anything-unknown`);
    expect(response?.status()).toBe(404);
    await expect.poll(() => suite.page.title()).toBe('Error 404 | VGL');
    expect(await suite.page.getByRole('heading', { level: 1 }).textContent()).toBe(
      "Sorry, we can't find the page you've requested.",
    );
    expect(await head('link[rel="canonical"]', 'href')).toBe(`${suite.server.url}/anything-unknown`);
    const background = await suite.page.locator('[data-error="404"]').evaluate((el) => getComputedStyle(el).backgroundImage);
    expect(background).toContain('/img/errors/404');
    await suite.page.getByRole('link', { name: 'To Front Page' }).click();
    await suite.page.waitForURL(`${suite.server.url}/`);
    await expect.poll(() => suite.page.title()).toBe('Track Your Gaming Journey');
  });

  it('offers visitors Create account and Log in, and links the footer to the games database in use', async () => {
    await suite.page.goto(`${suite.server.url}/`);
    expect(await suite.page.getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe('/auth/register');
    // The test server runs on the embedded catalog: MAME's software lists, not IGDB.
    const footer = suite.page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: 'MAME’s software lists' }).getAttribute('href')).toContain('mamedev.org');
    expect(await footer.getByRole('link', { name: 'IGDB' }).count()).toBe(0);
    expect(await footer.getByRole('link', { name: 'Join the community chat' }).getAttribute('href')).toBe('https://chat.example.org/invite/vgl');
  });

  it('opens the search box focused, ignores an empty query and submits to /search/?q=…&p=1', async () => {
    await suite.page.goto(`${suite.server.url}/`);
    await suite.page.getByRole('button', { name: 'Open search' }).click();
    const box = suite.page.getByPlaceholder('Search');
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await box.press('Enter');
    expect(new URL(suite.page.url()).pathname).toBe('/');
    await box.fill('the legend of zelda');
    await box.press('Enter');
    await suite.page.waitForURL((url) => url.pathname === '/search/');
    expect(new URL(suite.page.url()).search).toBe('?q=the%20legend%20of%20zelda&p=1');
  });

  it('opens the login modal, closes it on Escape and on an overlay click', async () => {
    await suite.page.goto(`${suite.server.url}/`);
    const openLogin = () => suite.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Log in' }).click();
    const dialog = suite.page.getByRole('dialog', { name: 'Log in' });

    await openLogin();
    await dialog.waitFor();
    expect(await dialog.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/auth/register');
    expect(await dialog.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/auth/password/reset');
    await suite.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await openLogin();
    await dialog.waitFor();
    await suite.page.mouse.click(10, 790);
    await dialog.waitFor({ state: 'detached' });
  });

  it('validates the login form and shows the failure toast, which hides by itself', async () => {
    await suite.page.goto(`${suite.server.url}/`);
    await suite.page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Log in' }).click();
    const dialog = suite.page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByRole('button', { name: 'Log in' }).click();
    expect(await dialog.getByText('Enter your email or username').count()).toBe(1);
    expect(await dialog.getByText('Enter your password').count()).toBe(1);

    await dialog.getByLabel('Email or username').fill('nobody');
    await dialog.getByLabel('Password').fill('Wrong-password1');
    await dialog.getByRole('button', { name: 'Log in' }).click();
    const toast = suite.page.getByText('Login failed. Please check your credentials.');
    await toast.waitFor();
    // The identifier stays for another try; only the password goes.
    expect(await dialog.getByLabel('Email or username').inputValue()).toBe('nobody');
    expect(await dialog.getByLabel('Password').inputValue()).toBe('');
    await toast.waitFor({ state: 'detached', timeout: 6000 });
  });

  it('shows a signed-in user the member navigation and logs out', async () => {
    // A real session: the app signs out a token the server refuses.
    const token = await createAccount(suite.server, smtp, 'Alice_99');
    await suite.context.addInitScript((t) => localStorage.setItem('authToken', t), token);
    await suite.page.goto(`${suite.server.url}/`);
    const nav = suite.page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Activity' }).getAttribute('href')).toBe('/activity');
    expect(await nav.getByRole('link', { name: 'Notifications' }).getAttribute('href')).toBe('/notifications');
    await nav.getByRole('button', { name: /Alice_99/ }).click();
    for (const [name, href] of [
      ['Profile', '/u/alice_99'],
      ['Diary', '/u/alice_99/diary'],
      ['Library', '/u/alice_99/library'],
      ['Reviews', '/u/alice_99/reviews'],
      ['Friends', '/u/alice_99/following'],
      ['Settings', '/u/alice_99/settings'],
    ]) {
      expect(await nav.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }
    expect(await nav.locator('img[src="/img/avatars/avatar-default.svg"]').count()).toBe(1);
    await nav.getByRole('button', { name: 'Log out' }).click();
    await nav.getByRole('link', { name: 'Create account' }).waitFor();
    expect(await suite.page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  });

  it('logs out an expired token at startup', async () => {
    const token = unsignedToken({ username: 'old', exp: Math.floor(Date.now() / 1000) - 10 });
    await suite.context.addInitScript((t) => localStorage.setItem('authToken', t), token);
    await suite.page.goto(`${suite.server.url}/`);
    await suite.page.getByRole('link', { name: 'Create account' }).waitFor();
    expect(await suite.page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  });

  it('fits a 360 px phone without sideways scrolling', async () => {
    await suite.page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/', '/anything-unknown']) {
      await suite.page.goto(`${suite.server.url}${path}`);
      await suite.page.getByRole('heading', { level: 1 }).waitFor();
      expect(await suite.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    }
  });

  it('has no axe-core accessibility violations on the landing and 404 pages', async () => {
    // axe is injected as a script, which our CSP (rightly) blocks: let this one context bypass it.
    const axeContext = await suite.browser.newContext({ bypassCSP: true });
    const axePage = await axeContext.newPage();
    for (const path of ['/', '/anything-unknown']) {
      await axePage.goto(`${suite.server.url}${path}`);
      await axePage.getByRole('heading', { level: 1 }).waitFor();
      expect(await axeViolations(axePage)).toEqual([]);
    }
    await axeContext.close();
  });

  it('serves robots.txt, favicon.ico and the web app manifest as real files', async () => {
    const robots = await fetch(`${suite.server.url}/robots.txt`);
    expect(robots.headers.get('content-type')).toMatch(/text\/plain/);
    const favicon = await fetch(`${suite.server.url}/favicon.ico`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('content-type')).toMatch(/icon/);
    const manifest = await fetch(`${suite.server.url}/manifest.webmanifest`);
    expect(((await manifest.json()) as { name: string }).name).toContain('VGL');
  });
});

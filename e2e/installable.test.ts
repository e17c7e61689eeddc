import { describe, expect, it } from 'vitest';
import { createAccount, E2E_PASSWORD, signIn } from './support/accounts';
import { axeViolations } from './support/axe';
import { hasChromium, saveFailureScreenshot } from './support/browser';
import { browserSuiteWithMail } from './support/suite';

const PHONE = { width: 390, height: 844 };
const OFFLINE = 'You’re offline — showing what was saved.';
const UPDATE = 'A new version of VGL is ready.';

interface Game {
  slug: string;
  name: string;
}

// The installed app on a phone: one member, one server. The first test keeps the real CSP (the worker must pass it).
describe.skipIf(!hasChromium)('the installable app at 390×844 in Chromium', () => {
  const suite = browserSuiteWithMail();

  let token = '';
  let game: Game;
  const url = (path: string) => `${suite.server.url}${path}`;

  async function setUp() {
    if (token) return;
    token = await createAccount(suite.server, suite.smtp, 'Pocket1');
    const res = await fetch(url('/api/igdb/games?platform=snes&limit=1'));
    game = ((await res.json()) as Game[])[0]!;
    // A rated game: the game page then shows the member's stars, the library a card.
    const saved = await fetch(url(`/api/users/pocket1/library/${game.slug}`), {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 2, rating: 7 }),
    });
    expect(saved.status, await saved.text()).toBeLessThan(300);
  }

  it('installs, keeps the member’s pages offline, forgets them on logout and offers a new version', async () => {
    await setUp();
    const sw = await fetch(url('/sw.js'));
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.headers.get('content-security-policy')).toContain("worker-src 'self'");
    const manifest = (await (await fetch(url('/manifest.webmanifest'))).json()) as { display: string; start_url: string; icons: { sizes: string; purpose?: string; src: string }[] };
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/' });
    // Share to VGL: Android's share sheet opens /share with what was shared, a page the server serves.
    expect(manifest).toMatchObject({ share_target: { action: '/share', method: 'GET', params: { title: 'title', text: 'text', url: 'url' } } });
    expect((await fetch(url('/share?text=https%3A%2F%2Fstore.steampowered.com%2Fapp%2F620%2F'))).status).toBe(200);
    for (const purpose of ['any', 'maskable']) {
      for (const sizes of ['192x192', '512x512']) {
        const icon = manifest.icons.find((i) => i.sizes === sizes && (i.purpose ?? 'any') === purpose);
        expect(icon, `${purpose} ${sizes}`).toBeDefined();
        expect((await fetch(url(icon!.src))).headers.get('content-type')).toBe('image/png');
      }
    }

    const context = await suite.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    try {
      await signIn(context, token);
      await page.goto(url(`/games/${game.slug}`));
      await page.getByRole('heading', { level: 1, name: game.name }).waitFor();
      // Installed: a worker controls the page (it claims it on first install) and Chromium finds nothing missing.
      await page.waitForFunction(async () => (await navigator.serviceWorker.ready) && navigator.serviceWorker.controller !== null);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      // Every browser context playwright opens is an incognito one, which Chromium never installs from: the one error allowed.
      expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);

      // Read once online while controlled (so the worker keeps it), then offline: the page and its game come from the device.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: game.name }).waitFor();
      const memberCaches = () => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('vgl-api-member-')));
      expect(await memberCaches()).toHaveLength(1);
      await context.setOffline(true);
      await page.reload();
      await page.getByText(OFFLINE).waitFor({ timeout: 5000 });
      await page.getByRole('heading', { level: 1, name: game.name }).waitFor();
      // A page never opened still opens: the app shell, with the offline state.
      await page.goto(url('/search?q=zelda'));
      await page.getByText(OFFLINE).waitFor();
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      // Back online: the next page says nothing of being offline.
      await context.setOffline(false);
      await page.goto(url('/'));
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.getByText(OFFLINE).waitFor({ state: 'detached' });

      // Logout leaves nothing of the member on the device.
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('button', { name: /Pocket1/ }).click();
      await nav.getByRole('button', { name: 'Log out' }).click();
      await expect.poll(memberCaches).toEqual([]);

      // A new build is deployed: the browser finds a changed worker script (here the same build under a new address,
      // which the browser installs as a new version just the same). The page offers it; Reload runs it.
      const before = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL);
      expect(before).toBe(url('/sw.js'));
      await page.evaluate(() => navigator.serviceWorker.register('/sw.js?build=2', { scope: '/' }));
      await page.getByText(UPDATE).waitFor();
      // Until the member says so, the old build keeps the page.
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(url('/sw.js'));
      const reloaded = page.waitForEvent('load');
      await page.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      await page.waitForFunction(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return registration?.waiting === null && navigator.serviceWorker.controller?.scriptURL.endsWith('/sw.js?build=2');
      });
    } catch (error) {
      await saveFailureScreenshot(page, 'installable app at 390');
      throw error;
    } finally {
      await context.close();
    }
  });

  it('has 24 px tap targets on the game page, profile and library, and no page scrolls sideways', async () => {
    await setUp();
    // A session of its own (the first test logs out, which ends its session on the server).
    const login = await fetch(url('/api/auth/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: 'Pocket1', password: E2E_PASSWORD }) });
    const { token: phoneToken } = (await login.json()) as { token: string };
    expect(login.status).toBe(200);
    const context = await suite.browser.newContext({ viewport: PHONE, bypassCSP: true, serviceWorkers: 'block' });
    const page = await context.newPage();
    try {
      await signIn(context, phoneToken);
      // How far the page scrolls sideways; when it does, the elements that stick out say why.
      const sideways = async () => {
        const { over, culprits } = await page.evaluate(() => ({
          over: document.scrollingElement!.scrollWidth - window.innerWidth,
          culprits: Array.from(document.querySelectorAll('body *'))
            .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
            .slice(0, 5)
            .map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
        }));
        if (over > 0) console.warn(`${page.url()} scrolls ${over} px sideways: ${culprits.join(', ')}`);
        return over;
      };
      for (const [path, ready] of [
        [`/games/${game.slug}`, () => page.getByRole('heading', { level: 1, name: game.name })],
        ['/u/pocket1', () => page.getByRole('navigation', { name: 'Profile' })],
        ['/u/pocket1/library', () => page.getByRole('link', { name: new RegExp(game.name) }).first()],
      ] as const) {
        await page.goto(url(path));
        await ready().waitFor();
        expect(await axeViolations(page, ['target-size']), path).toEqual([]);
        expect(await sideways(), path).toBeLessThanOrEqual(0);
      }
      // The member's stars, in the library form of the game page.
      await page.goto(url(`/games/${game.slug}`));
      await page.getByRole('button', { name: 'Edit library entry' }).click();
      await page.getByRole('dialog').getByRole('radio', { name: '3.5 stars' }).waitFor({ state: 'attached' });
      expect(await axeViolations(page, ['target-size']), 'library form').toEqual([]);
      // axe skips the visually hidden radios, so the half stars one taps (their labels) are measured here.
      const halfStars = await page.getByRole('dialog').evaluate((dialog) =>
        Array.from(dialog.querySelectorAll('label:has(input[type="radio"])'))
          .filter((label) => /stars?$/.test(label.textContent ?? ''))
          .map((label) => label.getBoundingClientRect())
          .map(({ width, height }) => Math.min(width, height)),
      );
      expect(halfStars).toHaveLength(10);
      expect(Math.min(...halfStars)).toBeGreaterThanOrEqual(24);
      expect(await sideways(), 'library form').toBeLessThanOrEqual(0);
      // The profile's tabs show that there are more of them to the side.
      await page.goto(url('/u/pocket1'));
      const tabs = page.getByRole('navigation', { name: 'Profile' });
      expect(await tabs.evaluate((bar) => bar.scrollWidth > bar.clientWidth && getComputedStyle(bar).maskImage !== 'none')).toBe(true);

      // A 200-character query typed in the nav's search.
      await page.goto(url('/'));
      await page.getByRole('button', { name: 'Open search' }).click();
      const search = page.getByRole('navigation', { name: 'Main' }).getByRole('combobox');
      await search.fill('x'.repeat(200));
      await search.press('Enter');
      await page.waitForURL(/\/search\/?\?q=x/);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await sideways()).toBeLessThanOrEqual(0);
      for (const path of ['/', '/games', '/activity', '/u/pocket1/diary', '/u/pocket1/reviews', '/u/pocket1/settings']) {
        await page.goto(url(path));
        await page.locator('main h1, main h2').first().waitFor();
        expect(await sideways(), path).toBeLessThanOrEqual(0);
      }
    } catch (error) {
      await saveFailureScreenshot(page, 'tap targets at 390');
      throw error;
    } finally {
      await context.close();
    }
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../apps/server/src/test/smtp-sink';
import { createAccount, signIn } from './support/accounts';
import { axeViolations } from './support/axe';
import { hasChromium } from './support/browser';
import { browserSuite } from './support/suite';

// What a newcomer meets in the first hour (issue 19): the API's refusals said
// in words on the page, the pager's ends, the platform filter by keyboard,
// and focus that comes back after a dialog.
describe.skipIf(!hasChromium)('first impressions in Chromium', () => {
  let smtp: SmtpSink;
  const suite = browserSuite(
    async () => {
      smtp = await startSmtpSink();
      return { SMTP_URL: smtp.url };
    },
    { bypassCSP: true },
  );
  afterAll(() => smtp?.close());

  const url = (path: string) => `${suite.server.url}${path}`;
  const focused = () => suite.page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');

  it('says what is wrong with a filter or a page, at once, pages to either end, and filters by platform with the keyboard', async () => {
    const page = suite.page;

    // "Released: abc": the API's message by the field, and games that say they are not filtered by it.
    await page.goto(url('/games?releaseDate=abc'));
    const released = page.getByLabel('Released');
    await page.getByText('releaseDate must be "any", a year like 1991 or a range like 1990-1995').waitFor();
    expect(await released.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('These games are not filtered by “Released”: correct or clear it to filter by it.').waitFor();
    await page.locator('main ul li a[href^="/games/"]').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // A page past the end: a sentence and a way to the last page, without waiting for retries.
    const total = Number((await (await fetch(url('/api/igdb/games?limit=1'))).headers.get('x-total-count')) ?? 0);
    const last = Math.ceil(total / 24);
    const started = Date.now();
    await page.goto(url('/games?p=99999'));
    await page.getByText(`There is no page 99,999: the last page is ${last.toLocaleString('en-US')}.`).waitFor({ timeout: 5_000 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await page.getByText('page must be at most 10000').count()).toBe(0);
    await page.getByRole('link', { name: `Go to page ${last.toLocaleString('en-US')}` }).click();
    await page.waitForURL(new RegExp(`\\?p=${last}$`));
    await page.locator('main ul li a[href^="/games/"]').first().waitFor();

    // The pager: First and Last around the SPEC §9 window.
    const pages = page.getByRole('navigation', { name: 'Pages' });
    expect(await pages.getByRole('link', { name: /^Page \d+$/ }).allTextContents()).toEqual([last - 4, last - 3, last - 2, last - 1].map(String));
    await pages.getByRole('link', { name: 'First page, 1' }).click();
    await page.waitForURL(/\?p=1$/);
    await expect.poll(() => pages.getByRole('link', { name: 'First page, 1' }).count()).toBe(0);
    await pages.getByRole('link', { name: `Last page, ${last.toLocaleString('en-US')}` }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // The platform filter by keyboard alone: type, arrows, Enter; Escape puts the choice back.
    const box = page.getByRole('combobox', { name: 'Platform' });
    await box.focus();
    await box.pressSequentially('spectrum', { delay: 20 });
    const options = page.getByRole('listbox', { name: 'Platforms' }).getByRole('option');
    await options.first().waitFor();
    expect(await options.allTextContents()).toContain('ZX Spectrum');
    expect(await axeViolations(page)).toEqual([]);
    for (let i = 0; i < 10; i += 1) {
      const active = await box.getAttribute('aria-activedescendant');
      if ((await page.locator(`[id="${active}"]`).textContent()) === 'ZX Spectrum') break;
      await box.press('ArrowDown');
    }
    await box.press('Enter');
    await page.waitForURL(/\?platform=zxs$/);
    // The box shows the choice once the page has drawn the new URL's filters (a render after the URL moves).
    await expect.poll(() => box.inputValue()).toBe('ZX Spectrum');
    await box.fill('nes');
    await box.press('Escape');
    expect(await box.inputValue()).toBe('ZX Spectrum');
    expect(await box.getAttribute('aria-expanded')).toBe('false');

    // Escape closes the login dialog and gives focus back to "Log in".
    const logIn = page.getByRole('banner').getByRole('button', { name: 'Log in' });
    await logIn.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Log in' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Log in' }).waitFor({ state: 'detached' });
    expect(await focused()).toBe('Log in');
  });

  it('keeps words whole on cover tiles and the platform label clear of the title on a phone', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    for (const query of ['castlevania', 'civilization']) {
      await page.goto(`${suite.server.url}/search/?q=${query}&p=1`);
      await page.locator('main li a[href^="/games/"]').first().waitFor();
      const tiles = await page.evaluate((word) => {
        return Array.from(document.querySelectorAll('main li [aria-hidden="true"]')).flatMap((tile) => {
          const [title, platform] = Array.from(tile.children) as HTMLElement[];
          const text = title?.firstChild;
          if (!title || !text || !text.textContent) return [];
          const at = text.textContent.toLowerCase().indexOf(word);
          if (at < 0) return [];
          // The word as laid out: one line box when it is not broken.
          const range = document.createRange();
          range.setStart(text, at);
          range.setEnd(text, at + word.length);
          const tileBox = tile.getBoundingClientRect();
          const platformBox = platform?.getBoundingClientRect();
          return [
            {
              title: text.textContent,
              lines: range.getClientRects().length,
              overlaps: platformBox ? title.getBoundingClientRect().bottom > platformBox.top + 1 : false,
              platformInside: platformBox ? platformBox.bottom <= tileBox.bottom + 1 && platformBox.right <= tileBox.right + 1 : true,
            },
          ];
        });
      }, query);
      expect(tiles.length, query).toBeGreaterThan(0);
      for (const tile of tiles) expect(tile, tile.title).toMatchObject({ lines: 1, overlaps: false, platformInside: true });
    }
    await context.close();
  });

  it('gives focus back to the button that opened the library form after Escape', async () => {
    await signIn(suite.context, await createAccount(suite.server, smtp, 'FirstHour'));
    const page = suite.page;
    await page.goto(url('/games/tetris'));
    const add = page.getByRole('button', { name: 'Add to library' });
    await add.click();
    const dialog = page.getByRole('dialog', { name: 'Add to library' });
    await dialog.getByRole('button', { name: 'Close' }).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focused()).toBe('Add to library');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('paints the shell as soon as the page arrives, before the app’s code and stylesheet, under the real CSP', async () => {
    // A context of its own without bypassCSP: the shell's inline styles must pass the server's policy.
    const context = await suite.browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    // A slow link for the app's code and styles only: held back 2 s.
    await page.route(/\/assets\/.*\.(js|css)$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    });
    await page.goto(url('/games'), { waitUntil: 'commit' });
    await page.getByRole('link', { name: 'VGL home' }).waitFor({ timeout: 1_500 });
    expect(await page.getByRole('status').first().textContent()).toBe('Loading VGL…');
    // The app then takes over: its own nav, then the games.
    await page.getByRole('button', { name: 'Open search' }).waitFor();
    await page.locator('main ul li a[href^="/games/"]').first().waitFor();
    const timing = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByType('paint').find((e) => e.name === 'first-paint')?.startTime ?? Infinity,
      appCode: Math.min(...performance.getEntriesByType('resource').filter((e) => /\/assets\/index-.*\.js$/.test(e.name)).map((e) => (e as PerformanceResourceTiming).responseEnd)),
    }));
    expect(timing.firstPaint).toBeLessThan(timing.appCode);
    expect(violations).toEqual([]);
    await context.close();
  });
});

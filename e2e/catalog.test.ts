import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { hasChromium } from './support/browser';
import { browserSuite } from './support/suite';

// A fresh server loads the embedded open catalog on its first start, as `npm start` does.
describe.skipIf(!hasChromium)('the game catalog in Chromium', () => {
  const suite = browserSuite();

  const cards = () => suite.page.locator('main ul li a[href^="/games/"]');
  const count = async () => Number((await suite.page.getByText(/^[\d,]+ games?$/).textContent())!.replace(/\D/g, ''));

  it('loaded tens of thousands of real games on first start', async () => {
    await suite.page.goto(`${suite.server.url}/games`);
    await expect.poll(() => suite.page.title()).toBe('Games | VGL');
    await cards().first().waitFor();
    expect(await count()).toBeGreaterThan(50_000);
    expect(await cards().count()).toBe(24);
  });

  it('filters by platform and year, keeping the filters in the URL', async () => {
    await suite.page.goto(`${suite.server.url}/games`);
    await cards().first().waitFor();
    // The platform filter is a searchable list (several hundred platforms): type, then pick.
    await suite.page.getByRole('combobox', { name: 'Platform' }).fill('super nintendo');
    await suite.page.getByRole('option', { name: 'Super Nintendo Entertainment System', exact: true }).click();
    await suite.page.waitForURL(/platform=snes/);
    const snes = await count();
    await suite.page.getByLabel('Released').fill('1992');
    await suite.page.getByLabel('Released').press('Enter');
    await suite.page.waitForURL(/releaseDate=1992/);
    await expect.poll(count).toBeLessThan(snes);
    await cards().first().click();
    await suite.page.getByText('Super Nintendo Entertainment System').first().waitFor();
    await suite.page.getByText('1992').first().waitFor();
  });

  it('pages through results with the window of SPEC §9, keeping the filters', async () => {
    await suite.page.goto(`${suite.server.url}/games?platform=nes`);
    await cards().first().waitFor();
    const firstPage = await cards().first().textContent();
    const pages = suite.page.getByRole('navigation', { name: 'Pages' });
    expect(await pages.getByRole('link', { name: /^Page \d+$/ }).allTextContents()).toEqual(['2', '3', '4', '5']);
    await pages.getByRole('link', { name: 'Page 4' }).click();
    await suite.page.waitForURL(/platform=nes&p=4|p=4&platform=nes/);
    await expect.poll(() => cards().first().textContent()).not.toBe(firstPage);
    expect(await pages.getByRole('link', { name: /^Page \d+$/ }).allTextContents()).toEqual(['2', '3', '5', '6']);
    expect(await pages.locator('[aria-current="page"]').textContent()).toBe('4');
  });

  it('searches from the nav with a typo and opens a game page', async () => {
    await suite.page.goto(`${suite.server.url}/`);
    await suite.page.getByRole('button', { name: 'Open search' }).click();
    await suite.page.getByPlaceholder('Search').fill('zelad');
    await suite.page.getByPlaceholder('Search').press('Enter');
    await suite.page.waitForURL(/\/search\/\?q=zelad&p=1/);
    await suite.page.getByText('showing results for “zelda”').waitFor();
    await suite.page.getByRole('link', { name: /^The Legend of Zelda/ }).first().click();
    await suite.page.waitForURL(/\/games\/the-legend-of-zelda/);
    await expect.poll(() => suite.page.title()).toMatch(/^The Legend of Zelda.* \| VGL$/);
  });

  it('suggests games while typing in the nav search, usable with the keyboard alone', async () => {
    // Its own context that lets axe-core in (the app's CSP rightly blocks injected scripts).
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/`);
    await page.getByRole('button', { name: 'Open search' }).click();
    const box = page.getByRole('combobox', { name: 'Search games' });
    await box.pressSequentially('super mar', { delay: 20 });
    const options = page.getByRole('listbox', { name: 'Suggested games' }).getByRole('option');
    await options.filter({ hasText: /^Super Mario World/ }).first().waitFor();
    expect(await options.count()).toBeLessThanOrEqual(6);
    expect(await axeViolations(page)).toEqual([]);
    for (let i = 0; i < 6; i += 1) {
      await box.press('ArrowDown');
      const active = await box.getAttribute('aria-activedescendant');
      if ((await page.locator(`[id="${active}"]`).textContent())?.startsWith('Super Mario World')) break;
    }
    await box.press('Enter');
    await page.waitForURL(/\/games\/super-mario-world$/);
    await expect.poll(() => page.title()).toMatch(/^Super Mario World.* \| VGL$/);
    await context.close();
  });

  it('shows a platform page and its about tab', async () => {
    await suite.page.goto(`${suite.server.url}/platforms/snes`);
    await expect.poll(() => suite.page.title()).toBe('Super Nintendo Entertainment System | VGL');
    await cards().first().waitFor();
    await suite.page.getByRole('link', { name: 'About' }).click();
    await suite.page.getByText('Abbreviation').waitFor();
    expect(await suite.page.getByText('SNES', { exact: true }).count()).toBe(1);
  });

  it('shows a curated selection built from the catalog', async () => {
    await suite.page.goto(`${suite.server.url}/selections/16-bit-classics`);
    await expect.poll(() => suite.page.title()).toBe('16-bit Classics | VGL');
    await cards().first().waitFor();
    expect(await cards().count()).toBe(24);
  });

  it('shows "Nothing found." for an empty result and the 404 screen for an unknown game', async () => {
    await suite.page.goto(`${suite.server.url}/search/?q=qqqqzzzzxxxx&p=1`);
    await suite.page.getByText('Nothing found.').waitFor();
    await suite.page.goto(`${suite.server.url}/games/no-such-game-anywhere`);
    await suite.page.getByText("Sorry, we can't find the page you've requested.").waitFor();
  });

  it('has no axe-core violations on the games grid and a game page', async () => {
    const axeContext = await suite.browser.newContext({ bypassCSP: true });
    const axePage = await axeContext.newPage();
    for (const path of ['/games', '/games/super-mario-world']) {
      await axePage.goto(`${suite.server.url}${path}`);
      await axePage.getByRole('heading', { level: 1 }).waitFor();
      expect(await axeViolations(axePage), path).toEqual([]);
    }
    await axeContext.close();
  });
});

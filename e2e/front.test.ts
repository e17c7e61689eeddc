import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { roundedDownCount } from '@vgl/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../apps/server/src/test/smtp-sink';
import { createAccount, signIn } from './support/accounts';
import { axeViolations } from './support/axe';
import { hasChromium } from './support/browser';
import { browserSuite } from './support/suite';

interface Card {
  name: string;
  slug: string;
}

/** The parts of GET /api/home this suite checks the page against. */
interface HomeFeed {
  trending: Card[];
  reviews: { user: { username: string }; game: Card }[];
  upcoming: Card[];
  platformOfTheDay: { platform: Card; games: Card[] } | null;
  selectionOfTheDay: { selection: Card; games: Card[] } | null;
  browse: Card[];
  catalog: { source: string; games: number };
}

const CLI = path.resolve(import.meta.dirname, '../apps/server/dist/cli.js');

/** The same demo data an operator gets from `npm run vgl -- seed:demo`, written into the test server's database. */
function seedDemo(dataDir: string): void {
  const run = spawnSync(process.execPath, [CLI, 'seed:demo'], { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`seed:demo failed:\n${run.stdout}\n${run.stderr}`);
}

/** The feature cards; the catalog's is true of the one loaded (the embedded catalog here: "Discover 50,000+ titles"). */
const features = (home: HomeFeed) => [
  'Organise your library',
  'Rate on a 5-star scale',
  'Write reviews',
  'Follow friends',
  `Discover ${roundedDownCount(home.catalog.games)} titles`,
  'Export to CSV',
];

describe.skipIf(!hasChromium)('the front page in Chromium', () => {
  let smtp: SmtpSink;
  // axe-core is an injected script, which our CSP rightly blocks: every context of this suite bypasses it.
  const suite = browserSuite(
    async () => {
      smtp = await startSmtpSink();
      return { SMTP_URL: smtp.url };
    },
    { bypassCSP: true },
  );
  afterAll(() => smtp?.close());

  let home: HomeFeed;
  let memberToken: string;
  const url = (p: string) => `${suite.server.url}${p}`;
  const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

  beforeAll(async () => {
    seedDemo(suite.server.dataDir);
    home = (await (await fetch(url('/api/home'))).json()) as HomeFeed;
    memberToken = await createAccount(suite.server, smtp, 'Explorer1');
  });

  /** The landing page once /api/home has answered and the sections show its games. */
  async function openLanding(page: Page): Promise<string[]> {
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) apiCalls.push(pathname);
    });
    await page.goto(url('/'));
    await region(page, 'Trending').getByRole('link', { name: home.trending[0]!.name, exact: true }).waitFor();
    return apiCalls;
  }

  it('shows a visitor the landing page filled from one /api/home call, with every section and link', async () => {
    expect(home.trending).toHaveLength(6);
    expect(home.reviews.length).toBeGreaterThan(0);
    const page = suite.page;
    const apiCalls = await openLanding(page);
    // Beside it only who may join (the sign-up links follow REGISTRATION; asked once for the whole app).
    expect(apiCalls.filter((call) => call !== '/api/registration')).toEqual(['/api/home']);

    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Track Your Gaming Journey');
    expect(await page.getByRole('link', { name: 'Join Now' }).getAttribute('href')).toBe('/auth/register');

    const strip = page.getByRole('list', { name: 'Popular games' });
    expect(await strip.getByRole('link').first().getAttribute('href')).toBe(`/games/${home.trending[0]!.slug}`);

    expect(await region(page, 'Everything you play, in one place').getByRole('heading', { level: 3 }).allTextContents()).toEqual(features(home));
    expect(home.catalog.source).toBe('mame');

    const trending = region(page, 'Trending');
    expect(await trending.getByRole('link', { name: 'See all trending games' }).getAttribute('href')).toBe('/trending');
    expect(await trending.getByRole('listitem').count()).toBe(6);
    for (const game of home.trending) {
      expect(await trending.getByRole('link', { name: game.name, exact: true }).getAttribute('href')).toBe(`/games/${game.slug}`);
    }

    const reviews = region(page, 'Popular Reviews').getByRole('article');
    expect(await reviews.count()).toBe(Math.min(2, home.reviews.length));
    const first = home.reviews[0]!;
    expect(await reviews.first().getAttribute('aria-label')).toBe(`Review of ${first.game.name} by ${first.user.username}`);

    const discover = region(page, 'Discover');
    const platform = home.platformOfTheDay!.platform;
    expect(await discover.getByText('Platform of the Day').count()).toBe(1);
    expect(await discover.getByRole('link', { name: platform.name, exact: true }).getAttribute('href')).toBe(`/platforms/${platform.slug}`);
    const selection = home.selectionOfTheDay!.selection;
    expect(await discover.getByText('Featured Selection').count()).toBe(1);
    expect(await discover.getByRole('link', { name: selection.name, exact: true }).getAttribute('href')).toBe(`/selections/${selection.slug}`);

    const upcoming = region(page, 'Upcoming Releases');
    expect(await upcoming.getByRole('link', { name: 'See all upcoming releases' }).getAttribute('href')).toBe('/upcoming');
    expect(await upcoming.getByRole('listitem').count()).toBe(home.upcoming.length);
    expect(await page.getByRole('heading', { name: 'Browse All Games' }).count()).toBe(0);

    // Real links, followed the way a visitor would.
    await discover.getByRole('link', { name: platform.name, exact: true }).click();
    await page.waitForURL(url(`/platforms/${platform.slug}`));
    await page.getByRole('heading', { level: 1, name: platform.name }).waitFor();
    await page.goBack();
    await trending.getByRole('link', { name: home.trending[1]!.name, exact: true }).click();
    await page.waitForURL(url(`/games/${home.trending[1]!.slug}`));
    await page.getByRole('heading', { level: 1, name: home.trending[1]!.name }).waitFor();
  });

  it('drifts the cover strips, pauses them on hover, focus and the pause button; the loop copies are hidden and unfocusable', async () => {
    const page = suite.page;
    await openLanding(page);
    const viewport = page.getByRole('list', { name: 'Popular games' }).locator('xpath=../..');
    const track = viewport.locator('xpath=./div');
    const playState = () => track.evaluate((el) => getComputedStyle(el).animationPlayState);
    expect(await track.evaluate((el) => getComputedStyle(el).animationName)).not.toBe('none');
    expect(await playState()).toBe('running');

    await viewport.hover();
    expect(await playState()).toBe('paused');
    await page.mouse.move(0, 0);
    expect(await playState()).toBe('running');

    await page.getByRole('link', { name: 'Join Now' }).focus();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('href'));
    expect(focused).toBe(`/games/${home.trending[0]!.slug}`);
    expect(await playState()).toBe('paused');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

    const copies = page.locator('ul[aria-hidden="true"]');
    expect(await copies.count()).toBeGreaterThan(0);
    expect(await copies.evaluateAll((lists) => lists.every((list) => list.hasAttribute('inert')))).toBe(true);
    expect(await copies.locator('a').evaluateAll((links) => links.every((a) => a.getAttribute('tabindex') === '-1'))).toBe(true);

    await page.getByRole('button', { name: 'Pause moving covers' }).click();
    expect(await playState()).toBe('paused');
    await page.getByRole('button', { name: 'Play moving covers' }).click();
    expect(await playState()).toBe('running');
  });

  it('keeps the cover strips still and scrollable, without the copies, under prefers-reduced-motion', async () => {
    const page = suite.page;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openLanding(page);
    const viewport = page.getByRole('list', { name: 'Popular games' }).locator('xpath=../..');
    expect(await viewport.locator('xpath=./div').evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    expect(await viewport.evaluate((el) => getComputedStyle(el).overflowX)).toBe('auto');
    expect(await page.locator('ul[aria-hidden="true"]').first().isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Pause moving covers' }).isVisible()).toBe(false);
  });

  it('shows a member Explore with its sections, and Browse All Games leads to /games', async () => {
    const page = suite.page;
    await signIn(suite.context, memberToken);
    await page.goto(url('/'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Explore');
    await expect.poll(() => page.title()).toBe('Explore | VGL');
    await region(page, 'Browse All Games').getByRole('link', { name: home.browse[0]!.name, exact: true }).waitFor();
    // A new member's first-steps checklist leads (it goes once all four steps are done).
    await page.getByRole('heading', { level: 2, name: 'First steps' }).waitFor();
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(['First steps', 'Trending', 'Popular Reviews', 'Upcoming Releases', 'Discover', 'Browse All Games']);
    expect(await page.getByRole('link', { name: 'Join Now' }).count()).toBe(0);
    expect(await region(page, 'Browse All Games').getByRole('listitem').count()).toBe(6);
    await region(page, 'Browse All Games').getByRole('link', { name: 'See all games' }).click();
    await page.waitForURL(url('/games'));
  });

  it('has no axe-core violations on the landing page, Explore, a game page, a profile page and the register page', async () => {
    const page = suite.page;
    await openLanding(page);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(url(`/games/${home.trending[0]!.slug}`));
    await page.getByRole('heading', { level: 1, name: home.trending[0]!.name }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const reviewer = home.reviews[0]!.user.username;
    await page.goto(url(`/u/${reviewer.toLowerCase()}`));
    await page.getByRole('heading', { level: 1, name: reviewer }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(url('/auth/register'));
    await page.getByRole('heading', { level: 1, name: 'Join VGL' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const member = await suite.browser.newContext({ bypassCSP: true });
    try {
      await signIn(member, memberToken);
      const explore = await member.newPage();
      await explore.goto(url('/'));
      await region(explore, 'Browse All Games').getByRole('link', { name: home.browse[0]!.name, exact: true }).waitFor();
      expect(await axeViolations(explore)).toEqual([]);
    } finally {
      await member.close();
    }
  });
});

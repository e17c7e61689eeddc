import fs from 'node:fs';
import { it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { signIn } from './support/accounts.js';

it('looks', async () => {
  const browser = await launchBrowser();
  const token = fs.readFileSync('/tmp/look.token', 'utf8').trim();
  for (const [w, h, tag] of [[1280, 900, 'd'], [390, 844, 'm']] as const) {
    const context = await browser.newContext({ viewport: { width: w, height: h }, baseURL: 'http://127.0.0.1:3999' });
    await signIn(context, token);
    const page = await context.newPage();
    await page.goto('/games/the-legend-of-zelda');
    await page.getByRole('heading', { name: 'Your plays' }).waitFor();
    await page.getByRole('heading', { name: 'Your plays' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/look-game-${tag}.png`, fullPage: false });
    await page.goto('/u/looker/reviews/the-legend-of-zelda/plays/2');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/look-replay-${tag}.png`, fullPage: true });
    await page.goto('/u/looker/diary');
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/look-diary-${tag}.png` });
    await context.close();
  }
  await browser.close();
}, 120_000);

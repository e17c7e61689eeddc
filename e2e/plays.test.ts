import fs from 'node:fs';
import path from 'node:path';
import type { Play } from '@vgl/shared';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, signIn } from './support/accounts';
import { axeViolations } from './support/axe';
import { hasChromium } from './support/browser';
import { browserSuiteWithMail } from './support/suite';

interface Game {
  slug: string;
  name: string;
}

// Set to a folder to keep pictures of the game page with two plays and of the replay review page, at desktop and phone widths.
const SCREENSHOTS = process.env.PLAYS_SCREENSHOTS;

// Issue 38's "Done when": a member logs a first play through the library form
// (Beaten, main story, 4★, a review), then a replay through "Log a replay"
// (100 %, 5★, a second review); the game page shows both plays and the latest
// verdict, the first review keeps its address, the second has its own, and
// the diary names the replay a session belongs to.
describe.skipIf(!hasChromium)('plays in Chromium', () => {
  const suite = browserSuiteWithMail({}, { bypassCSP: true });
  const page = () => suite.page;
  const dialog = () => page().getByRole('dialog');
  const url = (p: string) => `${suite.server.url}${p}`;
  const api = async <T>(p: string, token: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
    const res = await fetch(url(p), {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    });
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const shoot = async (name: string, part?: Locator) => {
    if (!SCREENSHOTS) return;
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    for (const [width, height] of [
      [1280, 900],
      [390, 844],
    ] as const) {
      await page().setViewportSize({ width, height });
      await page().screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
      if (part) await part.screenshot({ path: path.join(SCREENSHOTS, `${name}-part-${width}.png`) });
    }
    await page().setViewportSize({ width: 1280, height: 900 });
  };

  it('logs a first play and a replay, each with its verdict and review at its own address', async () => {
    const [game] = (await (await fetch(url('/api/igdb/games?platform=snes&limit=1'))).json()) as [Game];
    const token = await createAccount(suite.server, suite.smtp, 'Replayer1');
    await signIn(suite.context, token);

    // The first play: the library form, as before plays.
    await page().goto(url(`/games/${game.slug}`));
    await page().getByRole('button', { name: 'Add to library' }).click();
    await dialog().getByRole('radio', { name: 'Beaten' }).check();
    await dialog().getByRole('radio', { name: 'Main story' }).check();
    await dialog().getByRole('radio', { name: '4 stars', exact: true }).check({ force: true });
    await dialog().getByLabel('Review', { exact: true }).fill('First run: **tight** and short.');
    await dialog().getByLabel('Started').fill('2024-01-02');
    await dialog().getByLabel('Finished').fill('2024-02-03');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await page().getByRole('button', { name: 'Edit library entry' }).waitFor();
    const plays = page().locator('section', { has: page().getByRole('heading', { name: 'Your plays' }) });
    await plays.getByText('Play 1', { exact: true }).waitFor();
    // One play is one line, not a list.
    expect(await plays.getByRole('listitem').count()).toBe(0);

    // The replay: its own form, its own verdict.
    await plays.getByRole('button', { name: 'Log a replay' }).click();
    await dialog().getByRole('heading', { name: 'Log a replay' }).waitFor();
    await dialog().getByLabel('Started').fill('2025-03-01');
    await dialog().getByLabel('Finished').fill('2025-04-02');
    await dialog().getByRole('radio', { name: '100 % (completionist)' }).check();
    await dialog().getByLabel('Platform').selectOption({ index: 1 });
    await dialog().getByRole('radio', { name: '5 stars', exact: true }).check({ force: true });
    await dialog().getByLabel('Review', { exact: true }).fill('Second run: every secret, even **better**.');
    expect(await axeViolations(page()), 'play form').toEqual([]);
    await dialog().getByRole('button', { name: 'Save play' }).click();
    await page().getByText('Replay 2 was logged.').waitFor();

    // Both plays, each with its stars and review; the entry shows the latest verdict.
    await plays.getByRole('heading', { name: 'Replay 2' }).waitFor();
    const [first, replay] = [plays.getByRole('listitem').nth(0), plays.getByRole('listitem').nth(1)];
    expect(await first.innerText()).toContain('Main story');
    expect(await first.getByRole('img', { name: '4 out of 5 stars' }).count()).toBe(1);
    expect(await first.innerText()).toContain('tight');
    expect(await replay.innerText()).toContain('100 % (completionist)');
    expect(await replay.getByRole('img', { name: '5 out of 5 stars' }).count()).toBe(1);
    await page().getByText(/^Your entry: .*5 stars/).waitFor();
    expect(await axeViolations(page()), 'game page with two plays').toEqual([]);
    await shoot('game-page', plays);

    const [firstPlay, secondPlay] = await api<[Play, Play]>(`/api/users/replayer1/library/${game.slug}/plays`, token);
    expect([firstPlay.rating, firstPlay.completion, secondPlay.rating, secondPlay.completion]).toEqual([8, 'main', 10, 'complete']);

    // A session of the replay, in the diary as "Replay 2".
    await api(`/api/users/replayer1/diary`, token, {
      method: 'POST',
      body: { game: game.slug, playedOn: '2025-03-15', event: 'played', replay: true, playId: secondPlay.id, minutes: 90, rating: null, note: null, platform: null },
    });
    await page().goto(url('/u/replayer1/diary'));
    // The diary agrees: the replay's start, its session and its finish are lines of replay 2; the first play's are not.
    const replayLines = page().locator('main ol > li', { hasText: game.name }).filter({ hasText: 'Replay 2' });
    await replayLines.filter({ hasText: '1 h 30 min' }).waitFor();
    expect(await replayLines.count()).toBe(3);
    expect(await page().locator('main ol > li', { hasText: game.name }).count()).toBe(5);

    // The first review still at its address, with the way to the second.
    expect(firstPlay.reviewPath).toMatch(new RegExp(`^/u/replayer1/reviews/${game.slug}`));
    await page().goto(url(firstPlay.reviewPath!));
    await page().getByText('and short.').waitFor();
    await page().getByRole('heading', { name: 'Played 2 times' }).waitFor();
    await page().getByRole('link', { name: 'Review of replay 2' }).click();

    // The second at its own.
    await page().waitForURL(url(`/u/replayer1/reviews/${game.slug}/plays/${secondPlay.id}`));
    await page().getByText('Second run: every secret, even').waitFor();
    // Its stars, and again on its row of the member's plays, where the first play has its 4.
    const history = page().locator('section', { has: page().getByRole('heading', { name: 'Played 2 times' }) });
    await history.waitFor();
    expect(await page().getByRole('img', { name: '5 out of 5 stars' }).count()).toBe(2);
    expect(await history.getByRole('img', { name: '4 out of 5 stars' }).count()).toBe(1);
    await page().getByRole('link', { name: 'Replayer1’s main review' }).waitFor();
    expect(await axeViolations(page()), 'replay review page').toEqual([]);
    await shoot('replay-review');
  });
});

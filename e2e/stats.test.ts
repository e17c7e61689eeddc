import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../apps/server/src/test/smtp-sink';
import { createAccount, signIn } from './support/accounts';
import { axeViolations } from './support/axe';
import { hasChromium } from './support/browser';
import { browserSuite } from './support/suite';

interface Game {
  slug: string;
  name: string;
}

// A member logs three sessions on past days, edits one and deletes one in the
// diary, and the diary, the stats page and the year in review (with its share
// picture and link preview) all tell the same story.
describe.skipIf(!hasChromium)('stats and the year in review in Chromium', () => {
  let smtp: SmtpSink;
  const suite = browserSuite(
    async () => {
      smtp = await startSmtpSink();
      return { SMTP_URL: smtp.url };
    },
    { bypassCSP: true },
  );
  afterAll(() => smtp?.close());

  const page = () => suite.page;
  const url = (path: string) => `${suite.server.url}${path}`;
  const tile = (label: string) => page().locator('dl div', { has: page().locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd span').first();

  it('agrees with the diary after sessions are logged, edited and deleted', async () => {
    const [a, b] = ((await (await fetch(url('/api/igdb/games?platform=snes&limit=2'))).json()) as Game[]).map(({ slug, name }) => ({ slug, name }));
    const token = await createAccount(suite.server, smtp, 'Stats1');
    const log = async (body: object) => {
      const res = await fetch(url('/api/users/stats1/diary'), { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(res.status).toBe(201);
    };
    await log({ game: a!.slug, playedOn: '2024-03-01', minutes: 90, platform: 'snes' });
    await log({ game: b!.slug, playedOn: '2024-03-05', minutes: 45 });
    await log({ game: a!.slug, playedOn: '2024-04-10', minutes: 120, platform: 'snes', event: 'finished' });

    // The stats first (so an answer is cached), then the edit and the delete in the diary.
    await signIn(suite.context, token);
    await page().goto(url('/u/stats1/stats?year=2024'));
    await expect.poll(() => tile('Sessions').textContent()).toBe('3');

    await page().goto(url('/u/stats1/diary'));
    await page().getByRole('button', { name: `Edit the entry for ${a!.name} on March 1, 2024` }).click();
    const form = page().getByRole('form', { name: `Edit the diary entry for ${a!.name}` });
    await form.getByLabel('Hours').fill('1');
    await form.getByLabel('Minutes').fill('15');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    await page().getByRole('button', { name: `Delete the entry for ${b!.name} on March 5, 2024` }).click();
    await page().getByRole('group', { name: /Delete the entry for .* on March 5, 2024\?/ }).getByRole('button', { name: 'Delete' }).click();
    await page().getByText(`The entry for ${b!.name} on March 5, 2024 is deleted.`).waitFor();
    const diaryRows = page().locator('main ol > li');
    await expect.poll(() => diaryRows.count()).toBe(2);

    // The stats tab (reached from the profile's tabs) counts exactly what the diary holds: 75 + 120 minutes over 2 sessions of 1 game.
    await page().getByRole('navigation', { name: 'Profile' }).getByRole('link', { name: 'Stats' }).click();
    await page().waitForURL(/\/u\/stats1\/stats$/);
    await page().getByLabel('Period').selectOption('2024');
    await page().getByRole('heading', { name: 'Stats for 2024' }).waitFor();
    await expect.poll(() => tile('Sessions').textContent()).toBe('2');
    expect(await tile('Game played').textContent()).toBe('1');
    expect(await tile('Beaten').textContent()).toBe('1');
    expect(await tile('Hours').textContent()).toBe('3.3');
    const mostPlayed = page().getByRole('heading', { name: 'Most played' }).locator('..');
    expect(await mostPlayed.locator('li').allInnerTexts()).toEqual([`${a!.name}\n3.3 hours · 2 sessions`]);
    await page().getByText('Show as table').first().click();
    const months = page().getByRole('table', { name: 'Hours month by month' });
    expect(await months.getByRole('row', { name: /^March 2024/ }).innerText()).toMatch(/March 2024\s+1\s+1\.3/);
    expect(await months.getByRole('row', { name: /^April 2024/ }).innerText()).toMatch(/April 2024\s+1\s+2/);
    expect(await axeViolations(page()), 'stats page').toEqual([]);

    // The year in review says the same, and shares a picture of it.
    await page().getByRole('link', { name: '2024 in review' }).click();
    await page().getByRole('heading', { level: 1, name: "Stats1's 2024 in games" }).waitFor();
    await page().getByText('1 game played, 1 beaten, 3.3 hours over 2 sessions in 2024.').waitFor();
    const highlights = page().getByRole('heading', { name: 'Highlights' }).locator('..');
    expect(await highlights.getByRole('heading', { name: 'First game of the year' }).locator('..').innerText()).toContain('March 1, 2024');
    expect(await highlights.getByRole('heading', { name: 'Last game of the year' }).locator('..').innerText()).toContain('April 10, 2024');
    await page().getByRole('button', { name: 'Share' }).click();
    const card = page().getByRole('img', { name: /^The picture a shared link shows/ });
    await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
    expect(await axeViolations(page()), 'year in review').toEqual([]);

    // A pasted link gets the same year from the server, with the card as its picture.
    const html = await (await fetch(url('/u/stats1/year/2024'))).text();
    expect(html).toContain('<meta property="og:description" content="1 game played, 1 beaten, 3.3 hours over 2 sessions in 2024.');
    expect(html).toMatch(/<meta property="og:image" content="[^"]*\/api\/users\/stats1\/year\/2024\/card\.png\?v=[0-9a-f]{16}"/);
  });
});

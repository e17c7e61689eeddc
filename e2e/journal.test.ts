import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../apps/server/src/test/smtp-sink';
import { createAccount, signIn } from './support/accounts';
import { axeViolations } from './support/axe';
import { hasChromium } from './support/browser';
import { browserSuite } from './support/suite';

interface Game {
  slug: string;
  name: string;
  release_year: number | null;
}

interface LoggedPlay {
  playedOn: string;
  event: string;
  minutes: number | null;
  note: string | null;
  platform: { slug: string } | null;
  game: { slug: string };
}

// A member logs three sessions on past days (two from game pages, one from
// the diary), edits one and deletes one in place, and the diary shows exactly
// what is left; then puts two games to play on the backlog and the wishlist,
// which the library filters and the profile counts.
describe.skipIf(!hasChromium)('play journal, backlog and wishlist in Chromium', () => {
  let smtp: SmtpSink;
  const suite = browserSuite(
    async () => {
      smtp = await startSmtpSink();
      return { SMTP_URL: smtp.url };
    },
    { bypassCSP: true },
  );
  afterAll(() => smtp?.close());

  let token = '';
  let games: Game[] = [];
  const page = () => suite.page;
  const url = (path: string) => `${suite.server.url}${path}`;
  const dialog = () => page().getByRole('dialog');
  const diaryApi = async () => (await (await fetch(url('/api/users/journal1/diary'))).json()) as LoggedPlay[];

  async function logFromGamePage(game: Game, fill: { date: string; hours: string; minutes: string; note?: string; finished?: boolean }) {
    await page().goto(url(`/games/${game.slug}`));
    await page().getByRole('button', { name: 'Log a session' }).click();
    await dialog().getByRole('heading', { name: `Log a session of ${game.name}` }).waitFor();
    await dialog().getByLabel('Date').fill(fill.date);
    await dialog().getByLabel('Hours').fill(fill.hours);
    await dialog().getByLabel('Minutes').fill(fill.minutes);
    await dialog().getByLabel('Platform').selectOption({ index: 1 });
    if (fill.note) await dialog().getByLabel('Note').fill(fill.note);
    if (fill.finished) await dialog().getByRole('checkbox', { name: 'I finished the game' }).check();
    await dialog().getByRole('button', { name: 'Log session' }).click();
    await page().getByText(`Your session of ${game.name} is in your diary.`).waitFor();
    // Focus is back on the button that opened the form.
    await expect.poll(() => page().evaluate(() => document.activeElement?.textContent)).toBe('Log a session');
  }

  it('logs three sessions on past days, edits one and deletes one, and the diary shows exactly that', async () => {
    games = ((await (await fetch(url('/api/igdb/games?platform=snes&limit=5'))).json()) as Game[]).map(({ slug, name, release_year }) => ({ slug, name, release_year }));
    expect(games).toHaveLength(5);
    const [a, b, c] = games as [Game, Game, Game];
    token = await createAccount(suite.server, smtp, 'Journal1');
    await signIn(suite.context, token);

    await logFromGamePage(a, { date: '2024-03-01', hours: '1', minutes: '30', note: 'First evening.' });
    expect(await axeViolations(page()), 'game page').toEqual([]);
    await logFromGamePage(b, { date: '2024-03-05', hours: '0', minutes: '45', finished: true });

    // The third from the diary, finding the game by name.
    await page().goto(url('/u/journal1/diary'));
    // The diary loaded first: a dialog opened over the loading page goes when the page is drawn anew.
    await page().getByRole('heading', { name: 'March 2024' }).waitFor();
    await page().getByRole('button', { name: 'Log a session' }).click();
    await dialog().getByLabel('Game', { exact: true }).fill(c.name.slice(0, 12));
    await dialog()
      .getByRole('button', { name: `${c.name} ${c.release_year ?? 'TBA'}` })
      .first()
      .click();
    await dialog().getByRole('button', { name: 'Change game' }).waitFor();
    await dialog().getByLabel('Date').fill('2024-04-10');
    await dialog().getByLabel('Hours').fill('2');
    expect(await axeViolations(page()), 'log dialog').toEqual([]);
    await dialog().getByRole('button', { name: 'Log session' }).click();
    await page().getByText(`Your session of ${c.name} is in your diary.`).waitFor();
    await page().getByRole('heading', { name: 'April 2024' }).waitFor();
    await expect.poll(async () => (await diaryApi()).length).toBe(3);

    // Edit the first in place: its form replaces the row, and focus comes back to its Edit button.
    const aRow = page().locator('li', { has: page().getByRole('link', { name: a.name, exact: true }) });
    await aRow.getByRole('button', { name: `Edit the entry for ${a.name} on March 1, 2024` }).click();
    const form = page().getByRole('form', { name: `Edit the diary entry for ${a.name}` });
    await form.getByLabel('Minutes').fill('15');
    await form.getByLabel('Note').fill('Edited: a shorter evening.');
    expect(await axeViolations(page()), 'diary with an entry being edited').toEqual([]);
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => page().evaluate(() => document.activeElement?.id)).toMatch(/^diary-edit-\d+$/);

    // Delete the second, after the question asked in place.
    const bRow = page().locator('li', { has: page().getByRole('link', { name: b.name, exact: true }) });
    await bRow.getByRole('button', { name: `Delete the entry for ${b.name} on March 5, 2024` }).click();
    const question = page().getByRole('group', { name: new RegExp(`Delete the entry for .* on March 5, 2024\\?`) });
    expect(await axeViolations(page()), 'diary asking before a delete').toEqual([]);
    await question.getByRole('button', { name: 'Delete' }).click();
    await page().getByText(`The entry for ${b.name} on March 5, 2024 is deleted.`).waitFor();
    await expect.poll(() => bRow.count()).toBe(0);

    // Exactly what is left, on the page and through the API.
    const rows = page().locator('main ol > li');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).innerText()).toContain(c.name);
    expect(await rows.nth(0).innerText()).toContain('2 h');
    expect(await rows.nth(1).innerText()).toContain('1 h 15 min');
    expect(await rows.nth(1).innerText()).toContain('Edited: a shorter evening.');
    const left = await diaryApi();
    expect(left.map((d) => [d.game.slug, d.playedOn, d.event, d.minutes, d.note])).toEqual([
      [c.slug, '2024-04-10', 'played', 120, null],
      [a.slug, '2024-03-01', 'played', 75, 'Edited: a shorter evening.'],
    ]);
    expect(left[1]!.platform).not.toBeNull();

    // Filters: the year keeps both, the first session's platform only it.
    await page().getByLabel('Year').selectOption('2024');
    await page().waitForURL(/year=2024/);
    await page().getByLabel('Platform').selectOption(left[1]!.platform!.slug);
    await page().waitForURL(/platform=/);
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.nth(0).innerText()).toContain(a.name);
    expect(await axeViolations(page()), 'filtered diary').toEqual([]);
  });

  it('puts games to play on the backlog or the wishlist, filters the library by both and counts them on the profile', async () => {
    const [, , , d, e] = games as [Game, Game, Game, Game, Game];
    await signIn(suite.context, token);
    for (const [game, shelf] of [
      [d, "Wishlist: I don't have it yet"],
      [e, 'Backlog: I have it'],
    ] as const) {
      await page().goto(url(`/games/${game.slug}`));
      await page().getByRole('button', { name: 'Add to library' }).click();
      await dialog().getByRole('radio', { name: 'Want to play' }).check();
      await dialog().getByRole('radio', { name: shelf }).check();
      if (game === d) expect(await axeViolations(page()), 'library form').toEqual([]);
      await dialog().getByRole('button', { name: 'Save' }).click();
      await page().getByRole('button', { name: 'Edit library entry' }).waitFor();
    }

    await page().goto(url('/u/journal1'));
    const counts = page().getByRole('list', { name: 'Counts' });
    await counts.getByText(/1\s*Backlog/).waitFor();
    await counts.getByText(/1\s*Wishlist/).waitFor();
    expect(await axeViolations(page()), 'profile').toEqual([]);

    await counts.getByRole('link', { name: /Wishlist/ }).click();
    await page().waitForURL(/\/u\/journal1\/library\?shelf=wishlist/);
    const cards = page().locator('main a[href^="/games/"]');
    await expect.poll(() => cards.count()).toBe(1);
    expect(await cards.first().getAttribute('href')).toBe(`/games/${d.slug}`);
    await expect.poll(() => page().locator('main li', { has: page().locator('a[href^="/games/"]') }).first().innerText()).toContain('Wishlist');
    expect(await axeViolations(page()), 'library filtered to the wishlist').toEqual([]);

    await page().getByLabel('Status').selectOption({ label: 'Backlog' });
    await page().waitForURL(/shelf=backlog/);
    await expect.poll(async () => (await cards.count()) === 1 && (await cards.first().getAttribute('href')) === `/games/${e.slug}`).toBe(true);
    await page().getByLabel('Status').selectOption({ label: 'Want to play' });
    await expect.poll(() => cards.count()).toBe(2);
  });
});

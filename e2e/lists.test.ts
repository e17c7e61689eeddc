import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../apps/server/src/test/smtp-sink';
import { createAccount, signIn } from './support/accounts';
import { axeViolations } from './support/axe';
import { hasChromium } from './support/browser';
import { browserSuite } from './support/suite';

interface ListItem {
  rank: number;
  note: string | null;
  game: { slug: string; name: string };
}
interface ListDetail {
  title: string;
  description: string | null;
  ranked: boolean;
  isPublic: boolean;
  likes: number;
  comments: number;
  items: ListItem[];
}

// A member makes a ranked list of five games with notes (from game pages and a games grid), orders it by
// keyboard and by drag; another member likes and comments on it; the owner is notified; the list shows on
// the game page; and it comes back whole from the CSV export in a fresh account.
describe.skipIf(!hasChromium)('lists in Chromium', () => {
  let smtp: SmtpSink;
  const suite = browserSuite(
    async () => {
      smtp = await startSmtpSink();
      return { SMTP_URL: smtp.url };
    },
    { bypassCSP: true },
  );
  afterAll(() => smtp?.close());

  const tokens: Record<string, string> = {};
  let games: { slug: string; name: string }[] = [];
  const url = (path: string) => `${suite.server.url}${path}`;
  const page = () => suite.page;
  const listOf = async (who: string, slug: string) =>
    (await (await fetch(url(`/api/users/${who}/lists/${slug}`), { headers: { authorization: `Bearer ${tokens[who]}` } })).json()) as ListDetail;
  const LIST = '/u/lister1/lists/my-top-five';

  it('a member makes a ranked list of five games with notes, from game pages and a games grid', async () => {
    tokens.lister1 = await createAccount(suite.server, smtp, 'Lister1');
    tokens.friend1 = await createAccount(suite.server, smtp, 'Friend1');
    games = ((await (await fetch(url('/api/igdb/games?limit=5'))).json()) as { slug: string; name: string }[]).map(({ slug, name }) => ({ slug, name }));
    expect(games).toHaveLength(5);

    await signIn(suite.context, tokens.lister1!);
    await page().goto(url('/u/lister1/lists'));
    await page().getByRole('button', { name: 'New list' }).click();
    const form = page().getByRole('dialog', { name: 'New list' });
    await form.getByLabel('Title').fill('My top five');
    await form.getByLabel('Description').fill('The games I **always** come back to.');
    await form.getByLabel(/Ranked/).check();
    await form.getByRole('button', { name: 'Make list' }).click();
    await page().waitForURL(/\/u\/lister1\/lists\/my-top-five$/);
    await page().getByRole('heading', { level: 1, name: 'My top five' }).waitFor();
    expect(await axeViolations(page())).toEqual([]);

    // Four from their game pages…
    for (const game of games.slice(0, 4)) {
      await page().goto(url(`/games/${game.slug}`));
      const opener = page().getByRole('button', { name: 'Add to list', exact: true });
      await opener.click();
      const dialog = page().getByRole('dialog', { name: `Add ${game.name} to a list` });
      await dialog.getByRole('checkbox', { name: /My top five/ }).check();
      await dialog.getByText(`Added ${game.name} to My top five.`).waitFor();
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'detached' });
      // Focus is back on the button that opened the dialog.
      await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
    }
    // …and the fifth from a games grid.
    await page().goto(url(`/search?q=${encodeURIComponent(games[4]!.name)}&p=1`));
    await page().getByRole('button', { name: `Add ${games[4]!.name} to a list` }).first().click();
    const dialog = page().getByRole('dialog', { name: `Add ${games[4]!.name} to a list` });
    await dialog.getByRole('checkbox', { name: /My top five/ }).check();
    await dialog.getByText(/Added .* to My top five\./).waitFor();
    expect(await axeViolations(page())).toEqual([]);
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Notes on each game, in place on the list page.
    await page().goto(url(LIST));
    await page().getByRole('button', { name: 'Reorder and edit games' }).click();
    for (const [i, game] of games.entries()) {
      await page().getByRole('button', { name: `Add note on ${game.name}` }).click();
      await page().getByLabel(`Note on ${game.name}`, { exact: true }).fill(`Note ${i + 1} on ${game.name}`);
      await page().getByRole('button', { name: 'Save note' }).click();
      // The saved note, shown as text (the note's box may still hold the same words for a moment).
      await page().locator('p').filter({ hasText: `Note ${i + 1} on ${game.name}` }).waitFor();
    }
    expect(await axeViolations(page())).toEqual([]);
    const made = await listOf('lister1', 'my-top-five');
    expect(made).toMatchObject({ title: 'My top five', ranked: true, isPublic: true, description: 'The games I **always** come back to.' });
    expect(made.items.map((i) => [i.rank, i.game.slug, i.note])).toEqual(games.map((g, i) => [i + 1, g.slug, `Note ${i + 1} on ${g.name}`]));
  });

  it('orders the list by keyboard and by drag, one call per move', async () => {
    await signIn(suite.context, tokens.lister1!);
    await page().goto(url(LIST));
    await page().getByRole('button', { name: 'Reorder and edit games' }).click();
    // Keyboard: the first game down one place; focus stays on its button.
    const down = page().getByRole('button', { name: `Move ${games[0]!.name} down` });
    await down.focus();
    await page().keyboard.press('Enter');
    await page().getByText(`Moved ${games[0]!.name} to place 2 of 5.`).waitFor();
    await expect.poll(async () => (await listOf('lister1', 'my-top-five')).items.map((i) => i.game.slug)).toEqual([games[1], games[0], games[2], games[3], games[4]].map((g) => g!.slug));
    // Drag: the last game onto the first place.
    const rows = page().getByRole('list', { name: 'Games' }).getByRole('listitem');
    await rows.nth(4).dragTo(rows.nth(0));
    await page().getByText(`Moved ${games[4]!.name} to place 1 of 5.`).waitFor();
    const order = [games[4], games[1], games[0], games[2], games[3]].map((g) => g!.slug);
    await expect.poll(async () => (await listOf('lister1', 'my-top-five')).items.map((i) => i.game.slug)).toEqual(order);
    await page().reload();
    await page().getByRole('list', { name: 'Games' }).getByRole('heading', { level: 3 }).first().waitFor();
    const names = await page().getByRole('list', { name: 'Games' }).getByRole('heading', { level: 3 }).allTextContents();
    expect(names.map((n) => n.split(' ').slice(0, 1)[0])).toEqual(['1.', '2.', '3.', '4.', '5.']);
  });

  it('another member likes and comments on it; the owner is notified', async () => {
    await signIn(suite.context, tokens.friend1!);
    await page().goto(url(LIST));
    // The list and its comments loaded first, so the like is not undone by the page's first answers arriving.
    await page().getByRole('heading', { name: /^Comments/ }).waitFor();
    const like = page().getByRole('button', { name: /^Like/ }).first();
    await expect.poll(() => like.isEnabled()).toBe(true);
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await page().getByLabel('Comment', { exact: true }).fill('Great picks, **bold** choices.');
    await page().getByRole('button', { name: 'Post comment' }).click();
    await page().locator('#comments').locator('strong', { hasText: 'bold' }).waitFor();
    expect(await axeViolations(page())).toEqual([]);
    expect(await listOf('lister1', 'my-top-five')).toMatchObject({ likes: 1, comments: 1 });

    await signIn(suite.context, tokens.lister1!);
    await page().goto(url('/notifications'));
    const main = page().locator('main');
    await main.getByText(/liked your list My top five/).waitFor();
    await main.getByText(/commented on your list My top five/).waitFor();
    await main.getByRole('link', { name: 'your list My top five' }).first().click();
    await page().waitForURL(/\/u\/lister1\/lists\/my-top-five/);
  });

  it('shows on the game page, and among the member’s lists on the profile', async () => {
    await page().goto(url(`/games/${games[2]!.slug}`));
    const section = page().getByRole('region', { name: 'In 1 list' });
    await section.getByRole('link', { name: 'My top five' }).waitFor();
    expect(await axeViolations(page())).toEqual([]);
    await page().goto(url('/u/lister1'));
    await page().getByRole('navigation', { name: 'Profile' }).getByRole('link', { name: 'Lists' }).click();
    await page().waitForURL(/\/u\/lister1\/lists$/);
    await page().getByRole('link', { name: 'My top five' }).waitFor();
    expect(await axeViolations(page())).toEqual([]);
  });

  it('survives export and import into a fresh account', async () => {
    tokens.fresh1 = await createAccount(suite.server, smtp, 'Fresh1');
    await signIn(suite.context, tokens.lister1!);
    await page().goto(url('/u/lister1/settings/data'));
    const downloading = page().waitForEvent('download');
    await page().getByRole('button', { name: 'Download CSV' }).click();
    const csv = fs.readFileSync((await (await downloading).path())!, 'utf8');
    expect(csv).toContain('list_game');

    const context = await suite.browser.newContext();
    await signIn(context, tokens.fresh1!);
    const other = await context.newPage();
    await other.goto(url('/u/fresh1/settings/data'));
    const file = `${suite.server.dataDir}/lists-export.csv`;
    fs.writeFileSync(file, csv);
    await other.getByLabel('File', { exact: true }).setInputFiles(file);
    await other.getByRole('button', { name: 'Preview' }).click();
    await other.getByText(/The file also holds 1 list\./).waitFor();
    await other.getByRole('button', { name: 'Import', exact: true }).click();
    await other.getByText(/1 list made or updated/).waitFor();
    await other.goto(url('/u/fresh1/lists/my-top-five'));
    await other.getByRole('heading', { level: 1, name: 'My top five' }).waitFor();
    await context.close();

    const shape = (list: ListDetail) => ({
      title: list.title,
      description: list.description,
      ranked: list.ranked,
      isPublic: list.isPublic,
      items: list.items.map((i) => ({ rank: i.rank, slug: i.game.slug, note: i.note })),
    });
    expect(shape(await listOf('fresh1', 'my-top-five'))).toEqual(shape(await listOf('lister1', 'my-top-five')));
  });
});

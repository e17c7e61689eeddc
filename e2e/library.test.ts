import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createAccount, signIn } from './support/accounts';
import { hasChromium } from './support/browser';
import { browserSuiteWithMail } from './support/suite';

interface Game {
  slug: string;
  name: string;
}

const LONG_REVIEW = [
  'This is **the best** platformer I have played in years.',
  '> It is dangerous to go alone',
  '',
  ...Array.from({ length: 12 }, (_, i) => `Paragraph ${i + 1} keeps going about levels, music, secrets and the feeling of finding every exit.`),
  'The very last sentence.',
].join('\n');

// One member logs three games, checks every page that shows them, exports the
// library and imports it into a second, fresh account.
describe.skipIf(!hasChromium)('library, reviews, diary and CSV export in Chromium', () => {
  const suite = browserSuiteWithMail();

  let games: Game[] = [];
  let csv = '';
  const page = () => suite.page;
  const url = (path: string) => `${suite.server.url}${path}`;
  const api = async <T>(path: string, token?: string): Promise<T> => {
    const res = await fetch(url(path), { headers: token ? { authorization: `Bearer ${token}` } : {} });
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return (await res.json()) as T;
  };

  async function logGame(game: Game, fill: () => Promise<void>) {
    await page().goto(url(`/games/${game.slug}`));
    await page().getByRole('button', { name: 'Add to library' }).click();
    const dialog = page().getByRole('dialog');
    await dialog.getByRole('radio', { name: 'No status' }).waitFor();
    await fill();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page().getByText('Your changes are saved successfully.').waitFor();
    await page().getByRole('button', { name: 'Edit library entry' }).waitFor();
  }

  it('logs three games with statuses, a half-star rating and a long formatted review', async () => {
    games = (await api<Game[]>('/api/igdb/games?platform=snes&limit=3')).map(({ slug, name }) => ({ slug, name }));
    expect(games).toHaveLength(3);
    const token = await createAccount(suite.server, suite.smtp, 'Logger1');
    await signIn(suite.context, token);
    const dialog = () => page().getByRole('dialog');

    await logGame(games[0]!, async () => {
      await dialog().getByRole('radio', { name: 'Beaten' }).check();
      await dialog().getByRole('radio', { name: '3.5 stars' }).check({ force: true });
      await dialog().getByRole('checkbox', { name: 'Super Nintendo Entertainment System' }).check();
      await dialog().getByLabel('Review', { exact: true }).fill(LONG_REVIEW);
      await dialog().getByLabel('Started').fill('2024-01-02');
      await dialog().getByLabel('Finished').fill('2024-01-20');
      await dialog().getByLabel('Hours played').fill('12.5');
    });
    await logGame(games[1]!, async () => {
      await dialog().getByRole('radio', { name: 'Playing' }).check();
      await dialog().getByRole('radio', { name: '4 stars' }).check({ force: true });
      await dialog().getByLabel('Started').fill('2024-02-01');
    });
    await logGame(games[2]!, async () => {
      await dialog().getByRole('radio', { name: 'Want to play' }).check();
    });

    // The stars work with the keyboard too: arrow keys move between half stars.
    await page().goto(url(`/games/${games[1]!.slug}`));
    await page().getByRole('button', { name: 'Edit library entry' }).click();
    await dialog().getByRole('radio', { name: '4 stars' }).focus();
    await page().keyboard.press('ArrowLeft');
    expect(await dialog().getByRole('radio', { name: '3.5 stars' }).isChecked()).toBe(true);
    await page().keyboard.press('ArrowRight');
    expect(await dialog().getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);
    await page().keyboard.press('Escape');

    const entry = await api<{ status: number; rating: number; platform: string[] }>(`/api/users/logger1/library/${games[0]!.slug}`);
    expect(entry).toMatchObject({ status: 2, rating: 7, platform: ['snes'] });
  });

  it('shows them on the profile, library, diary, reviews and review pages', async () => {
    await page().goto(url('/u/logger1'));
    await expect.poll(() => page().title()).toBe('Logger1 | VGL');
    const counts = page().getByRole('list', { name: /counts/i });
    await counts.getByText(/3\s*games?/i).waitFor();
    await counts.getByText(/1\s*beaten/i).waitFor();
    await counts.getByText(/1\s*reviews?/i).waitFor();

    await page().goto(url('/u/logger1/library'));
    const cards = page().locator('main a[href^="/games/"]');
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(3);
    await page().getByLabel('Status').selectOption({ label: 'Beaten' });
    await page().waitForURL(/status=2/);
    await expect.poll(() => page().locator('main').getByRole('link', { name: new RegExp(games[1]!.name.slice(0, 10)) }).count()).toBe(0);
    await page().locator('main').getByRole('link', { name: new RegExp(games[0]!.name.slice(0, 10)) }).first().waitFor();

    await page().goto(url('/u/logger1/diary'));
    await page().getByRole('heading', { name: 'January 2024' }).waitFor();
    await page().getByRole('heading', { name: 'February 2024' }).waitFor();
    expect(await page().getByText('Finished', { exact: true }).count()).toBeGreaterThanOrEqual(1);

    await page().goto(url('/u/logger1/reviews'));
    const review = page().getByRole('article').first();
    await review.getByText('the best', { exact: true }).waitFor();
    expect(await review.locator('strong', { hasText: 'the best' }).count()).toBe(1);
    expect(await review.locator('blockquote', { hasText: 'It is dangerous to go alone' }).count()).toBe(1);
    expect(await review.getByText('The very last sentence.').count()).toBe(0);
    await review.getByRole('button', { name: 'More' }).click();
    await review.getByText('The very last sentence.').waitFor();
    expect(await review.getByRole('link', { name: /comment/i }).getAttribute('href')).toBe(`/u/logger1/reviews/${games[0]!.slug}/#comments`);

    await page().goto(url(`/u/logger1/reviews/${games[0]!.slug}`));
    await page().getByText('The very last sentence.').waitFor();
    expect(await page().locator('#comments').count()).toBe(1);
    await expect.poll(() => page().title()).toContain('Logger1');
  });

  it('exports the library as CSV, which imports back into a fresh account with identical data', async () => {
    const token = await api<never>('/api/health').then(() => createAccount(suite.server, suite.smtp, 'Logger2'));
    const first = await fetch(url('/api/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: 'logger1', password: 'Secret123' }),
    }).then((r) => r.json() as Promise<{ token: string }>);

    await signIn(suite.context, first.token);
    await page().goto(url('/u/logger1/settings/data'));
    const downloading = page().waitForEvent('download');
    await page().getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^vgl-logger1-\d{4}-\d{2}-\d{2}\.csv$/);
    csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.charCodeAt(0)).not.toBe(0xfeff);
    for (const game of games) expect(csv).toContain(game.name.includes(',') ? `"${game.name}"` : game.name);

    // The second account imports it from its own data page.
    const context = await suite.browser.newContext();
    await signIn(context, token);
    const other = await context.newPage();
    await other.goto(url('/u/logger2/settings/data'));
    const file = `${suite.server.dataDir}/export.csv`;
    fs.writeFileSync(file, csv);
    await other.getByLabel('File', { exact: true }).setInputFiles(file);
    await other.getByRole('button', { name: 'Preview' }).click();
    await other.getByText(/rows? matched/i).waitFor();
    await other.getByRole('button', { name: 'Import', exact: true }).click();
    await other.getByText(/Import finished/).waitFor();
    await context.close();

    type Entry = {
      status: number | null;
      rating: number | null;
      review: string | null;
      platform: string[];
      startedOn: string | null;
      finishedOn: string | null;
      hours: number | null;
      favourite: boolean;
      game: { slug: string };
    };
    const strip = (entries: Entry[]) =>
      entries.map(({ status, rating, review, platform, startedOn, finishedOn, hours, favourite, game }) => ({
        status, rating, review, platform, startedOn, finishedOn, hours, favourite, slug: game.slug,
      }));
    const libraryOf = async (user: string) => strip(await Promise.all(games.map((g) => api<Entry>(`/api/users/${user}/library/${g.slug}`))));
    expect((await libraryOf('logger1'))[0]).toMatchObject({ startedOn: '2024-01-02', finishedOn: '2024-01-20', hours: 12.5 });
    expect(await libraryOf('logger2')).toEqual(await libraryOf('logger1'));
    const diaryOf = async (user: string) =>
      (await api<{ playedOn: string; event: string; rating: number | null; hours: number | null; replay: boolean; game: { slug: string } }[]>(`/api/users/${user}/diary`)).map(
        ({ playedOn, event, rating, hours, replay, game }) => ({ playedOn, event, rating, hours, replay, slug: game.slug }),
      );
    expect(await diaryOf('logger2')).toEqual(await diaryOf('logger1'));
  });

  it('keeps other people out of someone else\'s entries and data page', async () => {
    const token = await createAccount(suite.server, suite.smtp, 'Snoop1');
    const res = await fetch(url(`/api/users/logger1/library/${games[0]!.slug}`), {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ rating: 1 }),
    });
    expect(res.status).toBe(403);
    await signIn(suite.context, token);
    await page().goto(url(`/games/${games[0]!.slug}`));
    await page().getByRole('button', { name: 'Add to library' }).waitFor();
    await page().goto(url('/u/logger1/settings/data'));
    await page().getByText("You don't have permission to access this page.").waitFor();
  });
});

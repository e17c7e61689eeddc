import { describe, expect, it } from 'vitest';
import { createAccount, signIn } from './support/accounts';
import { hasChromium, saveFailureScreenshot } from './support/browser';
import { browserSuiteWithMail } from './support/suite';

const PHONE = { width: 390, height: 844 };
const KEPT = 'Saved on this device — will be sent when you’re back online.';

interface Game {
  slug: string;
  name: string;
}

// Issue 37's "log offline": a session and a rating made without a connection reach the server once when it returns.
describe.skipIf(!hasChromium)('logging offline at 390×844 in Chromium', () => {
  const suite = browserSuiteWithMail();

  it('keeps a session and a rating made offline, sends both once when back online, and never again', async () => {
    const url = (path: string) => `${suite.server.url}${path}`;
    const token = await createAccount(suite.server, suite.smtp, 'Offline1');
    const api = async <T>(path: string, init: RequestInit = {}) => {
      const res = await fetch(url(path), { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
      expect(res.status, await res.clone().text()).toBeLessThan(300);
      return (await res.json()) as T;
    };
    const game = (await api<Game[]>('/api/igdb/games?platform=snes&limit=1'))[0]!;
    // In the library (playing, 3 stars), so its page shows the member's own entry.
    await api(`/api/users/offline1/library/${game.slug}`, { method: 'PUT', body: JSON.stringify({ status: 2, rating: 6 }) });
    const sessions = async () => (await api<{ game: { slug: string } }[]>('/api/users/offline1/diary')).length;
    const rating = async () => (await api<{ rating: number | null }>(`/api/users/offline1/library/${game.slug}`)).rating;

    const context = await suite.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    try {
      await signIn(context, token);
      await page.goto(url(`/games/${game.slug}`));
      await page.getByRole('heading', { level: 1, name: game.name }).waitFor();
      await page.waitForFunction(async () => (await navigator.serviceWorker.ready) && navigator.serviceWorker.controller !== null);
      // Once more under the worker, so it keeps the page's answers.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: game.name }).waitFor();

      await context.setOffline(true);
      await page.getByRole('button', { name: 'Log a session' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Hours').fill('1');
      await dialog.getByLabel('Minutes').fill('30');
      await dialog.getByRole('button', { name: 'Log session' }).click();
      await page.getByText(KEPT).waitFor();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('group', { name: 'Your rating' }).getByRole('radio', { name: '4 stars' }).check({ force: true });
      await page.getByRole('status').getByText('2 changes waiting to be sent').waitFor();
      // The page shows both as done; the server has neither yet.
      expect(await page.getByRole('group', { name: 'Your rating' }).getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);
      expect([await sessions(), await rating()]).toEqual([0, 6]);

      await context.setOffline(false);
      // Told twice: a toast, and a bar under the nav that stays until dismissed.
      await page.getByRole('status').getByText('2 changes made offline were sent.').first().waitFor();
      expect([await sessions(), await rating()]).toEqual([1, 8]);

      // A new start (and the connection "returning" again) sends nothing more: the outbox is empty.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: game.name }).waitFor();
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      const kept = () =>
        page.evaluate(
          () =>
            new Promise<number>((resolve, reject) => {
              const open = indexedDB.open('vgl-outbox');
              open.onerror = () => reject(open.error);
              open.onsuccess = () => {
                const count = open.result.transaction('changes').objectStore('changes').count();
                count.onsuccess = () => resolve(count.result);
              };
            }),
        );
      expect(await kept()).toBe(0);
      await page.waitForTimeout(500);
      expect([await sessions(), await rating()]).toEqual([1, 8]);
    } catch (error) {
      await saveFailureScreenshot(page, 'logging offline at 390');
      throw error;
    } finally {
      await context.close();
    }
  });
});

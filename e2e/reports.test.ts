import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../apps/server/src/test/smtp-sink';
import { E2E_PASSWORD, createAccount, signIn } from './support/accounts';
import { axeViolations } from './support/axe';
import { hasChromium } from './support/browser';
import { browserSuite } from './support/suite';

const run = promisify(execFile);
const CLI = path.resolve(import.meta.dirname, '../apps/server/dist/cli.js');

// C reports A's comment under B's review; a moderator hides it from the queue; the comment is gone for C, and C is told.
describe.skipIf(!hasChromium)('reports and the moderation queue in Chromium', () => {
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
  const send = (method: string, token: string, path: string, body: unknown) =>
    fetch(url(path), { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('C reports A’s comment, a moderator hides it from the queue, and C is told', async () => {
    const a = await createAccount(suite.server, smtp, 'Author1');
    const b = await createAccount(suite.server, smtp, 'Reviewer1');
    const c = await createAccount(suite.server, smtp, 'Carer1');
    await createAccount(suite.server, smtp, 'Keeper1');
    await run(process.execPath, [CLI, 'user:role', 'keeper1', 'moderator'], { env: { ...process.env, DATA_DIR: suite.server.dataDir } });
    const login = await fetch(url('/api/auth/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: 'keeper1', password: E2E_PASSWORD }) });
    const mod = ((await login.json()) as { token: string }).token;

    const [game] = (await (await fetch(url('/api/igdb/games?platform=nes&limit=1'))).json()) as { slug: string }[];
    expect((await send('PUT', b, `/api/users/reviewer1/library/${game!.slug}`, { status: 2, rating: 8, review: 'A classic.' })).status).toBe(201);
    expect((await send('POST', a, `/api/users/reviewer1/reviews/${game!.slug}/comments`, { body: 'Only fools like this.' })).status).toBe(201);

    // C reports the comment from the review page.
    await signIn(suite.context, c);
    const page = suite.page;
    await page.goto(url(`/u/reviewer1/reviews/${game!.slug}`));
    const comment = page.getByRole('article', { name: 'Comment by Author1' });
    await comment.getByRole('button', { name: 'Report this comment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this comment' });
    await dialog.getByRole('radio', { name: 'Harassment or bullying' }).check();
    await dialog.getByLabel('Details (optional)').fill('Insults everyone who liked it');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await page.getByText('Thanks — a moderator will look at your report.').waitFor();

    // The moderator hides it from the queue.
    const moderator = await suite.browser.newContext({ bypassCSP: true });
    await signIn(moderator, mod);
    const queue = await moderator.newPage();
    await queue.goto(url('/dashboard/reports'));
    const item = queue.getByRole('article', { name: "Reports on Author1's comment" });
    await item.getByText('Only fools like this.').waitFor();
    await item.getByText('Insults everyone who liked it', { exact: false }).waitFor();
    expect(await axeViolations(queue)).toEqual([]);
    // A phone's width: the entry and its buttons wrap, nothing scrolls sideways.
    await queue.setViewportSize({ width: 390, height: 844 });
    expect(await queue.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await item.getByRole('button', { name: 'Hide' }).click();
    await queue.getByRole('dialog').getByLabel('Reason').fill('Insults other members');
    await queue.getByRole('dialog').getByRole('button', { name: 'Hide' }).click();
    await queue.getByText('Nothing found.').waitFor();
    await moderator.close();

    // Gone for C, and C is told.
    await page.goto(url(`/u/reviewer1/reviews/${game!.slug}`));
    await page.getByText('A classic.').waitFor();
    expect(await page.getByRole('article', { name: 'Comment by Author1' }).count()).toBe(0);
    await page.goto(url('/notifications'));
    await page.getByText('Your report on the comment by Author1 “Only fools like this.” was reviewed: the comment was hidden.').waitFor();
  });
});

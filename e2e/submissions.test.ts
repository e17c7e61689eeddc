import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../apps/server/src/test/smtp-sink';
import { createAccount, signIn } from './support/accounts';
import { axeViolations } from './support/axe';
import { hasChromium } from './support/browser';
import { browserSuite } from './support/suite';

// A member searches for a game the catalog does not have, adds it from the empty results and lands on its
// page, where only they see it (a visitor gets the 404 screen) and can log it at once.
describe.skipIf(!hasChromium)('adding a game that is not there, in Chromium', () => {
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

  it('adds the game from an empty search, opens its page for its submitter only', async () => {
    const token = await createAccount(suite.server, smtp, 'Adder1');
    await signIn(suite.context, token);
    const page = suite.page;
    await page.goto(url(`/search?q=${encodeURIComponent('Quiet Lighthouse Keeper')}&p=1`));
    await page.getByText('Nothing found.', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add this game' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add this game' });
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Quiet Lighthouse Keeper');
    await dialog.getByLabel('Release year').fill('1890');
    await dialog.getByRole('button', { name: 'Add game' }).click();
    await dialog.getByText(/The year must be a whole number from 1950 to \d{4}/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByLabel('Release year').fill('2024');
    await dialog.getByRole('button', { name: 'Add game' }).click();

    await page.waitForURL(url('/games/quiet-lighthouse-keeper'));
    await page.getByRole('heading', { name: 'Quiet Lighthouse Keeper' }).waitFor();
    await page.getByText('Waiting for a moderator: only you can see this game').waitFor();
    const entry = await fetch(url('/api/users/adder1/library/quiet-lighthouse-keeper'), { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ status: 1 }) });
    expect(entry.status).toBe(201);

    const visitor = await suite.browser.newContext();
    const other = await visitor.newPage();
    await other.goto(url('/games/quiet-lighthouse-keeper'));
    await other.getByText("Sorry, we can't find the page you've requested.").waitFor();
    await visitor.close();
  });
});

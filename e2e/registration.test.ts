import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../apps/server/src/cli/run';
import { captureIO } from '../apps/server/src/test/cli';
import { linkIn, startSmtpSink, type SmtpSink } from '../apps/server/src/test/smtp-sink';
import { E2E_PASSWORD, signIn } from './support/accounts';
import { axeViolations } from './support/axe';
import { hasChromium } from './support/browser';
import { browserSuite } from './support/suite';

// REGISTRATION=approval: a visitor's sign-up waits for a moderator; signing in says so until a
// moderator approves it on the dashboard; the approval mail's link then activates the account.
describe.skipIf(!hasChromium)('signing up on an instance that approves each account, in Chromium', () => {
  let smtp: SmtpSink;
  const suite = browserSuite(
    async () => {
      smtp = await startSmtpSink();
      return { SMTP_URL: smtp.url, REGISTRATION: 'approval' };
    },
    { bypassCSP: true },
  );
  afterAll(() => smtp?.close());
  const url = (path: string) => `${suite.server.url}${path}`;
  const post = async (path: string, body: unknown) =>
    fetch(url(path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('waits for a moderator, who approves it on the dashboard', async () => {
    const page = suite.page;
    await page.goto(url('/'));
    await page.getByRole('link', { name: 'Request an account' }).first().waitFor();
    await page.goto(url('/auth/register'));
    await page.getByRole('heading', { name: 'Request an account' }).waitFor();
    await page.getByLabel('Email').fill('hopeful@example.com');
    await page.getByLabel('Username').fill('Hopeful_1');
    await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await page.getByLabel('Repeat password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Request an account' }).click();
    await page.getByText("Thanks! Your account is waiting for a moderator's approval.", { exact: false }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const waiting = await post('/api/auth/login', { identifier: 'Hopeful_1', password: E2E_PASSWORD });
    expect(waiting.status).toBe(403);
    expect(((await waiting.json()) as { message: string }).message).toBe("Your account is waiting for a moderator's approval.");

    // A moderator (an admin made with the CLI, as an operator would) approves it on the dashboard.
    const io = captureIO([E2E_PASSWORD, E2E_PASSWORD]);
    expect(await runCli(['user:create', 'Boss_1', 'boss1@example.com', '--admin'], { DATA_DIR: suite.server.dataDir }, io.io)).toBe(0);
    const login = await post('/api/auth/login', { identifier: 'Boss_1', password: E2E_PASSWORD });
    await signIn(suite.context, ((await login.json()) as { token: string }).token);
    const admin = await suite.context.newPage();
    await admin.goto(url('/dashboard/registrations'));
    const item = admin.getByRole('article', { name: 'Hopeful_1' });
    await item.getByText('hopeful@example.com').waitFor();
    await item.getByRole('button', { name: 'Approve Hopeful_1' }).click();
    await admin.getByText('Nobody is waiting for approval.').waitFor();

    const token = linkIn(await smtp.waitFor('hopeful@example.com', /approved/), '/auth/activation/').split('/auth/activation/')[1];
    expect((await post('/api/auth/activation', { token })).status).toBe(200);
    expect((await post('/api/auth/login', { identifier: 'Hopeful_1', password: E2E_PASSWORD })).status).toBe(200);
  });
});

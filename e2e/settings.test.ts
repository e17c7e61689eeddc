import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { linkIn } from '../apps/server/src/test/smtp-sink';
import { E2E_PASSWORD, createAccount, signIn } from './support/accounts';
import { hasChromium } from './support/browser';
import { browserSuiteWithMail } from './support/suite';

const run = promisify(execFile);
const CLI = path.resolve(import.meta.dirname, '../apps/server/dist/cli.js');

// Settings through the pages, and moderation through the dashboard.
describe.skipIf(!hasChromium)('settings, suspension and the dashboard in Chromium', () => {
  const suite = browserSuiteWithMail();

  const url = (p: string) => `${suite.server.url}${p}`;
  const page = () => suite.page;
  const nav = () => page().getByRole('navigation', { name: 'Main' });
  const toast = (text: string) => page().getByText(text).first().waitFor();

  it('changes the avatar (shown in the nav), username, e-mail and password from the settings pages', async () => {
    await signIn(suite.context, await createAccount(suite.server, suite.smtp, 'Setter1'));
    await page().goto(url('/u/setter1/settings'));
    await expect.poll(() => page().title()).toBe('Profile settings | VGL');
    const picture = path.join(suite.server.dataDir, 'me.png');
    await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c026d3' } }).png().toFile(picture);
    await page().getByLabel('Upload a new picture').setInputFiles(picture);
    await page().getByRole('button', { name: 'Upload picture' }).click();
    await expect.poll(() => nav().locator('img[src^="/uploads/avatars/"]').count()).toBeGreaterThan(0);
    const src = await nav().locator('img[src^="/uploads/avatars/"]').first().getAttribute('src');
    const served = await fetch(url(src!));
    expect(served.headers.get('content-type')).toContain('image/webp');

    await page().goto(url('/u/setter1/settings/account'));
    await page().getByLabel('New username').fill('Setter2');
    await page().getByRole('button', { name: 'Change username' }).click();
    await toast('Username updated successfully.');
    await page().waitForURL(/\/u\/setter2\/settings\/account$/);
    await nav().getByRole('button', { name: /Setter2/ }).waitFor();

    const emailForm = page().getByRole('region', { name: 'Change e-mail' });
    await emailForm.getByLabel('New e-mail address').fill('setter2@example.com');
    await emailForm.getByLabel('Password').fill(E2E_PASSWORD);
    await emailForm.getByRole('button', { name: 'Send confirmation link' }).click();
    const link = linkIn(await suite.smtp.waitFor('setter2@example.com', /.*/), '/auth/verification/');
    await page().goto(link);
    await page().getByText(/confirmed/i).first().waitFor();

    await page().goto(url('/u/setter2/settings/account'));
    const passwordForm = page().getByRole('region', { name: 'Change password' });
    await passwordForm.getByLabel('Current password').fill(E2E_PASSWORD);
    await passwordForm.getByLabel('New password', { exact: true }).fill('Another456');
    await passwordForm.getByLabel('Repeat new password').fill('Another456');
    await passwordForm.getByRole('button', { name: 'Change password' }).click();
    await toast('Your changes are saved successfully.');
    const login = (password: string) =>
      fetch(url('/api/auth/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: 'setter2@example.com', password }) });
    expect((await login(E2E_PASSWORD)).status).toBe(401);
    expect((await login('Another456')).status).toBe(200);
  });

  it('makes an API token in Settings that reads and writes a library entry with curl, until it is revoked', async () => {
    await signIn(suite.context, await createAccount(suite.server, suite.smtp, 'Scripter1'));
    await page().goto(url('/u/scripter1/settings/api'));
    await expect.poll(() => page().title()).toBe('API settings | VGL');
    await page().getByLabel('Name').fill('backup script');
    await page().getByLabel('Read and write').check();
    await page().getByRole('button', { name: 'Create token' }).click();
    const token = await page().getByLabel('Your new token').inputValue();
    expect(token).toMatch(/^vgl_pat_/);

    const [game] = (await (await fetch(url('/api/igdb/games?platform=snes&limit=1'))).json()) as { slug: string }[];
    const entry = url(`/api/users/scripter1/library/${game!.slug}`);
    const curl = async (...args: string[]) =>
      (await run('curl', ['-s', '-w', '\n%{http_code}', '-H', `Authorization: Bearer ${token}`, ...args])).stdout.trim().split('\n').at(-1);
    expect(await curl('-X', 'PUT', '-H', 'Content-Type: application/json', '-d', '{"status":1,"rating":8}', entry)).toBe('201');
    expect(await curl(entry)).toBe('200');

    await page().getByRole('button', { name: 'Hide token' }).click();
    await page().getByRole('button', { name: 'Revoke backup script' }).click();
    await page().getByRole('button', { name: 'Yes, revoke backup script' }).click();
    await toast('Token revoked');
    expect(await curl(entry)).toBe('401');
  });

  it('serves the API docs from the OpenAPI document, linked from the footer', async () => {
    await page().goto(url('/'));
    await page().getByRole('contentinfo').getByRole('link', { name: 'API' }).click();
    await page().waitForURL(/\/api\/docs/);
    await page().getByText('VGL API').first().waitFor();
    // Sections start closed (with every operation listed at once, Swagger UI no longer drew the page at 150 of them).
    await page().locator('#operations-tag-catalog').click();
    await page().getByText('/api/igdb/games', { exact: true }).first().waitFor();
  });

  it('shows other people\'s settings as the 403 screen', async () => {
    await signIn(suite.context, await createAccount(suite.server, suite.smtp, 'Nosy1'));
    await page().goto(url('/u/setter2/settings'));
    await page().getByText("You don't have permission to access this page.").waitFor();
  });

  it('an admin suspends a user, who lands on the suspended page on the next load and cannot post', async () => {
    const userToken = await createAccount(suite.server, suite.smtp, 'Victim1');
    const adminToken = await createAccount(suite.server, suite.smtp, 'Boss1');
    await run(process.execPath, [CLI, 'user:role', 'boss1', 'admin'], { env: { ...process.env, DATA_DIR: suite.server.dataDir } });
    // The role change signs the admin out; log in again for a token that carries it.
    void adminToken;
    const adminLogin = await fetch(url('/api/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: 'boss1', password: E2E_PASSWORD }),
    });
    const admin = ((await adminLogin.json()) as { token: string }).token;

    await signIn(suite.context, admin);
    await page().goto(url('/dashboard/users?q=victim1'));
    const row = page().getByRole('row', { name: /Victim1/ });
    await row.getByRole('button', { name: /Suspend/ }).click();
    await page().getByRole('dialog').getByLabel(/Reason/).fill('Spamming the comments');
    await page().getByRole('dialog').getByRole('button', { name: /Suspend/ }).click();
    await row.getByText(/suspended/i).first().waitFor();

    const context = await suite.browser.newContext();
    await signIn(context, userToken);
    const victim = await context.newPage();
    await victim.goto(url('/games'));
    await victim.waitForURL(/\/u\/victim1\/suspended$/);
    await victim.getByRole('heading', { name: 'Your account is suspended' }).waitFor();
    await victim.getByText('Spamming the comments').waitFor();
    const write = await fetch(url('/api/users/victim1/follow'), { method: 'POST', headers: { authorization: `Bearer ${userToken}` } });
    expect(write.status).toBe(403);
    await context.close();
  });

  it('gives a regular user the 403 screen on /dashboard', async () => {
    await signIn(suite.context, await createAccount(suite.server, suite.smtp, 'Plain1'));
    await page().goto(url('/dashboard'));
    await page().getByText("You don't have permission to access this page.").waitFor();
    const api = await fetch(url('/api/admin/overview'));
    expect(api.status).toBe(401);
  });

  it('an admin features a review and it appears first in the landing page\'s Popular Reviews', async () => {
    const writer = await createAccount(suite.server, suite.smtp, 'Writer1');
    const [game] = (await (await fetch(url('/api/igdb/games?platform=snes&limit=1'))).json()) as { slug: string; name: string }[];
    const put = await fetch(url(`/api/users/writer1/library/${game!.slug}`), {
      method: 'PUT',
      headers: { authorization: `Bearer ${writer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 2, rating: 9, review: 'The review everybody should read first.' }),
    });
    expect(put.status).toBe(201);
    const admin = ((await (
      await fetch(url('/api/auth/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: 'boss1', password: E2E_PASSWORD }) })
    ).json()) as { token: string }).token;
    await signIn(suite.context, admin);
    await page().goto(url('/dashboard/reviews?q=everybody'));
    await page().getByRole('button', { name: /^Feature/ }).first().click();
    await page().goto(url('/dashboard/reviews-ft'));
    await page().getByText('The review everybody should read first.').first().waitFor();

    const feat = (await (await fetch(url('/api/library/reviews/feat'))).json()) as { review: string }[];
    expect(feat[0]!.review).toBe('The review everybody should read first.');
    const visitor = await suite.browser.newContext();
    const landing = await visitor.newPage();
    await landing.goto(url('/'));
    const popular = landing.getByRole('region', { name: 'Popular Reviews' });
    await expect.poll(() => popular.getByRole('article').first().textContent()).toContain('The review everybody should read first.');
    await visitor.close();
  });
});

import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../apps/server/src/test/smtp-sink';
import { axeViolations } from './support/axe';
import { createAccount, signIn } from './support/accounts';
import { hasChromium } from './support/browser';
import { browserSuite } from './support/suite';

// A comments on B's review in the browser; B gets an e-mail about it and stops those e-mails with one click, no login.
describe.skipIf(!hasChromium)('notification e-mail and one-click unsubscribe in Chromium', () => {
  let smtp: SmtpSink;
  const suite = browserSuite(
    async () => {
      smtp = await startSmtpSink();
      return { SMTP_URL: smtp.url };
    },
    // axe-core is injected as a script.
    { bypassCSP: true },
  );
  afterAll(() => smtp?.close());

  const tokens: Record<string, string> = {};
  const url = (path: string) => `${suite.server.url}${path}`;
  const call = (who: string, method: string, path: string, body?: unknown) =>
    fetch(url(path), { method, headers: { authorization: `Bearer ${tokens[who]}`, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });

  it('B gets an e-mail for A’s comment and unsubscribes with one click', async () => {
    tokens.a = await createAccount(suite.server, smtp, 'Anna1');
    tokens.b = await createAccount(suite.server, smtp, 'Bea1');
    const [game] = (await (await fetch(url('/api/igdb/games?platform=nes&limit=1'))).json()) as { slug: string; name: string }[];
    expect((await call('b', 'PUT', `/api/users/bea1/library/${game!.slug}`, { status: 2, rating: 8, review: 'Still great.' })).status).toBe(201);

    await signIn(suite.context, tokens.a!);
    await suite.page.goto(url(`/u/bea1/reviews/${game!.slug}`));
    await suite.page.getByLabel('Comment', { exact: true }).fill('So true, @Bea1.');
    await suite.page.getByRole('button', { name: 'Post comment' }).click();
    await suite.page.locator('#comments').getByText('So true').waitFor();

    const mail = await smtp.waitFor('bea1@example.com', /Anna1 commented/);
    expect(mail.subject).toBe(`Anna1 commented on your review of ${game!.name}`);
    expect(mail.text).toContain('“So true, @Bea1.”');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers['list-unsubscribe']).toMatch(new RegExp(`^<${url('/api/unsubscribe?token=')}`.replaceAll('?', '\\?')));
    const pageLink = /https?:\/\/\S+\/unsubscribe\?token=\S+/.exec(mail.text)![0];

    // The link opens a page that asks first (mail scanners follow links); the button stops the e-mails.
    await suite.page.goto(pageLink);
    const button = suite.page.getByRole('button', { name: 'Unsubscribe' });
    await button.waitFor();
    expect((await (await call('b', 'GET', '/api/settings/notifications')).json()).groups.comments.email).toBe(true);
    expect(await axeViolations(suite.page)).toEqual([]);
    await button.click();
    await suite.page.getByText("You won't get e-mails about comments on your reviews and lists any more.").waitFor();
    expect((await (await call('b', 'GET', '/api/settings/notifications')).json()).groups.comments).toEqual({ inApp: true, email: false, push: true });

    // A mail app's RFC 8058 one-click: a form POST to the header's address.
    const oneClick = /^<([^>]+)>$/.exec(mail.headers['list-unsubscribe']!)![1]!;
    const posted = await fetch(oneClick, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(posted.status).toBe(200);
  });

  it('B turns e-mail about comments back on from Settings → Notifications', async () => {
    await signIn(suite.context, tokens.b!);
    await suite.page.goto(url('/u/bea1/settings/notifications'));
    const box = suite.page.getByRole('checkbox', { name: 'Comments on your reviews and lists: by e-mail' });
    await box.waitFor();
    expect(await box.isChecked()).toBe(false);
    // Not box.check(): it reads the box right after the click, and the settings are updated optimistically one
    // microtask later (TanStack Query runs onMutate after an await), after React has put the controlled box back.
    await box.click();
    await expect.poll(() => box.isChecked()).toBe(true);
    await suite.page.getByRole('status').getByText('Notification settings saved.').waitFor();
    expect((await (await call('b', 'GET', '/api/settings/notifications')).json()).groups.comments.email).toBe(true);
    await suite.page.getByRole('combobox', { name: 'Send e-mails' }).selectOption('daily');
    await expect.poll(async () => (await (await call('b', 'GET', '/api/settings/notifications')).json()).emailFrequency).toBe('daily');
    await suite.page.setViewportSize({ width: 390, height: 800 });
    // The page's width, and anything reaching past the phone's edge (named, so a failure says what).
    const wide = await suite.page.evaluate(() => [
      document.documentElement.scrollWidth,
      ...Array.from(document.querySelectorAll('body *'))
        .filter((e) => e.getBoundingClientRect().right > 391)
        .map((e) => `${e.tagName} ${e.textContent?.slice(0, 20)}`),
    ]);
    expect(wide).toEqual([390]);
    expect(await axeViolations(suite.page)).toEqual([]);
  });
});

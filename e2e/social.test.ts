import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../apps/server/src/test/smtp-sink';
import { axeViolations } from './support/axe';
import { createAccount, signIn } from './support/accounts';
import { hasChromium } from './support/browser';
import { browserSuite } from './support/suite';

// B follows A, likes and comments on A's review; A sees it all in notifications;
// B's feed shows A's new review, and the nav dot appears and clears.
describe.skipIf(!hasChromium)('follows, likes, comments, activity and notifications in Chromium', () => {
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
  const put = (who: string, path: string, body: unknown) =>
    fetch(url(path), { method: 'PUT', headers: { authorization: `Bearer ${tokens[who]}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const nav = () => suite.page.getByRole('navigation', { name: 'Main' });

  it('B follows A from A\'s profile', async () => {
    tokens.a = await createAccount(suite.server, smtp, 'Alpha1');
    tokens.b = await createAccount(suite.server, smtp, 'Bravo1');
    games = ((await (await fetch(url('/api/igdb/games?platform=nes&limit=2'))).json()) as { slug: string; name: string }[]).map(({ slug, name }) => ({ slug, name }));
    expect((await put('a', `/api/users/alpha1/library/${games[0]!.slug}`, { status: 2, rating: 8, review: 'An old favourite.' })).status).toBe(201);

    await signIn(suite.context, tokens.b!);
    await suite.page.goto(url('/u/alpha1'));
    await suite.page.getByRole('button', { name: /^Follow\b(?!ing)/ }).click();
    const following = suite.page.getByRole('button', { name: /^Following/ });
    await following.waitFor();
    expect(await following.getAttribute('aria-pressed')).toBe('true');
    await suite.page.goto(url('/u/alpha1/followers'));
    await suite.page.getByRole('link', { name: 'Bravo1' }).first().waitFor();
    expect(await axeViolations(suite.page)).toEqual([]);
  });

  it('B likes and comments on A\'s review; the counts follow', async () => {
    await signIn(suite.context, tokens.b!);
    await suite.page.goto(url(`/u/alpha1/reviews/${games[0]!.slug}`));
    const like = suite.page.getByRole('button', { name: /^Like/ }).first();
    await expect.poll(() => like.isEnabled()).toBe(true);
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await suite.page.getByLabel('Comment', { exact: true }).fill('Totally **agree**.');
    await suite.page.getByRole('button', { name: 'Post comment' }).click();
    const comments = suite.page.locator('#comments');
    await comments.locator('strong', { hasText: 'agree' }).waitFor();
    await suite.page.reload();
    await suite.page.locator('#comments').getByText('Totally').waitFor();
    const review = await (await fetch(url(`/api/users/alpha1/reviews/${games[0]!.slug}`))).json();
    expect(review).toMatchObject({ likes: 1, comments: 1 });
    expect(await axeViolations(suite.page)).toEqual([]);
  });

  it('A sees who liked, commented and followed in notifications, and marks them read', async () => {
    await signIn(suite.context, tokens.a!);
    await suite.page.goto(url('/'));
    await nav().getByRole('link', { name: /^Notifications\s*,\s*3 unread$/ }).waitFor();
    await nav().getByRole('link', { name: /Notifications/ }).click();
    await suite.page.waitForURL(/\/notifications$/);
    await expect.poll(() => suite.page.title()).toBe('Notifications | VGL');
    const main = suite.page.locator('main');
    await main.getByText(/liked your review/).waitFor();
    await main.getByText(/commented on your review/).waitFor();
    await main.getByText(/followed you/).waitFor();
    await main.getByRole('button', { name: 'Mark all as read' }).click();
    await nav().getByRole('link', { name: 'Notifications', exact: true }).waitFor();
  });

  it('B\'s feed shows A\'s new review; the nav dot appears and clears', async () => {
    expect((await put('a', `/api/users/alpha1/library/${games[1]!.slug}`, { status: 1, rating: 7, review: 'Playing it again.' })).status).toBe(201);
    await signIn(suite.context, tokens.b!);
    await suite.page.goto(url('/'));
    const dot = nav().getByTestId('unread-dot');
    await dot.waitFor();
    await nav().getByRole('link', { name: 'Activity (new)' }).click();
    await suite.page.waitForURL(/\/activity$/);
    await suite.page.locator('main').getByRole('link', { name: games[1]!.name }).first().waitFor();
    await suite.page.locator('main').getByRole('link', { name: 'Alpha1' }).first().waitFor();
    await dot.waitFor({ state: 'detached' });
    expect(await axeViolations(suite.page)).toEqual([]);
  });
});

import type { RemoteFollowing, RemotePost } from '@vgl/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signIn as signInBrowser } from './support/accounts';
import { hasChromium, launchBrowser, saveFailureScreenshot } from './support/browser';
import { missingForHosts, startHosts, type TestHost, type TestHosts } from './support/hosts';

/*
 * Issue 40's acceptance run: two VGL instances, each on its own hostname
 * (one.vgl.test, two.vgl.test) in its own network namespace, behind
 * examples/deploy's nginx with HTTPS from a test CA, federating with
 * production settings (https only, Fedify's private-address checks on). A
 * member of one follows a member of the other by handle, reads their review
 * in the feed, likes it and replies (in Chromium, as a person would); the
 * author is told of both; deletions travel; a follow of a private profile
 * waits for the member's approval; an instance block stops all of it. Everything goes over the hosts' https addresses, as between two
 * servers on the internet.
 * With TEST_DATABASE_URL the second instance runs on PostgreSQL, so both
 * databases take part (SQLite follows and reads the feed, PostgreSQL
 * receives the follow, the like and the reply).
 */

const missing = missingForHosts() || (hasChromium ? '' : 'Chromium is not installed');
if (missing) console.warn(`\n  SKIPPED e2e/federation.test.ts: ${missing}.\n`);
const PASSWORD = 'Federate-123';
const second = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

interface Notice {
  kind: string;
  remoteActor?: { handle: string; host: string } | null;
  comment?: { excerpt: string } | null;
}
interface Comment {
  body: string;
  remote?: { actor: { handle: string } };
}

describe.skipIf(Boolean(missing))(`two federating instances on their own hostnames (sqlite and ${second})`, () => {
  let hosts: TestHosts;
  let one: TestHost;
  let two: TestHost;
  const tokens: Record<string, string> = {};
  let game: { slug: string; name: string };
  let post: RemotePost;
  let browser: Browser;
  let annie: BrowserContext;
  let page: Page;

  const signIn = async (host: TestHost, username: string, admin = false) => {
    host.cli(['user:create', username, `${username.toLowerCase()}@${host.name}`, ...(admin ? ['--admin'] : []), '--password-stdin'], `${PASSWORD}\n`);
    const answer = await host.call<{ token: string }>('POST', '/api/auth/login', { body: { identifier: username, password: PASSWORD } });
    expect(answer.status).toBe(200);
    tokens[username] = answer.body.token;
  };
  const feed = async () => (await one.call<RemotePost[]>('GET', '/api/federation/feed', { token: tokens.Annie })).body;
  const following = async () => (await one.call<RemoteFollowing[]>('GET', '/api/federation/following', { token: tokens.Annie })).body;

  beforeAll(async () => {
    hosts = await startHosts(['sqlite', second]);
    [one, two] = hosts.hosts as [TestHost, TestHost];
    await signIn(one, 'Annie', true);
    await signIn(two, 'Bobby');
    const games = await two.call<{ slug: string; name: string }[]>('GET', '/api/igdb/games?platform=snes&limit=2');
    expect(games.status).toBe(200);
    game = games.body[0]!;
    // Chromium finds the hosts by name at their addresses; the test CA is the instances' to trust, not the browser's.
    browser = await launchBrowser([`--host-resolver-rules=${hosts.hosts.map((host) => `MAP ${host.name} ${host.address}`).join(', ')}`]);
    annie = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1280, height: 900 } });
    await signInBrowser(annie, tokens.Annie!);
    page = await annie.newPage();
  }, 240_000);

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail' && page) await saveFailureScreenshot(page, `federation ${context.task.name}`);
  });

  afterAll(async () => {
    await browser?.close();
    await hosts?.stop();
  });

  it('serves WebFinger and the actor over https on each host', async () => {
    const finger = await two.call<{ subject: string; links: { rel: string; type?: string; href?: string }[] }>('GET', `/.well-known/webfinger?resource=${encodeURIComponent('acct:Bobby@two.vgl.test')}`);
    expect(finger.status).toBe(200);
    expect(finger.body.subject).toBe('acct:Bobby@two.vgl.test');
    expect(finger.body.links.find((link) => link.rel === 'self')?.href).toMatch(/^https:\/\/two\.vgl\.test\//);
  });

  it('follows a member of the other instance by handle, accepted by their server', async () => {
    await page.goto(`${one.origin}/activity?from=elsewhere`);
    const form = page.getByRole('region', { name: 'Follow someone on another server' });
    await form.getByLabel('Their account').fill('@Bobby@two.vgl.test');
    await form.getByRole('button', { name: 'Follow' }).click();
    await expect.poll(() => form.getByRole('status').textContent(), { timeout: 20_000 }).toBe('Follow request sent to @Bobby@two.vgl.test.');
    await expect.poll(async () => (await following())[0]?.state, { timeout: 30_000 }).toBe('accepted');
    expect(await following()).toMatchObject([{ handle: '@Bobby@two.vgl.test', host: 'two.vgl.test' }]);
  });

  it('shows their new public review in the feed', async () => {
    const review = 'Still the best soundtrack on the console & the tightest controls.';
    expect((await two.call('PUT', `/api/users/Bobby/library/${game.slug}`, { token: tokens.Bobby, body: { status: 2, rating: 9, review } })).status).toBe(201);
    await expect.poll(async () => (await feed()).length, { timeout: 30_000 }).toBe(1);
    post = (await feed())[0]!;
    expect(post.account).toMatchObject({ handle: '@Bobby@two.vgl.test', host: 'two.vgl.test' });
    expect(post.text).toContain(game.name);
    expect(post.text).toContain(review);
    // Its "On VGL" link is the post's own address, which the feed links to already ("View on two.vgl.test").
    expect(post.text).not.toContain('On VGL');
    // The link opens the review on its own server, whose page names the game for link previews.
    expect(post.url?.toLowerCase()).toBe(`https://two.vgl.test/u/bobby/reviews/${game.slug}`);
    const reviewPage = await two.call<string>('GET', new URL(post.url!).pathname);
    expect(reviewPage.status).toBe(200);
    expect(reviewPage.body).toContain(`<meta property="og:title" content="`);
    expect(reviewPage.body).toContain(game.name.replaceAll('&', '&amp;'));

    await page.reload();
    const article = page.getByRole('article', { name: 'Post by Bobby' });
    await expect.poll(() => article.textContent()).toContain(review);
  });

  it('likes and replies, and the author sees the like and the reply', async () => {
    const article = page.getByRole('article', { name: 'Post by Bobby' });
    const like = article.getByRole('button', { name: 'Like' });
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await article.getByRole('button', { name: 'Reply' }).click();
    await article.getByLabel('Reply to Bobby').fill('Agreed <3 — the Mode 7 stages too.');
    await article.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => article.getByRole('list', { name: 'Your replies' }).textContent()).toContain('Agreed <3 — the Mode 7 stages too.');

    const notices = async () => (await two.call<Notice[]>('GET', '/api/notifications', { token: tokens.Bobby })).body;
    await expect.poll(async () => (await notices()).map((n) => n.kind).sort(), { timeout: 30_000 }).toEqual(['commented', 'review_liked']);
    for (const notice of await notices()) expect(notice.remoteActor).toMatchObject({ handle: '@Annie@one.vgl.test', host: 'one.vgl.test' });

    const reviewPath = `/api/users/Bobby/reviews/${game.slug}`;
    expect((await two.call<{ likes: number }>('GET', reviewPath)).body.likes).toBe(1);
    const comments = (await two.call<Comment[]>('GET', `${reviewPath}/comments`)).body;
    expect(comments).toHaveLength(1);
    expect(comments[0]).toMatchObject({ body: 'Agreed <3 — the Mode 7 stages too.', remote: { actor: { handle: '@Annie@one.vgl.test' } } });

    // Taken back on one instance, gone on the other.
    const [reply] = (await feed())[0]!.viewerReplies;
    expect((await one.call('DELETE', `/api/federation/feed/${post.id}/replies/${reply!.id}`, { token: tokens.Annie })).status).toBe(204);
    await expect.poll(async () => (await two.call<Comment[]>('GET', `${reviewPath}/comments`)).body.length, { timeout: 30_000 }).toBe(0);
  });

  it('takes a deleted review out of the follower’s feed', async () => {
    expect((await two.call('DELETE', `/api/users/Bobby/library/${game.slug}`, { token: tokens.Bobby })).status).toBe(204);
    await expect.poll(async () => (await feed()).length, { timeout: 30_000 }).toBe(0);
  });

  it('keeps a follow of a private profile waiting until the member approves it, then the other server hears so', async () => {
    expect((await one.call('PUT', '/api/profile/privacy', { token: tokens.Annie, body: { isPrivate: true } })).status).toBe(200);
    const asked = await two.call<RemoteFollowing>('POST', '/api/federation/following', { token: tokens.Bobby, body: { account: '@Annie@one.vgl.test' } });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const requests = async () => (await one.call<{ id: number; handle: string }[]>('GET', '/api/follow-requests/remote', { token: tokens.Annie })).body;
    await expect.poll(async () => (await requests()).map((r) => r.handle), { timeout: 30_000 }).toEqual(['@Bobby@two.vgl.test']);
    const bobbysFollow = async () => (await two.call<RemoteFollowing[]>('GET', '/api/federation/following', { token: tokens.Bobby })).body[0]?.state;
    expect(await bobbysFollow()).toBe('pending');
    expect((await one.call('POST', `/api/follow-requests/remote/${(await requests())[0]!.id}/approve`, { token: tokens.Annie })).status).toBe(204);
    await expect.poll(bobbysFollow, { timeout: 30_000 }).toBe('accepted');
    expect((await one.call<{ handle: string }[]>('GET', '/api/remote-followers', { token: tokens.Annie })).body.map((f) => f.handle)).toEqual(['@Bobby@two.vgl.test']);
  });

  it('stops it all once the instance is blocked', async () => {
    const block = await one.call('POST', '/api/admin/federation/instances', { token: tokens.Annie, body: { domain: 'two.vgl.test', policy: 'block' } });
    expect(block.status, JSON.stringify(block.body)).toBeLessThan(300);
    expect(await following()).toEqual([]);
    const again = await one.call<{ message: string }>('POST', '/api/federation/following', { token: tokens.Annie, body: { account: '@Bobby@two.vgl.test' } });
    expect(again.status).toBe(403);
    expect(again.body.message).toBe('This server is blocked here.');

    // The other server still counts Annie as a follower: its next review is refused at one's inbox.
    const [next] = (await two.call<{ slug: string }[]>('GET', '/api/igdb/games?platform=snes&limit=2')).body.slice(1);
    expect((await two.call('PUT', `/api/users/Bobby/library/${next!.slug}`, { token: tokens.Bobby, body: { status: 2, rating: 7, review: 'Sent to a server that blocks us.' } })).status).toBe(201);
    await expect.poll(() => two.output(), { timeout: 30_000 }).toMatch(/a delivery failed/);
    expect(one.accessLog()).toMatch(/"POST \/ap\/[^"]*inbox HTTP\/[\d.]+" 403 /);
    expect(await feed()).toEqual([]);

    // Its accounts no longer follow Annie, and a new follow from there is refused at the inbox: it never arrives.
    expect((await one.call<unknown[]>('GET', '/api/remote-followers', { token: tokens.Annie })).body).toEqual([]);
    const [bobbys] = (await two.call<RemoteFollowing[]>('GET', '/api/federation/following', { token: tokens.Bobby })).body;
    expect((await two.call('DELETE', `/api/federation/following/${bobbys!.id}`, { token: tokens.Bobby })).status).toBe(204);
    const refusals = () => one.accessLog().match(/"POST \/ap\/[^"]*inbox HTTP\/[\d.]+" 403 /g)?.length ?? 0;
    const before = refusals();
    expect((await two.call('POST', '/api/federation/following', { token: tokens.Bobby, body: { account: '@Annie@one.vgl.test' } })).status).toBe(201);
    await expect.poll(refusals, { timeout: 30_000 }).toBeGreaterThan(before);
    expect((await one.call<unknown[]>('GET', '/api/follow-requests/remote', { token: tokens.Annie })).body).toEqual([]);
    expect((await two.call<RemoteFollowing[]>('GET', '/api/federation/following', { token: tokens.Bobby })).body[0]?.state).toBe('pending');
  });
});

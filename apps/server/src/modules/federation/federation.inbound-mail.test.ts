import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../mail/mailer.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { remoteActivityId, startFakeFediverse, type FakeFediverse } from '../../test/fake-fediverse.js';
import { startFakePushService, type FakePushService, type FakeSubscription } from '../../test/fake-push-service.js';
import { bearer, createUser, loginToken } from '../../test/users.js';
import { notificationMailer } from '../notifications/notifications.jobs.js';
import { createNotificationsService } from '../notifications/notifications.service.js';

const ORIGIN = 'https://vgl.test';
const AS_CONTEXT = 'https://www.w3.org/ns/activitystreams';
const PUBLIC = 'https://www.w3.org/ns/activitystreams#Public';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const onVgl = (url: string) => {
  const parsed = new URL(url);
  expect(parsed.origin).toBe(ORIGIN);
  return parsed.pathname + parsed.search;
};

/** A display name as a hostile server may send it: markup (as entities, so it survives as text), an ampersand, quotes, bidi and invisible controls, and far too long. */
const HOSTILE_NAME = `&lt;script&gt;"T&amp;J'&lt;/script&gt; \u202Eevil\u200B ${'w'.repeat(150)}`;

describe.each(dbKinds)('federation: likes, boosts and replies from the fediverse by e-mail and push on %s', (kind) => {
  let t: TestApp;
  let alice: FakeFediverse;
  let mallory: FakeFediverse;
  let push: FakePushService;
  let phone: FakeSubscription;
  let noteId = '';
  let handle = '';
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  const REVIEW_URL = `${ORIGIN}/u/ann/reviews/outer-wilds`;

  const fake = (actor?: { name?: string; preferredUsername?: string }) =>
    startFakeFediverse({
      fetchFromVgl: async (url) => t.app.inject({ url: onVgl(url), headers: { accept: 'application/activity+json', host: 'vgl.test' } }),
      postToVgl: async (url, headers, body) => t.app.inject({ method: 'POST', url: onVgl(url), headers, payload: body }),
      actor,
    });

  beforeAll(async () => {
    push = await startFakePushService();
    t = await createTestApp(kind, { smtp: true, env: { FEDERATION: 'on' }, federation: { allowPrivateHttp: true } });
    alice = await fake();
    mallory = await fake({ name: HOSTILE_NAME, preferredUsername: 'mal"lory<i>' });
    handle = `@alice@${new URL(alice.origin).host}`;
    await seedGames(t, [{ name: 'Outer Wilds', slug: 'outer-wilds', year: 2019, platforms: ['pc'] }]);
    for (const [username, role] of [['ann', 'user'], ['mod', 'moderator']] as const) {
      ids[username] = (await createUser(t.db.kysely, { username, role })).id;
      tokens[username] = await loginToken(t.app, username);
    }
    const serverKey = (await t.app.inject({ url: '/api/push/key' })).json().publicKey as string;
    phone = push.subscribe({ serverKey });
    expect((await call('POST', '/api/push/subscriptions', { ...phone, expirationTime: null, label: 'Phone' })).statusCode).toBe(201);
    expect((await call('PUT', '/api/users/ann/library/outer-wilds', { status: 2, rating: 9, review: 'The sun was the clock.' })).statusCode).toBe(201);
    // Published in the background: its note's id, once it has one.
    for (let i = 0; i < 100 && !noteId; i += 1) {
      const note = await t.db.kysely.selectFrom('federation_notes').select('object_key').executeTakeFirst();
      if (note) noteId = `${ORIGIN}/ap/notes/${note.object_key}`;
      else await sleep(50);
    }
    expect(noteId).not.toBe('');
  });
  afterAll(async () => {
    await t?.close();
    await alice?.close();
    await mallory?.close();
    await push?.close();
  });

  function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who = 'ann') {
    return t.app.inject({ method, url, headers: bearer(tokens[who]!), ...(payload ? { payload } : {}) });
  }
  const settings = (body: object) => call('PUT', '/api/settings/notifications', body);
  const send = (from: FakeFediverse, activity: object) => from.signedPost(`${ORIGIN}/ap/inbox`, { '@context': AS_CONTEXT, actor: from.actorId, ...activity });
  const like = (from: FakeFediverse, type: 'Like' | 'Announce' = 'Like') => send(from, { id: remoteActivityId(from.origin), type, object: noteId, to: [PUBLIC] });
  const reply = (from: FakeFediverse, content: string) =>
    send(from, {
      id: remoteActivityId(from.origin),
      type: 'Create',
      object: {
        id: `${from.origin}/users/alice/statuses/${Math.random().toString(36).slice(2)}`,
        type: 'Note',
        attributedTo: from.actorId,
        inReplyTo: noteId,
        to: [PUBLIC],
        cc: [`${ORIGIN}/ap/users/${ids.ann}`],
        content,
      },
    });
  const mails = () => t.smtp!.mails.filter((m) => m.to.includes('ann@'));
  const pushes = () => push.received.filter((r) => r.endpoint === phone.endpoint).map((r) => r.payload as { title: string; body: string; url: string; kind: string });
  const inApp = async () => (await call('GET', '/api/notifications')).json() as { kind: string; comment: { excerpt: string } | null }[];
  const pending = async () =>
    Number((await t.db.kysely.selectFrom('push_outbox').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n) +
    Number((await t.db.kysely.selectFrom('notifications').select((eb) => eb.fn.countAll().as('n')).where('email_state', '=', 'now').executeTakeFirstOrThrow()).n);
  /** Nothing waits to be pushed or e-mailed, and a little longer (a mail or push would be on its way by now). */
  const settled = async () => {
    for (let i = 0; i < 100 && (await pending()) > 0; i += 1) await sleep(100);
    await sleep(1500);
  };

  it('pushes a like as a member’s like is pushed, naming the account, and e-mails nothing while likes’ e-mail is off (the default)', async () => {
    const mailsBefore = mails().length;
    expect((await like(alice)).statusCode).toBe(202);
    const [got] = await push.waitFor(phone.endpoint, 1);
    expect(got!.payload).toEqual({ title: `Alice (${handle}) liked your review of Outer Wilds`, body: '', url: '/u/ann/reviews/outer-wilds', tag: expect.stringMatching(/^vgl-notification-\d+$/), kind: 'review_liked' });
    await settled();
    expect(mails().slice(mailsBefore)).toEqual([]);
  });

  it('e-mails a boost once likes’ e-mail is on, with the review’s link and the likes group’s unsubscribe links', async () => {
    expect((await settings({ groups: { likes: { email: true } } })).statusCode).toBe(200);
    const before = t.smtp!.mails.length;
    expect((await like(alice, 'Announce')).statusCode).toBe(202);
    const mail = await t.smtp!.waitFor('ann@example.com', /boosted/, { after: before });
    expect(mail.subject).toBe(`Alice (${handle}) boosted your review of Outer Wilds`);
    expect(mail.text).toContain(`Open it: ${REVIEW_URL}\n`);
    expect(mail.text).toContain('"Likes on your reviews and comments" is on');
    const query = new URL(/^<([^>]+)>$/.exec(mail.headers['list-unsubscribe']!)![1]!).search;
    expect((await t.app.inject({ url: `/api/unsubscribe${query}` })).json()).toMatchObject({ group: 'likes', email: true });
    const boosted = await push.waitFor(phone.endpoint, 2);
    expect(boosted[1]!.payload).toMatchObject({ title: `Alice (${handle}) boosted your review of Outer Wilds`, url: '/u/ann/reviews/outer-wilds', kind: 'review_boosted' });
  });

  it('e-mails and pushes a reply with its excerpt and a link to the review’s comments', async () => {
    const before = t.smtp!.mails.length;
    expect((await reply(alice, '<p>So <strong>true</strong> &amp; sad.</p><p>Line two.</p>')).statusCode).toBe(202);
    const mail = await t.smtp!.waitFor('ann@example.com', /commented/, { after: before });
    expect(mail.subject).toBe(`Alice (${handle}) commented on your review of Outer Wilds`);
    expect(mail.text).toContain('“So true & sad. Line two.”');
    expect(mail.text).toContain(`${REVIEW_URL}#comments`);
    expect(mail.html).toContain('So true &amp; sad. Line two.');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const got = await push.waitFor(phone.endpoint, 3);
    expect(got[2]!.payload).toMatchObject({ title: `Alice (${handle}) commented on your review of Outer Wilds`, body: 'So true & sad. Line two.', url: '/u/ann/reviews/outer-wilds#comments', kind: 'commented' });
  });

  it('never puts another server’s words into the e-mail’s HTML unescaped, and keeps them to one short plain line', async () => {
    const before = t.smtp!.mails.length;
    expect((await reply(mallory, '<p>&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(2)&gt; "hi" &amp; bye</p>')).statusCode).toBe(202);
    const mail = await t.smtp!.waitFor('ann@example.com', /commented/, { after: before });
    const malloryHandle = `@mal"lory@${new URL(mallory.origin).host}`;
    // The name without its controls, cut to 40 characters; the handle in full.
    expect(mail.subject).toBe(`<script>"T&J'</script> evil ${'w'.repeat(11)}… (${malloryHandle}) commented on your review of Outer Wilds`);
    expect(mail.subject + mail.text + mail.html).not.toMatch(/[\u202E\u200B]/);
    expect(mail.text).toContain('“<script>alert(1)</script> <img src=x onerror=alert(2)> "hi" & bye”');
    expect(mail.html).not.toMatch(/<script|<img|<i>|"T|"hi"/);
    expect(mail.html).toContain(`&lt;script&gt;&quot;T&amp;J'&lt;/script&gt; evil ${'w'.repeat(11)}…`);
    expect(mail.html).toContain(`(@mal&quot;lory@${new URL(mallory.origin).host}) commented`);
    expect(mail.html).toContain('“&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(2)&gt; &quot;hi&quot; &amp; bye”');
  });

  it('sends nothing but the in-app notification when the member’s settings say "in app only"', async () => {
    expect((await settings({ groups: { comments: { inApp: true, email: false, push: false } } })).statusCode).toBe(200);
    const [mailsBefore, pushesBefore] = [mails().length, pushes().length];
    expect((await reply(alice, '<p>Quietly.</p>')).statusCode).toBe(202);
    await settled();
    expect((await inApp())[0]).toMatchObject({ kind: 'commented', comment: { excerpt: 'Quietly.' } });
    expect(mails().slice(mailsBefore)).toEqual([]);
    expect(pushes().slice(pushesBefore)).toEqual([]);
  });

  it('puts a reply in the daily digest, and none of what a server silenced since then did', async () => {
    expect((await settings({ emailFrequency: 'daily', groups: { comments: { inApp: true, email: true, push: false } } })).statusCode).toBe(200);
    const pushesBefore = pushes().length;
    expect((await reply(alice, '<p>For the digest.</p>')).statusCode).toBe(202);
    const sent: MailMessage[] = [];
    let day = Date.UTC(2031, 0, 2, 7, 0);
    const digest = () => notificationMailer({ db: t.db, mailer: { send: async (m) => void sent.push(m) }, publicUrl: ORIGIN, secret: t.config.jwtSecret!, now: () => day }).sendDigests();
    expect(await digest()).toBe(1);
    expect(sent[0]!.to).toBe('ann@example.com');
    expect(sent[0]!.text).toContain(`- Alice (${handle}) commented on your review of Outer Wilds: “For the digest.”\n  ${REVIEW_URL}#comments`);
    expect(sent[0]!.html).toContain(`Alice (${handle}) commented on your review of Outer Wilds</a>: “For the digest.”`);

    // Made before the silence, sent after it: not sent.
    expect((await reply(alice, '<p>Before the silence.</p>')).statusCode).toBe(202);
    const domain = new URL(alice.origin).hostname;
    expect((await call('POST', '/api/admin/federation/instances', { domain, policy: 'silence' }, 'mod')).statusCode).toBe(201);
    day += 86_400_000;
    expect(await digest()).toBe(0);
    // And what it does while silenced notifies no one at all.
    const before = (await inApp()).length;
    expect((await reply(alice, '<p>While silenced.</p>')).statusCode).toBe(202);
    day += 86_400_000;
    expect(await digest()).toBe(0);
    expect(await inApp()).toHaveLength(before);
    expect(await t.db.kysely.selectFrom('notifications').select('id').where('email_state', 'is not', null).execute()).toEqual([]);
    expect(pushes().slice(pushesBefore)).toEqual([]);
    expect((await call('DELETE', `/api/admin/federation/instances/${encodeURIComponent(domain)}`, undefined, 'mod')).statusCode).toBe(204);
  });

  it('does not send a reply the review’s author removed before its e-mail went', async () => {
    // ann is still on the daily digest (the test before).
    expect((await reply(alice, '<p>Rude words.</p>')).statusCode).toBe(202);
    const rude = ((await (await call('GET', '/api/users/ann/reviews/outer-wilds/comments')).json()) as { id: number; body: string; remote?: object }[]).find((c) => c.remote && c.body === 'Rude words.')!;
    expect((await call('DELETE', `/api/federation/replies/${rude.id}`)).statusCode).toBe(204);
    const sent: MailMessage[] = [];
    const later = Date.UTC(2031, 1, 1, 7, 0);
    await notificationMailer({ db: t.db, mailer: { send: async (m) => void sent.push(m) }, publicUrl: ORIGIN, secret: t.config.jwtSecret!, now: () => later }).sendDigests();
    expect(sent).toEqual([]);
  });

  it('sends no e-mail nor push where e-mail is off for everyone (the demo seed)', async () => {
    const quiet = createNotificationsService(t.db, { emails: false });
    const [actor] = await t.db.kysely.selectFrom('federation_actors').select('id').limit(1).execute();
    const entry = await t.db.kysely.selectFrom('library_entries').select('id').where('user_id', '=', ids.ann!).executeTakeFirstOrThrow();
    await quiet.notifyRemote(t.db.kysely, { userId: ids.ann!, remoteActorId: actor!.id, kind: 'review_liked', entryId: entry.id });
    const [row] = await t.db.kysely.selectFrom('notifications').select(['id', 'email_state', 'in_app']).orderBy('id', 'desc').limit(1).execute();
    expect(row).toMatchObject({ email_state: null, in_app: 1 });
    expect(await t.db.kysely.selectFrom('push_outbox').select('notification_id').where('notification_id', '=', row!.id).execute()).toEqual([]);
  });
});

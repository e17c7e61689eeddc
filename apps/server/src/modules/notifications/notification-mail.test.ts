import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../mail/mailer.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';
import { mentionedUsernames } from './mentions.js';
import { notificationMailer } from './notifications.jobs.js';
import { createNotificationsService } from './notifications.service.js';
import { unsubscribeTokens } from './unsubscribe.token.js';

describe('mentions', () => {
  it('are @usernames standing alone, each once, lower-cased, at most ten', () => {
    expect(mentionedUsernames('@Ann and @bob_2, not me@mail.com or @@x; @ann again')).toEqual(['ann', 'bob_2']);
    expect(mentionedUsernames(Array.from({ length: 12 }, (_, i) => `@u${i}`).join(' '))).toHaveLength(10);
  });
});

describe.each(dbKinds)('notifications that reach you on %s', (kind) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  const REVIEW = '/api/users/ann/reviews/tetris';
  beforeAll(async () => {
    t = await createTestApp(kind, { smtp: true });
    await seedGames(t, [{ name: 'Tetris', slug: 'tetris', year: 1984, platforms: ['gb'] }]);
    for (const username of ['ann', 'bob', 'cat', 'dan', 'eve']) {
      await createUser(t.db.kysely, { username });
      token[username] = await loginToken(t.app, username);
    }
    await call('PUT', '/api/users/ann/library/tetris', 'ann', { rating: 9, review: 'Blocks.' });
  });
  afterAll(() => t.close());

  function call(method: 'GET' | 'POST' | 'PUT', url: string, who?: string, payload?: object) {
    return t.app.inject({ method, url, headers: who ? bearer(token[who]!) : {}, ...(payload ? { payload } : {}) });
  }
  const comment = (who: string, body: string) => call('POST', `${REVIEW}/comments`, who, { body });
  const settings = async (who: string) => (await call('GET', '/api/settings/notifications', who)).json();
  const kindsOf = async (who: string) => (await call('GET', '/api/notifications', who)).json().map((n: { kind: string }) => n.kind);
  const sink = () => t.smtp!;

  it('has defaults, changes what is sent and refuses what is not a setting', async () => {
    expect((await call('GET', '/api/settings/notifications')).statusCode).toBe(401);
    const initial = await settings('eve');
    expect(initial.emailFrequency).toBe('immediately');
    expect(initial.groups.comments).toEqual({ inApp: true, email: true, push: true });
    expect(initial.groups.likes).toEqual({ inApp: true, email: false, push: true });
    const put = await call('PUT', '/api/settings/notifications', 'eve', { groups: { likes: { email: true } }, emailFrequency: 'daily' });
    expect(put.statusCode).toBe(200);
    expect(put.json().groups.likes).toEqual({ inApp: true, email: true, push: true });
    expect((await settings('eve')).emailFrequency).toBe('daily');
    const weekly = await call('PUT', '/api/settings/notifications', 'eve', { emailFrequency: 'weekly' });
    expect(weekly.statusCode).toBe(400);
    expect(weekly.json().errors.emailFrequency).toMatch(/immediately, daily, never/);
    const notBool = await call('PUT', '/api/settings/notifications', 'eve', { groups: { likes: { email: 'yes' } } });
    expect(notBool.statusCode).toBe(400);
    expect(Object.keys(notBool.json().errors).join()).toMatch(/likes/);
    expect((await call('PUT', '/api/settings/notifications', 'eve', { groups: { spam: { email: true } } })).statusCode).toBe(400);
  });

  it('e-mails B about A’s comment with one-click unsubscribe headers, and one click turns those e-mails off', async () => {
    const before = sink().mails.length;
    expect((await comment('bob', 'Great \u202Ereview, @nobody!')).statusCode).toBe(201);
    const mail = await sink().waitFor('ann@example.com', /bob commented/, { after: before });
    expect(mail.subject).toBe('bob commented on your review of Tetris');
    expect(mail.text).toContain('“Great review, @nobody!”');
    expect(mail.text).not.toMatch(/\u202E/);
    expect(mail.text).toContain('https://vgl.test/u/ann/reviews/tetris#comments');
    expect(mail.html).toContain('Unsubscribe from these e-mails');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(https:\/\/vgl\.test\/api\/unsubscribe\?token=[^>]+)>$/.exec(mail.headers['list-unsubscribe']!)![1]!;
    const pageLink = /https:\/\/vgl\.test\/unsubscribe\?token=\S+/.exec(mail.text)![0];
    const query = new URL(oneClick).search;
    expect(new URL(pageLink).search).toBe(query);

    // Reading what the link would do changes nothing (mail scanners follow links).
    const peek = await call('GET', `/api/unsubscribe${query}`);
    expect(peek.json()).toEqual({ group: 'comments', label: 'Comments on your reviews and lists', email: true });
    expect((await settings('ann')).groups.comments.email).toBe(true);

    // RFC 8058: a POST of the form body to the header's address, no login.
    const click = await t.app.inject({ method: 'POST', url: `/api/unsubscribe${query}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(click.statusCode).toBe(200);
    expect(click.json()).toMatchObject({ group: 'comments', email: false, message: 'You won\u2019t get e-mails about comments on your reviews and lists any more.'.replace('\u2019', "'") });
    expect((await settings('ann')).groups.comments).toEqual({ inApp: true, email: false, push: true });

    // Another comment still shows in the app, but sends no e-mail; a follow (still on) does.
    const after = sink().mails.length;
    await comment('cat', 'Me too.');
    await call('POST', '/api/users/ann/follow', 'cat');
    await sink().waitFor('ann@example.com', /cat followed you/, { after });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(sink().mails.slice(after).filter((m) => m.to.includes('ann@'))).toHaveLength(1);
    expect((await kindsOf('ann')).slice(0, 3)).toEqual(['followed', 'commented', 'commented']);
  });

  it('tells earlier commenters about a reply and the people a comment mentions, each once', async () => {
    const before = sink().mails.length;
    await comment('dan', 'Agreed with @bob and @Eve and @dan.');
    // bob commented before (replied, but mentioned wins), cat commented before (replied), eve mentioned; dan is the actor.
    const mentioned = await sink().waitFor('bob@example.com', /mentioned you/, { after: before });
    expect(mentioned.subject).toBe("dan mentioned you in a comment on ann's review of Tetris");
    await sink().waitFor('cat@example.com', /dan replied in the comments on ann's review of Tetris/, { after: before });
    // bob: "replied" once, for cat's comment in the test before; this one mentioned him.
    expect(await kindsOf('bob')).toEqual(['mentioned', 'replied']);
    expect((await kindsOf('cat'))[0]).toBe('replied');
    expect((await kindsOf('eve'))[0]).toBe('mentioned');
    expect(await kindsOf('dan')).toEqual([]);
  });

  it('tells the members a review newly mentions, once however often it is edited', async () => {
    const before = sink().mails.length;
    await call('PUT', '/api/users/bob/library/tetris', 'bob', { rating: 7, review: 'Ask @ann about it.' });
    const mail = await sink().waitFor('ann@example.com', /bob mentioned you/, { after: before });
    expect(mail.subject).toBe("bob mentioned you in bob's review of Tetris");
    expect(mail.text).toContain('https://vgl.test/u/bob/reviews/tetris');
    await call('PUT', '/api/users/bob/library/tetris', 'bob', { rating: 7, review: 'Ask @ann about it, or @cat.' });
    expect((await kindsOf('cat'))[0]).toBe('mentioned');
    expect((await kindsOf('ann')).filter((k: string) => k === 'mentioned')).toHaveLength(1);
  });

  it('keeps a notification whose group is off in the app only for its e-mail', async () => {
    await call('PUT', '/api/settings/notifications', 'dan', { groups: { follows: { inApp: false } } });
    const before = sink().mails.length;
    await call('POST', '/api/users/dan/follow', 'bob');
    await sink().waitFor('dan@example.com', /bob followed you/, { after: before });
    expect(await kindsOf('dan')).toEqual([]);
    expect((await call('GET', '/api/notifications/unread', 'dan')).json()).toEqual({ unread: 0 });
  });

  it('sends nothing for a rolled-back write, and a committed one once however many passes run at once', async () => {
    const sent: MailMessage[] = [];
    const jobs = notificationMailer({ db: t.db, mailer: { send: async (m) => void sent.push(m) }, publicUrl: 'https://vgl.test', secret: t.config.jwtSecret! });
    const notifications = createNotificationsService(t.db);
    const ids = Object.fromEntries((await t.db.kysely.selectFrom('users').select(['id', 'username']).execute()).map((u) => [u.username, u.id]));
    await expect(
      t.db.kysely.transaction().execute(async (trx) => {
        await notifications.notify(trx, { userId: ids.eve!, actorId: ids.cat!, kind: 'followed' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // eve is on the daily digest: back to e-mail at once for this test.
    await call('PUT', '/api/settings/notifications', 'eve', { emailFrequency: 'immediately' });
    await notifications.notify(t.db.kysely, { userId: ids.eve!, actorId: ids.dan!, kind: 'followed' });
    // Racing the app's own worker too: whoever claims it sends it.
    const before = sink().mails.filter((m) => m.to.includes('eve@')).length;
    await Promise.all([jobs.sendDue(), jobs.sendDue(), jobs.sendDue()]);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const viaApp = sink().mails.filter((m) => m.to.includes('eve@') && /followed you/.test(m.subject)).length - before;
    const subjects = [...sent.map((m) => m.subject), ...Array(viaApp).fill('(app)')];
    expect(subjects.filter((s) => s === 'dan followed you' || s === '(app)')).toHaveLength(1);
    expect(subjects).not.toContain('cat followed you');
  });

  it('sends one daily digest per member and day, however many workers run it at once', async () => {
    await call('PUT', '/api/settings/notifications', 'cat', { emailFrequency: 'daily', groups: { likes: { email: true } } });
    const catComment = (await comment('cat', 'A third thought.')).json().id as number;
    await call('POST', '/api/like', 'ann', { entityId: `c${catComment}` });
    await call('POST', '/api/users/cat/follow', 'ann');
    const sent: MailMessage[] = [];
    const at = Date.UTC(2031, 0, 2, 7, 0);
    const worker = () => notificationMailer({ db: t.db, mailer: { send: async (m) => void sent.push(m) }, publicUrl: 'https://vgl.test', secret: t.config.jwtSecret!, now: () => at });
    const counts = await Promise.all([worker().sendDigests(), worker().sendDigests(), worker().sendDigests()]);
    const digests = sent.filter((m) => m.to === 'cat@example.com');
    expect(counts.reduce((a, b) => a + b, 0)).toBe(sent.length);
    expect(digests).toHaveLength(1);
    const digest = digests[0]!;
    expect(digest.kind).toBe('digest');
    expect(digest.text).toContain('ann liked your comment on ann\'s review of Tetris');
    expect(digest.text).toContain('ann followed you');
    expect(digest.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    // The same day again: nothing; a new notification waits for tomorrow's.
    await call('POST', '/api/users/cat/follow', 'dan');
    expect(await worker().sendDigests()).toBe(0);
    const tomorrow = notificationMailer({ db: t.db, mailer: { send: async (m) => void sent.push(m) }, publicUrl: 'https://vgl.test', secret: t.config.jwtSecret!, now: () => at + 86_400_000 });
    expect(await tomorrow.sendDigests()).toBe(1);
    expect(sent.at(-1)!.subject).toBe('dan followed you');
    // The digest's link stops every notification e-mail.
    const query = new URL(/<([^>]+)>/.exec(digest.headers!['List-Unsubscribe']!)![1]!).search;
    expect((await t.app.inject({ method: 'POST', url: `/api/unsubscribe${query}` })).json()).toMatchObject({ group: 'all', email: false });
    expect((await settings('cat')).emailFrequency).toBe('never');
  });

  it('refuses an unsubscribe link that is not one of ours, with a clear 400', async () => {
    const tokens = unsubscribeTokens(t.config.jwtSecret!);
    const forged = unsubscribeTokens('another secret entirely').sign({ userId: 1, scope: 'follows' });
    for (const bad of ['nonsense', forged, `${tokens.sign({ userId: 1, scope: 'follows' }).slice(0, -1)}A`, tokens.sign({ userId: 999_999, scope: 'follows' })]) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({ method, url: `/api/unsubscribe?token=${encodeURIComponent(bad)}` });
        expect(res.statusCode, `${method} ${bad}`).toBe(400);
        expect(res.json().errors.token).toMatch(/not valid/);
      }
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/unsubscribe' })).statusCode).toBe(400);
    const wrongBody = await t.app.inject({
      method: 'POST',
      url: `/api/unsubscribe?token=${tokens.sign({ userId: 1, scope: 'likes' })}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=Two-Clicks',
    });
    expect(wrongBody.statusCode).toBe(400);
  });
});

import { ACCOUNT_BLOCK_MESSAGES, REPORT_MESSAGES, type NotificationItem, type ReportGroup, type RemoteAccountBlock, type RemoteAccountSuspension, type RemoteFollower, type RemoteFollowing, type RemotePost } from '@vgl/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { remoteActivityId, startFakeFediverse, type Delivery, type FakeFediverse } from '../../test/fake-fediverse.js';
import { bearer, createUser, loginToken } from '../../test/users.js';

const ORIGIN = 'https://vgl.test';
const AS_CONTEXT = 'https://www.w3.org/ns/activitystreams';
const PUBLIC = 'https://www.w3.org/ns/activitystreams#Public';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const onVgl = (url: string) => new URL(url).pathname + new URL(url).search;

/*
 * A member blocking one account on another server, and a moderator
 * suspending one on the whole instance (issue 40), against the fake
 * Mastodon: its activities are signed with its own key, and VGL's Reject
 * and Undo are checked there by a third-party HTTP Signatures library.
 */
describe.each(dbKinds)('blocking and suspending remote accounts on %s', (kind) => {
  let t: TestApp;
  let remote: FakeFediverse;
  const ids: Record<string, number> = {};
  const tokens: Record<string, string> = {};
  const actorOf = (who: string) => `${ORIGIN}/ap/users/${ids[who]}`;
  const inbox = `${ORIGIN}/ap/inbox`;
  const REVIEW = '/api/users/ann/reviews/celeste';
  let noteId = '';
  let handle = '';

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { FEDERATION: 'on' }, federation: { allowPrivateHttp: true, retryInitialDelayMs: 200 } });
    remote = await startFakeFediverse({
      fetchFromVgl: async (url) => t.app.inject({ url: onVgl(url), headers: { accept: 'application/activity+json', host: 'vgl.test' } }),
      postToVgl: async (url, headers, body) => t.app.inject({ method: 'POST', url: onVgl(url), headers, payload: body }),
    });
    handle = `@alice@${new URL(remote.origin).host}`;
    await seedGames(t, [{ name: 'Celeste', slug: 'celeste', year: 2018, platforms: ['pc'] }]);
    for (const [username, role] of [['ann', 'user'], ['bob', 'user'], ['mod', 'moderator']] as const) {
      ids[username] = (await createUser(t.db.kysely, { username, role })).id;
      tokens[username] = await loginToken(t.app, username);
    }
    expect((await api('ann', 'PUT', '/api/users/ann/library/celeste', { status: 2, rating: 9, review: 'The summit made me cry.' })).statusCode).toBe(201);
    for (let i = 0; i < 100 && !noteId; i += 1) {
      const note = await t.db.kysely.selectFrom('federation_notes').select('object_key').executeTakeFirst();
      if (note) noteId = `${ORIGIN}/ap/notes/${note.object_key}`;
      else await sleep(50);
    }
    expect(noteId).not.toBe('');
  });
  afterAll(async () => {
    await t?.close();
    await remote?.close();
  });

  const api = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url, headers: bearer(tokens[who]!), ...(payload ? { payload } : {}) });
  const send = (activity: object) => remote.signedPost(inbox, { '@context': AS_CONTEXT, ...activity });
  const followMember = (who: string) => remote.signedPost(`${actorOf(who)}/inbox`, { '@context': AS_CONTEXT, id: remoteActivityId(remote.origin), type: 'Follow', actor: remote.actorId, object: actorOf(who) });
  const like = () => send({ id: remoteActivityId(remote.origin), type: 'Like', actor: remote.actorId, object: noteId });
  let n = 0;
  const note = (content: string, overrides: object = {}) => {
    n += 1;
    return { id: `${remote.actorId}/statuses/${n}`, type: 'Note', attributedTo: remote.actorId, to: [PUBLIC], cc: [`${remote.actorId}/followers`], content, url: `${remote.origin}/@alice/${n}`, published: new Date().toISOString(), ...overrides };
  };
  const create = (object: object) => send({ id: remoteActivityId(remote.origin), type: 'Create', actor: remote.actorId, object });
  const reply = (content: string) => create(note(content, { inReplyTo: noteId, cc: [actorOf('ann')] }));
  const block = (who: string, account: unknown) => api(who, 'POST', '/api/federation/blocks', { account });
  const blocks = async (who: string) => (await api(who, 'GET', '/api/federation/blocks')).json() as RemoteAccountBlock[];
  const review = async () => (await t.app.inject({ url: REVIEW })).json() as { likes: number; comments: number };
  const comments = async (who: string) => (await api(who, 'GET', `${REVIEW}/comments`)).json() as { body: string }[];
  const notifications = async (who: string) => (await api(who, 'GET', '/api/notifications')).json() as NotificationItem[];
  const followers = async (who: string) => (await api(who, 'GET', '/api/remote-followers')).json() as RemoteFollower[];
  const following = async (who: string) => (await api(who, 'GET', '/api/federation/following')).json() as RemoteFollowing[];
  const feed = async (who: string) => (await api(who, 'GET', '/api/federation/feed')).json() as RemotePost[];
  const count = async (table: 'federation_reactions' | 'federation_followers' | 'federation_account_blocks' | 'federation_account_suspensions' | 'federation_posts') =>
    Number((await t.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const after = (before: number, type: string) => (d: Delivery) => remote.deliveries.indexOf(d) >= before && d.activity.type === type;
  const signedBy = (d: Delivery, who: string) => {
    expect(d.verified).toBe(true);
    expect(d.keyOwner).toBe(actorOf(who));
  };

  it('sets the scene: the account follows ann, likes and answers her review, and she follows it and reads its posts', async () => {
    expect((await followMember('ann')).statusCode).toBe(202);
    await remote.waitFor((d) => d.activity.type === 'Accept', 'the Accept of its follow');
    expect((await like()).statusCode).toBe(202);
    expect((await reply('<p>Same here</p>')).statusCode).toBe(202);
    expect(await review()).toMatchObject({ likes: 1, comments: 1 });
    expect((await api('ann', 'POST', '/api/federation/following', { account: remote.actorId })).statusCode).toBe(201);
    const sent = await remote.waitFor((d) => d.activity.type === 'Follow', 'ann’s Follow');
    expect((await remote.answerFollow(sent, 'Accept', `${actorOf('ann')}/inbox`)).statusCode).toBe(202);
    expect((await create(note('<p>A post</p>'))).statusCode).toBe(202);
    expect(await feed('ann')).toHaveLength(1);
    expect(await followers('ann')).toHaveLength(1);
    expect((await notifications('ann')).map((x) => x.kind).sort()).toEqual(['commented', 'review_liked']);
  });

  it('refuses bad input with a message saying what is wrong, and is for members only', async () => {
    for (const account of [undefined, '', '   ', 42, null, ['x'], 'x'.repeat(2001)]) {
      const res = await block('ann', account);
      expect(res.statusCode, JSON.stringify(account)).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, message: expect.any(String) });
    }
    const unknown = await block('ann', '@nobody@elsewhere.example');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(ACCOUNT_BLOCK_MESSAGES.unknown('@nobody@elsewhere.example'));
    expect((await t.app.inject({ method: 'POST', url: '/api/federation/blocks', payload: { account: handle } })).statusCode).toBe(401);
    for (const id of ['x', '0', '-1', '1.5', '99999999999999']) expect((await api('ann', 'DELETE', `/api/federation/blocks/${id}`)).statusCode, id).toBe(400);
    expect((await api('ann', 'DELETE', '/api/federation/blocks/12345')).json().message).toBe(ACCOUNT_BLOCK_MESSAGES.notBlocked);
    expect(await blocks('ann')).toEqual([]);
  });

  it('blocking by handle ends both follows (a Reject and an Undo, signed by the member) and takes back its likes, replies and notifications', async () => {
    const before = remote.deliveries.length;
    const res = await block('ann', handle.slice(1));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), actor: remote.actorId, handle, name: 'Alice', url: remote.actorId, since: expect.any(Number) });
    const reject = await remote.waitFor(after(before, 'Reject'), 'the Reject of its follow');
    signedBy(reject, 'ann');
    expect(reject.activity).toMatchObject({ actor: actorOf('ann'), object: { type: 'Follow', actor: remote.actorId, object: actorOf('ann') } });
    const undo = await remote.waitFor(after(before, 'Undo'), 'the Undo of ann’s Follow');
    signedBy(undo, 'ann');
    expect(undo.activity).toMatchObject({ actor: actorOf('ann'), object: { type: 'Follow', object: remote.actorId } });
    expect(await followers('ann')).toEqual([]);
    expect(await following('ann')).toEqual([]);
    expect(await feed('ann')).toEqual([]);
    expect(await review()).toMatchObject({ likes: 0, comments: 0 });
    expect(await comments('ann')).toEqual([]);
    expect((await t.app.inject({ url: `${REVIEW}/fediverse` })).json()).toMatchObject({ likes: { total: 0 }, boosts: { total: 0 } });
    expect(await notifications('ann')).toEqual([]);
    expect(await blocks('ann')).toEqual([res.json()]);
  });

  it('blocking again answers the same block (200) and sends nothing more', async () => {
    const before = remote.deliveries.length;
    const [mine] = await blocks('ann');
    const again = await block('ann', remote.actorId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(mine);
    await sleep(500);
    expect(remote.deliveries.slice(before)).toEqual([]);
  });

  it('from then on its follow is rejected, and its likes and replies are neither kept, counted nor told', async () => {
    const before = remote.deliveries.length;
    expect((await followMember('ann')).statusCode).toBe(202);
    signedBy(await remote.waitFor(after(before, 'Reject'), 'the Reject of a new follow'), 'ann');
    expect(remote.deliveries.slice(before).map((d) => d.activity.type)).not.toContain('Accept');
    expect(await count('federation_followers')).toBe(0);
    expect((await like()).statusCode).toBe(202);
    expect((await reply('<p>Again</p>')).statusCode).toBe(202);
    expect(await count('federation_reactions')).toBe(0);
    expect(await review()).toMatchObject({ likes: 0, comments: 0 });
    expect(await notifications('ann')).toEqual([]);
    // Nor can she follow it while she blocks it.
    const refollow = await api('ann', 'POST', '/api/federation/following', { account: remote.actorId });
    expect(refollow.statusCode).toBe(403);
    expect(refollow.json().message).toBe(ACCOUNT_BLOCK_MESSAGES.blockedByYou);
  });

  it('is one member’s: another member still hears from it', async () => {
    const before = remote.deliveries.length;
    expect(await blocks('bob')).toEqual([]);
    expect((await followMember('bob')).statusCode).toBe(202);
    await remote.waitFor(after(before, 'Accept'), 'the Accept of its follow of bob');
    expect(await followers('bob')).toHaveLength(1);
    // Bob cannot lift ann's block.
    const [mine] = await blocks('ann');
    expect((await api('bob', 'DELETE', `/api/federation/blocks/${mine!.id}`)).statusCode).toBe(404);
  });

  it('unblocking lets it follow again; what the block removed stays removed', async () => {
    const [mine] = await blocks('ann');
    expect((await api('ann', 'DELETE', `/api/federation/blocks/${mine!.id}`)).statusCode).toBe(204);
    expect((await api('ann', 'DELETE', `/api/federation/blocks/${mine!.id}`)).statusCode).toBe(404);
    expect(await blocks('ann')).toEqual([]);
    expect(await review()).toMatchObject({ likes: 0, comments: 0 });
    const before = remote.deliveries.length;
    expect((await followMember('ann')).statusCode).toBe(202);
    await remote.waitFor(after(before, 'Accept'), 'the Accept after the unblock');
    expect(await followers('ann')).toHaveLength(1);
  });

  it.runIf(kind === 'postgres')('two identical blocks at once leave one block, and no 500', async () => {
    const before = remote.deliveries.length;
    const answers = await Promise.all([block('ann', remote.actorId), block('ann', remote.actorId), block('ann', handle)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((r) => r.json().id)).size).toBe(1);
    expect(await count('federation_account_blocks')).toBe(1);
    await remote.waitFor(after(before, 'Reject'), 'the Reject');
    await sleep(500);
    expect(remote.deliveries.slice(before).filter((d) => d.activity.type === 'Reject')).toHaveLength(1);
    expect((await api('ann', 'DELETE', `/api/federation/blocks/${answers[0]!.json().id}`)).statusCode).toBe(204);
  });

  describe('suspension on the instance', () => {
    const suspend = (who: string, account: unknown, reason?: string) => api(who, 'POST', '/api/admin/federation/accounts', { account, reason });
    const audit = async () => (await api('mod', 'GET', '/api/admin/audit')).json() as { action: string; targetType: string; targetLabel: string; reason: string | null }[];

    it('is for staff, and says when the account is unknown', async () => {
      expect((await suspend('ann', remote.actorId)).statusCode).toBe(403);
      expect((await api('ann', 'GET', '/api/admin/federation/accounts')).statusCode).toBe(403);
      const unknown = await suspend('mod', 'https://elsewhere.example/users/nobody');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(ACCOUNT_BLOCK_MESSAGES.unknown('https://elsewhere.example/users/nobody'));
      expect((await suspend('mod', '')).statusCode).toBe(400);
    });

    it('removes it as everyone’s follower, drops what it did, refuses its deliveries (403), and is audited', async () => {
      expect(await count('federation_followers')).toBeGreaterThan(0);
      expect((await like()).statusCode).toBe(202);
      expect(await review()).toMatchObject({ likes: 1 });
      const answers = await Promise.all([suspend('mod', remote.actorId, 'Harassment'), suspend('mod', remote.actorId, 'Harassment')]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 201]);
      expect(answers[0]!.json()).toMatchObject({ actor: remote.actorId, handle, reason: 'Harassment', createdBy: 'mod' } satisfies Partial<RemoteAccountSuspension>);
      expect(await count('federation_followers')).toBe(0);
      expect(await count('federation_reactions')).toBe(0);
      expect(await count('federation_posts')).toBe(0);
      expect(await review()).toMatchObject({ likes: 0 });
      const refused = await followMember('bob');
      expect(refused.statusCode).toBe(403);
      expect(JSON.parse(refused.body).message).toBe('This server does not accept activities from your account.');
      expect((await like()).statusCode).toBe(403);
      const audited = (await audit()).filter((a) => a.action === 'account.suspend');
      expect(audited).toEqual([expect.objectContaining({ targetType: 'fed_actor', targetLabel: handle, reason: 'Harassment' })]);
      expect((await api('mod', 'GET', '/api/admin/federation/accounts')).json()).toEqual([answers[0]!.json()]);
    });

    it('lifting it lets its deliveries in again (audited); lifting twice is a 404', async () => {
      const lift = () => api('mod', 'DELETE', `/api/admin/federation/accounts?actor=${encodeURIComponent(remote.actorId)}`);
      expect((await lift()).statusCode).toBe(204);
      const again = await lift();
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe(ACCOUNT_BLOCK_MESSAGES.notSuspended);
      expect((await api('mod', 'GET', '/api/admin/federation/accounts')).json()).toEqual([]);
      expect((await audit()).map((a) => a.action)).toContain('account.unsuspend');
      expect((await followMember('bob')).statusCode).toBe(202);
    });
  });

  describe('reports of a remote reply and a remote account', () => {
    const report = (who: string, payload: object) => api(who, 'POST', '/api/reports', payload);
    const queue = async () => (await api('mod', 'GET', '/api/admin/reports')).json() as ReportGroup[];
    let replyId = 0;

    it('a member reports a reply from another server, and its account by handle', async () => {
      expect((await reply('<p>You are all idiots</p>')).statusCode).toBe(202);
      const remoteReply = (await api('bob', 'GET', `${REVIEW}/comments`)).json() as { id: number; body: string; remote?: unknown }[];
      replyId = remoteReply.find((c) => c.remote && c.body === 'You are all idiots')!.id;
      const filed = await report('bob', { targetType: 'fed_reply', targetId: replyId, reason: 'harassment' });
      expect(filed.statusCode, filed.body).toBe(201);
      expect((await report('bob', { targetType: 'fed_actor', account: handle, reason: 'harassment', details: 'Insults everyone' })).statusCode).toBe(201);
      expect((await report('bob', { targetType: 'fed_actor', account: remote.actorId, reason: 'spam' })).statusCode).toBe(409);
      // What is not known here, or not named, is said so.
      const unknown = await report('bob', { targetType: 'fed_actor', account: '@nobody@elsewhere.example', reason: 'spam' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(REPORT_MESSAGES.notFound('fed_actor'));
      expect((await report('bob', { targetType: 'fed_actor', reason: 'spam' })).statusCode).toBe(400);
      expect((await report('bob', { targetType: 'fed_reply', targetId: 999999, reason: 'spam' })).statusCode).toBe(404);
    });

    it('shows moderators the account’s handle and a link out to it', async () => {
      const groups = await queue();
      expect(groups.find((g) => g.target.type === 'fed_reply')!.target).toEqual({
        type: 'fed_reply',
        id: replyId,
        excerpt: 'You are all idiots',
        author: null,
        remote: { handle, url: remote.actorId },
        link: '/u/ann/reviews/celeste',
        hidden: false,
      });
      expect(groups.find((g) => g.target.type === 'fed_actor')!.target).toMatchObject({ excerpt: `Alice (${handle})`, author: null, remote: { handle, url: remote.actorId }, link: null });
    });

    it('hides the reply; an account cannot be hidden', async () => {
      const groups = await queue();
      const onAccount = groups.find((g) => g.target.type === 'fed_actor')!;
      const hideAccount = await api('mod', 'POST', `/api/admin/reports/${onAccount.id}/resolve`, { action: 'hide' });
      expect(hideAccount.statusCode).toBe(400);
      expect(hideAccount.json().message).toBe(REPORT_MESSAGES.hideAccount);
      const comments = (await review()).comments;
      const onReply = groups.find((g) => g.target.type === 'fed_reply')!;
      expect((await api('mod', 'POST', `/api/admin/reports/${onReply.id}/resolve`, { action: 'hide', note: 'Insults' })).statusCode).toBe(204);
      expect((await review()).comments).toBe(comments - 1);
      expect(((await api('bob', 'GET', `${REVIEW}/comments`)).json() as { body: string }[]).map((c) => c.body)).not.toContain('You are all idiots');
    });

    it('suspends the account on this instance from its report: refused at the inbox, audited, listed', async () => {
      const onAccount = (await queue()).find((g) => g.target.type === 'fed_actor')!;
      expect((await api('mod', 'POST', `/api/admin/reports/${onAccount.id}/resolve`, { action: 'suspend', note: 'Harassment' })).statusCode).toBe(204);
      expect((await api('mod', 'GET', '/api/admin/federation/accounts')).json()).toEqual([expect.objectContaining({ actor: remote.actorId, handle, reason: 'Harassment', createdBy: 'mod' })]);
      expect((await followMember('bob')).statusCode).toBe(403);
      expect(await count('federation_followers')).toBe(0);
      const actions = ((await api('mod', 'GET', '/api/admin/audit')).json() as { action: string }[]).map((a) => a.action);
      expect(actions).toEqual(expect.arrayContaining(['report.suspend', 'account.suspend', 'report.hide']));
      expect((await notifications('bob')).filter((x) => x.kind === 'report_resolved')).toHaveLength(2);
    });
  });
});

import { INSTANCE_MESSAGES, type NotificationItem, type RemoteFollower } from '@vgl/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { remoteActivityId, startFakeFediverse, type Delivery, type FakeFediverse } from '../../test/fake-fediverse.js';
import { bearer, createUser, loginToken } from '../../test/users.js';

const ORIGIN = 'https://vgl.test';
const AS_CONTEXT = 'https://www.w3.org/ns/activitystreams';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const onVgl = (url: string) => new URL(url).pathname + new URL(url).search;

/*
 * Instance blocks and silences, and members answering follows from other
 * servers (issue 40), against the fake Mastodon: it signs its activities and
 * checks VGL's with a third-party HTTP Signatures library. The fake lives on
 * 127.0.0.1, so the rules here are for that address.
 */
describe.each(dbKinds)('federation safety on %s', (kind) => {
  let t: TestApp;
  let remote: FakeFediverse;
  const ids: Record<string, number> = {};
  const tokens: Record<string, string> = {};
  const actorOf = (who: string) => `${ORIGIN}/ap/users/${ids[who]}`;
  const FAKE_HOST = '127.0.0.1';

  beforeAll(async () => {
    t = await createTestApp(kind, { smtp: true, env: { FEDERATION: 'on' }, federation: { allowPrivateHttp: true, retryInitialDelayMs: 200 } });
    remote = await startFakeFediverse({
      fetchFromVgl: async (url) => t.app.inject({ url: onVgl(url), headers: { accept: 'application/activity+json', host: 'vgl.test' } }),
      postToVgl: async (url, headers, body) => t.app.inject({ method: 'POST', url: onVgl(url), headers, payload: body }),
    });
    await seedGames(t, [
      { name: 'Celeste', slug: 'celeste', year: 2018, platforms: ['pc'] },
      { name: 'Hades', slug: 'hades', year: 2020, platforms: ['pc'] },
      { name: 'Tunic', slug: 'tunic', year: 2022, platforms: ['pc'] },
    ]);
    for (const [username, overrides] of [['ann', {}], ['bob', { is_private: 1 }], ['cat', { is_private: 1 }], ['mod', { role: 'moderator' }]] as const) {
      ids[username] = (await createUser(t.db.kysely, { username, ...overrides })).id;
      tokens[username] = await loginToken(t.app, username);
    }
  });
  afterAll(async () => {
    await t?.close();
    await remote?.close();
  });

  const api = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url, headers: bearer(tokens[who]!), ...(payload ? { payload } : {}) });
  const followActivity = (who: string) => ({ '@context': AS_CONTEXT, id: remoteActivityId(remote.origin), type: 'Follow', actor: remote.actorId, object: actorOf(who) });
  const follow = (who: string) => remote.signedPost(`${actorOf(who)}/inbox`, followActivity(who));
  const followers = () => t.db.kysely.selectFrom('federation_followers').select(['id', 'user_id', 'state', 'name', 'handle', 'url']).orderBy('id').execute();
  const notificationsOf = async (who: string) => (await api(who, 'GET', '/api/notifications')).json() as NotificationItem[];
  const requestsOf = async (who: string) => (await api(who, 'GET', '/api/follow-requests/remote')).json() as RemoteFollower[];
  const rule = (domain: string, policy: 'block' | 'silence') => api('mod', 'POST', '/api/admin/federation/instances', { domain, policy, reason: 'Test' });
  const lift = (domain: string) => api('mod', 'DELETE', `/api/admin/federation/instances/${domain}`);
  const since = (n: number) => remote.deliveries.slice(n);
  /** Signed by `who`'s key, and the third-party verifier accepted it. */
  const signedBy = (d: Delivery, who: string) => {
    expect(d.verified).toBe(true);
    expect(d.keyOwner).toBe(actorOf(who));
  };
  const alice = () => ({ name: 'Alice', handle: `@alice@${new URL(remote.origin).host}`, url: remote.actorId });

  it('keeps a silenced server’s follow of a public profile waiting, with no Accept and no notification', async () => {
    expect((await rule(FAKE_HOST, 'silence')).statusCode).toBe(201);
    const res = await follow('ann');
    expect(res.statusCode, res.body).toBe(202);
    expect(await followers()).toEqual([expect.objectContaining({ user_id: ids.ann, state: 'pending', ...alice() })]);
    await sleep(1000);
    expect(remote.deliveries).toEqual([]);
    expect(await notificationsOf('ann')).toEqual([]);
    // The member still sees it, and decides.
    expect(await requestsOf('ann')).toEqual([{ id: expect.any(Number), ...alice(), since: expect.any(Number) }]);
  });

  it('a silenced server’s request to a private profile tells no one, and still waits once the profile is public', async () => {
    expect((await follow('cat')).statusCode).toBe(202);
    expect(await notificationsOf('cat')).toEqual([]);
    expect((await api('cat', 'PUT', '/api/profile/privacy', { isPrivate: false })).statusCode).toBe(200);
    await sleep(1500);
    expect((await followers()).find((f) => f.user_id === ids.cat)).toMatchObject({ state: 'pending' });
    expect(remote.deliveries).toEqual([]);
    // Declined: its server hears no, and it is forgotten.
    const [request] = await requestsOf('cat');
    expect((await api('cat', 'POST', `/api/follow-requests/remote/${request!.id}/decline`)).statusCode).toBe(204);
    await remote.waitFor((d) => d.activity.type === 'Reject' && d.activity.actor === actorOf('cat'), 'cat’s Reject');
    expect((await followers()).filter((f) => f.user_id === ids.cat)).toEqual([]);
  });

  it('approving a request sends an Accept signed by the member, which the remote server verifies', async () => {
    const [request] = await requestsOf('ann');
    const approved = await api('ann', 'POST', `/api/follow-requests/remote/${request!.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(204);
    const accept = await remote.waitFor((d) => d.activity.type === 'Accept', 'the Accept');
    signedBy(accept, 'ann');
    expect(accept.activity).toMatchObject({ actor: actorOf('ann'), object: { type: 'Follow', actor: remote.actorId, object: actorOf('ann') } });
    expect((await followers())[0]).toMatchObject({ state: 'accepted' });
    expect(await requestsOf('ann')).toEqual([]);
    expect((await api('ann', 'GET', '/api/remote-followers')).json()).toEqual([expect.objectContaining(alice())]);
    // Answered once: a second approval has nothing to approve.
    expect((await api('ann', 'POST', `/api/follow-requests/remote/${request!.id}/approve`)).statusCode).toBe(404);
    expect((await lift(FAKE_HOST)).statusCode).toBe(204);
  });

  it('tells a private member of a remote follow request like a local one; declining sends a Reject and forgets it', async () => {
    const before = remote.deliveries.length;
    expect((await follow('bob')).statusCode).toBe(202);
    const [notice] = await notificationsOf('bob');
    expect(notice).toMatchObject({ kind: 'follow_requested', read: false, actor: { username: alice().handle.slice(1), avatar: null }, remoteActor: { handle: alice().handle, name: alice().name, url: alice().url } });
    // And by e-mail, as the member's New followers setting says (on by default), linking to where it is answered.
    const mail = await t.smtp!.waitFor('bob@example.com', /asked to follow you/);
    // Named as the app names it: its display name and handle.
    expect(mail.subject).toBe(`Alice (${alice().handle}) asked to follow you`);
    expect(mail.text).toContain(`${ORIGIN}/u/bob/settings/privacy`);
    const [request] = await requestsOf('bob');
    expect(request).toMatchObject(alice());
    // Another member cannot answer it.
    expect((await api('ann', 'POST', `/api/follow-requests/remote/${request!.id}/decline`)).statusCode).toBe(404);
    expect((await api('bob', 'POST', `/api/follow-requests/remote/${request!.id}/decline`)).statusCode).toBe(204);
    const reject = await remote.waitFor((d) => remote.deliveries.indexOf(d) >= before && d.activity.type === 'Reject', 'the Reject');
    signedBy(reject, 'bob');
    expect(reject.activity).toMatchObject({ actor: actorOf('bob'), object: { type: 'Follow', actor: remote.actorId, object: actorOf('bob') } });
    expect((await followers()).filter((f) => f.user_id === ids.bob)).toEqual([]);
    expect(await notificationsOf('bob')).toEqual([]);
    expect(since(before).map((d) => d.activity.type)).toEqual(['Reject']);
  });

  it('removing an accepted follower sends a Reject of their follow', async () => {
    const before = remote.deliveries.length;
    const [follower] = (await api('ann', 'GET', '/api/remote-followers')).json() as RemoteFollower[];
    expect((await api('ann', 'DELETE', `/api/remote-followers/${follower!.id}`)).statusCode).toBe(204);
    const reject = await remote.waitFor((d) => remote.deliveries.indexOf(d) >= before && d.activity.type === 'Reject', 'the Reject of the removed follower');
    signedBy(reject, 'ann');
    expect(await followers()).toEqual([]);
    expect((await api('ann', 'DELETE', `/api/remote-followers/${follower!.id}`)).statusCode).toBe(404);
  });

  it('a block removes the server’s followers and drops the deliveries queued for it', async () => {
    expect((await follow('ann')).statusCode).toBe(202);
    await remote.waitFor((d) => d.activity.type === 'Accept' && remote.deliveries.filter((x) => x.activity.type === 'Accept').length === 2, 'the second Accept');
    expect(await followers()).toEqual([expect.objectContaining({ state: 'accepted' })]);
    // The server is down: the Create waits in the queue for its retries.
    remote.failNext(100, 503);
    const before = remote.deliveries.length;
    expect((await api('ann', 'PUT', '/api/users/ann/library/celeste', { status: 2, rating: 8, review: 'Queued before the block.' })).statusCode).toBe(201);
    await remote.waitFor((d) => remote.deliveries.indexOf(d) >= before && d.activity.type === 'Create', 'the first try of the Create');
    const blocked = await rule(FAKE_HOST, 'block');
    expect(blocked.statusCode).toBe(201);
    expect(blocked.json()).toMatchObject({ domain: FAKE_HOST, policy: 'block', followers: 0 });
    expect(await followers()).toEqual([]);
    // Up again: a retry would now get through, but none is sent.
    remote.failNext(0, 503);
    await sleep(5000);
    expect(since(before).map((d) => [d.activity.type, d.status])).toEqual([['Create', 503]]);
  });

  it('refuses every activity of a blocked server at the inbox (403) and stores nothing', async () => {
    const res = await follow('ann');
    expect(res.statusCode, res.body).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({ message: 'This server does not accept activities from yours.' });
    const shared = await remote.signedPost(`${ORIGIN}/ap/inbox`, { '@context': AS_CONTEXT, id: remoteActivityId(remote.origin), type: 'Undo', actor: remote.actorId, object: followActivity('ann') });
    expect(shared.statusCode).toBe(403);
    expect(await followers()).toEqual([]);
    // The actors may still be read (who fetches them cannot be told).
    expect((await t.app.inject({ url: `/ap/users/${ids.ann}`, headers: { accept: 'application/activity+json' } })).statusCode).toBe(200);
  });

  it('delivers nothing to a blocked server, even to a follow recorded in the same moment as the block', async () => {
    const before = remote.deliveries.length;
    await t.db.kysely
      .insertInto('federation_followers')
      .values({ user_id: ids.ann!, actor_id: remote.actorId, inbox: `${remote.actorId}/inbox`, shared_inbox: `${remote.origin}/inbox`, follow_id: null, state: 'accepted', created_at: Date.now() })
      .execute();
    expect((await api('ann', 'PUT', '/api/users/ann/library/hades', { status: 2, rating: 9, review: 'Written after the block.' })).statusCode).toBe(201);
    await sleep(3000);
    expect(since(before)).toEqual([]);
    await t.db.kysely.deleteFrom('federation_followers').execute();
  });

  it('this instance’s own domain cannot be blocked', async () => {
    const res = await rule('VGL.test', 'block');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(INSTANCE_MESSAGES.ownDomain);
  });

  it('once the block is lifted, a new follow is accepted again', async () => {
    expect((await lift(FAKE_HOST)).statusCode).toBe(204);
    const before = remote.deliveries.length;
    expect((await follow('ann')).statusCode).toBe(202);
    signedBy(await remote.waitFor((d) => remote.deliveries.indexOf(d) >= before && d.activity.type === 'Accept', 'the Accept after the block was lifted'), 'ann');
    expect(await followers()).toEqual([expect.objectContaining({ state: 'accepted' })]);
  });
});

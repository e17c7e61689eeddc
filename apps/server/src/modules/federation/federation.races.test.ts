import type { RemoteFollower, RemotePost } from '@vgl/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { dbKinds } from '../../test/databases.js';
import { remoteActivityId, startFakeFediverse, type FakeFediverse } from '../../test/fake-fediverse.js';
import { bearer, createUser, loginToken } from '../../test/users.js';

const ORIGIN = 'https://vgl.test';
const AS_CONTEXT = 'https://www.w3.org/ns/activitystreams';
const PUBLIC = 'https://www.w3.org/ns/activitystreams#Public';
const onVgl = (url: string) => new URL(url).pathname + new URL(url).search;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/*
 * Members answering one remote follow request twice at once (two tabs, a
 * double click), and replying twice at once to a post from another server
 * (issue 40). SQLite's single connection serialises these; PostgreSQL's pool
 * runs them side by side, which is where a check-then-write would answer
 * twice or send an Accept and a Reject for the same follow.
 */
describe.each(dbKinds)('federation under concurrent requests on %s', (kind) => {
  let t: TestApp;
  let remote: FakeFediverse;
  const ids: Record<string, number> = {};
  const tokens: Record<string, string> = {};
  const actorOf = (who: string) => `${ORIGIN}/ap/users/${ids[who]}`;

  const api = (who: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tokens[who]!), ...(payload ? { payload } : {}) });
  const requestsOf = async (who: string) => (await api(who, 'GET', '/api/follow-requests/remote')).json() as RemoteFollower[];
  const followersOf = (who: string) => t.db.kysely.selectFrom('federation_followers').select(['state']).where('user_id', '=', ids[who]!).execute();
  const answersFrom = (who: string) => remote.deliveries.filter((d) => d.activity.actor === actorOf(who) && (d.activity.type === 'Accept' || d.activity.type === 'Reject'));

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { FEDERATION: 'on' }, federation: { allowPrivateHttp: true, retryInitialDelayMs: 200 } });
    remote = await startFakeFediverse({
      fetchFromVgl: async (url) => t.app.inject({ url: onVgl(url), headers: { accept: 'application/activity+json', host: 'vgl.test' } }),
      postToVgl: async (url, headers, body) => t.app.inject({ method: 'POST', url: onVgl(url), headers, payload: body }),
    });
    for (const [username, overrides] of [['pia', { is_private: 1 }], ['quin', { is_private: 1 }], ['ann', {}]] as const) {
      ids[username] = (await createUser(t.db.kysely, { username, ...overrides })).id;
      tokens[username] = await loginToken(t.app, username);
    }
  });
  afterAll(async () => {
    await t?.close();
    await remote?.close();
  });

  const requestFollow = async (who: string) => {
    const follow = { '@context': AS_CONTEXT, id: remoteActivityId(remote.origin), type: 'Follow', actor: remote.actorId, object: actorOf(who) };
    expect((await remote.signedPost(`${actorOf(who)}/inbox`, follow)).statusCode).toBe(202);
    const [request] = await requestsOf(who);
    expect(request).toBeDefined();
    return request!;
  };

  it('answers a follow request once when it is approved four times at once: one Accept, one follower', async () => {
    const request = await requestFollow('pia');
    const answers = await Promise.all(Array.from({ length: 4 }, () => api('pia', 'POST', `/api/follow-requests/remote/${request.id}/approve`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 404, 404, 404]);
    await remote.waitFor((d) => d.activity.type === 'Accept' && d.activity.actor === actorOf('pia'), 'the Accept');
    await sleep(500);
    expect(answersFrom('pia').map((d) => d.activity.type)).toEqual(['Accept']);
    expect(await followersOf('pia')).toEqual([{ state: 'accepted' }]);
  });

  it('gives one outcome when the same request is approved and declined at once, and tells the other server that one only', async () => {
    const request = await requestFollow('quin');
    const answers = await Promise.all([
      api('quin', 'POST', `/api/follow-requests/remote/${request.id}/approve`),
      api('quin', 'POST', `/api/follow-requests/remote/${request.id}/decline`),
      api('quin', 'POST', `/api/follow-requests/remote/${request.id}/approve`),
      api('quin', 'POST', `/api/follow-requests/remote/${request.id}/decline`),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 404, 404, 404]);
    const winner = answers.findIndex((a) => a.statusCode === 204) % 2 === 0 ? 'Accept' : 'Reject';
    await remote.waitFor((d) => d.activity.actor === actorOf('quin') && d.activity.type === winner, `the ${winner}`);
    await sleep(500);
    expect(answersFrom('quin').map((d) => d.activity.type)).toEqual([winner]);
    expect(await followersOf('quin')).toEqual(winner === 'Accept' ? [{ state: 'accepted' }] : []);
    expect(await requestsOf('quin')).toEqual([]);
  });

  it('keeps both of two replies sent at once to one post, each delivered once', async () => {
    expect((await api('ann', 'POST', '/api/federation/following', { account: remote.actorId })).statusCode).toBe(201);
    const follow = await remote.waitFor((d) => d.activity.type === 'Follow' && d.activity.actor === actorOf('ann'), 'the Follow');
    expect((await remote.answerFollow(follow, 'Accept', `${actorOf('ann')}/inbox`)).statusCode).toBe(202);
    const note = { id: `${remote.actorId}/statuses/races`, type: 'Note', attributedTo: remote.actorId, to: [PUBLIC], content: '<p>Who is up for a race?</p>', published: new Date().toISOString() };
    expect((await remote.signedPost(`${ORIGIN}/ap/inbox`, { '@context': AS_CONTEXT, id: remoteActivityId(remote.origin), type: 'Create', actor: remote.actorId, object: note })).statusCode).toBe(202);
    const [post] = (await api('ann', 'GET', '/api/federation/feed')).json() as RemotePost[];

    const texts = ['Me!', 'Me too, from the other tab.'];
    const answers = await Promise.all(texts.map((text) => api('ann', 'POST', `/api/federation/feed/${post!.id}/replies`, { text })));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    const [mine] = (await api('ann', 'GET', '/api/federation/feed')).json() as RemotePost[];
    expect(mine!.viewerReplies.map((r) => r.text).sort()).toEqual([...texts].sort());
    const creates = () => remote.deliveries.filter((d) => d.activity.type === 'Create' && d.activity.actor === actorOf('ann'));
    await expect.poll(() => creates().length).toBe(2);
    await sleep(500);
    expect(creates()).toHaveLength(2);
    expect(new Set(creates().map((d) => (d.activity.object as { id: string }).id)).size).toBe(2);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { dbKinds } from '../../test/databases.js';
import { newKeyPair, remoteActivityId, startFakeFediverse, type Delivery, type FakeFediverse } from '../../test/fake-fediverse.js';
import { expandJsonLd } from '../../test/jsonld-offline.js';
import { createUser } from '../../test/users.js';

const ORIGIN = 'https://vgl.test';
const AS = 'https://www.w3.org/ns/activitystreams#';
const AP_JSON = { accept: 'application/activity+json' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The path of a URL on VGL's origin, for app.inject. */
const onVgl = (url: string) => {
  const parsed = new URL(url);
  expect(parsed.origin).toBe(ORIGIN);
  return parsed.pathname + parsed.search;
};

describe.each(dbKinds)('federation (FEDERATION=on) on %s', (kind) => {
  let t: TestApp;
  let remote: FakeFediverse;
  const ids: Record<string, number> = {};
  const actorOf = (who: string) => `${ORIGIN}/ap/users/${ids[who]}`;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { FEDERATION: 'on' }, federation: { allowPrivateHttp: true, retryInitialDelayMs: 200 } });
    remote = await startFakeFediverse({
      fetchFromVgl: async (url) => t.app.inject({ url: onVgl(url), headers: { ...AP_JSON, host: 'vgl.test' } }),
      postToVgl: async (url, headers, body) => t.app.inject({ method: 'POST', url: onVgl(url), headers, payload: body }),
    });
    for (const [username, overrides] of [['ann', { bio: 'Puzzles & <space>.' }], ['bob', { is_private: 1 }], ['cat', {}]] as const) {
      ids[username] = (await createUser(t.db.kysely, { username, ...overrides })).id;
    }
  });
  afterAll(async () => {
    await t?.close();
    await remote?.close();
  });

  const follow = (who: string) =>
    remote.signedPost(`${actorOf(who)}/inbox`, { '@context': 'https://www.w3.org/ns/activitystreams', id: remoteActivityId(remote.origin), type: 'Follow', actor: remote.actorId, object: actorOf(who) });
  const followers = () => t.db.kysely.selectFrom('federation_followers').select(['user_id', 'actor_id', 'state', 'inbox', 'shared_inbox']).orderBy('id').execute();
  /** A delivery VGL signed with `who`'s key, which the third-party verifier accepted, with a Digest of its body. */
  const signedBy = (delivery: Delivery, who: string) => {
    expect(delivery.verified).toBe(true);
    expect(delivery.keyOwner).toBe(actorOf(who));
    expect(delivery.digestMatches).toBe(true);
    expect(delivery.signedHeaders).toEqual(expect.arrayContaining(['(request-target)', 'host', 'date', 'digest']));
  };

  it('answers WebFinger for acct:username@host with the actor', async () => {
    const res = await t.app.inject({ url: `/.well-known/webfinger?resource=${encodeURIComponent('acct:ann@vgl.test')}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/jrd+json');
    const jrd = res.json();
    expect(jrd.subject).toBe('acct:ann@vgl.test');
    expect(jrd.links).toEqual(expect.arrayContaining([{ rel: 'self', type: 'application/activity+json', href: actorOf('ann') }]));
    expect(jrd.links).toEqual(expect.arrayContaining([expect.objectContaining({ rel: 'http://webfinger.net/rel/profile-page', href: `${ORIGIN}/u/ann` })]));
    const missing = await t.app.inject({ url: `/.well-known/webfinger?resource=${encodeURIComponent('acct:nobody@vgl.test')}` });
    expect(missing.statusCode).toBe(404);
  });

  it('serves a member as a Person with keys, collections and a shared inbox, that jsonld expands', async () => {
    const res = await t.app.inject({ url: `/ap/users/${ids.ann}`, headers: AP_JSON });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/activity+json');
    const actor = res.json();
    expect(actor).toMatchObject({
      id: actorOf('ann'),
      type: 'Person',
      preferredUsername: 'ann',
      name: 'ann',
      summary: '<p>Puzzles &amp; &lt;space&gt;.</p>',
      url: `${ORIGIN}/u/ann`,
      inbox: `${actorOf('ann')}/inbox`,
      outbox: `${actorOf('ann')}/outbox`,
      followers: `${actorOf('ann')}/followers`,
      endpoints: { sharedInbox: `${ORIGIN}/ap/inbox` },
      manuallyApprovesFollowers: false,
      discoverable: true,
      publicKey: { owner: actorOf('ann'), publicKeyPem: expect.stringMatching(/^-----BEGIN PUBLIC KEY-----/) },
    });
    expect(actor.assertionMethod).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'Multikey', controller: actorOf('ann') })]));
    const [expanded] = (await expandJsonLd(actor)) as Record<string, unknown>[];
    expect(expanded!['@type']).toEqual([`${AS}Person`]);
    expect(expanded!['http://www.w3.org/ns/ldp#inbox']).toEqual([{ '@id': `${actorOf('ann')}/inbox` }]);
    // The same key on every read: kept, not made again.
    expect((await t.app.inject({ url: `/ap/users/${ids.ann}`, headers: AP_JSON })).json().publicKey.publicKeyPem).toBe(actor.publicKey.publicKeyPem);
    // A private profile asks followers to wait for approval.
    expect((await t.app.inject({ url: `/ap/users/${ids.bob}`, headers: AP_JSON })).json()).toMatchObject({ manuallyApprovesFollowers: true, discoverable: false });
  });

  it('is no actor for a suspended or pending member, nor for an id that is not one', async () => {
    const suspended = await createUser(t.db.kysely, { username: 'sus', state: 'suspended' });
    const pending = await createUser(t.db.kysely, { username: 'pen', state: 'pending' });
    for (const url of [`/ap/users/${suspended.id}`, `/ap/users/${pending.id}`, '/ap/users/0', '/ap/users/abc']) {
      expect((await t.app.inject({ url, headers: AP_JSON })).statusCode, url).toBe(404);
    }
    expect((await t.app.inject({ url: `/.well-known/webfinger?resource=${encodeURIComponent('acct:sus@vgl.test')}` })).statusCode).toBe(404);
  });

  it('refuses unsigned, wrongly signed and malformed inbox posts with a 4xx, changing nothing', async () => {
    const activity = { '@context': 'https://www.w3.org/ns/activitystreams', id: remoteActivityId(remote.origin), type: 'Follow', actor: remote.actorId, object: actorOf('ann') };
    const unsigned = await t.app.inject({ method: 'POST', url: `/ap/users/${ids.ann}/inbox`, headers: { 'content-type': 'application/activity+json' }, payload: JSON.stringify(activity) });
    expect(unsigned.statusCode).toBe(401);
    // Signed with another key than the one alice's actor publishes.
    const forged = await remote.signedPost(`${actorOf('ann')}/inbox`, activity, { privateKeyPem: newKeyPair().privateKey });
    expect(forged.statusCode).toBe(401);
    const garbage = await t.app.inject({ method: 'POST', url: `/ap/users/${ids.ann}/inbox`, headers: { 'content-type': 'application/activity+json' }, payload: '{"type": "Follow", ' });
    expect(garbage.statusCode).toBeGreaterThanOrEqual(400);
    expect(garbage.statusCode).toBeLessThan(500);
    expect(await followers()).toEqual([]);
    expect(remote.deliveries).toEqual([]);
  });

  it('accepts a signed Follow of a public profile, and answers with an Accept signed by the member', async () => {
    const res = await follow('ann');
    expect(res.statusCode, res.body).toBe(202);
    expect(await followers()).toEqual([{ user_id: ids.ann, actor_id: remote.actorId, state: 'accepted', inbox: `${remote.actorId}/inbox`, shared_inbox: `${remote.origin}/inbox` }]);
    const accept = await remote.waitFor((d) => d.activity.type === 'Accept', 'the Accept');
    signedBy(accept, 'ann');
    expect(accept.path).toBe('/users/alice/inbox');
    expect(accept.activity).toMatchObject({ actor: actorOf('ann'), object: { type: 'Follow', actor: remote.actorId, object: actorOf('ann') } });
  });

  it('keeps a follow of a private profile waiting, with no Accept', async () => {
    const res = await follow('bob');
    expect(res.statusCode, res.body).toBe(202);
    expect((await followers()).find((f) => f.user_id === ids.bob)).toMatchObject({ state: 'pending' });
    await sleep(1000);
    expect(remote.deliveries.filter((d) => d.activity.type === 'Accept')).toHaveLength(1);
  });

  it('forgets a follower on Undo(Follow), and all of an actor’s follows when it is deleted', async () => {
    const followActivity = { id: remoteActivityId(remote.origin), type: 'Follow', actor: remote.actorId, object: actorOf('ann') };
    const undo = await remote.signedPost(`${actorOf('ann')}/inbox`, { '@context': 'https://www.w3.org/ns/activitystreams', id: remoteActivityId(remote.origin), type: 'Undo', actor: remote.actorId, object: followActivity });
    expect(undo.statusCode, undo.body).toBe(202);
    expect((await followers()).map((f) => f.user_id)).toEqual([ids.bob]);
    const del = await remote.signedPost(`${ORIGIN}/ap/inbox`, { '@context': 'https://www.w3.org/ns/activitystreams', id: remoteActivityId(remote.origin), type: 'Delete', actor: remote.actorId, object: remote.actorId });
    expect(del.statusCode, del.body).toBe(202);
    expect(await followers()).toEqual([]);
  });
});

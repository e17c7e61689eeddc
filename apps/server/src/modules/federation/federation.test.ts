import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { newKeyPair, remoteActivityId, startFakeFediverse, type Delivery, type FakeFediverse } from '../../test/fake-fediverse.js';
import { expandJsonLd } from '../../test/jsonld-offline.js';
import { bearer, createUser, loginToken, PASSWORD } from '../../test/users.js';

const ORIGIN = 'https://vgl.test';
const AS = 'https://www.w3.org/ns/activitystreams#';
const PUBLIC = 'https://www.w3.org/ns/activitystreams#Public';
const AP_JSON = { accept: 'application/activity+json' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until count() reaches `expected` (deliveries arrive in the background), then checks it stays there. */
async function eventuallyCount(count: () => number, expected: number, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (count() < expected && Date.now() < until) await sleep(100);
  await sleep(500);
  expect(count()).toBe(expected);
}

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
  const tokens: Record<string, string> = {};
  const actorOf = (who: string) => `${ORIGIN}/ap/users/${ids[who]}`;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { FEDERATION: 'on' }, federation: { allowPrivateHttp: true, retryInitialDelayMs: 200 } });
    remote = await startFakeFediverse({
      fetchFromVgl: async (url) => t.app.inject({ url: onVgl(url), headers: { ...AP_JSON, host: 'vgl.test' } }),
      postToVgl: async (url, headers, body) => t.app.inject({ method: 'POST', url: onVgl(url), headers, payload: body }),
    });
    await seedGames(t, [
      { name: 'Outer Wilds', slug: 'outer-wilds', year: 2019, platforms: ['pc'], cover: 'co1abc' },
      { name: 'Celeste', slug: 'celeste', year: 2018, platforms: ['pc'] },
      { name: 'Hades', slug: 'hades', year: 2020, platforms: ['pc'] },
      { name: 'Tunic', slug: 'tunic', year: 2022, platforms: ['pc'] },
      { name: 'Portal', slug: 'portal', year: 2007, platforms: ['pc'] },
    ]);
    for (const [username, overrides] of [['ann', { bio: 'Puzzles & <space>.' }], ['bob', { is_private: 1 }], ['cat', {}]] as const) {
      ids[username] = (await createUser(t.db.kysely, { username, ...overrides })).id;
      tokens[username] = await loginToken(t.app, username);
    }
  });
  afterAll(async () => {
    await t?.close();
    await remote?.close();
  });

  const put = (who: string, game: string, body: object) => t.app.inject({ method: 'PUT', url: `/api/users/${who}/library/${game}`, headers: bearer(tokens[who]!), payload: body });
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
  const ofType = (type: string, noteContains: string) => (d: Delivery) =>
    d.status === 202 && d.activity.type === type && JSON.stringify(d.activity.object ?? '').includes(noteContains);

  it('answers WebFinger for acct:username@host with the actor', async () => {
    const res = await t.app.inject({ url: `/.well-known/webfinger?resource=${encodeURIComponent('acct:ann@vgl.test')}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/jrd+json');
    const jrd = res.json();
    expect(jrd.subject).toBe('acct:ann@vgl.test');
    expect(jrd.links).toEqual(expect.arrayContaining([{ rel: 'self', type: 'application/activity+json', href: actorOf('ann') }]));
    expect(jrd.links).toEqual(expect.arrayContaining([expect.objectContaining({ rel: 'http://webfinger.net/rel/profile-page', href: `${ORIGIN}/u/ann` })]));
    for (const resource of ['acct:nobody@vgl.test', 'acct:ann@elsewhere.example']) {
      expect((await t.app.inject({ url: `/.well-known/webfinger?resource=${encodeURIComponent(resource)}` })).statusCode, resource).toBe(404);
    }
    expect((await t.app.inject({ url: '/.well-known/webfinger' })).statusCode).toBe(400);
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
    // The avatar, when there is one, is the actor's icon.
    expect(actor.icon).toBeUndefined();
    await t.db.kysely.updateTable('users').set({ avatar: 'f00.webp' }).where('id', '=', ids.ann!).execute();
    expect((await t.app.inject({ url: `/ap/users/${ids.ann}`, headers: AP_JSON })).json().icon).toEqual({ type: 'Image', url: `${ORIGIN}/uploads/avatars/f00.webp`, mediaType: 'image/webp' });
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
    for (const garbage of ['{"type": "Follow", ', '{}', '[]', '"a string"', '{"@context": 5, "type": "Follow"}', '']) {
      const res = await t.app.inject({ method: 'POST', url: `/ap/users/${ids.ann}/inbox`, headers: { 'content-type': 'application/activity+json' }, payload: garbage });
      expect(res.statusCode, `${garbage} → ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, garbage).toBeLessThan(500);
    }
    // Signed, but not an activity: refused all the same.
    const notAnActivity = await remote.signedPost(`${actorOf('ann')}/inbox`, { '@context': 'https://www.w3.org/ns/activitystreams', id: remoteActivityId(remote.origin), type: 'Nonsense', actor: 5 });
    expect(notAnActivity.statusCode, notAnActivity.body).toBeGreaterThanOrEqual(400);
    expect(notAnActivity.statusCode, notAnActivity.body).toBeLessThan(500);
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

  it('lists a public member’s remote followers to anyone, and a private member’s to no one', async () => {
    const collection = await t.app.inject({ url: `/ap/users/${ids.ann}/followers`, headers: AP_JSON });
    expect(collection.statusCode).toBe(200);
    expect(collection.json()).toMatchObject({ type: 'OrderedCollection', totalItems: 1 });
    const page = await t.app.inject({ url: `/ap/users/${ids.ann}/followers?cursor=0`, headers: AP_JSON });
    expect(page.json().orderedItems).toEqual([remote.actorId]);
    expect((await t.app.inject({ url: `/ap/users/${ids.bob}/followers`, headers: AP_JSON })).statusCode).toBe(401);
  });

  it('keeps a follow of a private profile waiting, with no Accept', async () => {
    const res = await follow('bob');
    expect(res.statusCode, res.body).toBe(202);
    expect((await followers()).find((f) => f.user_id === ids.bob)).toMatchObject({ state: 'pending' });
    await sleep(1000);
    expect(remote.deliveries.filter((d) => d.activity.type === 'Accept')).toHaveLength(1);
  });

  it('sends a public review to the followers’ shared inbox as a Create(Note) that reads well on Mastodon', async () => {
    const review = 'The sun was the clock all along.\n\nThe **ending** made me cry.';
    expect((await put('ann', 'outer-wilds', { status: 2, rating: 9, review })).statusCode).toBe(201);
    const create = await remote.waitFor(ofType('Create', 'Outer Wilds'), 'the Create');
    signedBy(create, 'ann');
    expect(create.path).toBe('/inbox');
    const note = create.activity.object as Record<string, unknown>;
    expect(create.activity).toMatchObject({ actor: actorOf('ann'), to: 'as:Public', cc: `${actorOf('ann')}/followers` });
    expect(note).toMatchObject({
      type: 'Note',
      attributedTo: actorOf('ann'),
      url: `${ORIGIN}/u/ann/reviews/outer-wilds`,
      attachment: { type: 'Image', url: 'https://images.igdb.com/igdb/image/upload/t_cover_big/co1abc.jpg', mediaType: 'image/jpeg' },
    });
    expect(note.content).toBe(
      '<p>Review of <strong>Outer Wilds</strong> ★★★★½ 4.5/5</p><p>The sun was the clock all along.</p><p>The <strong>ending</strong> made me cry.</p>' +
        `<p><a href="${ORIGIN}/u/ann/reviews/outer-wilds">On VGL</a></p>`,
    );
    expect(note.sensitive).toBe(false);
    expect(note.published).toEqual(expect.any(String));
    // What Mastodon reads, expanded by jsonld: a Note to the public, by ann.
    const [expanded] = (await expandJsonLd(create.activity)) as Record<string, unknown>[];
    expect(expanded!['@type']).toEqual([`${AS}Create`]);
    expect(expanded![`${AS}to`]).toEqual([{ '@id': PUBLIC }]);
    const object = (expanded![`${AS}object`] as Record<string, unknown>[])[0]!;
    expect(object['@type']).toEqual([`${AS}Note`]);
    expect(object[`${AS}attributedTo`]).toEqual([{ '@id': actorOf('ann') }]);
    // The note is at its id, and in the outbox.
    const fetched = await t.app.inject({ url: onVgl(note.id as string), headers: AP_JSON });
    expect(fetched.json()).toMatchObject({ id: note.id, content: note.content });
    const outbox = await t.app.inject({ url: `/ap/users/${ids.ann}/outbox?cursor=0`, headers: AP_JSON });
    expect(outbox.json().orderedItems).toEqual([expect.objectContaining({ type: 'Create', object: expect.objectContaining({ id: note.id }) })]);
  });

  it('sends an edit as an Update, a spoiler mark as a content warning, and a deletion as a Delete of a Tombstone', async () => {
    const create = await remote.waitFor(ofType('Create', 'Outer Wilds'), 'the Create');
    const noteId = (create.activity.object as { id: string }).id;
    expect((await put('ann', 'outer-wilds', { status: 2, rating: 10, review: 'Even better the second time.', spoilers: true })).statusCode).toBe(200);
    const update = await remote.waitFor(ofType('Update', 'Even better'), 'the Update');
    signedBy(update, 'ann');
    expect(update.activity.object).toMatchObject({ id: noteId, summary: 'Spoilers: Outer Wilds', sensitive: true, content: expect.stringContaining('★★★★★ 5/5') });
    expect((await t.app.inject({ method: 'DELETE', url: '/api/users/ann/library/outer-wilds', headers: bearer(tokens.ann!) })).statusCode).toBe(204);
    const deletion = await remote.waitFor((d) => d.activity.type === 'Delete', 'the Delete');
    signedBy(deletion, 'ann');
    expect(deletion.activity.object).toMatchObject({ id: noteId, type: 'Tombstone' });
    expect((await t.app.inject({ url: onVgl(noteId), headers: AP_JSON })).statusCode).toBe(404);
  });

  it('sends nothing of a review that is not public, and deletes one made non-public', async () => {
    const before = remote.deliveries.length;
    expect((await put('ann', 'celeste', { status: 2, rating: 8, review: 'Only for me.', reviewVisibility: 'private' })).statusCode).toBe(201);
    expect((await put('ann', 'hades', { status: 2, rating: 8, review: 'For my followers here.', reviewVisibility: 'followers' })).statusCode).toBe(201);
    expect((await put('ann', 'tunic', { status: 2, rating: 8, review: 'A fox in a green tunic.' })).statusCode).toBe(201);
    const create = await remote.waitFor(ofType('Create', 'green tunic'), 'the public review');
    const noteId = (create.activity.object as { id: string }).id;
    await sleep(1000);
    expect(remote.deliveries.slice(before).map((d) => d.activity.type)).toEqual(['Create']);
    // Made followers-only: gone from the fediverse.
    expect((await put('ann', 'tunic', { status: 2, rating: 8, review: 'A fox in a green tunic.', reviewVisibility: 'followers' })).statusCode).toBe(200);
    const deletion = await remote.waitFor((d) => d.activity.type === 'Delete' && (d.activity.object as { id?: string }).id === noteId, 'the Delete of the review made followers-only');
    signedBy(deletion, 'ann');
  });

  it('publishes nothing for a private profile, and deletes what a member published before going private', async () => {
    expect((await put('bob', 'tunic', { status: 2, rating: 6, review: 'Bob thinks it is fine.' })).statusCode).toBe(201);
    // cat is followed from the remote server, publishes, then makes her profile private.
    expect((await follow('cat')).statusCode).toBe(202);
    expect((await put('cat', 'celeste', { status: 2, rating: 7, review: 'Cat climbed the mountain.' })).statusCode).toBe(201);
    const create = await remote.waitFor(ofType('Create', 'Cat climbed'), 'cat’s review');
    const noteId = (create.activity.object as { id: string }).id;
    expect((await t.app.inject({ method: 'PUT', url: '/api/profile/privacy', headers: bearer(tokens.cat!), payload: { isPrivate: true } })).statusCode).toBe(200);
    const deletion = await remote.waitFor((d) => d.activity.type === 'Delete' && (d.activity.object as { id?: string }).id === noteId, 'cat’s Delete');
    signedBy(deletion, 'cat');
    expect((await put('cat', 'hades', { status: 2, rating: 7, review: 'Cat escaped the underworld.' })).statusCode).toBe(201);
    await sleep(1000);
    expect(remote.deliveries.some((d) => JSON.stringify(d.activity).includes('Bob thinks') || JSON.stringify(d.activity).includes('escaped the underworld'))).toBe(false);
  });

  it('accepts the follows a private profile kept waiting once it is public, and sends its public reviews', async () => {
    expect((await t.app.inject({ method: 'PUT', url: '/api/profile/privacy', headers: bearer(tokens.bob!), payload: { isPrivate: false } })).statusCode).toBe(200);
    const accept = await remote.waitFor((d) => d.activity.type === 'Accept' && d.activity.actor === actorOf('bob'), 'bob’s Accept');
    signedBy(accept, 'bob');
    expect(accept.activity.object).toMatchObject({ type: 'Follow', actor: remote.actorId, object: actorOf('bob') });
    expect((await followers()).find((f) => f.user_id === ids.bob)).toMatchObject({ state: 'accepted' });
    signedBy(await remote.waitFor(ofType('Create', 'Bob thinks'), 'bob’s review'), 'bob');
  });

  it('follows a review written and edited through the game’s first play', async () => {
    const made = await t.app.inject({ method: 'POST', url: '/api/users/ann/library/portal/plays', headers: bearer(tokens.ann!), payload: { startedOn: '2024-01-01', rating: 8, review: 'Thinking with portals.' } });
    expect(made.statusCode, made.body).toBe(201);
    const create = await remote.waitFor(ofType('Create', 'Thinking with portals'), 'the Create of the play’s review');
    signedBy(create, 'ann');
    const edited = await t.app.inject({ method: 'PUT', url: `/api/users/ann/plays/${made.json().id}`, headers: bearer(tokens.ann!), payload: { startedOn: '2024-01-01', finishedOn: '2024-01-05', rating: 10, review: 'Still alive.' } });
    expect(edited.statusCode, edited.body).toBe(200);
    const update = await remote.waitFor(ofType('Update', 'Still alive'), 'the Update of the play’s review');
    expect(update.activity.object).toMatchObject({ id: (create.activity.object as { id: string }).id, content: expect.stringContaining('★★★★★ 5/5') });
  });

  it('retries a delivery the remote server refused for a while, and delivers it once', async () => {
    // The play the test before finished goes out as its own Note, after its write: delivered before the outage
    // starts, so the two refusals are the review's.
    await remote.waitFor(ofType('Create', 'Finished'), 'the Create of the finished play', 20_000);
    remote.failNext(2, 503);
    expect((await put('ann', 'hades', { status: 2, rating: 9, review: 'Retried until it got through.', reviewVisibility: 'public' })).statusCode).toBe(200);
    const create = await remote.waitFor(ofType('Create', 'Retried until'), 'the retried Create', 20_000);
    signedBy(create, 'ann');
    await sleep(1000);
    const attempts = remote.deliveries.filter((d) => JSON.stringify(d.activity).includes('Retried until'));
    expect(attempts.map((d) => d.status)).toEqual([503, 503, 202]);
  });

  it('deletes elsewhere a review a moderator removes or hides, and every review of a member suspended (sent again when unsuspended)', async () => {
    const mod = await createUser(t.db.kysely, { username: 'mod', role: 'moderator' });
    const modToken = await loginToken(t.app, mod.username);
    expect((await put('ann', 'celeste', { status: 2, rating: 8, review: 'Now for everyone: a climb worth it.', reviewVisibility: 'public' })).statusCode).toBe(200);
    await remote.waitFor(ofType('Create', 'a climb worth it'), 'the Create of the review made public');
    const published = await t.db.kysely.selectFrom('federation_notes').select(['entry_id', 'object_key']).where('user_id', '=', ids.ann!).orderBy('entry_id').execute();
    expect(published.length).toBeGreaterThanOrEqual(3);
    const noteIdOf = (key: string) => `${ORIGIN}/ap/notes/${key}`;
    const deleted = (key: string) => (d: Delivery) => d.activity.type === 'Delete' && (d.activity.object as { id?: string }).id === noteIdOf(key);
    const [removed, ...kept] = published;
    const removal = await t.app.inject({ method: 'DELETE', url: `/api/admin/reviews/${removed!.entry_id}`, headers: bearer(modToken), payload: { reason: 'Spoils the ending for everyone.' } });
    expect(removal.statusCode, removal.body).toBe(204);
    signedBy(await remote.waitFor(deleted(removed!.object_key), 'the Delete of the removed review'), 'ann');
    // A review reported and hidden by a moderator goes the same way.
    const [hidden] = kept.splice(0, 1);
    const report = await t.app.inject({ method: 'POST', url: '/api/reports', headers: bearer(tokens.cat!), payload: { targetType: 'review', targetId: hidden!.entry_id, reason: 'spam' } });
    expect(report.statusCode, report.body).toBe(201);
    const resolution = await t.app.inject({ method: 'POST', url: `/api/admin/reports/${report.json().id}/resolve`, headers: bearer(modToken), payload: { action: 'hide' } });
    expect(resolution.statusCode, resolution.body).toBe(204);
    signedBy(await remote.waitFor(deleted(hidden!.object_key), 'the Delete of the hidden review'), 'ann');
    const suspension = await t.app.inject({ method: 'POST', url: `/api/admin/users/${ids.ann}/suspend`, headers: bearer(modToken), payload: { reason: 'Spam in every review.' } });
    expect(suspension.statusCode, suspension.body).toBe(200);
    for (const note of kept) signedBy(await remote.waitFor(deleted(note.object_key), `the Delete of note ${note.object_key}`), 'ann');
    expect((await t.app.inject({ url: `/ap/users/${ids.ann}`, headers: AP_JSON })).statusCode).toBe(404);
    const before = remote.deliveries.length;
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/users/${ids.ann}/unsuspend`, headers: bearer(modToken) })).statusCode).toBe(200);
    await remote.waitFor((d) => remote.deliveries.indexOf(d) >= before && d.activity.type === 'Create', 'a review sent again');
    // Her reviews (the first play finished in Portal is sent again too, as its own note: federation.plays-lists.test.ts).
    const reviewCreate = (d: Delivery) => d.activity.type === 'Create' && !(d.activity.object as { id: string }).id.includes('/ap/notes/play-');
    await eventuallyCount(() => remote.deliveries.slice(before).filter(reviewCreate).length, kept.length);
  });

  it('sends a Delete of each published review and of the actor when a followed member deletes their account', async () => {
    const published = await t.db.kysely.selectFrom('federation_notes').select('object_key').where('user_id', '=', ids.bob!).execute();
    expect(published).toHaveLength(1);
    const gone = await t.app.inject({ method: 'DELETE', url: '/api/profile', headers: bearer(tokens.bob!), payload: { password: PASSWORD } });
    expect(gone.statusCode, gone.body).toBe(204);
    const noteDeletion = await remote.waitFor((d) => d.activity.type === 'Delete' && (d.activity.object as { id?: string }).id === `${ORIGIN}/ap/notes/${published[0]!.object_key}`, 'the Delete of bob’s review');
    // Signed with the key remote servers know bob by, though it is gone from here with his account.
    signedBy(noteDeletion, 'bob');
    const actorDeletion = await remote.waitFor((d) => d.activity.type === 'Delete' && d.activity.object === actorOf('bob'), 'the Delete of bob');
    signedBy(actorDeletion, 'bob');
    expect((await t.app.inject({ url: `/ap/users/${ids.bob}`, headers: AP_JSON })).statusCode).toBe(404);
  });

  it('forgets a follower on Undo(Follow), and all of an actor’s follows when it is deleted', async () => {
    const followActivity = { id: remoteActivityId(remote.origin), type: 'Follow', actor: remote.actorId, object: actorOf('ann') };
    const undo = await remote.signedPost(`${actorOf('ann')}/inbox`, { '@context': 'https://www.w3.org/ns/activitystreams', id: remoteActivityId(remote.origin), type: 'Undo', actor: remote.actorId, object: followActivity });
    expect(undo.statusCode, undo.body).toBe(202);
    expect((await followers()).map((f) => f.user_id)).toEqual([ids.cat]);
    const del = await remote.signedPost(`${ORIGIN}/ap/inbox`, { '@context': 'https://www.w3.org/ns/activitystreams', id: remoteActivityId(remote.origin), type: 'Delete', actor: remote.actorId, object: remote.actorId });
    expect(del.statusCode, del.body).toBe(202);
    expect(await followers()).toEqual([]);
  });
});

import { FOLLOWING_MESSAGES, type RemotePost, type RemotePostReply } from '@vgl/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { dbKinds } from '../../test/databases.js';
import { expandJsonLd } from '../../test/jsonld-offline.js';
import { remoteActivityId, startFakeFediverse, type Delivery, type FakeFediverse } from '../../test/fake-fediverse.js';
import { bearer, createUser, loginToken } from '../../test/users.js';

const ORIGIN = 'https://vgl.test';
const AS_CONTEXT = 'https://www.w3.org/ns/activitystreams';
const AS = 'https://www.w3.org/ns/activitystreams#';
const PUBLIC = 'https://www.w3.org/ns/activitystreams#Public';
const onVgl = (url: string) => new URL(url).pathname + new URL(url).search;
/** One value or a list, as JSON-LD compaction leaves it. */
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

/*
 * A member replying to a post of an account they follow on another server
 * (issue 40), against the fake Mastodon: the Create of the reply's Note and
 * its Delete are verified there by a third-party HTTP Signatures library.
 */
describe.each(dbKinds)('replies to posts of accounts on other servers on %s', (kind) => {
  let t: TestApp;
  let remote: FakeFediverse;
  const ids: Record<string, number> = {};
  const tokens: Record<string, string> = {};
  const actorOf = (who: string) => `${ORIGIN}/ap/users/${ids[who]}`;
  let post: RemotePost;
  let host = '';

  const api = (who: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(tokens[who]!), ...(payload !== undefined ? { payload: payload as object } : {}) });
  const feed = async (who: string) => (await api(who, 'GET', '/api/federation/feed')).json() as RemotePost[];
  const replyTo = (who: string, postId: number, text: unknown) => api(who, 'POST', `/api/federation/feed/${postId}/replies`, { text });
  const fetchNote = (uri: string) => t.app.inject({ url: onVgl(uri), headers: { accept: 'application/activity+json', host: 'vgl.test' } });
  const signedBy = (d: Delivery, who: string) => {
    expect(d.verified).toBe(true);
    expect(d.keyOwner).toBe(actorOf(who));
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { FEDERATION: 'on' }, federation: { allowPrivateHttp: true, retryInitialDelayMs: 200 } });
    remote = await startFakeFediverse({
      fetchFromVgl: async (url) => t.app.inject({ url: onVgl(url), headers: { accept: 'application/activity+json', host: 'vgl.test' } }),
      postToVgl: async (url, headers, body) => t.app.inject({ method: 'POST', url: onVgl(url), headers, payload: body }),
    });
    host = new URL(remote.origin).host;
    for (const username of ['ann', 'bob']) {
      ids[username] = (await createUser(t.db.kysely, { username })).id;
      tokens[username] = await loginToken(t.app, username);
    }
    // Ann follows alice, whose server accepts, and alice posts.
    expect((await api('ann', 'POST', '/api/federation/following', { account: remote.actorId })).statusCode).toBe(201);
    const follow = await remote.waitFor((d) => d.activity.type === 'Follow', 'the Follow');
    expect((await remote.answerFollow(follow, 'Accept', `${actorOf('ann')}/inbox`)).statusCode).toBe(202);
    const note = { id: `${remote.actorId}/statuses/1`, type: 'Note', attributedTo: remote.actorId, to: [PUBLIC], cc: [`${remote.actorId}/followers`], content: '<p>Summit reached</p>', published: new Date().toISOString() };
    expect((await remote.signedPost(`${ORIGIN}/ap/inbox`, { '@context': AS_CONTEXT, id: remoteActivityId(remote.origin), type: 'Create', actor: remote.actorId, object: note })).statusCode).toBe(202);
    [post] = (await feed('ann')) as [RemotePost];
    expect(post).toMatchObject({ text: 'Summit reached', viewerReplies: [] });
  });
  afterAll(async () => {
    await t?.close();
    await remote?.close();
  });

  it('refuses empty and too long text with a comment’s messages (400), and never a 5xx for odd bodies', async () => {
    for (const [text, message] of [
      ['', 'Write something first.'],
      ['   \n ', 'Write something first.'],
      ['\u200b\u200b', 'Write something first.'],
      ['x'.repeat(2001), 'A comment must have at most 2,000 characters'],
      [undefined, 'Write something first.'],
    ] as const) {
      const res = await replyTo('ann', post.id, text);
      expect(res.statusCode, String(text)).toBe(400);
      expect(res.json().errors.text, String(text)).toBe(message);
    }
    for (const body of [{}, { text: 42 }, { text: ['a'] }, { text: null }]) {
      const res = await api('ann', 'POST', `/api/federation/feed/${post.id}/replies`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const id of ['x', '0', '-1', '99999999999999', '1.5']) expect((await replyTo('ann', id as unknown as number, 'Hi')).statusCode, id).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/api/federation/feed/${post.id}/replies`, payload: { text: 'Hi' } })).statusCode).toBe(401);
    expect(remote.deliveries.filter((d) => d.activity.type === 'Create')).toEqual([]);
  });

  it('answers 404 for a post the member cannot see: not following its author, or no such post', async () => {
    const bobs = await replyTo('bob', post.id, 'Hello');
    expect(bobs.statusCode).toBe(404);
    expect(bobs.json().message).toBe(FOLLOWING_MESSAGES.noPost);
    expect((await replyTo('ann', 999999, 'Hello')).statusCode).toBe(404);
    expect(remote.deliveries.filter((d) => d.activity.type === 'Create')).toEqual([]);
  });

  let sent: RemotePostReply;

  it('sends a Create of a public Note replying to the post, mentioning its author, its text escaped', async () => {
    const text = 'Same here! <script>alert(1)</script> & <b>"bold"</b>\nNext line\n\nSecond paragraph';
    const res = await replyTo('ann', post.id, `  ${text}  `);
    expect(res.statusCode, res.body).toBe(201);
    sent = res.json() as RemotePostReply;
    expect(sent).toEqual({ id: expect.any(Number), text, uri: expect.stringMatching(/^https:\/\/vgl\.test\/ap\/notes\/reply-/), created: expect.any(Number) });
    const create = await remote.waitFor((d) => d.activity.type === 'Create', 'the Create of the reply');
    signedBy(create, 'ann');
    expect(create.path).toBe('/users/alice/inbox');
    expect(create.activity).toMatchObject({ actor: actorOf('ann') });
    const note = create.activity.object as Record<string, unknown>;
    expect(note).toMatchObject({ type: 'Note', id: sent.uri, attributedTo: actorOf('ann'), inReplyTo: `${remote.actorId}/statuses/1` });
    // Public (however the JSON-LD compaction writes it), and to the author.
    expect(list(note.to).map((id) => (id === 'as:Public' ? PUBLIC : id))).toEqual(expect.arrayContaining([PUBLIC, remote.actorId]));
    expect(list(note.tag)).toEqual([{ type: 'Mention', href: remote.actorId, name: `@alice@${host}` }]);
    expect(note.content).toBe(
      '<p>Same here! &lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;&quot;bold&quot;&lt;/b&gt;<br>Next line</p><p>Second paragraph</p>',
    );
    expect(typeof note.published).toBe('string');
    // What Mastodon reads, expanded by a third-party JSON-LD processor: a public Note in reply to the post, tagging its author.
    const [expanded] = (await expandJsonLd(create.activity)) as Record<string, unknown>[];
    const object = (expanded![`${AS}object`] as Record<string, unknown>[])[0]!;
    expect(object['@type']).toEqual([`${AS}Note`]);
    expect(object[`${AS}inReplyTo`]).toEqual([{ '@id': `${remote.actorId}/statuses/1` }]);
    expect(object[`${AS}attributedTo`]).toEqual([{ '@id': actorOf('ann') }]);
    expect(object[`${AS}to`]).toEqual(expect.arrayContaining([{ '@id': PUBLIC }, { '@id': remote.actorId }]));
    expect((object[`${AS}tag`] as Record<string, unknown>[])[0]).toMatchObject({ '@type': [`${AS}Mention`], [`${AS}href`]: [{ '@id': remote.actorId }] });
    // Listed under the post in the member's feed, and only hers.
    expect((await feed('ann'))[0]!.viewerReplies).toEqual([sent]);
  });

  it('serves the reply’s Note at its id while it exists', async () => {
    const res = await fetchNote(sent.uri);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/activity\+json/);
    expect(res.json()).toMatchObject({ id: sent.uri, type: 'Note', attributedTo: actorOf('ann'), inReplyTo: `${remote.actorId}/statuses/1` });
  });

  it('another member cannot delete the reply (404), nor under another post', async () => {
    expect((await api('bob', 'DELETE', `/api/federation/feed/${post.id}/replies/${sent.id}`)).statusCode).toBe(404);
    const wrongPost = await api('ann', 'DELETE', `/api/federation/feed/999999/replies/${sent.id}`);
    expect(wrongPost.statusCode).toBe(404);
    expect(wrongPost.json().message).toBe(FOLLOWING_MESSAGES.noReply);
    expect((await api('ann', 'DELETE', `/api/federation/feed/${post.id}/replies/x`)).statusCode).toBe(400);
    expect((await feed('ann'))[0]!.viewerReplies).toEqual([sent]);
  });

  it('deleting the reply sends a Delete of its Note, which is then gone here', async () => {
    expect((await api('ann', 'DELETE', `/api/federation/feed/${post.id}/replies/${sent.id}`)).statusCode).toBe(204);
    const del = await remote.waitFor((d) => d.activity.type === 'Delete', 'the Delete of the reply');
    signedBy(del, 'ann');
    expect(del.activity).toMatchObject({ actor: actorOf('ann'), object: { type: 'Tombstone', id: sent.uri } });
    expect((await feed('ann'))[0]!.viewerReplies).toEqual([]);
    expect([404, 410]).toContain((await fetchNote(sent.uri)).statusCode);
    expect((await api('ann', 'DELETE', `/api/federation/feed/${post.id}/replies/${sent.id}`)).statusCode).toBe(404);
  });

  it('refuses a reply to a post of a blocked server (403), sending nothing', async () => {
    // Written straight to the table: the dashboard's block also removes the follows and posts (then it is a 404).
    await t.db.kysely.insertInto('federation_instances').values({ domain: '127.0.0.1', policy: 'block', reason: null, created_at: Date.now(), created_by: null }).execute();
    const creates = remote.deliveries.filter((d) => d.activity.type === 'Create').length;
    const res = await replyTo('ann', post.id, 'Still there?');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(FOLLOWING_MESSAGES.blocked);
    expect(remote.deliveries.filter((d) => d.activity.type === 'Create')).toHaveLength(creates);
    expect((await feed('ann'))[0]!.viewerReplies).toEqual([]);
    await t.db.kysely.deleteFrom('federation_instances').where('domain', '=', '127.0.0.1').execute();
  });
});

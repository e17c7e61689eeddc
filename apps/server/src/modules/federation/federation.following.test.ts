import { FOLLOWING_MESSAGES, type RemoteFollowing, type RemotePost } from '@vgl/shared';
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
 * A member following an account on another server (issue 40) against the
 * fake Mastodon: the Follow VGL sends is verified there by a third-party
 * HTTP Signatures library, and the fake's Accept, Reject, Create, Update and
 * Delete are signed with its own key. The fake is on 127.0.0.1 over http,
 * so accounts are named by their actor's address (Fedify looks handles up
 * over https only; parseRemoteAccount's own tests cover handles).
 */
describe.each(dbKinds)('following accounts on other servers on %s', (kind) => {
  let t: TestApp;
  let remote: FakeFediverse;
  const ids: Record<string, number> = {};
  const tokens: Record<string, string> = {};
  const actorOf = (who: string) => `${ORIGIN}/ap/users/${ids[who]}`;
  const inbox = `${ORIGIN}/ap/inbox`;
  let host = '';

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { FEDERATION: 'on' }, federation: { allowPrivateHttp: true, retryInitialDelayMs: 200 } });
    remote = await startFakeFediverse({
      fetchFromVgl: async (url) => t.app.inject({ url: onVgl(url), headers: { accept: 'application/activity+json', host: 'vgl.test' } }),
      postToVgl: async (url, headers, body) => t.app.inject({ method: 'POST', url: onVgl(url), headers, payload: body }),
    });
    host = new URL(remote.origin).host;
    await seedGames(t, [{ name: 'Celeste', slug: 'celeste', year: 2018, platforms: ['pc'] }]);
    for (const [username, role] of [['ann', 'user'], ['bob', 'user'], ['mod', 'moderator']] as const) {
      ids[username] = (await createUser(t.db.kysely, { username, role })).id;
      tokens[username] = await loginToken(t.app, username);
    }
  });
  afterAll(async () => {
    await t?.close();
    await remote?.close();
  });

  const api = (who: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url, headers: bearer(tokens[who]!), ...(payload ? { payload } : {}) });
  const follow = (who: string, account: string) => api(who, 'POST', '/api/federation/following', { account });
  const following = async (who: string) => (await api(who, 'GET', '/api/federation/following')).json() as RemoteFollowing[];
  const feed = async (who: string, query = '') => (await api(who, 'GET', `/api/federation/feed${query}`)).json() as RemotePost[];
  const postCount = async () => Number((await t.db.kysely.selectFrom('federation_posts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const rule = (domain: string, policy: 'block' | 'silence') => api('mod', 'POST', '/api/admin/federation/instances', { domain, policy, reason: 'Test' });
  const lift = (domain: string) => api('mod', 'DELETE', `/api/admin/federation/instances/${domain}`);
  const send = (activity: object) => remote.signedPost(inbox, { '@context': AS_CONTEXT, ...activity });
  let n = 0;
  const note = (content: string, overrides: object = {}) => {
    n += 1;
    return {
      id: `${remote.actorId}/statuses/${n}`,
      type: 'Note',
      attributedTo: remote.actorId,
      to: [PUBLIC],
      cc: [`${remote.actorId}/followers`],
      content,
      url: `${remote.origin}/@alice/${n}`,
      published: new Date(Date.UTC(2026, 10, 1, 12, n)).toISOString(),
      ...overrides,
    };
  };
  const create = (object: object) => send({ id: remoteActivityId(remote.origin), type: 'Create', actor: remote.actorId, object });
  const followsSent = () => remote.deliveries.filter((d) => d.activity.type === 'Follow');
  /** Signed by `who`'s key, and the third-party verifier accepted it. */
  const signedBy = (d: Delivery, who: string) => {
    expect(d.verified).toBe(true);
    expect(d.keyOwner).toBe(actorOf(who));
  };

  it('refuses what is not an account (400), and members of this instance', async () => {
    for (const [account, message] of [
      ['', FOLLOWING_MESSAGES.accountMissing],
      ['   ', FOLLOWING_MESSAGES.accountMissing],
      ['alice', FOLLOWING_MESSAGES.accountInvalid],
      ['@alice@', FOLLOWING_MESSAGES.accountInvalid],
      ['alice@localhost', FOLLOWING_MESSAGES.accountInvalid],
      ['ftp://mastodon.example/@alice', FOLLOWING_MESSAGES.accountInvalid],
      ['x'.repeat(2001), FOLLOWING_MESSAGES.accountTooLong],
      ['@ann@vgl.test', FOLLOWING_MESSAGES.member('@ann@vgl.test')],
      [`${ORIGIN}/u/ann`, FOLLOWING_MESSAGES.member(`${ORIGIN}/u/ann`)],
    ] as const) {
      const res = await follow('ann', account);
      expect(res.statusCode, account).toBe(400);
      expect(res.json().message, account).toBe(message);
    }
    expect((await api('ann', 'POST', '/api/federation/following', {})).statusCode).toBe(400);
    // Hostile shapes: never a 5xx (the fuzz test runs with FEDERATION off, so these routes are tried here).
    for (const account of [42, null, ['@a@b.example'], { id: 1 }, '\u0000@a@b.example', '\ud800@b.example', 'https://[::1', `@${'a'.repeat(1990)}@b.example`]) {
      const res = await api('ann', 'POST', '/api/federation/following', { account });
      expect(res.statusCode, JSON.stringify(account)).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, message: expect.any(String) });
    }
    for (const query of ['?limit=0', '?limit=51', '?limit=x', '?before=0', '?before=-1', '?before=99999999999999', '?before=1.5']) {
      expect((await api('ann', 'GET', `/api/federation/feed${query}`)).statusCode, query).toBe(400);
    }
    for (const id of ['x', '-1', '99999999999999', '1.5']) expect((await api('ann', 'DELETE', `/api/federation/following/${id}`)).statusCode, id).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/federation/following', payload: { account: remote.actorId } })).statusCode).toBe(401);
    expect(await following('ann')).toEqual([]);
  });

  it('answers 404 when nothing is found at the address', async () => {
    const res = await follow('ann', `${remote.origin}/users/nobody`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`No account was found at ${remote.origin}/users/nobody.`);
  });

  it('refuses an account on a blocked server without asking it anything', async () => {
    expect((await rule('127.0.0.1', 'block')).statusCode).toBe(201);
    const reads = remote.reads.length;
    const res = await follow('ann', remote.actorId);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This server is blocked here.');
    expect(remote.reads.slice(reads)).toEqual([]);
    expect(await following('ann')).toEqual([]);
    expect((await lift('127.0.0.1')).statusCode).toBe(204);
  });

  it('follows by address: a Follow signed by the member reaches their server, and waits for its Accept', async () => {
    const res = await follow('ann', remote.actorId);
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json() as RemoteFollowing;
    expect(made).toEqual({ id: expect.any(Number), name: 'Alice', handle: `@alice@${host}`, url: remote.actorId, host, state: 'pending', since: expect.any(Number) });
    const sent = await remote.waitFor((d) => d.activity.type === 'Follow', 'the Follow');
    signedBy(sent, 'ann');
    expect(sent.path).toBe('/users/alice/inbox');
    expect(sent.activity).toMatchObject({ actor: actorOf('ann'), object: remote.actorId });
    expect(String(sent.activity.id)).toMatch(new RegExp(`^${actorOf('ann')}#follows/`));
    expect(await following('ann')).toEqual([made]);
    // Again: the same follow (200), and no second Follow.
    const again = await follow('ann', `  ${remote.actorId}  `);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(made);
    await sleep(500);
    expect(followsSent()).toHaveLength(1);
    // Not accepted yet: their posts are not kept.
    expect((await create(note('<p>Too early</p>'))).statusCode).toBe(202);
    expect(await postCount()).toBe(0);
  });

  it('another member cannot see or end the follow', async () => {
    const [mine] = await following('ann');
    expect(await following('bob')).toEqual([]);
    expect((await api('bob', 'DELETE', `/api/federation/following/${mine!.id}`)).statusCode).toBe(404);
    expect((await api('bob', 'DELETE', '/api/federation/following/0')).statusCode).toBe(400);
    expect(await following('ann')).toHaveLength(1);
  });

  it('takes their server’s Accept: the follow is on', async () => {
    const res = await remote.answerFollow(followsSent()[0]!, 'Accept', `${actorOf('ann')}/inbox`);
    expect(res.statusCode, res.body).toBe(202);
    expect((await following('ann'))[0]).toMatchObject({ state: 'accepted' });
  });

  it('shows their public posts in the member’s feed, as sanitised text with the warning, title, image and link', async () => {
    const posted = note('<p>Hello <script>alert(1)</script><strong>world</strong> &amp; friends</p><p>Second <a href="javascript:x">line</a></p>', {
      summary: 'Celeste <b>ending</b>',
      attachment: [
        { type: 'Document', mediaType: 'video/mp4', url: `${remote.origin}/media/clip.mp4` },
        { type: 'Document', mediaType: 'image/png', url: `${remote.origin}/media/shot.png`, name: 'The summit' },
      ],
    });
    expect((await create(posted)).statusCode).toBe(202);
    const [post] = await feed('ann');
    expect(post).toEqual({
      id: expect.any(Number),
      account: { name: 'Alice', handle: `@alice@${host}`, url: remote.actorId, host, avatar: null },
      title: null,
      contentWarning: 'Celeste ending',
      text: 'Hello world & friends\n\nSecond line',
      image: { url: `${remote.origin}/media/shot.png`, alt: 'The summit' },
      url: posted.url,
      published: Date.parse(posted.published),
      viewerLiked: false,
      viewerReplies: [],
    });
    // Delivered again: one post. And only in the feed of who follows them.
    expect((await create(posted)).statusCode).toBe(202);
    expect(await feed('ann')).toHaveLength(1);
    expect(await feed('bob')).toEqual([]);
  });

  it('likes a post: a Like signed by the member goes to its server, once; unliking sends its Undo', async () => {
    const [post] = await feed('ann');
    const like = () => api('ann', 'POST', `/api/federation/feed/${post!.id}/like`);
    expect((await like()).statusCode).toBe(204);
    const sent = await remote.waitFor((d) => d.activity.type === 'Like', 'the Like');
    signedBy(sent, 'ann');
    expect(sent.activity).toMatchObject({ actor: actorOf('ann'), object: `${remote.actorId}/statuses/2` });
    expect((await feed('ann'))[0]).toMatchObject({ viewerLiked: true });
    expect((await like()).statusCode).toBe(204);
    // Not in bob's feed (he follows no one): 404, and nothing sent for him.
    expect((await api('bob', 'POST', `/api/federation/feed/${post!.id}/like`)).statusCode).toBe(404);
    expect((await api('ann', 'POST', '/api/federation/feed/999999/like')).statusCode).toBe(404);
    expect((await api('ann', 'DELETE', `/api/federation/feed/${post!.id}/like`)).statusCode).toBe(204);
    const undo = await remote.waitFor((d) => d.activity.type === 'Undo', 'the Undo of the Like');
    signedBy(undo, 'ann');
    expect(undo.activity).toMatchObject({ actor: actorOf('ann'), object: { type: 'Like', id: sent.activity.id, object: `${remote.actorId}/statuses/2` } });
    expect((await feed('ann'))[0]).toMatchObject({ viewerLiked: false });
    expect((await api('ann', 'DELETE', `/api/federation/feed/${post!.id}/like`)).statusCode).toBe(204);
    await sleep(300);
    expect(remote.deliveries.map((d) => d.activity.type).filter((type) => type === 'Like' || type === 'Undo')).toEqual(['Like', 'Undo']);
  });

  it('keeps followers-only posts and articles, not direct messages, replies to our reviews, or posts in another’s name', async () => {
    const before = await postCount();
    await create(note('<p>For followers</p>', { to: [`${remote.actorId}/followers`], cc: [] }));
    await create(note('<p>An article’s start</p>', { type: 'Article', name: 'Ten hours of <i>Celeste</i>' }));
    await create(note('<p>Just to you</p>', { to: [actorOf('ann')], cc: [] }));
    await create(note('<p>On your note</p>', { inReplyTo: `${ORIGIN}/ap/notes/1-aa` }));
    await create(note('<p>Not mine</p>', { attributedTo: 'https://elsewhere.example/users/eve' }));
    expect(await postCount()).toBe(before + 2);
    const [article, followersOnly] = await feed('ann');
    expect(article).toMatchObject({ title: 'Ten hours of Celeste', text: 'An article’s start' });
    expect(followersOnly).toMatchObject({ text: 'For followers' });
  });

  it('reads a VGL review’s note well', async () => {
    const review = note(
      '<p>Review of <strong>Celeste</strong> ★★★★½ 4.5/5</p><p>The climb is the story.<br>Every death teaches.</p><p><a href="https://other-vgl.example/u/zed/reviews/celeste">On VGL</a></p>',
      { summary: 'Spoilers: Celeste', attachment: [{ type: 'Image', mediaType: 'image/jpeg', url: 'https://images.igdb.com/igdb/image/upload/t_cover_big/co1.jpg', name: 'Cover of Celeste' }] },
    );
    // An https image from anywhere is kept; the fake's own http ones only because tests allow http.
    expect((await create(review)).statusCode).toBe(202);
    const [post] = await feed('ann');
    expect(post).toMatchObject({
      contentWarning: 'Spoilers: Celeste',
      text: 'Review of Celeste ★★★★½ 4.5/5\n\nThe climb is the story.\nEvery death teaches.\n\nOn VGL',
      image: { url: 'https://images.igdb.com/igdb/image/upload/t_cover_big/co1.jpg', alt: 'Cover of Celeste' },
    });
  });

  it('pages the feed by cursor, newest first', async () => {
    const all = await feed('ann');
    expect(all.length).toBeGreaterThanOrEqual(4);
    const first = await api('ann', 'GET', '/api/federation/feed?limit=2');
    expect((first.json() as RemotePost[]).map((p) => p.id)).toEqual(all.slice(0, 2).map((p) => p.id));
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toBe(String(all[1]!.id));
    const rest = await feed('ann', `?before=${cursor}&limit=50`);
    expect(rest.map((p) => p.id)).toEqual(all.slice(2).map((p) => p.id));
    expect((await api('ann', 'GET', `/api/federation/feed?before=${all.at(-1)!.id}`)).headers['x-next-cursor']).toBeUndefined();
    expect((await api('ann', 'GET', '/api/federation/feed?before=nope')).statusCode).toBe(400);
  });

  it('applies their Update and Delete', async () => {
    const posted = note('<p>First take</p>');
    await create(posted);
    const update = (object: object) => send({ id: remoteActivityId(remote.origin), type: 'Update', actor: remote.actorId, object });
    expect((await update({ ...posted, content: '<p>Second <em>take</em></p>', updated: new Date().toISOString() })).statusCode).toBe(202);
    expect((await feed('ann'))[0]).toMatchObject({ text: 'Second take' });
    // Edited into a direct message: no longer for the feed.
    expect((await update({ ...posted, content: '<p>Third</p>', to: [actorOf('ann')], cc: [] })).statusCode).toBe(202);
    expect((await feed('ann')).some((p) => p.url === posted.url)).toBe(false);
    await create({ ...posted, id: `${posted.id}b` });
    const del = { id: remoteActivityId(remote.origin), type: 'Delete', actor: remote.actorId, object: { id: `${posted.id}b`, type: 'Tombstone' } };
    const before = await postCount();
    expect((await send(del)).statusCode).toBe(202);
    expect(await postCount()).toBe(before - 1);
    expect((await feed('ann')).some((p) => p.url === posted.url)).toBe(false);
  });

  it('stores a silenced server’s posts, and tells no one', async () => {
    expect((await rule('127.0.0.1', 'silence')).statusCode).toBe(201);
    await create(note('<p>From a silenced server</p>'));
    expect((await feed('ann'))[0]).toMatchObject({ text: 'From a silenced server' });
    expect((await api('ann', 'GET', '/api/notifications')).json()).toEqual([]);
    expect((await lift('127.0.0.1')).statusCode).toBe(204);
  });

  it('a block of their server ends the follow and takes their posts out of the feed', async () => {
    // A second member following alice too, whose follow the block ends as well.
    const extra = await t.db.kysely.selectFrom('federation_following').selectAll().where('user_id', '=', ids.ann!).executeTakeFirstOrThrow();
    await t.db.kysely.insertInto('federation_following').values({ ...extra, id: undefined, user_id: ids.mod!, follow_id: `${extra.follow_id}-mod` }).execute();
    expect((await feed('mod')).length).toBeGreaterThan(0);
    expect((await rule('127.0.0.1', 'block')).statusCode).toBe(201);
    expect(await following('mod')).toEqual([]);
    expect(await feed('mod')).toEqual([]);
    expect(await postCount()).toBe(0);
    expect((await lift('127.0.0.1')).statusCode).toBe(204);
    // Ann follows her again for what follows (the block removed her follow, silently as Mastodon's suspend).
    await t.db.kysely.insertInto('federation_following').values({ ...extra, id: undefined }).execute();
  });

  it('unfollowing sends an Undo of the Follow, and their posts stop coming', async () => {
    const [mine] = await following('ann');
    const res = await api('ann', 'DELETE', `/api/federation/following/${mine!.id}`);
    expect(res.statusCode).toBe(204);
    const undo = await remote.waitFor((d) => d.activity.type === 'Undo' && (d.activity.object as { type?: string }).type === 'Follow', 'the Undo');
    signedBy(undo, 'ann');
    expect(undo.activity).toMatchObject({ actor: actorOf('ann'), object: { type: 'Follow', id: followsSent()[0]!.activity.id, actor: actorOf('ann'), object: remote.actorId } });
    expect(await following('ann')).toEqual([]);
    expect(await feed('ann')).toEqual([]);
    expect((await api('ann', 'DELETE', `/api/federation/following/${mine!.id}`)).statusCode).toBe(404);
    // Nobody follows alice now: nothing of hers is stored.
    const before = await postCount();
    expect((await create(note('<p>Into the void</p>'))).statusCode).toBe(202);
    expect(await postCount()).toBe(before);
  });

  it('a Reject ends the follow', async () => {
    expect((await follow('bob', remote.actorId)).statusCode).toBe(201);
    const sent = await remote.waitFor((d) => d.activity.type === 'Follow' && d.activity.actor === actorOf('bob'), 'bob’s Follow');
    // By its id alone this time.
    const res = await send({ id: remoteActivityId(remote.origin), type: 'Reject', actor: remote.actorId, object: sent.activity.id });
    expect(res.statusCode).toBe(202);
    expect(await following('bob')).toEqual([]);
  });

  it('an Accept from another account than the one followed changes nothing', async () => {
    expect((await follow('bob', remote.actorId)).statusCode).toBe(201);
    const sent = await remote.waitFor((d) => d.activity.type === 'Follow' && d.activity.actor === actorOf('bob') && followsSent().filter((f) => f.activity.actor === actorOf('bob')).length === 2, 'bob’s second Follow');
    // Embedded, naming bob as the follower but another account as the one followed.
    await send({ id: remoteActivityId(remote.origin), type: 'Accept', actor: remote.actorId, object: { type: 'Follow', actor: actorOf('bob'), object: `${remote.origin}/users/carol` } });
    expect((await following('bob'))[0]).toMatchObject({ state: 'pending' });
    await remote.answerFollow(sent, 'Accept', inbox);
    expect((await following('bob'))[0]).toMatchObject({ state: 'accepted' });
  });

  it('when the account is deleted, its posts and the follows of it go', async () => {
    await create(note('<p>Last words</p>'));
    // What alice posted before bob followed her shows too: posts are kept once, for whoever follows.
    expect((await feed('bob'))[0]).toMatchObject({ text: 'Last words' });
    expect((await send({ id: remoteActivityId(remote.origin), type: 'Delete', actor: remote.actorId, object: remote.actorId })).statusCode).toBe(202);
    expect(await postCount()).toBe(0);
    expect(await following('bob')).toEqual([]);
  });

  it('stores one follow of the same account asked for at once', async () => {
    const answers = await Promise.all([1, 2, 3, 4].map(() => follow('ann', remote.actorId)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(answers.map((a) => (a.json() as RemoteFollowing).id)).size).toBe(1);
    expect(await t.db.kysely.selectFrom('federation_following').select('id').where('user_id', '=', ids.ann!).execute()).toHaveLength(1);
  });
});

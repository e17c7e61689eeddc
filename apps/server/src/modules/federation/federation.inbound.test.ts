import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { newKeyPair, remoteActivityId, startFakeFediverse, type FakeFediverse } from '../../test/fake-fediverse.js';
import { bearer, createUser, loginToken } from '../../test/users.js';

const ORIGIN = 'https://vgl.test';
const AS_CONTEXT = 'https://www.w3.org/ns/activitystreams';
const PUBLIC = 'https://www.w3.org/ns/activitystreams#Public';
const AP_JSON = { accept: 'application/activity+json' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const onVgl = (url: string) => {
  const parsed = new URL(url);
  expect(parsed.origin).toBe(ORIGIN);
  return parsed.pathname + parsed.search;
};

interface CommentJson {
  _id: string;
  id: number;
  body: string;
  user: { username: string };
  viewerCan: { edit: boolean; delete: boolean };
  hiddenByModerator?: boolean;
  remote?: { actor: { handle: string; name: string | null; url: string; host: string }; url: string | null; viewerCanRemove: boolean };
}

describe.each(dbKinds)('federation: likes, boosts and replies from the fediverse on %s', (kind) => {
  let t: TestApp;
  let remote: FakeFediverse;
  const tokens: Record<string, string> = {};
  let noteId = '';
  let handle = '';
  const REVIEW = '/api/users/ann/reviews/outer-wilds';

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { FEDERATION: 'on' }, federation: { allowPrivateHttp: true } });
    remote = await startFakeFediverse({
      fetchFromVgl: async (url) => t.app.inject({ url: onVgl(url), headers: { ...AP_JSON, host: 'vgl.test' } }),
      postToVgl: async (url, headers, body) => t.app.inject({ method: 'POST', url: onVgl(url), headers, payload: body }),
    });
    handle = `@alice@${new URL(remote.origin).host}`;
    await seedGames(t, [
      { name: 'Outer Wilds', slug: 'outer-wilds', year: 2019, platforms: ['pc'] },
      { name: 'Celeste', slug: 'celeste', year: 2018, platforms: ['pc'] },
    ]);
    for (const [username, role] of [['ann', 'user'], ['cat', 'user'], ['mod', 'moderator']] as const) {
      await createUser(t.db.kysely, { username, role });
      tokens[username] = await loginToken(t.app, username);
    }
    const put = await t.app.inject({ method: 'PUT', url: '/api/users/ann/library/outer-wilds', headers: bearer(tokens.ann!), payload: { status: 2, rating: 9, review: 'The sun was the clock.' } });
    expect(put.statusCode).toBe(201);
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
    await remote?.close();
  });

  const inbox = `${ORIGIN}/ap/inbox`;
  const send = (activity: object, options?: Parameters<FakeFediverse['signedPost']>[2]) => remote.signedPost(inbox, { '@context': AS_CONTEXT, ...activity }, options);
  const like = (object = noteId, id = remoteActivityId(remote.origin)) => ({ id, type: 'Like', actor: remote.actorId, object });
  const replyNote = (content: string, overrides: object = {}) => ({
    id: `${remote.origin}/users/alice/statuses/${Math.random().toString(36).slice(2)}`,
    type: 'Note',
    attributedTo: remote.actorId,
    inReplyTo: noteId,
    to: [PUBLIC],
    cc: [`${ORIGIN}/ap/users/1`],
    content,
    url: `${remote.origin}/@alice/1`,
    published: new Date().toISOString(),
    ...overrides,
  });
  const create = (note: object) => ({ id: remoteActivityId(remote.origin), type: 'Create', actor: remote.actorId, object: note });
  const review = async () => (await t.app.inject({ url: REVIEW })).json() as { likes: number; comments: number };
  const comments = async (who?: string) => (await t.app.inject({ url: `${REVIEW}/comments`, headers: who ? bearer(tokens[who]!) : {} })).json() as CommentJson[];
  const notifications = async () =>
    (await t.app.inject({ url: '/api/notifications', headers: bearer(tokens.ann!) })).json() as { kind: string; actor: { username: string }; remoteActor?: { handle: string }; comment: { excerpt: string } | null }[];
  const reactions = async () => (await t.app.inject({ url: `${REVIEW}/fediverse` })).json() as { likes: { total: number; accounts: { handle: string }[] }; boosts: { total: number; accounts: { handle: string }[] } };
  const count = async (table: 'federation_reactions' | 'federation_replies') => Number((await t.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('refuses an unsigned Like, one signed with another key, and one whose key is on another server than its actor (401), storing nothing', async () => {
    const unsigned = await t.app.inject({ method: 'POST', url: '/ap/inbox', headers: { 'content-type': 'application/activity+json' }, payload: JSON.stringify({ '@context': AS_CONTEXT, ...like() }) });
    expect(unsigned.statusCode).toBe(401);
    expect((await send(like(), { privateKeyPem: newKeyPair().privateKey })).statusCode).toBe(401);
    const elsewhere = await send(like(), { keyId: 'https://keys.example/alice#main-key' });
    expect(elsewhere.statusCode).toBe(401);
    expect(JSON.parse(elsewhere.body).message).toBe('The signing key is not on the server of the activity’s actor.');
    expect(await count('federation_reactions')).toBe(0);
    expect((await review()).likes).toBe(0);
  });

  it('ignores (202) a Like, boost or reply of anything but a published review', async () => {
    for (const activity of [
      like(`${ORIGIN}/ap/notes/nope`),
      like(`${ORIGIN}/ap/users/1`),
      like('https://elsewhere.example/notes/1'),
      { ...like(), type: 'Announce', object: `${ORIGIN}/ap/notes/0-zz` },
      create(replyNote('<p>To nothing</p>', { inReplyTo: 'https://elsewhere.example/notes/1' })),
    ]) {
      const res = await send(activity);
      expect(res.statusCode, JSON.stringify(activity)).toBe(202);
    }
    expect(await count('federation_reactions')).toBe(0);
    expect(await count('federation_replies')).toBe(0);
    expect(await notifications()).toEqual([]);
  });

  it('takes a Like as a like of the review, marked as remote, and tells its author', async () => {
    expect((await send(like())).statusCode).toBe(202);
    expect((await review()).likes).toBe(1);
    expect(await reactions()).toMatchObject({ likes: { total: 1, accounts: [{ handle, name: 'Alice', url: remote.actorId }] }, boosts: { total: 0, accounts: [] } });
    const [told] = await notifications();
    expect(told).toMatchObject({ kind: 'review_liked', actor: { username: handle.slice(1) }, remoteActor: { handle, host: new URL(remote.origin).host } });
    // Liked again (another delivery): one like.
    expect((await send(like())).statusCode).toBe(202);
    expect((await review()).likes).toBe(1);
    expect(await notifications()).toHaveLength(1);
  });

  it('takes back a like on Undo(Like), with its unread notification', async () => {
    const undo = { id: remoteActivityId(remote.origin), type: 'Undo', actor: remote.actorId, object: like() };
    expect((await send(undo)).statusCode).toBe(202);
    expect((await review()).likes).toBe(0);
    expect(await count('federation_reactions')).toBe(0);
    expect(await notifications()).toEqual([]);
  });

  it('stores one like of two identical Likes that arrive at once', async () => {
    const same = like();
    const answers = await Promise.all([send(same), send(same), send(like()), send(like())]);
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202, 202]);
    expect(await count('federation_reactions')).toBe(1);
    expect((await review()).likes).toBe(1);
    expect((await notifications()).filter((n) => n.kind === 'review_liked')).toHaveLength(1);
  });

  it('stores a boost, tells the author, and forgets it on Undo(Announce)', async () => {
    const announce = { id: remoteActivityId(remote.origin), type: 'Announce', actor: remote.actorId, object: noteId, to: [PUBLIC] };
    expect((await send(announce)).statusCode).toBe(202);
    expect((await reactions()).boosts).toEqual({ total: 1, accounts: [expect.objectContaining({ handle })] });
    expect((await notifications()).map((n) => n.kind)).toContain('review_boosted');
    expect((await send({ id: remoteActivityId(remote.origin), type: 'Undo', actor: remote.actorId, object: announce })).statusCode).toBe(202);
    expect((await reactions()).boosts.total).toBe(0);
    expect((await notifications()).map((n) => n.kind)).not.toContain('review_boosted');
    expect((await review()).likes).toBe(1);
  });

  it('counts a silenced server’s boost without telling anyone', async () => {
    const rules = '/api/admin/federation/instances';
    const domain = new URL(remote.origin).hostname;
    expect((await t.app.inject({ method: 'POST', url: rules, headers: bearer(tokens.mod!), payload: { domain, policy: 'silence' } })).statusCode).toBe(201);
    const announce = { id: remoteActivityId(remote.origin), type: 'Announce', actor: remote.actorId, object: noteId, to: [PUBLIC] };
    expect((await send(announce)).statusCode).toBe(202);
    expect((await reactions()).boosts.total).toBe(1);
    expect((await notifications()).map((n) => n.kind)).not.toContain('review_boosted');
    expect((await send({ id: remoteActivityId(remote.origin), type: 'Undo', actor: remote.actorId, object: announce })).statusCode).toBe(202);
    expect((await t.app.inject({ method: 'DELETE', url: `${rules}/${encodeURIComponent(domain)}`, headers: bearer(tokens.mod!) })).statusCode).toBe(204);
  });

  it('shows a public reply among the review’s comments as plain text, marked remote, and tells the author', async () => {
    const html =
      '<p><span class="h-card"><a href="https://vgl.test/u/ann" class="u-url mention">@<span>ann</span></a></span> So <strong>true</strong> &amp; sad.<script>alert("x")</script></p>' +
      '<p>Line<br>two <img src=x onerror="alert(1)"><a href="javascript:alert(1)">link</a><style>p{}</style></p>';
    expect((await send(create(replyNote(html)))).statusCode).toBe(202);
    const [reply] = await comments();
    expect(reply).toMatchObject({
      _id: `r${reply!.id}`,
      body: 'So true & sad.\n\nLine\ntwo link',
      user: { username: handle.slice(1) },
      viewerCan: { edit: false, delete: false },
      remote: { actor: { handle, name: 'Alice', url: remote.actorId }, url: `${remote.origin}/@alice/1`, viewerCanRemove: false },
    });
    expect((await review()).comments).toBe(1);
    expect((await notifications()).find((n) => n.kind === 'commented')).toMatchObject({ remoteActor: { handle }, comment: { excerpt: 'So true & sad. Line two link' } });
    // The review's author may hide it; another member may not.
    expect((await comments('ann'))[0]!.remote!.viewerCanRemove).toBe(true);
    expect((await comments('cat'))[0]!.remote!.viewerCanRemove).toBe(false);
  });

  it('ignores a reply that is not public, not by the activity’s actor, or on another server than it', async () => {
    const before = await count('federation_replies');
    for (const note of [
      replyNote('<p>Just for ann</p>', { to: [`${ORIGIN}/ap/users/1`], cc: [] }),
      replyNote('<p>Putting words in bob’s mouth</p>', { attributedTo: 'https://elsewhere.example/users/bob' }),
      replyNote('<p>Someone else’s post</p>', { id: 'https://elsewhere.example/statuses/1' }),
      replyNote('<p><span class="h-card"><a class="u-url mention" href="https://vgl.test/u/ann">@ann</a></span></p>'),
    ]) {
      expect((await send(create(note))).statusCode).toBe(202);
    }
    expect(await count('federation_replies')).toBe(before);
  });

  it('edits a reply on Update and removes it on Delete', async () => {
    const note = replyNote('<p>First thought.</p>');
    await send(create(note));
    expect((await comments()).map((c) => c.body)).toContain('First thought.');
    const update = { id: remoteActivityId(remote.origin), type: 'Update', actor: remote.actorId, object: { ...note, content: '<p>Second thought.</p>' } };
    expect((await send(update)).statusCode).toBe(202);
    expect((await comments()).map((c) => c.body)).toEqual(expect.arrayContaining(['Second thought.']));
    expect((await comments()).map((c) => c.body)).not.toContain('First thought.');
    const commentsBefore = (await review()).comments;
    const del = { id: remoteActivityId(remote.origin), type: 'Delete', actor: remote.actorId, object: { id: note.id, type: 'Tombstone' } };
    expect((await send(del)).statusCode).toBe(202);
    expect((await comments()).map((c) => c.body)).not.toContain('Second thought.');
    expect((await review()).comments).toBe(commentsBefore - 1);
  });

  it('lets a moderator hide a remote reply (a member may not), and a repeated delivery does not bring it back', async () => {
    const note = replyNote('<p>Spam spam spam.</p>');
    await send(create(note));
    const spam = (await comments()).find((c) => c.body === 'Spam spam spam.')!;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/federation/replies/${spam.id}`, headers: bearer(tokens.cat!) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/federation/replies/${spam.id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/federation/replies/99999', headers: bearer(tokens.mod!) })).statusCode).toBe(404);
    const before = (await review()).comments;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/federation/replies/${spam.id}`, headers: bearer(tokens.mod!) })).statusCode).toBe(204);
    expect((await comments()).map((c) => c.body)).not.toContain('Spam spam spam.');
    expect((await comments('mod')).find((c) => c.id === spam.id && c.remote)).toMatchObject({ hiddenByModerator: true });
    expect((await review()).comments).toBe(before - 1);
    const audit = await t.db.kysely.selectFrom('audit_log').select(['actor_username', 'action', 'target_label']).where('action', '=', 'comment.delete').execute();
    expect(audit).toEqual([{ actor_username: 'mod', action: 'comment.delete', target_label: `${handle}: Spam spam spam. (remote reply)` }]);
    await send(create(note));
    expect((await comments()).map((c) => c.body)).not.toContain('Spam spam spam.');
    // The review's author may remove one under their own review too (not a moderator's act: no audit row).
    await send(create(replyNote('<p>Rude.</p>')));
    const rude = (await comments()).find((c) => c.body === 'Rude.')!;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/federation/replies/${rude.id}`, headers: bearer(tokens.ann!) })).statusCode).toBe(204);
    expect((await comments('ann')).map((c) => c.body)).not.toContain('Rude.');
    expect(await t.db.kysely.selectFrom('audit_log').select('id').where('action', '=', 'comment.delete').execute()).toHaveLength(1);
  });

  it('removes all of an account’s likes, boosts and replies when it is deleted', async () => {
    await send({ id: remoteActivityId(remote.origin), type: 'Announce', actor: remote.actorId, object: noteId });
    await send(create(replyNote('<p>Still here.</p>')));
    expect(await count('federation_reactions')).toBe(2);
    const del = await send({ id: remoteActivityId(remote.origin), type: 'Delete', actor: remote.actorId, object: remote.actorId });
    expect(del.statusCode).toBe(202);
    expect(await count('federation_reactions')).toBe(0);
    expect(await count('federation_replies')).toBe(0);
    expect(await t.db.kysely.selectFrom('federation_actors').selectAll().execute()).toEqual([]);
    expect(await review()).toMatchObject({ likes: 0, comments: 0 });
    expect(await comments()).toEqual([]);
    expect(await notifications()).toEqual([]);
  });
});

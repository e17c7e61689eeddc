import type { AdminComment, NotificationItem } from '@vgl/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { PASSWORD, bearer, createUser, loginToken } from '../../test/users.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const LIST = '/api/users/ann/lists/jrpg-canon';

/** A list is one more likeable, commentable thing: the same calls, notifications, feed and moderation as reviews. */
describe.each(dbKinds)('likes, comments, notifications, feed and moderation of lists on %s', (kind) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  let listId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, [{ name: 'Chrono Trigger', slug: 'chrono-trigger', year: 1995, platforms: ['snes'] }]);
    for (const [username, role] of [['ann', 'user'], ['bob', 'user'], ['mod', 'moderator']] as const) {
      await createUser(t.db.kysely, { username, role });
      token[username] = await loginToken(t.app, username);
    }
    await call('POST', '/api/users/bob/follow', 'ann');
    await call('POST', '/api/users/ann/follow', 'bob');
    listId = (await call('POST', '/api/users/ann/lists', 'ann', { title: 'JRPG canon', ranked: true })).json().id;
    await call('POST', `${LIST}/games`, 'ann', { game: 'chrono-trigger', note: 'Time travel done right.' });
  });
  afterAll(() => t.close());

  const call = (method: Method, url: string, who?: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? bearer(token[who]!) : {}, ...(payload ? { payload } : {}) });
  const notifications = async (who: string) => (await call('GET', '/api/notifications', who)).json() as NotificationItem[];
  const feed = async (who: string) => (await call('GET', '/api/activity', who)).json() as { verbs: string[]; actor: { username: string }; list: unknown; comment: unknown }[];
  const listRef = { username: 'ann', slug: 'jrpg-canon', title: 'JRPG canon' };

  it('tells followers a list was made', async () => {
    expect((await feed('bob'))[0]).toMatchObject({ verbs: ['created_list'], actor: { username: 'ann' }, list: listRef });
  });

  it('likes a list with POST /api/like "l" + id, tells the owner and the feed, and takes both back on unlike', async () => {
    expect((await call('GET', `/api/like/isliked/l${listId}`, 'bob')).json()).toEqual({ isLiked: false });
    expect((await call('POST', '/api/like', 'bob', { entityId: `l${listId}` })).json()).toEqual({ isLiked: true, likes: 1 });
    expect((await call('GET', `/api/like/isliked/l${listId}`, 'bob')).json()).toEqual({ isLiked: true });
    expect((await call('GET', LIST)).json().likes).toBe(1);
    expect((await notifications('ann'))[0]).toMatchObject({ kind: 'list_liked', actor: { username: 'bob' }, list: listRef, review: null });
    expect((await feed('ann'))[0]).toMatchObject({ verbs: ['liked'], actor: { username: 'bob' }, list: listRef });

    expect((await call('POST', '/api/like', 'bob', { entityId: `l${listId}` })).json()).toEqual({ isLiked: false, likes: 0 });
    expect((await notifications('ann')).some((n) => n.kind === 'list_liked')).toBe(false);
    expect((await feed('ann')).some((i) => i.verbs.includes('liked'))).toBe(false);
    expect((await call('POST', '/api/like', 'bob', { entityId: 'l999999' })).statusCode).toBe(404);
    await call('POST', '/api/like', 'bob', { entityId: `l${listId}`, liked: true });
  });

  it('comments on a list like on a review: counted, notified, in the feed, liked, edited and deleted through the same calls', async () => {
    const posted = await call('POST', `${LIST}/comments`, 'bob', { body: 'Where is *Xenogears*?' });
    expect(posted.statusCode).toBe(201);
    const comment = posted.json();
    expect(comment).toMatchObject({ _id: `c${comment.id}`, body: 'Where is *Xenogears*?', viewerCan: { edit: true, delete: true } });
    const listed = await call('GET', `${LIST}/comments`, 'ann');
    expect(listed.headers['x-total-count']).toBe('1');
    expect(listed.json()[0].viewerCan).toEqual({ edit: false, delete: true });
    expect((await call('GET', LIST)).json().comments).toBe(1);
    expect((await notifications('ann'))[0]).toMatchObject({ kind: 'commented', list: listRef, comment: { id: comment.id }, review: null });
    expect((await feed('ann'))[0]).toMatchObject({ verbs: ['commented'], list: listRef, comment: { id: comment.id } });

    expect((await call('POST', '/api/like', 'ann', { entityId: `c${comment.id}` })).json()).toEqual({ isLiked: true, likes: 1 });
    expect((await notifications('bob'))[0]).toMatchObject({ kind: 'comment_liked', list: listRef, comment: { id: comment.id } });
    expect((await call('PUT', `/api/comments/${comment.id}`, 'bob', { body: 'Edited.' })).json().body).toBe('Edited.');

    const second = (await call('POST', `${LIST}/comments`, 'bob', { body: 'Delete me.' })).json();
    expect((await call('DELETE', `/api/comments/${second.id}`, 'ann')).statusCode).toBe(204);
    expect((await call('GET', LIST)).json().comments).toBe(1);
    expect((await call('POST', '/api/users/ann/lists/nope/comments', 'bob', { body: 'Hi' })).statusCode).toBe(404);
  });

  it('lets moderators remove a list’s comments from the dashboard, telling the author why', async () => {
    const spam = (await call('POST', `${LIST}/comments`, 'bob', { body: 'Cheap gold coins here' })).json();
    const rows = (await call('GET', '/api/admin/comments?q=gold', 'mod')).json() as AdminComment[];
    expect(rows).toEqual([{ id: spam.id, body: 'Cheap gold coins here', createdAt: expect.any(Number), user: { username: 'bob', avatar: null }, review: null, list: listRef }]);
    expect(((await call('GET', '/api/admin/comments?q=jrpg', 'mod')).json() as AdminComment[]).length).toBe(2);
    expect((await call('DELETE', `/api/admin/comments/${spam.id}`, 'mod', { reason: 'Advertising' })).statusCode).toBe(204);
    expect((await call('GET', LIST)).json().comments).toBe(1);
    expect((await notifications('bob'))[0]).toMatchObject({ kind: 'comment_removed', list: listRef, message: 'Advertising' });
  });

  it('takes a list made private out of others’ reach and feeds, and brings it back when public again', async () => {
    await call('PUT', LIST, 'ann', { title: 'JRPG canon', ranked: true, isPublic: false });
    expect((await call('GET', `/api/like/isliked/l${listId}`, 'bob')).statusCode).toBe(404);
    expect((await call('POST', `${LIST}/comments`, 'bob', { body: 'Hello?' })).statusCode).toBe(404);
    expect((await feed('bob')).some((i) => i.list !== null)).toBe(false);
    // The owner still sees what was said to them.
    expect((await notifications('ann')).some((n) => n.list !== null)).toBe(true);
    await call('PUT', LIST, 'ann', { title: 'JRPG canon', ranked: true, isPublic: true });
    expect((await feed('bob')).filter((i) => i.verbs.includes('created_list'))).toHaveLength(1);
  });

  it('takes a deleted account’s likes and comments off the list’s counts', async () => {
    await createUser(t.db.kysely, { username: 'eve' });
    token.eve = await loginToken(t.app, 'eve');
    const before = (await call('GET', LIST)).json();
    await call('POST', '/api/like', 'eve', { entityId: `l${listId}` });
    await call('POST', `${LIST}/comments`, 'eve', { body: 'Bye.' });
    expect((await call('GET', LIST)).json()).toMatchObject({ likes: before.likes + 1, comments: before.comments + 1 });
    expect((await call('DELETE', '/api/profile', 'eve', { password: PASSWORD })).statusCode).toBe(204);
    expect((await call('GET', LIST)).json()).toMatchObject({ likes: before.likes, comments: before.comments });
  });

  it('deletes a list with its likes, comments, feed items and notifications', async () => {
    expect((await call('DELETE', LIST, 'ann')).statusCode).toBe(204);
    for (const table of ['list_likes', 'comments', 'activities', 'notifications'] as const) {
      const left = await t.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('list_id', '=', listId).executeTakeFirst();
      expect(Number(left?.n)).toBe(0);
    }
    expect((await call('GET', '/api/admin/comments', 'mod')).headers['x-total-count']).toBe('0');
  });
});

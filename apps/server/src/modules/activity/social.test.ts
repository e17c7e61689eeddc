import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';
import { usersRepo } from '../users/users.repo.js';

const GAMES = [
  { name: 'Celeste', slug: 'celeste', year: 2018, platforms: ['win'] },
  { name: 'Hades', slug: 'hades', year: 2020, platforms: ['win'] },
];

describe.each(dbKinds)('follows, activity feed and notifications on %s', (kind) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, GAMES);
    for (const username of ['ann', 'bob', 'cat', 'dan']) {
      await createUser(t.db.kysely, { username });
      token[username] = await loginToken(t.app, username);
    }
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? bearer(token[who]!) : {}, ...(payload ? { payload } : {}) });
  const unread = async (who: string) => (await call('GET', '/api/activity/isunread', who)).json().unread as boolean;
  const feed = async (who: string, query = '') => (await call('GET', `/api/activity${query}`, who)).json() as { verbs: string[]; actor: { username: string }; game: { slug: string } | null; review: unknown; rating: number | null; status: number | null; targetUser: { username: string } | null }[];

  it('follows and unfollows, with counts on both profiles and the lists', async () => {
    expect((await call('POST', '/api/users/ann/follow')).statusCode).toBe(401);
    const follow = await call('POST', '/api/users/ann/follow', 'bob');
    expect(follow.json()).toEqual({ isFollowing: true, followers: 1 });
    expect((await call('POST', '/api/users/ann/follow', 'bob')).json()).toEqual({ isFollowing: true, followers: 1 });
    await call('POST', '/api/users/ann/follow', 'cat');
    await call('POST', '/api/users/cat/follow', 'bob');
    expect((await call('GET', '/api/users/ann', 'bob')).json()).toMatchObject({ counts: { followers: 2, following: 0 }, isFollowing: true });
    expect((await call('GET', '/api/users/ann')).json().isFollowing).toBeNull();
    expect((await call('GET', '/api/users/bob', 'bob')).json()).toMatchObject({ counts: { following: 2 }, isFollowing: null });
    const followers = await call('GET', '/api/users/ann/followers', 'cat');
    expect(followers.headers['x-total-count']).toBe('2');
    expect(followers.json()).toEqual([
      { username: 'cat', avatar: null, bio: null, followers: 1, isFollowing: null },
      { username: 'bob', avatar: null, bio: null, followers: 0, isFollowing: false },
    ]);
    expect((await call('GET', '/api/users/bob/following')).json().map((u: { username: string }) => u.username)).toEqual(['cat', 'ann']);
    expect((await call('POST', '/api/users/bob/follow', 'bob')).json().message).toBe("You can't follow yourself.");
    expect((await call('POST', '/api/users/nobody/follow', 'bob')).statusCode).toBe(404);
    await call('POST', '/api/users/dan/follow', 'bob');
    expect((await call('DELETE', '/api/users/dan/follow', 'bob')).json()).toEqual({ isFollowing: false, followers: 0 });
  });

  it('shows followers what the people they follow did, grouped per game, and marks it read', async () => {
    // Cat (whom bob follows) followed ann: unread until bob opens the feed.
    expect(await unread('bob')).toBe(true);
    await feed('bob');
    expect(await unread('bob')).toBe(false);
    await call('PUT', '/api/users/ann/library/celeste', 'ann', { status: 2, rating: 9, review: 'Climb it.' });
    await call('PUT', '/api/users/ann/library/hades', 'ann', { status: 4 });
    await call('PUT', '/api/users/ann/library/hades', 'ann', { status: 1 });
    expect(await unread('bob')).toBe(true);
    expect(await unread('dan')).toBe(false);
    const items = await feed('bob');
    expect(items.map((i) => [i.actor.username, i.game?.slug ?? i.targetUser?.username, i.verbs])).toEqual([
      ['ann', 'hades', ['status', 'added']],
      ['ann', 'celeste', ['reviewed', 'rated', 'added']],
      ['cat', 'ann', ['followed']],
    ]);
    expect(items[1]).toMatchObject({ rating: 9, review: { username: 'ann', slug: 'celeste' } });
    expect(items[0]!.status).toBe(1);
    expect(await unread('bob')).toBe(false);
  });

  it('shows likes, comments and follows in the feed and notifies the people they concern', async () => {
    const review = (await call('GET', '/api/users/ann/reviews/celeste')).json();
    await call('POST', '/api/like', 'cat', { entityId: review._id });
    const comment = await call('POST', '/api/users/ann/reviews/celeste/comments', 'cat', { body: 'So true, and so **hard**.' });
    await call('POST', '/api/users/dan/follow', 'cat');
    const items = await feed('bob');
    expect(items.slice(0, 3).map((i) => [i.actor.username, i.verbs[0], i.targetUser?.username ?? i.game?.slug])).toEqual([
      ['cat', 'followed', 'dan'],
      ['cat', 'commented', 'celeste'],
      ['cat', 'liked', 'celeste'],
    ]);

    const notes = await call('GET', '/api/notifications', 'ann');
    expect(notes.headers['x-total-count']).toBe('4');
    expect(notes.headers['x-unread-count']).toBe('4');
    expect(notes.json().map((n: { kind: string; actor: { username: string } }) => [n.kind, n.actor.username])).toEqual([
      ['commented', 'cat'],
      ['review_liked', 'cat'],
      ['followed', 'cat'],
      ['followed', 'bob'],
    ]);
    expect(notes.json()[0]).toMatchObject({ read: false, review: { username: 'ann', slug: 'celeste', gameName: 'Celeste' }, comment: { id: comment.json().id } });
    expect((await call('GET', '/api/notifications', 'dan')).json().map((n: { kind: string }) => n.kind)).toEqual(['followed']);

    // Nobody is told about their own doings; an un-like takes its unread notification back.
    await call('POST', '/api/like', 'ann', { entityId: review._id });
    await call('POST', '/api/like', 'cat', { entityId: review._id, liked: false });
    expect((await call('GET', '/api/notifications/unread', 'ann')).json()).toEqual({ unread: 3 });
  });

  it('marks notifications read one by one or all at once', async () => {
    const [first] = (await call('GET', '/api/notifications', 'ann')).json() as { id: number }[];
    expect((await call('POST', '/api/notifications/read', 'ann', { ids: [first!.id] })).json()).toEqual({ unread: 2 });
    expect((await call('POST', '/api/notifications/read', 'bob', { ids: [first!.id] })).json()).toEqual({ unread: 0 });
    expect((await call('POST', '/api/notifications/read', 'ann', {})).json()).toEqual({ unread: 0 });
    expect((await call('GET', '/api/notifications', 'ann')).json().every((n: { read: boolean }) => n.read)).toBe(true);
    expect((await call('POST', '/api/notifications/read', 'ann', { ids: 'all' })).statusCode).toBe(400);
    expect((await call('GET', '/api/notifications')).statusCode).toBe(401);
  });

  it('pages the feed by cursor', async () => {
    const first = await call('GET', '/api/activity?limit=2', 'bob');
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toBeTruthy();
    const next = await call('GET', `/api/activity?limit=2&before=${cursor}`, 'bob');
    expect(next.statusCode).toBe(200);
    expect(next.json().length).toBeGreaterThan(0);
    expect((await call('GET', '/api/activity?before=abc', 'bob')).statusCode).toBe(400);
    expect((await call('GET', '/api/activity')).statusCode).toBe(401);
  });

  it('hides what suspended users did from feeds, lists and notifications', async () => {
    await feed('bob');
    await call('DELETE', '/api/users/dan/follow', 'cat');
    await call('POST', '/api/users/dan/follow', 'cat', {});
    expect(await unread('bob')).toBe(true);
    const cat = (await usersRepo.findByUsername(t.db.kysely, 'cat'))!;
    await usersRepo.update(t.db.kysely, cat.id, { state: 'suspended' });
    // What a suspended account did never lights the dot it could not clear.
    expect(await unread('bob')).toBe(false);
    expect((await feed('bob')).some((i) => i.actor.username === 'cat')).toBe(false);
    const followers = await call('GET', '/api/users/ann/followers');
    expect(followers.json().map((u: { username: string }) => u.username)).toEqual(['bob']);
    expect(followers.headers['x-total-count']).toBe('1');
    const catFollows = (await call('GET', '/api/users/bob/following')).json().map((u: { username: string }) => u.username);
    expect(catFollows).not.toContain('cat');
    expect((await call('GET', '/api/users/bob/following')).headers['x-total-count']).toBe(String(catFollows.length));
    expect((await call('GET', '/api/notifications', 'ann')).json().some((n: { actor: { username: string } }) => n.actor.username === 'cat')).toBe(false);
    expect((await call('POST', '/api/users/ann/follow', 'cat')).statusCode).toBe(403);
    await usersRepo.update(t.db.kysely, cat.id, { state: 'active' });
  });
});

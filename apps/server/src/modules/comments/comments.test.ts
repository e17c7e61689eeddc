import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';
import { usersRepo } from '../users/users.repo.js';

describe.each(dbKinds)('comments on reviews on %s', (kind) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  const REVIEW = '/api/users/ann/reviews/tetris';
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, [{ name: 'Tetris', slug: 'tetris', year: 1984, platforms: ['gb'] }]);
    for (const [username, role] of [['ann', 'user'], ['bob', 'user'], ['cat', 'user'], ['mod', 'moderator']] as const) {
      await createUser(t.db.kysely, { username, role });
      token[username] = await loginToken(t.app, username);
    }
    await t.app.inject({ method: 'PUT', url: '/api/users/ann/library/tetris', headers: bearer(token.ann!), payload: { rating: 9, review: 'Blocks.' } });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? bearer(token[who]!) : {}, ...(payload ? { payload } : {}) });
  const post = (who: string, body: unknown) => call('POST', `${REVIEW}/comments`, who, { body } as object);
  const reviewCount = async () => (await call('GET', REVIEW)).json().comments as number;

  it('lists comments oldest first with the total, and keeps the review card count right', async () => {
    const first = await post('bob', '  Great **review**.  ');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ _id: `c${first.json().id}`, body: 'Great **review**.', likes: 0, user: { username: 'bob' }, viewerCan: { edit: true, delete: true } });
    await post('cat', 'Agreed.');
    const list = await call('GET', `${REVIEW}/comments`);
    expect(list.headers['x-total-count']).toBe('2');
    expect(list.json().map((c: { body: string }) => c.body)).toEqual(['Great **review**.', 'Agreed.']);
    expect(list.json()[0].viewerCan).toEqual({ edit: false, delete: false });
    expect(await reviewCount()).toBe(2);
    const paged = await call('GET', `${REVIEW}/comments?limit=1&page=2`);
    expect(paged.json().map((c: { body: string }) => c.body)).toEqual(['Agreed.']);
  });

  it('answers 401, 400 and 404 clearly', async () => {
    expect((await call('POST', `${REVIEW}/comments`, undefined, { body: 'hi' })).statusCode).toBe(401);
    const empty = await post('bob', '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.body).toBe('Write something first.');
    expect((await post('bob', 'x'.repeat(2001))).statusCode).toBe(400);
    // Only invisible characters (zero-width space, bidi marks, a Hangul filler) show as a blank comment: refused alike.
    for (const blank of ['\u200B\u200B', '\u202E \u2066\u200F', '\u3164', '\uFEFF\n\u2060']) {
      const invisible = await post('bob', blank);
      expect(invisible.statusCode).toBe(400);
      expect(invisible.json().errors.body).toBe('Write something first.');
    }
    expect((await call('POST', '/api/users/ann/reviews/nope/comments', 'bob', { body: 'hi' })).statusCode).toBe(404);
    expect((await call('PUT', '/api/comments/99999', 'bob', { body: 'hi' })).statusCode).toBe(404);
  });

  it('lets authors edit their own comments only', async () => {
    const [bobs] = (await call('GET', `${REVIEW}/comments`)).json() as { id: number }[];
    expect((await call('PUT', `/api/comments/${bobs!.id}`, 'cat', { body: 'hacked' })).statusCode).toBe(403);
    expect((await call('PUT', `/api/comments/${bobs!.id}`, 'ann', { body: 'hacked' })).statusCode).toBe(403);
    const edited = await call('PUT', `/api/comments/${bobs!.id}`, 'bob', { body: 'Edited.' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().body).toBe('Edited.');
  });

  it('lets the author, the review author and moderators delete, nobody else', async () => {
    const ids = ((await call('GET', `${REVIEW}/comments`)).json() as { id: number }[]).map((c) => c.id);
    const extra = (await post('cat', 'One more.')).json().id as number;
    expect((await call('DELETE', `/api/comments/${ids[0]}`, 'cat')).statusCode).toBe(403);
    expect((await call('DELETE', `/api/comments/${ids[0]}`)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/comments/${ids[0]}`, 'bob')).statusCode).toBe(204);
    expect((await call('DELETE', `/api/comments/${ids[1]}`, 'ann')).statusCode).toBe(204);
    expect((await call('DELETE', `/api/comments/${extra}`, 'mod')).statusCode).toBe(204);
    expect(await reviewCount()).toBe(0);
  });

  it('likes comments through the same SPEC §7 calls', async () => {
    const id = (await post('bob', 'Like me.')).json().id as number;
    const like = await call('POST', '/api/like', 'ann', { entityId: `c${id}` });
    expect(like.json()).toEqual({ isLiked: true, likes: 1 });
    expect((await call('GET', `/api/like/isliked/c${id}`, 'ann')).json()).toEqual({ isLiked: true });
    expect((await call('GET', `${REVIEW}/comments`)).json().at(-1).likes).toBe(1);
  });

  it('hides a suspended user\'s comments and stops them commenting', async () => {
    await post('cat', 'Soon hidden.');
    const cat = (await usersRepo.findByUsername(t.db.kysely, 'cat'))!;
    await usersRepo.update(t.db.kysely, cat.id, { state: 'suspended' });
    const bodies = ((await call('GET', `${REVIEW}/comments`)).json() as { body: string }[]).map((c) => c.body);
    expect(bodies).not.toContain('Soon hidden.');
    expect((await post('cat', 'Still here?')).statusCode).toBe(403);
    await usersRepo.update(t.db.kysely, cat.id, { state: 'active' });
  });

  it('re-checks the list a comment is under: gone private, its comments cannot be edited by others', async () => {
    const made = await call('POST', '/api/users/ann/lists', 'ann', { title: 'Puzzlers', isPublic: true });
    expect(made.statusCode).toBe(201);
    const comments = `/api/users/ann/lists/${made.json().slug}/comments`;
    const bobs = (await call('POST', comments, 'bob', { body: 'Nice list.' })).json().id as number;
    await call('PUT', `/api/users/ann/lists/${made.json().slug}`, 'ann', { title: 'Puzzlers', isPublic: false });
    const edit = await call('PUT', `/api/comments/${bobs}`, 'bob', { body: 'Still reading it?' });
    expect(edit.statusCode).toBe(404);
    expect(edit.json().message).toBe('There is no such comment.');
    // The owner still sees it as written.
    expect((await call('GET', comments, 'ann')).json().map((c: { body: string }) => c.body)).toEqual(['Nice list.']);
    await call('PUT', `/api/users/ann/lists/${made.json().slug}`, 'ann', { title: 'Puzzlers', isPublic: true });
    expect((await call('PUT', `/api/comments/${bobs}`, 'bob', { body: 'Edited again.' })).statusCode).toBe(200);
  });

  it('limits how fast one person comments (429 with a message)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await post('mod', `Comment ${i}`)).statusCode);
    expect(statuses.filter((s) => s === 201).length).toBe(10);
    const last = await post('mod', 'One too many');
    expect(last.statusCode).toBe(429);
    expect(last.json().message).toBe("You're doing that too often. Please wait a minute and try again.");
  });
});

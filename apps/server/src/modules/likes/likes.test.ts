import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';

describe.each(dbKinds)('likes on reviews (SPEC §7) on %s', (kind) => {
  let t: TestApp;
  let ann: string;
  let bob: string;
  let reviewId: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, [{ name: 'Tetris', slug: 'tetris', year: 1984, platforms: ['gb'] }]);
    await createUser(t.db.kysely, { username: 'ann' });
    await createUser(t.db.kysely, { username: 'bob' });
    [ann, bob] = await Promise.all([loginToken(t.app, 'ann'), loginToken(t.app, 'bob')]);
    const res = await t.app.inject({ method: 'PUT', url: '/api/users/ann/library/tetris', headers: bearer(ann), payload: { rating: 9, review: 'Blocks.' } });
    reviewId = res.json()._id;
  });
  afterAll(() => t.close());

  const like = (token: string | undefined, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/like', headers: token ? bearer(token) : {}, payload: payload as object });
  const isLiked = (token: string | undefined, id: string) =>
    t.app.inject({ method: 'GET', url: `/api/like/isliked/${id}`, headers: token ? bearer(token) : {} });
  const likesOfReview = async () => (await t.app.inject({ method: 'GET', url: '/api/users/ann/reviews/tetris' })).json().likes;

  it('needs a token for both calls', async () => {
    expect((await like(undefined, { entityId: reviewId })).statusCode).toBe(401);
    expect((await isLiked(undefined, reviewId)).statusCode).toBe(401);
  });

  it('toggles the like and keeps the count in step', async () => {
    expect((await isLiked(bob, reviewId)).json()).toEqual({ isLiked: false });
    expect((await like(bob, { entityId: reviewId })).json()).toEqual({ isLiked: true, likes: 1 });
    expect((await isLiked(bob, reviewId)).json()).toEqual({ isLiked: true });
    expect(await likesOfReview()).toBe(1);
    expect((await like(bob, { entityId: reviewId })).json()).toEqual({ isLiked: false, likes: 0 });
    expect(await likesOfReview()).toBe(0);
  });

  it('never counts a like twice, even when the same state is asked for repeatedly or concurrently', async () => {
    const results = await Promise.all([like(bob, { entityId: reviewId, liked: true }), like(bob, { entityId: reviewId, liked: true })]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    await like(ann, { entityId: Number(reviewId), liked: true });
    expect(await likesOfReview()).toBe(2);
    await like(ann, { entityId: reviewId, liked: false });
    await like(ann, { entityId: reviewId, liked: false });
    expect(await likesOfReview()).toBe(1);
  });

  it('answers 404 for unknown entities and 400 for a missing one', async () => {
    expect((await like(bob, { entityId: '999999' })).statusCode).toBe(404);
    expect((await like(bob, { entityId: 'abc' })).statusCode).toBe(404);
    expect((await isLiked(bob, '999999')).statusCode).toBe(404);
    expect((await like(bob, {})).statusCode).toBe(400);
  });
});

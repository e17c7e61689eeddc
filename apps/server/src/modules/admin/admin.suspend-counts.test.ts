import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';

describe.each(dbKinds)('comment counts when a commenter is suspended, on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let bobId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, [{ name: 'Hades', slug: 'hades', platforms: ['switch'] }]);
    await createUser(t.db.kysely, { username: 'ann' });
    bobId = (await createUser(t.db.kysely, { username: 'bob' })).id;
    await createUser(t.db.kysely, { username: 'boss', role: 'admin' });
    for (const name of ['ann', 'bob', 'boss']) tokens[name] = await loginToken(t.app, name);
    expect((await t.app.inject({ method: 'PUT', url: '/api/users/ann/library/hades', headers: bearer(tokens.ann!), payload: { rating: 8, review: 'Great runs.' } })).statusCode).toBe(201);
    const review = (await t.app.inject({ method: 'GET', url: '/api/users/ann/reviews/hades' })).json<{ slug: string }>();
    const posted = await t.app.inject({ method: 'POST', url: `/api/users/ann/reviews/${review.slug}/comments`, headers: bearer(tokens.bob!), payload: { body: 'Agreed!' } });
    expect(posted.statusCode).toBe(201);
  });
  afterAll(() => t.close());

  const counts = async () => {
    const review = (await t.app.inject({ method: 'GET', url: '/api/users/ann/reviews/hades', headers: bearer(tokens.ann!) })).json<{ comments: number }>();
    const list = await t.app.inject({ method: 'GET', url: '/api/users/ann/reviews/hades/comments', headers: bearer(tokens.ann!) });
    return { card: review.comments, section: Number(list.headers['x-total-count'] ?? (list.json() as unknown[]).length) };
  };

  it('counts only the comments people can see, and counts them again after unsuspending', async () => {
    expect(await counts()).toEqual({ card: 1, section: 1 });
    const admin = { headers: bearer(tokens.boss!) };
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/users/${bobId}/suspend`, ...admin, payload: { reason: 'Spam links' } })).statusCode).toBe(200);
    expect(await counts()).toEqual({ card: 0, section: 0 });
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/users/${bobId}/unsuspend`, ...admin })).statusCode).toBe(200);
    expect(await counts()).toEqual({ card: 1, section: 1 });
  });
});

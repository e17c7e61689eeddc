import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';

describe.each(dbKinds)('friends who played a game on %s', (kind) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, [
      { name: 'Hades', slug: 'hades', platforms: ['switch'] },
      { name: 'Celeste', slug: 'celeste', platforms: ['switch'] },
    ]);
    await createUser(t.db.kysely, { username: 'me' });
    token = await loginToken(t.app, 'me');
    const put = async (username: string, slug: string, body: object) => {
      const tok = await loginToken(t.app, username);
      const res = await t.app.inject({ method: 'PUT', url: `/api/users/${username}/library/${slug}`, headers: bearer(tok), payload: body });
      expect(res.statusCode).toBe(201);
    };
    for (const name of ['ann', 'bob', 'cat', 'dan', 'stranger']) await createUser(t.db.kysely, { username: name });
    await put('ann', 'hades', { status: 2, rating: 9, review: 'Loved every run.' });
    await put('bob', 'hades', { status: 1 });
    await put('dan', 'hades', { status: 4 });
    await put('cat', 'celeste', { status: 2 });
    await put('stranger', 'hades', { status: 2, rating: 2 });
    for (const name of ['ann', 'bob', 'cat', 'dan']) {
      expect((await t.app.inject({ method: 'POST', url: `/api/users/${name}/follow`, headers: bearer(token) })).statusCode).toBe(200);
    }
    // A suspended friend is left out.
    await t.db.kysely.updateTable('users').set({ state: 'suspended' }).where('username', '=', 'dan').execute();
  });
  afterAll(() => t.close());

  const friends = (slug: string, headers: Record<string, string> = bearer(token)) => t.app.inject({ method: 'GET', url: `/api/igdb/games/${slug}/friends`, headers });

  it('lists the people you follow who logged the game, with status and rating, the latest first', async () => {
    const res = await friends('hades');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ total: number; items: { user: { username: string }; status: number | null; rating: number | null; reviewSlug: string | null }[] }>();
    expect(body.total).toBe(2);
    expect(body.items.map((i) => [i.user.username, i.status, i.rating, i.reviewSlug !== null])).toEqual([
      ['bob', 1, null, false],
      ['ann', 2, 9, true],
    ]);
  });

  it('is empty when nobody you follow has it, 404 for an unknown game, 401 without a login', async () => {
    expect((await friends('celeste')).json()).toMatchObject({ total: 1 });
    const other = await loginToken(t.app, 'stranger');
    expect((await friends('hades', bearer(other))).json()).toEqual({ total: 0, items: [] });
    expect((await friends('no-such-game')).statusCode).toBe(404);
    expect((await friends('hades', {})).statusCode).toBe(401);
  });
});

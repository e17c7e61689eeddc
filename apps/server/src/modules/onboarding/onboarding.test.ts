import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';

describe.each(dbKinds)('a new member’s first steps on %s', (kind) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, [{ name: 'Hades', slug: 'hades', platforms: ['switch'] }]);
    await createUser(t.db.kysely, { username: 'newbie' });
    token = await loginToken(t.app, 'newbie');
  });
  afterAll(() => t.close());

  const get = (url: string, tok = token) => t.app.inject({ method: 'GET', url, headers: bearer(tok) });

  it('starts with no step taken and follows each one', async () => {
    expect((await get('/api/profile/first-steps')).json()).toEqual({ loggedGame: false, imported: false, followed: false, madeList: false });
    await t.app.inject({ method: 'PUT', url: '/api/users/newbie/library/hades', headers: bearer(token), payload: { status: 1 } });
    await createUser(t.db.kysely, { username: 'friend' });
    await t.app.inject({ method: 'POST', url: '/api/users/friend/follow', headers: bearer(token) });
    expect((await get('/api/profile/first-steps')).json()).toEqual({ loggedGame: true, imported: false, followed: true, madeList: false });
    const csv = 'record_type,title,year,status,rating_stars\nlibrary,Hades,,Beaten,4.5\n';
    const imported = await t.app.inject({ method: 'POST', url: '/api/users/newbie/library/import', headers: bearer(token), payload: { csv } });
    expect(imported.statusCode, imported.body).toBe(200);
    expect((await get('/api/profile/first-steps')).json()).toEqual({ loggedGame: true, imported: true, followed: true, madeList: false });
    const list = await t.app.inject({ method: 'POST', url: '/api/lists', headers: bearer(token), payload: { title: 'Roguelikes', ranked: false, public: true } });
    if (list.statusCode === 201) expect((await get('/api/profile/first-steps')).json()).toMatchObject({ madeList: true });
    expect((await get('/api/profile/first-steps', '')).statusCode).toBe(401);
  });

  it('suggests the most followed members and the authors of the most liked reviews, not oneself or whom one follows', async () => {
    const k = t.db.kysely;
    const star = await createUser(k, { username: 'star' });
    const critic = await createUser(k, { username: 'critic' });
    const gone = await createUser(k, { username: 'gone' });
    await k.updateTable('users').set({ followers_count: 50 }).where('id', '=', star.id).execute();
    await k.updateTable('users').set({ followers_count: 99, state: 'suspended' }).where('id', '=', gone.id).execute();
    const criticToken = await loginToken(t.app, 'critic');
    await t.app.inject({ method: 'PUT', url: '/api/users/critic/library/hades', headers: bearer(criticToken), payload: { status: 2, review: 'A great loop.' } });
    await k.updateTable('library_entries').set({ likes_count: 7 }).where('user_id', '=', critic.id).execute();

    await createUser(k, { username: 'fresh' });
    const freshToken = await loginToken(t.app, 'fresh');
    const suggested = (await get('/api/activity/suggestions', freshToken)).json<{ user: { username: string }; reason: string; reviewLikes: number }[]>();
    expect(suggested.map((s) => [s.user.username, s.reason])).toEqual([
      ['star', 'most-followed'],
      ['critic', 'most-liked'],
      ['friend', 'most-followed'],
    ]);
    expect(suggested[1]!.reviewLikes).toBe(7);
    // The newbie follows "friend" (followers_count 1): they are left out for the newbie, and 'newbie' never suggests itself.
    const forNewbie = (await get('/api/activity/suggestions')).json<{ user: { username: string } }[]>();
    expect(forNewbie.map((s) => s.user.username)).not.toContain('friend');
    expect(forNewbie.map((s) => s.user.username)).not.toContain('newbie');
  });
});

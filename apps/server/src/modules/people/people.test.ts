import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';

interface Card {
  username: string;
  avatar: string | null;
  bio: string | null;
  followers: number;
  games: number;
  isFollowing: boolean | null;
  mutuals?: number;
}

describe.each(dbKinds)('finding people on %s', (kind) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  const follow = async (who: string, whom: string) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/users/${whom}/follow`, headers: bearer(tokens[who]!) });
    expect(res.statusCode).toBe(200);
  };
  const get = (url: string, who?: string) => t.app.inject({ method: 'GET', url, headers: who ? bearer(tokens[who]!) : {} });
  const names = (body: Card[]) => body.map((c) => c.username);

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, [
      { name: 'Hades', slug: 'hades', platforms: ['switch'] },
      { name: 'Celeste', slug: 'celeste', platforms: ['switch'] },
    ]);
    // "Ann_Lee" and "annabel" start with "ann"; "joanna" and "xann" only contain it.
    const people = ['me', 'Ann_Lee', 'annabel', 'joanna', 'xann', 'bob', 'bobby', 'cat', 'dan', 'eve', 'fay'];
    for (const username of people) await createUser(t.db.kysely, { username });
    await createUser(t.db.kysely, { username: 'annsus', state: 'suspended' });
    await createUser(t.db.kysely, { username: 'annpending', state: 'pending', activated_at: null });
    for (const username of people) tokens[username] = await loginToken(t.app, username);
  });
  afterAll(() => t.close());

  describe('member search', () => {
    beforeAll(async () => {
      // annabel is followed more than Ann_Lee; xann more than joanna.
      await follow('bob', 'annabel');
      await follow('cat', 'annabel');
      await follow('bob', 'Ann_Lee');
      await follow('bob', 'xann');
      await follow('cat', 'xann');
      await follow('cat', 'bobby');
    });

    it('lists usernames that start with the words first (most followed first), then those that contain them, any case', async () => {
      const res = await get('/api/users?q=ANN');
      expect(res.statusCode).toBe(200);
      expect(names(res.json())).toEqual(['annabel', 'Ann_Lee', 'xann', 'joanna']);
      expect(res.headers['x-total-count']).toBe('4');
    });

    it('puts the exact name first and takes "_" literally', async () => {
      expect(names((await get('/api/users?q=bob')).json())).toEqual(['bob', 'bobby']);
      expect(names((await get('/api/users?q=ann_lee')).json())).toEqual(['Ann_Lee']);
      expect(names((await get('/api/users?q=%40xann')).json())).toEqual(['xann']);
      // "_" is not a wildcard: "ann_" matches only Ann_Lee, not annabel.
      expect(names((await get('/api/users?q=ann_')).json())).toEqual(['Ann_Lee']);
    });

    it('never lists suspended or pending accounts', async () => {
      const body = (await get('/api/users?q=annsus')).json<Card[]>();
      expect(body).toEqual([]);
      expect(names((await get('/api/users?q=annp')).json())).toEqual([]);
    });

    it('pages across the two kinds of match with X-Total-Count', async () => {
      const first = await get('/api/users?q=ann&limit=3');
      expect(names(first.json())).toEqual(['annabel', 'Ann_Lee', 'xann']);
      const second = await get('/api/users?q=ann&limit=3&page=2');
      expect(names(second.json())).toEqual(['joanna']);
      expect(second.headers['x-total-count']).toBe('4');
      const third = await get('/api/users?q=ann&limit=1&page=3');
      expect(names(third.json())).toEqual(['xann']);
    });

    it('answers cards with counts, and whether the caller follows them', async () => {
      const [annabel] = (await get('/api/users?q=annabel', 'bob')).json<Card[]>();
      expect(annabel).toEqual({ username: 'annabel', avatar: null, bio: null, followers: 2, games: 0, isFollowing: true });
      const [visitorView] = (await get('/api/users?q=annabel')).json<Card[]>();
      expect(visitorView!.isFollowing).toBeNull();
      const [self] = (await get('/api/users?q=annabel', 'annabel')).json<Card[]>();
      expect(self!.isFollowing).toBeNull();
    });

    it('finds no one for characters no username has, and refuses a query that is too long', async () => {
      const odd = await get(`/api/users?q=${encodeURIComponent('a%b')}`);
      expect(odd.statusCode).toBe(200);
      expect(odd.json()).toEqual([]);
      const long = await get(`/api/users?q=${'a'.repeat(41)}`);
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toContain('the search is too long (40 characters at most)');
      expect((await get('/api/users?sort=newest')).statusCode).toBe(400);
    });
  });

  describe('the members directory', () => {
    it('lists every active member, the most followed first', async () => {
      const res = await get('/api/users?sort=followers&limit=3');
      expect(res.statusCode).toBe(200);
      const body = res.json<Card[]>();
      expect(body[0]!.followers).toBeGreaterThanOrEqual(body[1]!.followers);
      expect(body[1]!.followers).toBeGreaterThanOrEqual(body[2]!.followers);
      // Eleven active accounts; the suspended and the pending one are not counted.
      expect(res.headers['x-total-count']).toBe('11');
      const all = names((await get('/api/users?sort=followers&limit=60')).json());
      expect(all).not.toContain('annsus');
      expect(all).not.toContain('annpending');
    });

    it('lists the most recently active first, with their library size', async () => {
      const put = (who: string, slug: string) =>
        t.app.inject({ method: 'PUT', url: `/api/users/${who}/library/${slug}`, headers: bearer(tokens[who]!), payload: { status: 2 } });
      expect((await put('fay', 'hades')).statusCode).toBe(201);
      expect((await put('fay', 'celeste')).statusCode).toBe(201);
      expect((await put('eve', 'hades')).statusCode).toBe(201);
      const body = (await get('/api/users?sort=active&limit=2')).json<Card[]>();
      expect(body.map((c) => [c.username, c.games])).toEqual([
        ['eve', 1],
        ['fay', 2],
      ]);
      // The default order is by activity.
      expect(names((await get('/api/users?limit=2')).json())).toEqual(['eve', 'fay']);
    });
  });

  describe('people you may know', () => {
    it('ranks the members your follows follow by how many of them do, leaving out whom you follow and yourself', async () => {
      expect((await get('/api/people/you-may-know', 'me')).json()).toEqual([]);
      await follow('me', 'dan');
      await follow('me', 'eve');
      await follow('me', 'fay');
      // fay → cat, eve → cat, dan → cat: three; dan → bob: one; eve → joanna and fay → joanna: two; dan → me: never suggested.
      await follow('dan', 'cat');
      await follow('eve', 'cat');
      await follow('fay', 'cat');
      await follow('dan', 'bob');
      await follow('eve', 'joanna');
      await follow('fay', 'joanna');
      await follow('dan', 'me');
      // Already followed: eve follows fay, and so does me.
      await follow('eve', 'fay');
      const res = await get('/api/people/you-may-know', 'me');
      expect(res.statusCode).toBe(200);
      const body = res.json<Card[]>();
      expect(body.map((c) => [c.username, c.mutuals])).toEqual([
        ['cat', 3],
        ['joanna', 2],
        ['bob', 1],
      ]);
      expect(body[0]).toMatchObject({ isFollowing: false, games: 0 });
    });

    it('leaves out what suspended members follow, and suspended members themselves', async () => {
      await t.db.kysely.updateTable('users').set({ state: 'suspended' }).where('username_key', 'in', ['dan', 'joanna']).execute();
      const body = (await get('/api/people/you-may-know', 'me')).json<Card[]>();
      // cat loses dan's follow; joanna and bob (only dan followed bob) are gone.
      expect(body.map((c) => [c.username, c.mutuals])).toEqual([['cat', 2]]);
      await t.db.kysely.updateTable('users').set({ state: 'active' }).where('username_key', 'in', ['dan', 'joanna']).execute();
    });

    it('needs a login', async () => {
      expect((await get('/api/people/you-may-know')).statusCode).toBe(401);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';

describe.each(dbKinds)('a member’s platforms (GET/PUT /api/profile/platforms) on %s', (kind) => {
  let t: TestApp;
  let token: string;
  const platform: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, []);
    for (const p of await t.db.kysely.selectFrom('platforms').select(['id', 'slug']).execute()) platform[p.slug] = p.id;
    await createUser(t.db.kysely, { username: 'ann' });
    token = await loginToken(t.app, 'ann');
  });
  afterAll(() => t.close());

  const get = () => t.app.inject({ method: 'GET', url: '/api/profile/platforms', headers: bearer(token) });
  const put = (payload: unknown) => t.app.inject({ method: 'PUT', url: '/api/profile/platforms', headers: bearer(token), payload: payload as object });

  it('starts with none, saves a set by name order, and replaces it whole', async () => {
    expect((await get()).json()).toEqual({ platforms: [] });
    const saved = await put({ platformIds: [platform.switch, platform.win, platform.switch] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().platforms).toEqual([
      { id: platform.switch, slug: 'switch', name: 'Nintendo Switch', abbreviation: 'Switch' },
      { id: platform.win, slug: 'win', name: 'PC (Microsoft Windows)', abbreviation: 'PC' },
    ]);
    expect((await get()).json()).toEqual(saved.json());
    expect((await put({ platformIds: [platform.ps5] })).json().platforms.map((p: { slug: string }) => p.slug)).toEqual(['ps5']);
    expect((await put({ platformIds: [] })).json()).toEqual({ platforms: [] });
  });

  it('refuses unknown ids by name, too many, and bad bodies, saving nothing', async () => {
    await put({ platformIds: [platform.win] });
    const unknown = await put({ platformIds: [platform.switch, 999_999, 888_888] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: 'No platform with id 999999, 888888', errors: { platformIds: 'No platform with id 999999, 888888' } });
    const many = await put({ platformIds: Array.from({ length: 51 }, (_, i) => i + 1) });
    expect(many.statusCode).toBe(400);
    expect(many.json().errors['platformIds']).toBe('Pick at most 50 platforms');
    for (const bad of [{ platformIds: 'win' }, { platformIds: [0] }, { platformIds: [1.5] }, { platformIds: [3_000_000_000] }, {}, { platformIds: [], extra: 1 }]) {
      const res = await put(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().errors).toBeDefined();
    }
    expect((await get()).json().platforms.map((p: { slug: string }) => p.slug)).toEqual(['win']);
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/platforms' })).statusCode).toBe(401);
  });

  it('leaves one whole set when saves race (two devices)', async () => {
    const sets = [[platform.win, platform.switch], [platform.switch, platform.ps5], [platform.ps5], [platform.win, platform.ps5, platform.switch]] as number[][];
    const answers = await Promise.all([...sets, ...sets].map((platformIds) => put({ platformIds })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    const final = ((await get()).json().platforms as { id: number }[]).map((p) => p.id).sort();
    expect(sets.map((s) => [...s].sort())).toContainEqual(final);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';

// Text that appears nowhere else, so a raw-JSON search finds only a leak.
const NOTE = 'Bought at the Tokyo flea market.\n  Keep the box!';
const SLUG = 'hades';

describe.each(dbKinds)('the private note and playtime of a library entry on %s', (kind) => {
  let t: TestApp;
  let ann: string;
  let bob: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, [{ name: 'Hades', slug: SLUG, year: 2020, platforms: ['switch'] }]);
    await createUser(t.db.kysely, { username: 'ann' });
    await createUser(t.db.kysely, { username: 'bob' });
    [ann, bob] = await Promise.all([loginToken(t.app, 'ann'), loginToken(t.app, 'bob')]);
    // Bob follows Ann, so her entry reaches his activity feed and the game's "friends who played".
    expect((await t.app.inject({ method: 'POST', url: '/api/users/ann/follow', headers: bearer(bob) })).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT', url: string, token?: string, payload?: object) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const put = (body: object) => call('PUT', `/api/users/ann/library/${SLUG}`, ann, body);
  const ownEntry = async () => (await call('GET', `/api/users/ann/library/${SLUG}`, ann)).json();

  it('saves the owner’s note, trimmed at the ends and with its inner spacing, and answers it to the owner', async () => {
    const res = await put({ status: 2, rating: 9, review: 'One more run.', notes: `  ${NOTE}  ` });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ notes: NOTE, playtimeMinutes: null, playtimeSource: null });
    expect(await ownEntry()).toMatchObject({ notes: NOTE });
  });

  it('refuses a note over 2,000 characters with 400 and the field’s message, and keeps the old one', async () => {
    const res = await put({ status: 2, notes: 'x'.repeat(2001) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.notes).toBe('Private note must have at most 2,000 characters');
    expect((await put({ status: 2, rating: 9, review: 'One more run.', notes: 'x'.repeat(2000) })).statusCode).toBe(200);
    expect((await put({ status: 2, rating: 9, review: 'One more run.', notes: NOTE })).json().notes).toBe(NOTE);
  });

  it('keeps the note when a save leaves it out, as QuickLog’s one-click status and stars do', async () => {
    const res = await put({ status: 1, rating: 10, platforms: [], review: 'One more run.', startedOn: null, finishedOn: null, favourite: false, replay: false, hours: null, owned: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 1, rating: 10, notes: NOTE });
  });

  it('shows playtime an import wrote to the owner only', async () => {
    await t.db.kysely.updateTable('library_entries').set({ playtime_minutes: 2520, playtime_source: 'steam' }).execute();
    expect(await ownEntry()).toMatchObject({ playtimeMinutes: 2520, playtimeSource: 'steam', notes: NOTE });
    const other = (await call('GET', `/api/users/ann/library/${SLUG}`, bob)).json();
    expect(other).toMatchObject({ notes: null, playtimeMinutes: null, playtimeSource: null, rating: 10 });
  });

  it('never puts the note in what another member or a visitor reads', async () => {
    const urls = [
      `/api/users/ann/library/${SLUG}`,
      '/api/users/ann/library',
      '/api/users/ann',
      '/api/users/ann/reviews',
      `/api/users/ann/reviews/${SLUG}`,
      '/api/users/ann/diary',
      `/api/igdb/games/${SLUG}/reviews`,
      `/api/igdb/games/${SLUG}/friends`,
      '/api/library/reviews/trending',
      '/api/activity',
    ];
    for (const token of [bob, undefined]) {
      for (const url of urls) {
        const res = await call('GET', url, token);
        // Bob alone may read his feed and his friends; a visitor gets 401 there, which holds no note either.
        if (token) expect(res.statusCode, url).toBe(200);
        expect(res.body, `${url} ${token ? 'as bob' : 'anonymous'}`).not.toContain('flea market');
        expect(res.body, url).not.toContain('"playtimeMinutes":2520');
      }
    }
    // The feed and friends list really show Ann's entry, so the check above looked at it.
    expect((await call('GET', '/api/activity', bob)).body).toContain('hades');
    expect((await call('GET', `/api/igdb/games/${SLUG}/friends`, bob)).body).toContain('ann');
  });

  it('clears the note when the owner empties it', async () => {
    const res = await put({ status: 1, notes: '   ' });
    expect(res.json().notes).toBeNull();
  });
});

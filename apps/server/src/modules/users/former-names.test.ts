import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';

describe.each(dbKinds)('links to a renamed member on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url });
  const rename = (token: string, username: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/username', payload: { username }, headers: bearer(token) });

  /** A member who signs in, and renames through the API as a person would. */
  async function member(username: string) {
    await createUser(t.db.kysely, { username });
    const token = await loginToken(t.app, username);
    return {
      rename: async (to: string) => {
        const res = await rename(token, to);
        expect(res.statusCode, res.body).toBe(200);
      },
    };
  }

  it('answers the API reads of a former name with a 301 to the same call under the current name', async () => {
    const ada = await member('Ada_Old');
    await ada.rename('Ada_New');

    const profile = await get('/api/users/ada_old');
    expect(profile.statusCode).toBe(301);
    expect(profile.headers.location).toBe('/api/users/ada_new');
    expect(profile.headers['cache-control']).toBe('no-store');
    expect(profile.body).toBe('');
    expect((await get(profile.headers.location as string)).json()).toMatchObject({ username: 'Ada_New' });

    const reviews = await get('/api/users/ADA_OLD/reviews?page=2&limit=5');
    expect(reviews.statusCode).toBe(301);
    expect(reviews.headers.location).toBe('/api/users/ada_new/reviews?page=2&limit=5');
    expect((await get('/api/users/ada_old/library', 'HEAD')).headers.location).toBe('/api/users/ada_new/library');
  });

  it('answers the page of a former name, and each of its tabs, with a real 301 keeping the rest of the address', async () => {
    const bo = await member('Bo_Before');
    await bo.rename('Bo_After');

    const page = await get('/u/bo_before/diary?year=2024');
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe('/u/bo_after/diary?year=2024');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect((await get('/u/Bo_Before')).headers.location).toBe('/u/bo_after');
    expect((await get('/u/bo_after')).statusCode).toBe(200);
    expect((await get('/u/nobody_ever')).statusCode).toBe(404);
  });

  it('leads every former name to the current one, and a rename back makes the name current again', async () => {
    const cy = await member('Cy_One');
    await cy.rename('Cy_Two');
    await cy.rename('Cy_Three');
    expect((await get('/api/users/cy_one')).headers.location).toBe('/api/users/cy_three');
    expect((await get('/api/users/cy_two')).headers.location).toBe('/api/users/cy_three');

    await cy.rename('Cy_One');
    const back = await get('/api/users/cy_one');
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ username: 'Cy_One' });
    expect((await get('/api/users/cy_three')).headers.location).toBe('/api/users/cy_one');
  });

  it('ends the redirect when someone else takes the name, by signing up or by renaming', async () => {
    const dee = await member('Dee_First');
    await dee.rename('Dee_Second');
    await dee.rename('Dee_Third');

    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'newcomer@example.com', username: 'dee_first', password: 'Secret123', password2: 'Secret123' },
    });
    expect(signUp.statusCode).toBe(201);
    // The newcomer is not activated yet: the old name is nobody's page, and no longer a way to Dee.
    expect((await get('/api/users/dee_first')).statusCode).toBe(404);
    expect((await get('/u/dee_first')).statusCode).toBe(404);

    const eve = await member('Eve_Here');
    await eve.rename('DEE_SECOND');
    const taken = await get('/api/users/dee_second');
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ username: 'DEE_SECOND' });
    expect((await get('/api/users/eve_here')).headers.location).toBe('/api/users/dee_second');

    const rows = await t.db.kysely.selectFrom('username_history').select(['username_key']).where('username_key', 'like', 'dee_%').execute();
    expect(rows.map((r) => r.username_key)).toEqual([]);
  });

  it('redirects only reads that would be a 404: not writes, not a missing review of a current name', async () => {
    const fay = await member('Fay_Was');
    await fay.rename('Fay_Is');
    const other = await loginToken(t.app, (await createUser(t.db.kysely)).username);
    expect((await t.app.inject({ method: 'POST', url: '/api/users/fay_was/follow', headers: bearer(other) })).statusCode).toBe(404);
    expect((await get('/api/users/fay_is/reviews/no-such-review')).statusCode).toBe(404);
  });

  it('lets one of two members renaming to the same freed name at once have it, and keeps the other as they were', async () => {
    const gus = await member('Gus_Freed');
    await gus.rename('Gus_Moved');
    await createUser(t.db.kysely, { username: 'Hal_Racer' });
    await createUser(t.db.kysely, { username: 'Ivy_Racer' });
    const [hal, ivy] = await Promise.all([loginToken(t.app, 'Hal_Racer'), loginToken(t.app, 'Ivy_Racer')]);

    const answers = await Promise.all([rename(hal, 'Gus_Freed'), rename(ivy, 'gus_freed')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0]!.statusCode === 200 ? 'Hal_Racer' : 'Ivy_Racer';
    const loser = winner === 'Hal_Racer' ? 'Ivy_Racer' : 'Hal_Racer';

    const freed = await get('/api/users/gus_freed');
    expect(freed.statusCode).toBe(200);
    expect(freed.json<{ username: string }>().username.toLowerCase()).toBe('gus_freed');
    expect((await get(`/api/users/${winner.toLowerCase()}`)).headers.location).toBe('/api/users/gus_freed');
    expect((await get(`/api/users/${loser.toLowerCase()}`)).json()).toMatchObject({ username: loser });
    expect((await get('/api/users/gus_moved')).json()).toMatchObject({ username: 'Gus_Moved' });
  });
});

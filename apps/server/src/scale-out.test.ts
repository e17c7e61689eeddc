import { randomBytes } from 'node:crypto';
import { ACCOUNT_MESSAGES, API_MESSAGES } from '@vgl/shared';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openAnotherApp, type TestApp } from './test/app.js';
import { seedGames } from './test/catalog.js';
import { bearer, createUser, loginToken } from './test/users.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Asks `read` every 50 ms until `done` holds of its answer; how long that took, or a failure after `withinMs`. */
async function seenWithin<T>(withinMs: number, read: () => Promise<T>, done: (answer: T) => boolean): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (done(await read())) return Date.now() - start;
    if (Date.now() - start > withinMs) throw new Error(`not seen within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Two instances on one PostgreSQL, each with its own DATA_DIR, as a
 * deployment behind a load balancer runs them: what one is told, the other
 * serves; a limit is one budget, not one per instance; and a change made
 * through one reaches the other's caches within a second.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  const token: Record<string, string> = {};
  const call = (on: TestApp, method: Method, url: string, who?: string, payload?: object) =>
    on.app.inject({ method, url, headers: who ? bearer(token[who]!) : {}, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    a = await createTestApp('postgres', { rateLimits: true });
    b = await openAnotherApp(a, { rateLimits: true });
    expect(b.config.dataDir).not.toBe(a.config.dataDir);
    await seedGames(a, [
      { name: 'Tetris', slug: 'tetris', year: 1984, platforms: ['gb'] },
      { name: 'Doom', slug: 'doom', year: 1993, platforms: ['dos'] },
      { name: 'Myst', slug: 'myst', year: 1993, platforms: ['mac'] },
    ]);
    for (const [username, role] of [['ann', 'user'], ['bob', 'user'], ['mod', 'moderator']] as const) {
      await createUser(a.db.kysely, { username, role });
      token[username] = await loginToken(a.app, username);
    }
    await Promise.all([a.app.ready(), b.app.ready()]);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('serves an avatar uploaded through one instance from the other', async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png().toBuffer();
    const boundary = `----vgl${randomBytes(8).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await a.app.inject({
      method: 'POST',
      url: '/api/profile/avatar',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(token.ann!) },
    });
    expect(uploaded.statusCode).toBe(200);
    const { avatar } = uploaded.json() as { avatar: string };

    const named = (await call(b, 'GET', '/api/users/ann')).json() as { avatar: string };
    expect(named.avatar).toBe(avatar);
    const onA = await a.app.inject({ method: 'GET', url: `/uploads/avatars/${avatar}` });
    const onB = await b.app.inject({ method: 'GET', url: `/uploads/avatars/${avatar}` });
    expect(onB.statusCode).toBe(200);
    expect(onB.headers['content-type']).toMatch(/^image\/webp/);
    expect(onB.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(onB.headers.etag).toBe(onA.headers.etag);
    expect(Buffer.compare(onB.rawPayload, onA.rawPayload)).toBe(0);

    // Replaced through B: the old picture is gone for both.
    const removed = await b.app.inject({ method: 'DELETE', url: '/api/profile/avatar', headers: bearer(token.ann!) });
    expect(removed.statusCode).toBe(200);
    expect((await a.app.inject({ method: 'GET', url: `/uploads/avatars/${avatar}` })).statusCode).toBe(404);
  });

  it('gives an address one budget of password resets, whichever instance it asks', async () => {
    const ask = (on: TestApp) => call(on, 'POST', '/api/auth/password/reset', undefined, { email: 'nobody@example.com' });
    // 5 a minute per address (auth.routes.ts), split over both instances.
    for (let i = 0; i < 5; i += 1) expect((await ask(i % 2 === 0 ? a : b)).statusCode).toBe(200);
    const refused = await ask(b);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'rate_limited', message: API_MESSAGES.tooManyRequests });
    expect((await ask(a)).statusCode).toBe(429);
  });

  it('counts failed logins on an account across instances', async () => {
    const guess = (on: TestApp) => call(on, 'POST', '/api/auth/login', undefined, { identifier: 'bob', password: 'Wrong1234' });
    for (let i = 0; i < 10; i += 1) expect((await guess(i % 2 === 0 ? a : b)).statusCode).toBe(401);
    const refused = await guess(a);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(ACCOUNT_MESSAGES.tooManyLogins);
  });

  it('shows a review featured through one instance on the other\'s landing page within a second', async () => {
    const written = await call(a, 'PUT', '/api/users/ann/library/myst', 'ann', { rating: 8, review: 'A quiet island of puzzles.', platforms: [] });
    expect(written.statusCode).toBe(201);
    const reviewId = (written.json() as { _id: string })._id;
    // B's caches hold the landing page and the featured list from before.
    const homeOnB = async () => (await call(b, 'GET', '/api/home')).json() as { reviews: { _id: string }[] };
    const featuredOnB = async () => (await call(b, 'GET', '/api/library/reviews/feat?limit=10')).json() as { _id: string }[];
    expect((await featuredOnB()).map((r) => r._id)).not.toContain(reviewId);
    await homeOnB();

    expect((await call(a, 'POST', '/api/admin/featured', 'mod', { entryId: Number(reviewId) })).statusCode).toBe(200);
    expect(await seenWithin(1000, homeOnB, (home) => home.reviews[0]?._id === reviewId)).toBeLessThanOrEqual(1000);
    expect(await seenWithin(1000, featuredOnB, (list) => list.some((r) => r._id === reviewId))).toBeLessThanOrEqual(1000);
  });

  it('shows a library write through one instance on the other\'s cached pages within a second', async () => {
    const trendingOnB = async () => (await call(b, 'GET', '/api/igdb/games/doom/reviews')).json() as { _id: string }[];
    expect(await trendingOnB()).toEqual([]);
    const written = await call(a, 'PUT', '/api/users/bob/library/doom', 'bob', { rating: 9, review: 'Rip and tear.', platforms: [] });
    expect(written.statusCode).toBe(201);
    expect(await seenWithin(1000, trendingOnB, (reviews) => reviews.length === 1)).toBeLessThanOrEqual(1000);
  });

  it('hears the other instance again after its listening connection was cut', async () => {
    const listeners = async () =>
      Number((await sql<{ n: number }>`select count(*) as n from pg_stat_activity where datname = current_database() and query = 'LISTEN vgl_writes'`.execute(a.db.kysely)).rows[0]!.n);
    expect(await listeners()).toBe(2);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN vgl_writes'`.execute(a.db.kysely);
    await seenWithin(5000, listeners, (n) => n === 2);

    const reviewsOnB = async () => (await call(b, 'GET', '/api/igdb/games/tetris/reviews')).json() as { _id: string }[];
    expect(await reviewsOnB()).toEqual([]);
    expect((await call(a, 'PUT', '/api/users/ann/library/tetris', 'ann', { rating: 7, review: 'Falling blocks.', platforms: [] })).statusCode).toBe(201);
    expect(await seenWithin(1000, reviewsOnB, (reviews) => reviews.length === 1)).toBeLessThanOrEqual(1000);
  });
});

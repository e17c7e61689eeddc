import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';

const SLUG = 'outer-wilds';
const REVIEW = 'The sun was the clock all along, and the ending made me cry.';

describe.each(dbKinds)('reviews marked as containing spoilers on %s', (kind) => {
  let t: TestApp;
  let ann: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, [{ name: 'Outer Wilds', slug: SLUG, year: 2019, platforms: ['pc'] }]);
    await createUser(t.db.kysely, { username: 'ann' });
    ann = await loginToken(t.app, 'ann');
  });
  afterAll(() => t.close());

  const put = (body: object) => t.app.inject({ method: 'PUT', url: `/api/users/ann/library/${SLUG}`, headers: bearer(ann), payload: body });
  const review = async () => (await t.app.inject({ url: `/api/users/ann/reviews/${SLUG}` })).json();

  it('keeps the mark with the review, for every reader and in the game’s reviews', async () => {
    const saved = await put({ status: 2, rating: 10, review: REVIEW, spoilers: true });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().spoilers).toBe(true);
    expect(await review()).toMatchObject({ review: REVIEW, spoilers: true });
    const onGame = (await t.app.inject({ url: `/api/igdb/games/${SLUG}/reviews` })).json() as { spoilers: boolean }[];
    expect(onGame.map((r) => r.spoilers)).toEqual([true]);
  });

  it('keeps it when a save leaves the key out (QuickLog, older clients), and drops it when the review goes', async () => {
    await put({ status: 2, rating: 9, review: REVIEW });
    expect((await review()).spoilers).toBe(true);
    await put({ status: 2, rating: 9, review: REVIEW, spoilers: false });
    expect((await review()).spoilers).toBe(false);
    await put({ status: 2, rating: 9, review: REVIEW, spoilers: true });
    await put({ status: 2, rating: 9, review: null });
    await put({ status: 2, rating: 9, review: 'A new review, nothing given away.' });
    expect((await review()).spoilers).toBe(false);
  });

  it('answers a wrong value with the field’s message', async () => {
    const bad = await put({ status: 2, review: REVIEW, spoilers: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.spoilers).toBe('Spoilers must be true or false');
  });

  it('keeps the text of a spoiler review out of link previews', async () => {
    await put({ status: 2, rating: 10, review: REVIEW, spoilers: true });
    const html = (await t.app.inject({ url: `/u/ann/reviews/${SLUG}` })).body;
    expect(html).toContain('<meta name="description" content="This review contains spoilers. Open it to read." />');
    expect(html).not.toContain('the clock all along');
  });
});

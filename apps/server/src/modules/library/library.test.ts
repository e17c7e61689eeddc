import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';

const GAMES = [
  { name: 'The Legend of Zelda', slug: 'the-legend-of-zelda', releaseDate: '1986-02-21', platforms: ['nes', 'famicom'], popularity: 90 },
  { name: 'Super Mario World', slug: 'super-mario-world', releaseDate: '1990-11-21', platforms: ['snes'], popularity: 99 },
  { name: 'Sonic the Hedgehog', slug: 'sonic-the-hedgehog', year: 1991, platforms: ['genesis-slash-megadrive'], popularity: 85 },
  ...Array.from({ length: 6 }, (_, i) => ({ name: `Filler ${i + 1}`, slug: `filler-${i + 1}`, year: 2000 + i, platforms: ['snes'], popularity: 10 - i })),
];

const ENTRY = {
  status: 2,
  rating: 7,
  platforms: ['nes'],
  review: 'A **classic**.\n> It is dangerous to go alone',
  startedOn: '2024-01-02',
  finishedOn: '2024-01-20',
  favourite: true,
  hours: 12.5,
};

describe.each(dbKinds)('library, reviews and diary on %s', (kind) => {
  let t: TestApp;
  let ann: string;
  let bob: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, GAMES);
    await createUser(t.db.kysely, { username: 'Ann' });
    await createUser(t.db.kysely, { username: 'bob' });
    await createUser(t.db.kysely, { username: 'gone', state: 'suspended' });
    [ann, bob] = await Promise.all([loginToken(t.app, 'ann'), loginToken(t.app, 'bob')]);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const put = (user: string, slug: string, body: unknown, token = ann) => call('PUT', `/api/users/${user}/library/${slug}`, token, body);

  it('adds a game to the library with status, half-star rating, platforms, review and dates', async () => {
    const res = await put('ann', 'the-legend-of-zelda', ENTRY);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      user: { username: 'Ann', avatar: null },
      status: 2,
      rating: 7,
      review: ENTRY.review,
      slug: 'the-legend-of-zelda',
      platform: ['nes'],
      comments: 0,
      likes: 0,
      game: { name: 'The Legend of Zelda', slug: 'the-legend-of-zelda', cover: null },
      startedOn: '2024-01-02',
      finishedOn: '2024-01-20',
      favourite: true,
      hours: 12.5,
    });
    expect(res.json().date.reviewCreated).toEqual(expect.any(Number));
    const again = await call('GET', '/api/users/ANN/library/the-legend-of-zelda');
    expect(again.statusCode).toBe(200);
    expect(again.json()._id).toBe(res.json()._id);
  });

  it('edits the entry in place (200) and keeps the review slug and creation date', async () => {
    const before = (await call('GET', '/api/users/ann/library/the-legend-of-zelda')).json();
    const res = await put('ann', 'the-legend-of-zelda', { ...ENTRY, rating: 8, review: 'Still a **classic**.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rating: 8, slug: 'the-legend-of-zelda', review: 'Still a **classic**.' });
    expect(res.json().date.reviewCreated).toBe(before.date.reviewCreated);
  });

  it('answers bad input with 400 naming the field, and writes nothing', async () => {
    const cases: [unknown, string][] = [
      [{ rating: 11 }, 'rating'],
      [{ rating: 3.5 }, 'rating'],
      [{ status: 7 }, 'status'],
      [{ status: 0 }, 'status'],
      // A completion level is for a beaten game only, and one of three.
      [{ status: 1, completion: 'main' }, 'completion'],
      [{ status: 2, completion: 'most' }, 'completion'],
      [{ startedOn: '2024-02-30' }, 'startedOn'],
      [{ startedOn: '2024-02-10', finishedOn: '2024-02-01' }, 'finishedOn'],
      [{ finishedOn: '2999-01-01' }, 'finishedOn'],
      [{ platforms: ['no-such-platform'] }, 'platforms'],
      [{ review: 'x'.repeat(10_001) }, 'review'],
      [{ hours: -1 }, 'hours'],
    ];
    for (const [body, field] of cases) {
      const res = await put('ann', 'super-mario-world', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors?.[field], JSON.stringify(body)).toBeTruthy();
    }
    const broken = await t.app.inject({ method: 'PUT', url: '/api/users/ann/library/super-mario-world', headers: { ...bearer(ann), 'content-type': 'application/json' }, payload: '{"rating": 7' });
    expect(broken.statusCode).toBe(400);
    expect((await call('GET', '/api/users/ann/library/super-mario-world')).statusCode).toBe(404);
  });

  it('lets nobody but the owner write: 401 without a token, 403 for another user or a suspended owner', async () => {
    expect((await call('PUT', '/api/users/ann/library/super-mario-world', undefined, {})).statusCode).toBe(401);
    expect((await put('ann', 'super-mario-world', {}, bob)).statusCode).toBe(403);
    expect((await call('DELETE', '/api/users/ann/library/the-legend-of-zelda', bob)).statusCode).toBe(403);
    expect((await call('DELETE', '/api/users/ann/library/the-legend-of-zelda')).statusCode).toBe(401);
    const diary = (await call('GET', '/api/users/ann/diary')).json()[0];
    expect((await call('POST', '/api/users/ann/diary', bob, { game: 'sonic-the-hedgehog', playedOn: '2024-03-01', minutes: 30 })).statusCode).toBe(403);
    expect((await call('PUT', `/api/users/ann/diary/${diary.id}`, bob, { playedOn: '2024-03-01' })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/users/ann/diary/${diary.id}`, bob)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/users/ann/diary/${diary.id}`)).statusCode).toBe(401);
    // Suspended accounts write nothing, even to their own library.
    const { usersRepo } = await import('../users/users.repo.js');
    const gone = (await usersRepo.findByUsername(t.db.kysely, 'gone'))!;
    await usersRepo.update(t.db.kysely, gone.id, { state: 'active' });
    const goneToken = await loginToken(t.app, 'gone');
    await usersRepo.update(t.db.kysely, gone.id, { state: 'suspended' });
    expect((await put('gone', 'super-mario-world', {}, goneToken)).statusCode).toBe(403);
  });

  it('answers 404 for unknown users, games, pending or suspended accounts', async () => {
    expect((await call('GET', '/api/users/nobody')).statusCode).toBe(404);
    expect((await call('GET', '/api/users/gone')).statusCode).toBe(404);
    expect((await put('ann', 'no-such-game', {})).statusCode).toBe(404);
    expect((await call('GET', '/api/users/ann/reviews/no-such-review')).statusCode).toBe(404);
  });

  it('writes diary entries from the dates: moving a date moves its entry, a replay adds new ones', async () => {
    const diary = async () => (await call('GET', '/api/users/ann/diary')).json() as { playedOn: string; event: string; replay: boolean; rating: number | null; hours: number | null }[];
    expect((await diary()).map((d) => [d.playedOn, d.event, d.replay])).toEqual([
      ['2024-01-20', 'finished', false],
      ['2024-01-02', 'started', false],
    ]);
    expect((await diary())[0]).toMatchObject({ rating: 8, hours: 12.5 });
    await put('ann', 'the-legend-of-zelda', { ...ENTRY, finishedOn: '2024-01-21' });
    expect((await diary()).map((d) => d.playedOn)).toEqual(['2024-01-21', '2024-01-02']);
    await put('ann', 'the-legend-of-zelda', { ...ENTRY, startedOn: '2025-05-01', finishedOn: '2025-05-03', replay: true, rating: 10, hours: 3 });
    const after = await diary();
    expect(after.map((d) => [d.playedOn, d.event, d.replay])).toEqual([
      ['2025-05-03', 'finished', true],
      ['2025-05-01', 'started', true],
      ['2024-01-21', 'finished', false],
      ['2024-01-02', 'started', false],
    ]);
    expect(after[0]).toMatchObject({ rating: 10, hours: 3 });
    expect(after[2]).toMatchObject({ rating: 7 });
  });

  it('logs, edits and deletes diary entries; a logged game joins the library', async () => {
    const res = await call('POST', '/api/users/ann/diary', ann, { game: 'sonic-the-hedgehog', playedOn: '2024-03-01', event: 'finished', rating: 6, note: 'Fast.', hours: 2 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ playedOn: '2024-03-01', event: 'finished', rating: 6, note: 'Fast.', hours: 2, replay: false, game: { slug: 'sonic-the-hedgehog' } });
    const entry = (await call('GET', '/api/users/ann/library/sonic-the-hedgehog')).json();
    expect(entry).toMatchObject({ status: 2, rating: 6, finishedOn: '2024-03-01' });
    const edited = await call('PUT', `/api/users/ann/diary/${res.json().id}`, ann, { playedOn: '2024-03-02', event: 'played', note: null });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ playedOn: '2024-03-02', event: 'played', note: null, rating: null });
    expect((await call('PUT', `/api/users/ann/diary/${res.json().id}`, ann, { playedOn: 'yesterday' })).statusCode).toBe(400);
    expect((await call('DELETE', `/api/users/ann/diary/${res.json().id}`, ann)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/users/ann/diary/${res.json().id}`, ann)).statusCode).toBe(404);
    // The session was what added the game: it left the library with it.
    expect((await call('GET', '/api/users/ann/library/sonic-the-hedgehog')).statusCode).toBe(404);
  });

  it('keeps at most five favourites', async () => {
    for (const n of [1, 2, 3, 4]) expect((await put('ann', `filler-${n}`, { favourite: true, status: 4 })).statusCode).toBe(201);
    const sixth = await put('ann', 'filler-5', { favourite: true });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().message).toBe('You can have up to 5 favourite games.');
    // Editing an existing favourite is not a sixth one.
    expect((await put('ann', 'filler-4', { favourite: true, status: 1 })).statusCode).toBe(200);
  });

  it('shows the profile overview with counts, favourites, ratings, diary and reviews', async () => {
    const res = await call('GET', '/api/users/ann');
    expect(res.statusCode).toBe(200);
    const profile = res.json();
    expect(profile).toMatchObject({ username: 'Ann', avatar: null, counts: { games: 5, beaten: 1, reviews: 1, followers: 0, following: 0 } });
    expect(profile.favourites.map((g: { slug: string }) => g.slug)).toEqual(['the-legend-of-zelda', 'filler-1', 'filler-2', 'filler-3', 'filler-4']);
    expect(profile.ratings).toEqual({ count: 1, average: 10, distribution: [0, 0, 0, 0, 0, 0, 0, 0, 0, 1] });
    expect(profile.recentDiary[0]).toMatchObject({ playedOn: '2025-05-03', reviewSlug: 'the-legend-of-zelda' });
    expect(profile.recentReviews).toHaveLength(1);
  });

  it('pages the library with status filter and sorts, the total in X-Total-Count', async () => {
    const all = await call('GET', '/api/users/ann/library?limit=2&sort=name');
    expect(all.headers['x-total-count']).toBe('5');
    expect(all.json().map((g: { slug: string }) => g.slug)).toEqual(['filler-1', 'filler-2']);
    const wanted = await call('GET', '/api/users/ann/library?status=4');
    expect(wanted.headers['x-total-count']).toBe('3');
    const rated = await call('GET', '/api/users/ann/library?sort=rating&limit=1');
    expect(rated.json()[0]).toMatchObject({ slug: 'the-legend-of-zelda', rating: 10, status: 2, platform: 'nes' });
    for (const bad of ['status=9', 'sort=loudest', 'page=0', 'limit=1000']) {
      expect((await call('GET', `/api/users/ann/library?${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('names the first of an entry’s platforms by slug on the library page, as the entry lists them', async () => {
    expect((await put('bob', 'the-legend-of-zelda', { status: 1, platforms: ['nes', 'famicom'] }, bob)).statusCode).toBe(201);
    expect((await put('bob', 'super-mario-world', { status: 1 }, bob)).statusCode).toBe(201);
    const entry = await call('GET', '/api/users/bob/library/the-legend-of-zelda', bob);
    expect(entry.json().platform).toEqual(['famicom', 'nes']);
    const page = (await call('GET', '/api/users/bob/library?sort=name')).json();
    expect(page).toEqual([
      expect.objectContaining({ slug: 'super-mario-world', platform: null }),
      expect.objectContaining({ slug: 'the-legend-of-zelda', platform: 'famicom' }),
    ]);
    await call('DELETE', '/api/users/bob/library/the-legend-of-zelda', bob);
    await call('DELETE', '/api/users/bob/library/super-mario-world', bob);
  });

  it('serves reviews in the exact SPEC §3 shape: per user, per game, by slug, trending and featured', async () => {
    await put('bob', 'the-legend-of-zelda', { rating: 3, review: 'Overrated.' }, bob);
    const reviews = await call('GET', '/api/users/ann/reviews');
    expect(reviews.headers['x-total-count']).toBe('1');
    const review = reviews.json()[0];
    expect(Object.keys(review).sort()).toEqual(['_id', 'comments', 'date', 'game', 'likes', 'platform', 'rating', 'review', 'slug', 'spoilers', 'status', 'user'].sort());
    expect(review.user).toEqual({ username: 'Ann', avatar: null });
    expect(review.game).toMatchObject({ cover: null, name: 'The Legend of Zelda', slug: 'the-legend-of-zelda' });
    expect(typeof review.date.reviewCreated).toBe('number');
    expect((await call('GET', '/api/users/ann/reviews/the-legend-of-zelda')).json()._id).toBe(review._id);
    const forGame = await call('GET', '/api/igdb/games/the-legend-of-zelda/reviews');
    expect(forGame.headers['x-total-count']).toBe('2');
    const trending = await call('GET', '/api/library/reviews/trending');
    expect(trending.statusCode).toBe(200);
    expect(trending.json().map((r: { user: { username: string } }) => r.user.username).sort()).toEqual(['Ann', 'bob']);
    expect((await call('GET', '/api/library/reviews/feat')).json()).toEqual([]);
  });

  it('adds the community rating to the game and puts recently added games first in trending', async () => {
    const game = (await call('GET', '/api/igdb/games/the-legend-of-zelda')).json();
    expect(game.community).toEqual({ count: 2, average: 6.5, distribution: [0, 0, 1, 0, 0, 0, 0, 0, 0, 1] });
    const trending = (await call('GET', '/api/igdb/trending?limit=6')).json() as { slug: string }[];
    expect(trending).toHaveLength(6);
    // Zelda has two recent adds; the others one; Super Mario World only comes by popularity.
    expect(trending[0]!.slug).toBe('the-legend-of-zelda');
    expect(trending.map((g) => g.slug)).toContain('filler-1');
  });

  it('shows a rating given after the game page was seen, with the rest of the page as it was', async () => {
    const seen = (await call('GET', '/api/igdb/games/the-legend-of-zelda')).json();
    expect((await put('bob', 'the-legend-of-zelda', { status: 1, rating: 8 }, bob)).statusCode).toBe(200);
    const after = (await call('GET', '/api/igdb/games/the-legend-of-zelda')).json();
    expect(after.community).toEqual({ count: 2, average: 9, distribution: [0, 0, 0, 0, 0, 0, 0, 1, 0, 1] });
    expect({ ...after, community: seen.community }).toEqual(seen);
  });

  it('removing a game removes its diary entries and review', async () => {
    expect((await call('DELETE', '/api/users/bob/library/the-legend-of-zelda', bob)).statusCode).toBe(204);
    expect((await call('GET', '/api/users/bob/reviews/the-legend-of-zelda')).statusCode).toBe(404);
    expect((await call('DELETE', '/api/users/bob/library/the-legend-of-zelda', bob)).statusCode).toBe(404);
  });
});

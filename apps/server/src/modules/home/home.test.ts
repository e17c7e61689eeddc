import { dayOfYear, pickOfTheDay, type ReviewEntry } from '@vgl/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';
import { createActivityService } from '../activity/activity.service.js';
import { createCatalogService } from '../catalog/catalog.service.js';
import { createLibraryService } from '../library/library.service.js';
import { createHomeService, popularReviews } from './home.service.js';

const GAMES = [
  { name: 'Super Mario World', slug: 'super-mario-world', releaseDate: '1990-11-21', platforms: ['snes'], popularity: 99 },
  { name: 'The Legend of Zelda', slug: 'the-legend-of-zelda', releaseDate: '1986-02-21', platforms: ['nes'], popularity: 90 },
  { name: 'Sonic the Hedgehog', slug: 'sonic-the-hedgehog', year: 1991, platforms: ['genesis-slash-megadrive'], popularity: 85 },
  { name: 'Future Quest', slug: 'future-quest', releaseDate: '2099-01-01', platforms: ['snes'], popularity: 1 },
  { name: 'Windows Wander', slug: 'windows-wander', year: 2015, platforms: ['win'], popularity: 20 },
  { name: 'Switch Sprint', slug: 'switch-sprint', year: 2018, platforms: ['switch'], popularity: 19 },
  { name: 'Switch Sprint 2', slug: 'switch-sprint-2', year: 2019, platforms: ['switch'], popularity: 18 },
  ...Array.from({ length: 8 }, (_, i) => ({ name: `Filler ${i + 1}`, slug: `filler-${i + 1}`, year: 2000 + i, platforms: ['snes'], popularity: 50 - i })),
];

const JAN_1 = Date.UTC(2025, 0, 1, 12);
const JAN_2 = Date.UTC(2025, 0, 2, 12);

describe('popular reviews (SPEC §7)', () => {
  const review = (id: string) => ({ _id: id }) as ReviewEntry;
  const ids = (list: ReviewEntry[]) => list.map((r) => r._id);

  it('shows the first 2 featured reviews, then trending ones to fill, without duplicates', () => {
    expect(ids(popularReviews([review('f1'), review('f2'), review('f3')], [review('t1')]))).toEqual(['f1', 'f2']);
    expect(ids(popularReviews([review('f1')], [review('f1'), review('t1'), review('t2')]))).toEqual(['f1', 't1']);
  });

  it('shows only trending reviews when none are featured', () => {
    expect(ids(popularReviews([], [review('t1'), review('t2'), review('t3')]))).toEqual(['t1', 't2']);
    expect(ids(popularReviews([], []))).toEqual([]);
  });
});

describe.each(dbKinds)('GET /api/home on %s', (kind) => {
  let t: TestApp;
  const reviewIds: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, GAMES);
    for (const [username, slug] of [
      ['ann', 'super-mario-world'],
      ['bob', 'the-legend-of-zelda'],
      ['cat', 'sonic-the-hedgehog'],
    ] as const) {
      await createUser(t.db.kysely, { username });
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${username}/library/${slug}`,
        headers: bearer(await loginToken(t.app, username)),
        payload: { status: 2, rating: 9, review: `${username} liked it.` },
      });
      reviewIds[username] = res.json<ReviewEntry>()._id;
    }
  });
  afterAll(() => t.close());

  /** A home service of its own, on a clock the test moves, so nothing is cached between tests. */
  function homeAt(at: { now: number }) {
    const activity = createActivityService(t.db);
    const library = createLibraryService(t.db, activity);
    return createHomeService({ catalog: createCatalogService(t.db, library), library }, () => at.now);
  }
  const feature = (username: string, position: number | null) =>
    t.db.kysely.updateTable('library_entries').set({ featured_position: position }).where('id', '=', Number(reviewIds[username])).execute();
  const authors = (reviews: ReviewEntry[]) => reviews.map((r) => r.user.username);

  it('answers everything the landing page and Explore show in one call, cacheable for 60 seconds', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/home' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const home = res.json();
    expect(Object.keys(home).sort()).toEqual(['browse', 'catalog', 'catalogLoading', 'communityUrl', 'federation', 'platformNames', 'platformOfTheDay', 'reviews', 'selectionOfTheDay', 'steamImport', 'trending', 'upcoming']);
    expect(home.catalogLoading).toBe(false);
    expect(home.trending).toHaveLength(6);
    expect(home.trending[0]).toMatchObject({ _id: expect.any(String), name: expect.any(String), slug: expect.any(String), cover: null });
    expect(home.upcoming.map((g: { slug: string }) => g.slug)).toEqual(['future-quest']);
    expect(home.reviews).toHaveLength(2);
    expect(home.reviews[0]).toMatchObject({ user: { username: expect.any(String) }, game: { slug: expect.any(String) }, date: { reviewCreated: expect.any(Number) } });
    expect(home.platformOfTheDay.platform).toMatchObject({ slug: expect.any(String), name: expect.any(String), feat: true });
    expect(home.selectionOfTheDay).toBeNull();
    // The same lists as the SPEC §7 calls, which keep working on their own.
    const browse = await t.app.inject({ method: 'GET', url: '/api/igdb/games?limit=6' });
    expect(home.browse).toEqual(browse.json());
    const trending = await t.app.inject({ method: 'GET', url: '/api/igdb/trending?limit=6' });
    expect(home.trending).toEqual(trending.json());
    const upcoming = await t.app.inject({ method: 'GET', url: '/api/igdb/upcoming/tsr' });
    expect(home.upcoming).toEqual(upcoming.json());
  });

  it('names the platforms its reviews list, and no others, so the cards need no call of their own', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/ann/library/super-mario-world',
      headers: bearer(await loginToken(t.app, 'ann')),
      payload: { status: 2, rating: 9, review: 'ann liked it.', platforms: ['snes'] },
    });
    expect(res.statusCode).toBe(200);
    await feature('ann', 1);
    try {
      const home = await homeAt({ now: JAN_1 }).feed();
      expect(home.reviews.find((r) => r.user.username === 'ann')?.platform).toEqual(['snes']);
      expect(home.platformNames).toEqual({ snes: 'Super Nintendo Entertainment System' });
    } finally {
      await feature('ann', null);
    }
  });

  it('gives the footer the operator’s community link (COMMUNITY_URL), and none without it', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/home' })).json().communityUrl).toBeNull();
    const withChat = await createTestApp(kind, { env: { COMMUNITY_URL: 'https://chat.example.org/invite/vgl' } });
    try {
      expect((await withChat.app.inject({ method: 'GET', url: '/api/home' })).json().communityUrl).toBe('https://chat.example.org/invite/vgl');
    } finally {
      await withChat.close();
    }
  });

  it('shows only trending reviews when none are featured', async () => {
    const trending = (await t.app.inject({ method: 'GET', url: '/api/library/reviews/trending?limit=2' })).json<ReviewEntry[]>();
    const home = await homeAt({ now: JAN_1 }).feed();
    expect(authors(home.reviews)).toEqual(authors(trending));
  });

  it('puts featured reviews first and fills with trending ones, never twice the same', async () => {
    const trending = (await t.app.inject({ method: 'GET', url: '/api/library/reviews/trending?limit=3' })).json<ReviewEntry[]>();
    const top = trending[0]!.user.username;
    // The top trending review is featured too: it shows once, followed by the next trending one.
    await feature(top, 1);
    expect(authors((await homeAt({ now: JAN_1 }).feed()).reviews)).toEqual([top, trending[1]!.user.username]);
    await feature(top, null);

    await feature('cat', 1);
    await feature('ann', 2);
    await feature('bob', 3);
    expect(authors((await homeAt({ now: JAN_1 }).feed()).reviews)).toEqual(['cat', 'ann']);
    for (const username of ['ann', 'bob', 'cat']) await feature(username, null);
  });

  it('picks the platform of the day among the featured platforms with games, by day of year', async () => {
    const all = (await t.app.inject({ method: 'GET', url: '/api/igdb/platforms?feat=1' })).json<{ slug: string; games_count: number }[]>();
    const featured = all.filter((p) => p.games_count > 0);
    expect(featured.map((p) => p.slug).sort()).toEqual(['switch', 'win']);
    const first = (await homeAt({ now: JAN_1 }).feed()).platformOfTheDay!;
    const second = (await homeAt({ now: JAN_2 }).feed()).platformOfTheDay!;
    expect(first.platform.slug).toBe(featured[dayOfYear(new Date(JAN_1)) % featured.length]!.slug);
    expect(second.platform.slug).toBe(featured[2 % featured.length]!.slug);
    expect([first.platform.slug, second.platform.slug]).toEqual(['win', 'switch']);
    expect(first.games.map((g) => g.slug)).toEqual(['windows-wander']);
    // The platform as GET /api/igdb/platforms/{slug} answers it, with its most popular games.
    const platform = await t.app.inject({ method: 'GET', url: `/api/igdb/platforms/${first.platform.slug}` });
    expect(first.platform).toEqual(platform.json());
    const games = await t.app.inject({ method: 'GET', url: `/api/igdb/games?platform=${first.platform.slug}&limit=6` });
    expect(first.games).toEqual(games.json());
  });

  it('picks the selection of the day by day of year, with up to 6 of its games', async () => {
    const games = await t.db.kysely.selectFrom('games').select('id').orderBy('popularity', 'desc').execute();
    for (const [position, slug] of ['pocket-picks', 'couch-classics'].entries()) {
      const { id } = await t.db.kysely
        .insertInto('selections')
        .values({ slug, name: `Selection ${slug}`, description: 'Hand-picked.', image: null, position, igdb_id: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db.kysely
        .insertInto('selection_games')
        .values(games.map((g, i) => ({ selection_id: id, game_id: g.id, position: i })))
        .execute();
    }
    const jan1 = (await homeAt({ now: JAN_1 }).feed()).selectionOfTheDay!;
    const jan2 = (await homeAt({ now: JAN_2 }).feed()).selectionOfTheDay!;
    expect(jan1.selection).toEqual({ name: 'Selection couch-classics', slug: 'couch-classics', description: 'Hand-picked.', image: null }); // 1 % 2
    expect(jan2.selection.slug).toBe('pocket-picks'); // 2 % 2
    expect(jan1.games).toHaveLength(6);
    expect(jan1.games[0]!.slug).toBe('super-mario-world');
    expect(pickOfTheDay(['pocket-picks', 'couch-classics'], new Date(JAN_1))).toBe(jan1.selection.slug);
  });

  it('keeps the answer for 60 seconds, or until told something changed', async () => {
    const clock = { now: JAN_1 };
    const home = homeAt(clock);
    const before = await home.feed();
    await feature('bob', 1);
    clock.now += 59_000;
    expect(await home.feed()).toBe(before);
    clock.now += 2_000;
    expect(authors((await home.feed()).reviews)[0]).toBe('bob');

    await feature('bob', null);
    const cached = await home.feed();
    home.invalidate();
    expect(await home.feed()).not.toBe(cached);
  });
});

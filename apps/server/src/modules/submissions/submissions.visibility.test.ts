import type { GameSubmission } from '@vgl/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const SLUG = 'zephyr-quest';

/**
 * A game a member submitted is theirs (and the moderators') alone until it is
 * approved: nobody else finds it or opens it by any route — search and its
 * typo correction, the type-ahead, browse (all, by platform, by year),
 * trending, upcoming, the home page, popular reviews, a follower's feed, the
 * game's page and its reviews, lists and friends, another member's library,
 * diary or list, the HTML page. Approving it makes it a catalog game like any other.
 */
describe.each(dbKinds)('an unlisted game on %s', (kind) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  let submission: GameSubmission;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, [
      { name: 'Zephyr Racer', slug: 'zephyr-racer', year: 2001, platforms: ['win'] },
      { name: 'Harbour Lights', slug: 'harbour-lights', year: 1999, platforms: ['win'] },
    ]);
    for (const [username, role] of [
      ['alice', 'user'],
      ['bob', 'user'],
      ['mod', 'moderator'],
    ] as const) {
      await createUser(t.db.kysely, { username, role });
      token[username] = await loginToken(t.app, username);
    }
    const made = await call('POST', '/api/games/submissions', 'alice', { name: 'Zephyr Quest', year: 2001, platforms: ['win'] });
    expect(made.statusCode).toBe(201);
    submission = made.json();
    // Alice logs, rates and reviews it: the busiest game of the week, with the newest review.
    expect((await call('PUT', `/api/users/alice/library/${SLUG}`, 'alice', { status: 2, rating: 10, review: 'Zephyr Quest is wonderful.' })).statusCode).toBe(201);
    expect((await call('POST', '/api/users/alice/lists', 'alice', { title: 'Favourites' })).statusCode).toBe(201);
    expect((await call('POST', '/api/users/alice/lists/favourites/games', 'alice', { game: SLUG })).statusCode).toBe(201);
    // Bob follows Alice (friends who played, her feed).
    expect((await call('POST', '/api/users/alice/follow', 'bob')).statusCode).toBeLessThan(300);
  });
  afterAll(() => t.close());

  const call = (method: Method, url: string, who?: string, payload?: object) =>
    t.app.inject({ method, url, headers: who ? bearer(token[who]!) : {}, ...(payload ? { payload } : {}) });
  const slugs = async (url: string, who?: string) => {
    const res = await call('GET', url, who);
    expect(res.statusCode).toBe(200);
    return res.json<{ slug: string }[]>().map((g) => g.slug);
  };

  /** Every way someone other than its submitter could come across the game. */
  async function seenBy(who: string | undefined) {
    const found: string[] = [];
    const lists: [string, string][] = [
      ['search', '/api/igdb/search?q=zephyr'],
      ['search, whole title', '/api/igdb/search?q=zephyr%20quest'],
      ['type-ahead', '/api/igdb/search?q=zephyr%20q&p=1&limit=6'],
      ['browse', '/api/igdb/games?limit=50'],
      ['browse by name', '/api/igdb/games?limit=50&sort=name'],
      ['browse by platform', '/api/igdb/games?platform=win&limit=50'],
      ['browse by year', '/api/igdb/games?releaseDate=2001&limit=50'],
      ['trending', '/api/igdb/trending?limit=24'],
      ['upcoming', '/api/igdb/upcoming/tsr?limit=50'],
    ];
    for (const [name, url] of lists) if ((await slugs(url, who)).includes(SLUG)) found.push(name);
    // A misspelt search is not "corrected" to a word only the unlisted game has.
    const typo = await call('GET', '/api/igdb/search?q=qest', who);
    if (typo.headers['x-search-corrected'] || typo.json<unknown[]>().length > 0) found.push('typo correction');
    const total = await call('GET', '/api/igdb/games?platform=win&limit=1', who);
    if (total.headers['x-total-count'] !== '2') found.push(`platform total ${total.headers['x-total-count']}`);
    const home = await call('GET', '/api/home', who);
    if (home.body.includes(SLUG) || home.body.includes('Zephyr Quest')) found.push('home');
    for (const url of ['/api/library/reviews/trending', '/api/library/reviews/feat']) if ((await call('GET', url, who)).body.includes(SLUG)) found.push(url);
    for (const url of [`/api/igdb/games/${SLUG}`, `/api/igdb/games/${SLUG}/reviews`, `/api/igdb/games/${SLUG}/lists`, `/api/users/alice/library/${SLUG}`]) {
      if ((await call('GET', url, who)).statusCode !== 404) found.push(url);
    }
    if (who) {
      const feed = await call('GET', '/api/activity', who);
      expect(feed.statusCode).toBe(200);
      if (feed.body.includes(SLUG)) found.push('activity feed');
      for (const url of [`/api/igdb/games/${SLUG}/friends`, `/api/games/${SLUG}/submission`]) if ((await call('GET', url, who)).statusCode !== 404) found.push(url);
    }
    const page = await t.app.inject({ method: 'GET', url: `/games/${SLUG}`, headers: who ? bearer(token[who]!) : {} });
    if (page.statusCode !== 404 || page.body.includes('Zephyr Quest')) found.push('HTML page');
    return found;
  }

  it('is found by nobody but its submitter, by any route', async () => {
    expect(await seenBy(undefined)).toEqual([]);
    expect(await seenBy('bob')).toEqual([]);
  });

  it('cannot be logged, played or listed by another member (404)', async () => {
    expect((await call('PUT', `/api/users/bob/library/${SLUG}`, 'bob', { status: 1 })).statusCode).toBe(404);
    expect((await call('POST', '/api/users/bob/diary', 'bob', { game: SLUG, playedOn: '2025-03-01', event: 'played', minutes: 30 })).statusCode).toBe(404);
    expect((await call('POST', '/api/users/bob/lists', 'bob', { title: 'Mine' })).statusCode).toBe(201);
    expect((await call('POST', '/api/users/bob/lists/mine/games', 'bob', { game: SLUG })).statusCode).toBe(404);
    expect((await call('GET', `/api/users/bob/lists?game=${SLUG}`, 'bob')).statusCode).toBe(404);
    expect(await t.db.kysely.selectFrom('library_entries').select('id').where('game_id', '=', (await gameId())!).execute()).toHaveLength(1);
  });

  it('is its submitter’s to open, and a moderator’s', async () => {
    for (const who of ['alice', 'mod']) {
      const res = await call('GET', `/api/games/${SLUG}/submission`, who);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ slug: SLUG, submission: { id: submission.id, state: 'pending' } });
    }
    expect((await call('GET', `/api/users/alice/library/${SLUG}`, 'alice')).json()).toMatchObject({ rating: 10 });
  });

  it('becomes a catalog game like any other once approved', async () => {
    expect((await call('POST', `/api/admin/submissions/${submission.id}/approve`, 'mod')).statusCode).toBe(200);
    // Kept answers let go once the catalog's new version is read (within a second).
    await expect.poll(async () => slugs('/api/igdb/search?q=zephyr', 'bob'), { timeout: 5000 }).toContain(SLUG);
    // The same probes now come across it (so they would have, had it been listed before).
    expect(await seenBy('bob')).toEqual(
      expect.arrayContaining(['search', 'type-ahead', 'browse', 'browse by platform', 'browse by year', 'trending', 'platform total 3', 'home', 'activity feed', `/api/igdb/games/${SLUG}`, 'HTML page']),
    );
    expect((await call('GET', `/api/igdb/games/${SLUG}`)).json()).toMatchObject({ name: 'Zephyr Quest', source: 'member' });
    expect((await call('GET', `/api/igdb/games/${SLUG}/reviews`)).body).toContain('Zephyr Quest is wonderful.');
    expect((await call('PUT', `/api/users/bob/library/${SLUG}`, 'bob', { status: 4 })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: `/games/${SLUG}` })).statusCode).toBe(200);
  });

  const gameId = async () => (await t.db.kysely.selectFrom('games').select('id').where('slug', '=', SLUG).executeTakeFirst())?.id;
});

import zlib from 'node:zlib';
import Fastify, { type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { seedGames } from '../test/catalog.js';
import { dbKinds } from '../test/databases.js';
import { bearer, createUser, loginToken } from '../test/users.js';
import { bumpCatalogVersion } from '../modules/catalog/catalog.import.js';
import type { ChangeFeed } from './change-feed.js';
import { kept, keptText, negotiate } from './answer-encoding.js';
import { registerResponseCache } from './response-cache.js';

describe('negotiate', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(negotiate('br, gzip')).toBe('br');
    expect(negotiate('gzip, deflate')).toBe('gzip');
    expect(negotiate('br;q=0, gzip')).toBe('gzip');
    expect(negotiate('identity')).toBe('identity');
    expect(negotiate(undefined)).toBe('identity');
  });
});

describe.each(dbKinds)('the response cache on %s', (kind) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(
      t,
      Array.from({ length: 40 }, (_, i) => ({ name: `Cached Quest ${i + 1}`, slug: `cached-quest-${i + 1}`, platforms: ['snes'], summary: 'x'.repeat(200) })),
    );
    await createUser(t.db.kysely, { username: 'cacher' });
    token = await loginToken(t.app, 'cacher');
    // The seeding bumped the catalog's version after the app started: let the cache's poll see it first.
    await new Promise((r) => setTimeout(r, 1200));
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('serves the same bytes again, encoded as asked, with an ETag and a 304 for it', async () => {
    const first = await get('/api/igdb/games?limit=24', { 'accept-encoding': 'br, gzip' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers.vary).toContain('accept-encoding');
    const games = JSON.parse(zlib.brotliDecompressSync(first.rawPayload).toString());
    expect(games).toHaveLength(24);

    const gzip = await get('/api/igdb/games?limit=24', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(games);
    const plain = await get('/api/igdb/games?limit=24');
    expect(plain.headers['content-encoding']).toBeUndefined();
    // What the handler said besides the body comes back with every hit.
    expect(plain.headers['x-total-count']).toBe(first.headers['x-total-count']);
    expect(plain.headers['x-total-count']).toBe('40');
    expect(plain.headers['cache-control']).toBe(first.headers['cache-control']);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.json()).toEqual(games);
    expect(plain.headers.etag).toBe(etag);

    const again = await get('/api/igdb/games?limit=24', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('makes an answer anew once the catalog changes', async () => {
    const before = await get('/api/igdb/games/cached-quest-1');
    await t.db.kysely.updateTable('games').set({ name: 'Renamed Quest' }).where('slug', '=', 'cached-quest-1').execute();
    // Changed behind the server's back without a new catalog version: still the cached answer.
    expect((await get('/api/igdb/games/cached-quest-1')).json().name).toBe('Cached Quest 1');
    await bumpCatalogVersion(t.db);
    // The version is polled once a second.
    await new Promise((r) => setTimeout(r, 1200));
    const after = await get('/api/igdb/games/cached-quest-1');
    expect(after.json().name).toBe('Renamed Quest');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('shows a member’s write at once, to visitors and to the member', async () => {
    const before = await get('/api/igdb/games/cached-quest-2', bearer(token));
    expect(before.json().community.count).toBe(0);
    // A public route's answer is the same whoever asks: the member is served the visitors' copy.
    expect((await get('/api/igdb/games/cached-quest-2')).headers.etag).toBe(before.headers.etag);
    const put = await t.app.inject({ method: 'PUT', url: '/api/users/cacher/library/cached-quest-2', headers: bearer(token), payload: { rating: 8 } });
    expect(put.statusCode).toBe(201);
    expect((await get('/api/igdb/games/cached-quest-2', bearer(token))).json().community.count).toBe(1);
    expect((await get('/api/igdb/games/cached-quest-2')).json().community.count).toBe(1);
  });

  it('never serves or keeps a signed-in answer of a route that can be personal', async () => {
    await t.app.inject({ method: 'PUT', url: '/api/users/cacher/library/cached-quest-3', headers: bearer(token), payload: { rating: 6, review: 'Kept apart.' } });
    const visitor = await get('/api/users/cacher/reviews/cached-quest-3');
    expect(visitor.headers.etag).toMatch(/^W\//);
    const member = await get('/api/users/cacher/reviews/cached-quest-3', bearer(token));
    expect(member.statusCode).toBe(200);
    expect(member.headers.etag).toBeUndefined();
    // …and what the member was answered did not replace the visitors' copy.
    expect((await get('/api/users/cacher/reviews/cached-quest-3')).headers.etag).toBe(visitor.headers.etag);
  });

  it('keeps a visitor’s library page, and a member’s for the members the audience check lets through', async () => {
    for (let i = 4; i <= 24; i++) await t.app.inject({ method: 'PUT', url: `/api/users/cacher/library/cached-quest-${i}`, headers: bearer(token), payload: { status: 1 } });
    const visitor = await get('/api/users/cacher/library?limit=24', { 'accept-encoding': 'br' });
    expect(visitor.headers.etag).toMatch(/^W\//);
    expect(visitor.headers['content-encoding']).toBe('br');
    const games = JSON.parse(zlib.brotliDecompressSync(visitor.rawPayload).toString());
    expect(games.length).toBeGreaterThanOrEqual(20);
    const member = await get('/api/users/cacher/library?limit=24', { ...bearer(token), 'accept-encoding': 'gzip' });
    // Kept for signed-in readers (the same bytes as the visitors'), but theirs alone: browsers are told not to store it.
    expect(member.headers.etag).toBe(visitor.headers.etag);
    expect(member.headers['cache-control']).toBe('no-store');
    expect(member.headers['content-encoding']).toBe('gzip');
    expect(member.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(zlib.gunzipSync(member.rawPayload).toString())).toEqual(games);
    const plain = await get('/api/users/cacher/library?limit=24', bearer(token));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(games);
  });

  it('checks each signed-in reader before serving a library page kept for readers', async () => {
    await createUser(t.db.kysely, { username: 'reader_one' });
    await createUser(t.db.kysely, { username: 'reader_two' });
    const [one, two] = [await loginToken(t.app, 'reader_one'), await loginToken(t.app, 'reader_two')];
    const url = '/api/users/cacher/library?limit=5';
    const first = await get(url, bearer(one));
    expect(first.statusCode).toBe(200);
    const owner = await t.db.kysely.selectFrom('users').select('id').where('username', '=', 'cacher').executeTakeFirstOrThrow();
    // Changes no server announces (SQL by hand): what the next reader gets shows whether it was kept.
    await t.db.kysely.updateTable('library_entries').set({ rating: 1 }).where('user_id', '=', owner.id).execute();
    const second = await get(url, bearer(two));
    expect([second.statusCode, second.headers.etag]).toEqual([200, first.headers.etag]);
    expect(second.json()).toEqual(first.json());
    // The owner goes private by hand: the kept page is still there, and still no one but them gets it.
    await t.db.kysely.updateTable('users').set({ is_private: 1 }).where('id', '=', owner.id).execute();
    const refused = await get(url, bearer(two));
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('cached-quest');
    expect((await get(url, bearer(token))).statusCode).toBe(200);
    await t.db.kysely.updateTable('users').set({ is_private: 0 }).where('id', '=', owner.id).execute();
  });

  it('serves readers at once while the owner writes, and none a page from before a write that was answered before they asked', async () => {
    const names = ['conc_a', 'conc_b', 'conc_c', 'conc_d'];
    for (const name of names) await createUser(t.db.kysely, { username: name });
    const tokens = await Promise.all(names.map((name) => loginToken(t.app, name)));
    const url = '/api/users/cacher/library?limit=50';
    const ratingOf = (answer: { json(): unknown }) => (answer.json() as { slug: string; rating: number | null }[]).find((g) => g.slug === 'cached-quest-30')?.rating;
    for (const rating of [4, 6, 8]) {
      const reads = Array.from({ length: 24 }, (_, i) => get(url, bearer(tokens[i % tokens.length]!)));
      const write = t.app.inject({ method: 'PUT', url: '/api/users/cacher/library/cached-quest-30', headers: bearer(token), payload: { status: 1, rating } });
      const [put, ...answers] = await Promise.all([write, ...reads]);
      expect(put.statusCode).toBeLessThan(300);
      for (const answer of answers) expect(answer.statusCode).toBe(200);
      // Asked after the write was answered: every reader sees it, whoever's read was kept meanwhile.
      const after = await Promise.all(tokens.map((reader) => get(url, bearer(reader))));
      for (const answer of after) expect(ratingOf(answer)).toBe(rating);
    }
  });

  it('keeps a corrected search’s header', async () => {
    // A whole name with a word typed right: a correction the search stands by (one word alone, to obscure games, it does not).
    const first = await get('/api/igdb/search?q=cahced%20quest%203');
    expect(first.headers['x-search-corrected']).toBe('cached%20quest%203');
    const again = await get('/api/igdb/search?q=cahced%20quest%203');
    expect(again.headers['x-search-corrected']).toBe('cached%20quest%203');
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  it('keeps no error answers', async () => {
    expect((await get('/api/igdb/games/no-such-game')).statusCode).toBe(404);
    expect((await get('/api/igdb/games/no-such-game')).headers.etag).toBeUndefined();
  });
});

describe('the bytes the response cache keeps', () => {
  it('are in memory of their own and of their size, not a view of a shared slab or a larger chunk', () => {
    // What Buffer.from does for a short string: a view into an 8 KB pool another answer's bytes share.
    expect(Buffer.from('{"a":1}').buffer.byteLength).toBeGreaterThan(7);
    const text = keptText('{"name":"Café"}');
    expect(text.toString()).toBe('{"name":"Café"}');
    expect(text.buffer.byteLength).toBe(text.length);
    const zipped = zlib.gzipSync(Buffer.from('x'.repeat(5000)));
    const own = kept(zipped);
    expect(own.buffer.byteLength).toBe(own.length);
    expect(zlib.gunzipSync(own).toString()).toBe('x'.repeat(5000));
    const slice = Buffer.alloc(100).subarray(10, 20);
    expect(kept(slice).buffer.byteLength).toBe(10);
  });
});

describe('the response cache’s shelves', () => {
  /** A bare app with the cache and two cached routes, one per kind of dependency, and a change feed the test moves. */
  async function cacheApp(maxBytes?: number) {
    const changes = { writes: 0, catalogVersion: 'c1', shared: false };
    const made: string[] = [];
    const app = Fastify();
    const cache = registerResponseCache(app, changes as unknown as ChangeFeed, { maxBytes });
    const answer = (name: string) => async (request: FastifyRequest<{ Params: { n: string } }>) => {
      made.push(`${name} ${request.params.n}`);
      // The write that lands while this answer is being made.
      if (request.params.n === 'racing') changes.writes += 1;
      return `${name} ${request.params.n} ${'x'.repeat(request.params.n === 'racing' ? 2000 : 100)}`;
    };
    app.get('/social/:n', { config: { cache: { depends: ['social'] } } }, answer('social'));
    app.get('/catalog/:n', { config: { cache: { depends: ['catalog'] } } }, answer('catalog'));
    await app.ready();
    const get = (url: string) => app.inject({ method: 'GET', url });
    return { app, cache, changes, made, get };
  }

  it('lets go of answers it can no longer serve without waiting to be asked for them (the sweep after a load)', async () => {
    const { cache, changes, get } = await cacheApp();
    for (let n = 0; n < 5; n++) await Promise.all([get(`/social/${n}`), get(`/catalog/${n}`)]);
    expect(cache.stats().entries).toBe(10);
    cache.sweep();
    expect(cache.stats().entries).toBe(10);
    // Past the social answers' backstop (30 s unheard), not the catalog's (5 min): those go, these stay.
    cache.sweep(Date.now() + 31_000);
    expect(cache.stats().entries).toBe(5);
    // A write announced: the social shelf is replaced at the sweep even if nobody asks again.
    await get('/social/again');
    changes.writes += 1;
    cache.sweep();
    expect(cache.stats().entries).toBe(5);
    cache.sweep(Date.now() + 301_000);
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0 });
  });

  it('drops every answer that depends on members’ writes once one is announced, and keeps the catalog’s', async () => {
    const { cache, changes, made, get } = await cacheApp();
    for (let n = 0; n < 10; n++) await Promise.all([get(`/social/${n}`), get(`/catalog/${n}`)]);
    expect(cache.stats().entries).toBe(20);
    changes.writes += 1;
    await get('/social/0');
    expect(cache.stats().entries).toBe(11);
    await get('/catalog/0');
    expect(made.filter((m) => m === 'catalog 0')).toHaveLength(1);
    expect(made.filter((m) => m === 'social 0')).toHaveLength(2);
    // A new catalog empties both shelves (the members' one is made under the catalog's version too).
    changes.catalogVersion = 'c2';
    await Promise.all([get('/catalog/1'), get('/social/1')]);
    expect(cache.stats().entries).toBe(2);
    expect(made.filter((m) => m === 'catalog 1' || m === 'social 1')).toHaveLength(4);
  });

  it('sends but does not keep an answer made before a write that landed meanwhile', async () => {
    const { app, cache, made, get } = await cacheApp();
    expect((await app.inject({ method: 'GET', url: '/social/racing', headers: { 'accept-encoding': 'gzip' } })).statusCode).toBe(200);
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0 });
    await get('/social/racing');
    expect(made).toEqual(['social racing', 'social racing']);
  });

  it('stays within its bound, dropping the answers a write will drop anyway first', async () => {
    const { cache, made, get } = await cacheApp(2_000);
    for (let n = 0; n < 10; n++) await get(`/catalog/${n}`);
    for (let n = 0; n < 10; n++) await get(`/social/${n}`);
    expect(cache.stats().bytes).toBeLessThanOrEqual(2_000);
    made.length = 0;
    for (let n = 0; n < 10; n++) await get(`/catalog/${n}`);
    expect(made).toEqual([]);
  });
});

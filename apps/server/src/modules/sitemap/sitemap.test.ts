import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';
import { URLS_PER_SITEMAP } from './sitemap.repo.js';
import { escapeXml, pathOf } from './sitemap.xml.js';

const parser = new XMLParser({ isArray: (name) => name === 'url' || name === 'sitemap' });
type Loc = { loc: string; lastmod?: string };
const asArray = (value: Loc[] | undefined): Loc[] => value ?? [];

// The sitemap lists what search engines may index: public members' pages and their public things, never a member who asked to be left out.
describe.each(dbKinds)('the sitemap on %s', (kind) => {
  let t: TestApp;
  const token: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, [
      { name: 'Tetris', slug: 'tetris', year: 1984, platforms: ['gb'] },
      { name: 'Doom', slug: 'doom', year: 1993, platforms: ['pc'] },
    ]);
    await createUser(t.db.kysely, { username: 'Open' });
    await createUser(t.db.kysely, { username: 'shy', hide_from_search: 1 });
    await createUser(t.db.kysely, { username: 'closed', is_private: 1 });
    await createUser(t.db.kysely, { username: 'gone' });
    for (const username of ['Open', 'shy', 'closed', 'gone']) token[username] = await loginToken(t.app, username);
    for (const username of ['Open', 'shy', 'closed', 'gone']) {
      const who = username.toLowerCase();
      expect((await call('PUT', `/api/users/${who}/library/tetris`, username, { rating: 8, review: `Tetris by ${username}.` })).statusCode).toBe(201);
      expect((await call('POST', `/api/users/${who}/lists`, username, { title: 'Best of all' })).statusCode).toBe(201);
    }
    // Open's other review is for followers only, their second list private, and a moderator hid a third.
    await call('PUT', '/api/users/open/library/doom', 'Open', { rating: 6, review: 'Only friends.', reviewVisibility: 'followers' });
    await call('POST', '/api/users/open/lists', 'Open', { title: 'Secret', isPublic: false });
    await call('POST', '/api/users/open/lists', 'Open', { title: 'Reported' });
    await t.db.kysely.updateTable('lists').set({ hidden_at: Date.now() }).where('slug', '=', 'reported').execute();
    await t.db.kysely.updateTable('users').set({ state: 'suspended' }).where('username', '=', 'gone').execute();
  });
  afterAll(() => t.close());

  function call(method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: object) {
    return t.app.inject({ method, url, headers: bearer(token[who]!), ...(payload ? { payload } : {}) });
  }

  async function allUrls(): Promise<string[]> {
    const index = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    expect(index.headers['cache-control']).toBe('public, max-age=3600');
    expect(XMLValidator.validate(index.body)).toBe(true);
    const children: string[] = asArray(parser.parse(index.body).sitemapindex.sitemap).map((s) => s.loc);
    expect(children).toEqual(['games', 'members', 'reviews', 'lists'].map((k) => `https://vgl.test/sitemaps/${k}-1.xml`));
    const urls: string[] = [];
    for (const child of children) {
      const res = await t.app.inject({ method: 'GET', url: new URL(child).pathname });
      expect(res.statusCode).toBe(200);
      expect(XMLValidator.validate(res.body)).toBe(true);
      for (const u of asArray(parser.parse(res.body).urlset.url)) {
        expect(new Date(u.lastmod!).toISOString()).toBe(u.lastmod);
        urls.push(u.loc);
      }
    }
    return urls;
  }

  it("lists games and a public member's profile, public reviews and lists, as absolute addresses", async () => {
    const urls = await allUrls();
    expect(urls).toEqual([
      'https://vgl.test/games/tetris',
      'https://vgl.test/games/doom',
      'https://vgl.test/u/open',
      'https://vgl.test/u/open/reviews/tetris',
      'https://vgl.test/u/open/lists/best-of-all',
    ]);
  });

  it('leaves out a member who chose "Hide from search engines", and brings them back when they change their mind', async () => {
    expect((await call('PUT', '/api/profile/privacy', 'shy', { hideFromSearch: false })).statusCode).toBe(200);
    expect(await allUrls()).toEqual(expect.arrayContaining(['https://vgl.test/u/shy', 'https://vgl.test/u/shy/reviews/tetris']));
    expect((await call('PUT', '/api/profile/privacy', 'shy', { hideFromSearch: true })).statusCode).toBe(200);
    expect((await allUrls()).filter((u) => u.includes('/u/shy'))).toEqual([]);
  });

  it('answers pages that hold nothing or are not sitemaps with a 404', async () => {
    for (const url of ['/sitemaps/games-2.xml', '/sitemaps/games-0.xml', '/sitemaps/people-1.xml', '/sitemaps/games-1.txt', '/sitemaps/games-99999999.xml']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('pages by id, 50,000 ids to a child sitemap', async () => {
    const far = URLS_PER_SITEMAP * 2 + 5;
    await t.db.kysely
      .insertInto('games')
      .values({ ...(await t.db.kysely.selectFrom('games').selectAll().where('slug', '=', 'doom').executeTakeFirstOrThrow()), id: far, slug: 'far-away', name: 'Far Away' })
      .execute();
    const index = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.body).toContain('<loc>https://vgl.test/sitemaps/games-3.xml</loc>');
    expect(index.body).not.toContain('games-2.xml');
    const third = await t.app.inject({ method: 'GET', url: '/sitemaps/games-3.xml' });
    expect(asArray(parser.parse(third.body).urlset.url).map((u) => u.loc)).toEqual(['https://vgl.test/games/far-away']);
    expect((await t.app.inject({ method: 'GET', url: '/sitemaps/games-1.xml' })).body).not.toContain('far-away');
  });

  it('names the sitemap in robots.txt', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Sitemap: https://vgl.test/sitemap.xml');
  });
});

describe('sitemap addresses', () => {
  it('escapes what XML and URLs give meaning to', () => {
    expect(escapeXml(`a&b<c>"d"'e'`)).toBe('a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;');
    expect(pathOf('lists', { id: 1, a: 'Ann', b: 'r&d <1>', lastmod: 0 })).toBe('/u/ann/lists/r%26d%20%3C1%3E');
  });
});

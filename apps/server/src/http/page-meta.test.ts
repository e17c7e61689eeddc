import { FEDERATION_PAGE, PRODUCT } from '@vgl/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { seedGames } from '../test/catalog.js';
import { dbKinds } from '../test/databases.js';
import { bearer, createUser, loginToken } from '../test/users.js';
import { pageTemplate } from './spa.js';

const SUMMARY = `Link sets out across Hyrule <to> find the eight "fragments" of the Triforce & rescue Zelda. ${'The overworld is vast and full of secrets. '.repeat(6)}`;
const GAMES = [
  { name: 'The Legend of Zelda', slug: 'the-legend-of-zelda', releaseDate: '1986-02-21', platforms: ['nes'], summary: SUMMARY, cover: 'co1uii' },
  { name: 'Tom & Jerry "Live"', slug: 'tom-and-jerry', year: 1991, platforms: ['snes'] },
];
const REVIEW = `**Still** the *best* start to a series.\n\n> It's dangerous to go alone! Take this.\n\n${'I mapped every screen on graph paper and loved it. '.repeat(8)}`;

/** The content of a <meta> tag in the page, and how often it appears. */
function metaOf(html: string, key: 'name' | 'property', name: string) {
  const all = [...html.matchAll(new RegExp(`<meta ${key}="${name}" content="([^"]*)"`, 'g'))];
  return { content: all[0]?.[1], count: all.length };
}
const titleOf = (html: string) => [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);

describe.each(dbKinds)('page head tags for link previews on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, GAMES);
    await createUser(t.db.kysely, { username: 'Ann' });
    await createUser(t.db.kysely, { username: 'gone' });
    for (const username of ['Ann', 'gone']) {
      await t.app.inject({
        method: 'PUT',
        url: `/api/users/${username}/library/the-legend-of-zelda`,
        headers: bearer(await loginToken(t.app, username)),
        payload: { status: 2, rating: 9, review: REVIEW },
      });
    }
    await t.db.kysely.updateTable('users').set({ state: 'suspended' }).where('username', '=', 'gone').execute();
  });
  afterAll(() => t.close());

  const page = (url: string) => t.app.inject({ method: 'GET', url });

  it('sends the tagline, default description and share image for /, each tag once', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toEqual(['Track Your Gaming Journey']);
    expect(metaOf(res.body, 'name', 'description')).toEqual({ content: PRODUCT.description, count: 1 });
    expect(metaOf(res.body, 'property', 'og:title')).toEqual({ content: 'Track Your Gaming Journey', count: 1 });
    expect(metaOf(res.body, 'property', 'og:image')).toEqual({ content: 'https://vgl.test/img/og-image.jpg', count: 1 });
    expect(metaOf(res.body, 'name', 'twitter:card')).toEqual({ content: 'summary_large_image', count: 1 });
    expect(res.body).toContain('<link rel="canonical" href="https://vgl.test/" />');
  });

  it("gives a game page the game's title, summary, cover and canonical link", async () => {
    const res = await page('/games/the-legend-of-zelda?from=search');
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toEqual(['The Legend of Zelda | VGL']);
    expect(metaOf(res.body, 'property', 'og:title').content).toBe('The Legend of Zelda | VGL');
    const description = metaOf(res.body, 'name', 'description');
    expect(description.count).toBe(1);
    expect(description.content).toMatch(/^Link sets out across Hyrule &lt;to&gt; find the eight &quot;fragments&quot; of the Triforce &amp; rescue Zelda\. The overworld/);
    expect(description.content).toMatch(/…$/);
    expect(metaOf(res.body, 'property', 'og:description').content).toBe(description.content);
    expect(metaOf(res.body, 'property', 'og:image').content).toBe('https://images.igdb.com/igdb/image/upload/t_cover_big/co1uii.jpg');
    expect(metaOf(res.body, 'property', 'og:url').content).toBe('https://vgl.test/games/the-legend-of-zelda');
    expect(res.body).toContain('<link rel="canonical" href="https://vgl.test/games/the-legend-of-zelda" />');
    expect(metaOf(res.body, 'name', 'twitter:card').content).toBe('summary_large_image');
  });

  it('describes a game without a summary by name and year, escaped, with the default share image', async () => {
    const res = await page('/games/tom-and-jerry');
    expect(titleOf(res.body)).toEqual(['Tom &amp; Jerry &quot;Live&quot; | VGL']);
    expect(metaOf(res.body, 'name', 'description').content).toBe(
      'Tom &amp; Jerry &quot;Live&quot; (1991) on VGL: rate it, review it and add it to your library.',
    );
    expect(metaOf(res.body, 'property', 'og:image').content).toBe('https://vgl.test/img/og-image.jpg');
  });

  it('gives a review page "{game} review by {user}", the review as plain text and the game cover', async () => {
    const res = await page('/u/ann/reviews/the-legend-of-zelda');
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toEqual(['The Legend of Zelda review by Ann | VGL']);
    const description = metaOf(res.body, 'name', 'description').content!;
    expect(description).toMatch(/^Still the best start to a series\. It's dangerous to go alone! Take this\. I mapped every screen/);
    expect(description).not.toMatch(/\*|&gt;/);
    expect(description.length).toBeLessThan(260);
    expect(metaOf(res.body, 'property', 'og:image').content).toBe('https://images.igdb.com/igdb/image/upload/t_cover_big/co1uii.jpg');
    expect(res.body).toContain('<link rel="canonical" href="https://vgl.test/u/ann/reviews/the-legend-of-zelda" />');
  });

  it('answers an unknown game or review with the default tags and a real 404', async () => {
    for (const url of ['/games/no-such-game', '/u/ann/reviews/no-such-review', '/u/nobody/reviews/the-legend-of-zelda', '/u/gone/reviews/the-legend-of-zelda']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(titleOf(res.body)).toEqual(['Track Your Gaming Journey']);
      expect(metaOf(res.body, 'property', 'og:image').content).toBe('https://vgl.test/img/og-image.jpg');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('names profile pages after their owner, and answers unknown or hidden users with a real 404', async () => {
    const diary = await page('/u/ann/diary');
    expect(diary.statusCode).toBe(200);
    expect(titleOf(diary.body)).toEqual(["Ann's Diary | VGL"]);
    expect(titleOf((await page('/u/ANN')).body)).toEqual(['Ann | VGL']);
    for (const url of ['/u/nobody', '/u/nobody/library', '/u/gone/followers']) expect((await page(url)).statusCode, url).toBe(404);
    // Login-protected pages keep the app's own handling.
    expect((await page('/u/nobody/settings')).statusCode).toBe(200);
  });

  it('puts a list title in the page head as one plain line, without bidi controls (even one stored before the rule)', async () => {
    const ann = await t.db.kysely.selectFrom('users').select('id').where('username', '=', 'Ann').executeTakeFirstOrThrow();
    const at = Date.now();
    await t.db.kysely
      .insertInto('lists')
      .values({ user_id: ann.id, slug: 'spoof', title: 'My \u202Egnp.exe\u202C\nfavourites\u200B', description: 'A \u2066quiet\u2069 list', ranked: 0, is_public: 1, created_at: at, updated_at: at })
      .execute();
    const html = (await t.app.inject({ url: '/u/Ann/lists/spoof' })).body;
    expect(titleOf(html)).toEqual(['My gnp.exe favourites, a list by Ann | VGL']);
    expect(metaOf(html, 'property', 'og:title').content).toBe('My gnp.exe favourites, a list by Ann | VGL');
    expect(metaOf(html, 'name', 'description').content).toBe('A quiet list');
  });

  it('gives the page on what leaves the instance its own title and description', async () => {
    const res = await page('/about/federation');
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toEqual([`${FEDERATION_PAGE.title} | VGL`]);
    expect(metaOf(res.body, 'name', 'description').content).toBe(FEDERATION_PAGE.description);
    expect(titleOf((await page('/About/Federation/')).body)).toEqual([`${FEDERATION_PAGE.title} | VGL`]);
  });

  it('keeps the defaults for pages without their own head', async () => {
    const res = await page('/trending');
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toEqual(['Track Your Gaming Journey']);
  });
});

describe("the web app's index.html as a template", () => {
  it('drops its default title and share tags, which the server writes once per page at the marker', () => {
    const built = [
      '<head>',
      '<meta charset="UTF-8" />',
      '<title>Track Your Gaming Journey</title>',
      '<meta name="description" content="Add video games…" />',
      '<meta name="theme-color" content="#0d0f17" />',
      '<meta property="og:type" content="website" />',
      '<meta property="og:title" content="Track Your Gaming Journey" />',
      '<meta property="og:description" content="Add video games…" />',
      '<!--vgl:head-->',
      '<meta name="twitter:card" content="summary_large_image" />',
      '</head>',
    ].join('\n');
    expect(pageTemplate(built)).toBe(
      ['<head>', '<meta charset="UTF-8" />', '<meta name="theme-color" content="#0d0f17" />', '<meta property="og:type" content="website" />', '<!--vgl:head-->', '</head>'].join('\n'),
    );
  });

  it('adds the marker before </head> when a build lost it', () => {
    expect(pageTemplate('<head><title>x</title></head>')).toBe('<head><!--vgl:head-->\n</head>');
  });
});

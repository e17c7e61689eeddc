import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';

/** The content of a <meta> tag in the page, and how often it appears. */
function metaOf(html: string, key: 'name' | 'property', name: string) {
  const all = [...html.matchAll(new RegExp(`<meta ${key}="${name}" content="([^"]*)"`, 'g'))];
  return { content: all[0]?.[1], count: all.length };
}
const titleOf = (html: string) => [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);

describe.each(dbKinds)('link previews of the stats and year in review pages on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, [{ name: 'Tom & Jerry "Live"', slug: 'tom-and-jerry', year: 1991, platforms: ['snes'] }]);
    await createUser(t.db.kysely, { username: 'Ann' });
    await createUser(t.db.kysely, { username: 'gone' });
    const token = await loginToken(t.app, 'Ann');
    for (const [playedOn, minutes] of [['2024-04-01', 90], ['2024-04-02', 30]] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/users/ann/diary', headers: bearer(token), payload: { game: 'tom-and-jerry', playedOn, minutes } });
      expect(res.statusCode).toBe(201);
    }
    await t.db.kysely.updateTable('users').set({ state: 'suspended' }).where('username', '=', 'gone').execute();
  });
  afterAll(() => t.close());

  const page = (url: string) => t.app.inject({ method: 'GET', url });

  it("gives a year in review the member's year as title and description, and its card as og:image", async () => {
    const res = await page('/u/ANN/year/2024');
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toEqual(["Ann's 2024 in games | VGL"]);
    expect(metaOf(res.body, 'property', 'og:title').content).toBe("Ann's 2024 in games | VGL");
    const description = metaOf(res.body, 'name', 'description');
    expect(description).toEqual({
      content: '1 game played, 0 beaten, 2 hours over 2 sessions in 2024. Most played: Tom &amp; Jerry &quot;Live&quot;.',
      count: 1,
    });
    expect(metaOf(res.body, 'property', 'og:description').content).toBe(description.content);
    const image = metaOf(res.body, 'property', 'og:image');
    expect(image.count).toBe(1);
    expect(image.content).toMatch(/^https:\/\/vgl\.test\/api\/users\/ann\/year\/2024\/card\.png\?v=[0-9a-f]{16}$/);
    expect(metaOf(res.body, 'name', 'twitter:card').content).toBe('summary_large_image');
    expect(res.body).toContain('<link rel="canonical" href="https://vgl.test/u/ANN/year/2024" />');

    // The image the preview points at is the card, with the same version as its ETag.
    const card = await page(image.content!.replace('https://vgl.test', ''));
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/png');
    expect(card.headers.etag).toBe(`"${image.content!.split('?v=')[1]}"`);
  });

  it('says so when nothing was logged that year', async () => {
    const res = await page('/u/ann/year/2019');
    expect(res.statusCode).toBe(200);
    expect(metaOf(res.body, 'name', 'description').content).toBe('Nothing logged in 2019 yet.');
  });

  it('names the stats page after its owner', async () => {
    const res = await page('/u/ann/stats');
    expect(res.statusCode).toBe(200);
    expect(titleOf(res.body)).toEqual(["Ann's Stats | VGL"]);
  });

  it('answers hidden or unknown members and years that are not years with a real 404 and the default tags', async () => {
    for (const url of ['/u/gone/year/2024', '/u/nobody/year/2024', '/u/ann/year/twenty', '/u/ann/year/1800', '/u/gone/stats', '/u/nobody/stats']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(titleOf(res.body)).toEqual(['Track Your Gaming Journey']);
      expect(metaOf(res.body, 'property', 'og:image').content).toBe('https://vgl.test/img/og-image.jpg');
    }
  });
});

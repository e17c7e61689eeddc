import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { noteGameMoved } from '../catalog/catalog.slugs.js';
import { readSharedLink } from './share.links.js';

describe('what a shared address points at', () => {
  const read = (url: string) => readSharedLink(url, 'vgl.test');
  it('reads Steam, GOG, IGDB, Wikidata and VGL game pages, and nothing else', () => {
    expect(read('https://store.steampowered.com/app/620/Portal_2/?snr=1_7')).toEqual({ kind: 'steam', appId: '620' });
    expect(read('https://store.steampowered.com/agecheck/app/620/')).toEqual({ kind: 'steam', appId: '620' });
    expect(read('https://steamcommunity.com/app/620/reviews/')).toEqual({ kind: 'steam', appId: '620' });
    expect(read('https://www.gog.com/en/game/Disco_Elysium')).toEqual({ kind: 'gog', path: 'game/disco_elysium' });
    expect(read('https://www.gog.com/game/disco_elysium')).toEqual({ kind: 'gog', path: 'game/disco_elysium' });
    expect(read('https://www.igdb.com/games/portal-2')).toEqual({ kind: 'igdb', slug: 'portal-2' });
    expect(read('https://www.wikidata.org/wiki/Q279744')).toEqual({ kind: 'wikidata', qid: 'Q279744' });
    expect(read('https://m.wikidata.org/wiki/Q279744?uselang=fr')).toEqual({ kind: 'wikidata', qid: 'Q279744' });
    expect(read('http://www.wikidata.org/entity/Q279744')).toEqual({ kind: 'wikidata', qid: 'Q279744' });
    expect(read('https://vgl.test/games/portal-2/reviews')).toEqual({ kind: 'vgl', slug: 'portal-2' });
    for (const other of [
      'https://store.steampowered.com/search/?term=portal',
      'https://store.steampowered.com/app/abc/',
      'https://www.gog.com/en/games?query=disco',
      'https://www.igdb.com/platforms/win',
      'https://www.wikidata.org/wiki/Property:P1733',
      'https://evil.example/games/portal-2',
      'https://steampowered.com.evil.example/app/620',
      'not a url',
    ]) {
      expect(read(other), other).toBeNull();
    }
  });
});

describe.each(dbKinds)('GET /api/games/by-link on %s', (kind) => {
  let t: TestApp;
  const id: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, [
      { name: 'Portal 2', slug: 'portal-2', platforms: ['win'] },
      { name: 'Disco Elysium', slug: 'disco-elysium', platforms: ['win'] },
      { name: 'Outer Wilds', slug: 'outer-wilds', platforms: ['win'] },
      { name: 'Celeste', slug: 'celeste', platforms: ['win'] },
      { name: 'Celeste Classic', slug: 'celeste-classic', platforms: ['win'] },
    ]);
    const k = t.db.kysely;
    for (const g of await k.selectFrom('games').select(['id', 'slug']).execute()) id[g.slug] = g.id;
    // Portal 2 came from IGDB (its id, IGDB's Steam id); Disco Elysium and Outer Wilds from Wikidata.
    await k.updateTable('games').set({ igdb_id: 72 }).where('id', '=', id['portal-2']!).execute();
    await k.insertInto('game_external_ids').values({ source: 'steam', uid: '620', game_igdb_id: 72 }).execute();
    await k
      .insertInto('game_store_ids')
      .values([
        { source: 'steam', uid: '632470', game_id: id['disco-elysium']! },
        { source: 'gog', uid: 'game/disco_elysium', game_id: id['disco-elysium']! },
      ])
      .execute();
    const data = { description: null, releases: [], series: [], links: { igdb: ['outer-wilds--1'], steam: [], gog: [], mobygames: [] } };
    await k
      .insertInto('wikidata_items')
      .values({ qid: 'Q56062036', game_id: id['outer-wilds']!, kind: 'game', parent_qid: null, name: 'Outer Wilds', first_release_date: null, modified: 1, sitelinks: 1, data: JSON.stringify(data), updated_at: 1 })
      .execute();
    // "celeste-classic" was folded into Celeste: its old address leads there.
    await noteGameMoved(k, id['celeste-classic']!, id.celeste!);
    await k.deleteFrom('games').where('id', '=', id['celeste-classic']!).execute();
  });
  afterAll(() => t.close());

  const byLink = (url: string) => t.app.inject({ method: 'GET', url: `/api/games/by-link?url=${encodeURIComponent(url)}` });
  async function slugOf(url: string) {
    const res = await byLink(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json().slug as string;
  }

  it('finds a game by its Steam app, through IGDB’s ids or Wikidata’s', async () => {
    const portal = (await byLink('https://store.steampowered.com/app/620/Portal_2/')).json();
    expect(portal).toMatchObject({ id: id['portal-2'], _id: String(id['portal-2']), slug: 'portal-2', name: 'Portal 2', platform: expect.any(String) });
    expect(await slugOf('https://steamcommunity.com/app/632470')).toBe('disco-elysium');
  });

  it('finds a game by its GOG page, IGDB page, Wikidata item and VGL address, former slugs too', async () => {
    expect(await slugOf('https://www.gog.com/en/game/disco_elysium')).toBe('disco-elysium');
    expect(await slugOf('https://www.igdb.com/games/portal-2')).toBe('portal-2');
    expect(await slugOf('https://www.igdb.com/games/outer-wilds--1')).toBe('outer-wilds');
    expect(await slugOf('https://m.wikidata.org/wiki/Q56062036')).toBe('outer-wilds');
    expect(await slugOf('https://www.wikidata.org/entity/Q56062036')).toBe('outer-wilds');
    expect(await slugOf('https://vgl.test/games/celeste')).toBe('celeste');
    expect(await slugOf('https://vgl.test/games/celeste-classic')).toBe('celeste');
  });

  it('answers 404 with a clear message for a link it cannot match, and 400 for what is not a link', async () => {
    for (const url of [
      'https://store.steampowered.com/app/999999/',
      'https://www.gog.com/en/game/unknown_game',
      'https://www.igdb.com/games/outer-wilds',
      'https://www.wikidata.org/wiki/Q1',
      'https://vgl.test/games/nothing-here',
      'https://example.com/games/portal-2',
    ]) {
      const res = await byLink(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe("We couldn't match this link to a game in this catalog");
    }
    for (const url of ['portal 2', 'ftp://store.steampowered.com/app/620', '', `https://x.test/${'a'.repeat(2000)}`]) {
      const res = await byLink(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors.url).toBeDefined();
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/games/by-link' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ url: 'url is missing' });
  });

  it('never answers an unlisted game (a pending submission)', async () => {
    await t.db.kysely
      .insertInto('game_submissions')
      .values({ game_id: id['disco-elysium']!, user_id: null, name: 'Disco Elysium', name_key: 'disco elysium', year: null, url: null, reason: null, decided_by: null, decided_at: null, merged_into_game_id: null, created_at: 1 })
      .execute();
    expect((await byLink('https://www.gog.com/game/disco_elysium')).statusCode).toBe(404);
    await t.db.kysely.deleteFrom('game_submissions').execute();
  });
});

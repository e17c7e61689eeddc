import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';
import { prepareEmbeddedCatalog } from './catalog.seed.js';

/*
 * Old game addresses keep working (issue 35): a game the embedded catalog's
 * refresh folds into another ("Shanghai" of 1987 into "Shanghai", a regional
 * title into its game), or a moderator merges into another, answers 301 from
 * its old page and API paths to the game it is now part of.
 */
const OLD_SEED = [
  { name: 'Shanghai', slug: 'shanghai-1987', year: 1987, platforms: ['nes'] },
  { name: 'Shanghai', slug: 'shanghai', year: 1986, platforms: ['mac'] },
  { name: 'Zelda no Densetsu: The Hyrule Fantasy', slug: 'zelda-no-densetsu-the-hyrule-fantasy', year: 1986, platforms: ['fds'] },
  { name: 'The Legend of Zelda', slug: 'the-legend-of-zelda', year: 1987, platforms: ['nes'] },
];
const NEW_SEED = [
  { name: 'Shanghai', slug: 'shanghai', year: 1986, platforms: ['mac', 'nes'] },
  { name: 'The Legend of Zelda', slug: 'the-legend-of-zelda', year: 1986, platforms: ['nes', 'fds'], altNames: ['Zelda no Densetsu: The Hyrule Fantasy'] },
];

describe.each(dbKinds)('former game slugs on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let modToken: string;
  const write = (name: string, games: object[]) => {
    const file = path.join(t.config.dataDir, name);
    fs.writeFileSync(file, games.map((g) => JSON.stringify(g)).join('\n'));
    return file;
  };
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    t = await createTestApp(kind);
    await prepareEmbeddedCatalog(t.db, { file: write('old.jsonl', OLD_SEED) });
    await createUser(t.db.kysely, { username: 'keeper' });
    await createUser(t.db.kysely, { username: 'mod', role: 'moderator' });
    token = await loginToken(t.app, 'keeper');
    modToken = await loginToken(t.app, 'mod');
    // A member has the 1987 Shanghai: their entry moves with it; nobody has the regional Zelda: it just goes.
    expect((await t.app.inject({ method: 'PUT', url: '/api/users/keeper/library/shanghai-1987', headers: bearer(token), payload: { rating: 7 } })).statusCode).toBeLessThan(300);
    await prepareEmbeddedCatalog(t.db, { file: write('new.jsonl', NEW_SEED) });
  });
  afterAll(async () => t?.close());

  it('answers 301 from the old API paths to the game it is now part of', async () => {
    for (const [from, to] of [
      ['/api/igdb/games/shanghai-1987', '/api/igdb/games/shanghai'],
      ['/api/igdb/games/zelda-no-densetsu-the-hyrule-fantasy', '/api/igdb/games/the-legend-of-zelda'],
      ['/api/igdb/games/shanghai-1987/reviews?page=2', '/api/igdb/games/shanghai/reviews?page=2'],
    ]) {
      const res = await get(from!);
      expect(res.statusCode, from).toBe(301);
      expect(res.headers.location).toBe(to);
    }
    expect((await get('/api/igdb/games/shanghai')).statusCode).toBe(200);
    // A slug no game ever had stays a 404.
    expect((await get('/api/igdb/games/never-was')).statusCode).toBe(404);
  });

  it('answers 301 from the old page to the current one', async () => {
    const res = await get('/games/zelda-no-densetsu-the-hyrule-fantasy');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/games/the-legend-of-zelda');
    expect((await get('/games/the-legend-of-zelda')).statusCode).toBe(200);
  });

  it('the member’s entry is on the game the old one became', async () => {
    const entry = await t.db.kysely
      .selectFrom('library_entries as e')
      .innerJoin('games as g', 'g.id', 'e.game_id')
      .select(['g.slug', 'e.rating'])
      .executeTakeFirst();
    expect(entry).toEqual({ slug: 'shanghai', rating: 7 });
  });

  it('a member’s submission a moderator merged into a catalog game leads there', async () => {
    const submitted = await t.app.inject({ method: 'POST', url: '/api/games/submissions', headers: bearer(token), payload: { name: 'Shang Hai Tiles', year: 1986 } });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const { id, game } = submitted.json<{ id: number; game: { slug: string } }>();
    const merged = await t.app.inject({ method: 'POST', url: `/api/admin/submissions/${id}/merge`, headers: bearer(modToken), payload: { game: 'shanghai' } });
    expect(merged.statusCode, merged.body).toBe(200);
    const res = await get(`/api/igdb/games/${game.slug}`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/api/igdb/games/shanghai');
  });

  it('never redirects a slug a game holds again', async () => {
    await t.db.kysely.updateTable('games').set({ slug: 'zelda-no-densetsu-the-hyrule-fantasy' }).where('slug', '=', 'the-legend-of-zelda').execute();
    expect((await get('/api/igdb/games/zelda-no-densetsu-the-hyrule-fantasy')).statusCode).toBe(200);
    await t.db.kysely.updateTable('games').set({ slug: 'the-legend-of-zelda' }).where('slug', '=', 'zelda-no-densetsu-the-hyrule-fantasy').execute();
  });
});

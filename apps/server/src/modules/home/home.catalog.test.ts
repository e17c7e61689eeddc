import fs from 'node:fs';
import path from 'node:path';
import { CATALOG_ATTRIBUTIONS, GAMEDATABASE_ATTRIBUTION } from '@vgl/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { dbKinds } from '../../test/databases.js';
import { importCatalogFile, importReference } from '../catalog/catalog.import.js';

/*
 * GET /api/home's `catalog`: what the landing page ("Discover 50,000+
 * titles") and the footer ("Game data provided by …") may claim, and what
 * /games can filter and sort by, for the catalog actually loaded.
 */

const MAME_LIKE = [
  { name: 'Tetris', year: 1987, platforms: ['nes', 'gb'] },
  { name: 'Lode Runner', year: 1983, platforms: ['appleii'] },
  { name: 'Elite', year: 1984, platforms: ['bbcmicro'] },
];
const RICH = [
  { name: 'Super Mario World', releaseDate: '1990-11-21', platforms: ['snes'], genres: ['platform'], themes: ['fantasy'], rating: 93 },
  { name: 'Sonic the Hedgehog', year: 1991, platforms: ['genesis-slash-megadrive'], genres: ['platform'], rating: 86 },
  { name: 'Street Fighter II', year: 1992, platforms: ['snes'], genres: ['fighting'] },
];

interface Facts {
  source: string;
  games: number;
  sources: { source: string; games: number }[];
  attribution: { name: string; url: string; license: string | null }[];
  sorts: string[];
  filters: string[];
}

async function appWith(kind: (typeof dbKinds)[number], loads: { games: object[]; source: 'mame' | 'import' | 'igdb' }[]): Promise<TestApp> {
  const t = await createTestApp(kind);
  await importReference(t.db);
  for (const [i, { games, source }] of loads.entries()) {
    const file = path.join(t.config.dataDir, `catalog-${i}.jsonl`);
    fs.writeFileSync(file, games.map((g) => JSON.stringify(g)).join('\n'));
    // IGDB games arrive through the sync; here they are imported, then marked as IGDB's.
    await importCatalogFile(t.db, file, { source: source === 'igdb' ? 'import' : source });
    if (source === 'igdb') await t.db.kysely.updateTable('games').set({ source: 'igdb' }).where('source', '=', 'import').execute();
  }
  return t;
}

describe.each(dbKinds)('what the site says about its catalog, on %s', (kind) => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });
  const get = async <T>(t: TestApp, url: string) => (await t.app.inject({ method: 'GET', url })).json() as T;

  describe('with the embedded catalog only (no genres, themes or ratings)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await appWith(kind, [{ games: MAME_LIKE, source: 'mame' }]);
      apps.push(t);
    });

    it('names MAME’s software lists as the source, and GameDataBase for the genres joined to them, with the real count', async () => {
      const { catalog } = await get<{ catalog: Facts }>(t, '/api/home');
      expect(catalog).toEqual({
        source: 'mame',
        games: 3,
        sources: [{ source: 'mame', games: 3 }],
        attribution: [
          { name: 'MAME’s software lists', url: 'https://www.mamedev.org/', license: 'CC0' },
          { name: 'GameDataBase by PigSaint', url: 'https://github.com/PigSaint/GameDataBase', license: 'CC BY 4.0' },
        ],
        sorts: ['popularity', 'release', 'name'],
        filters: ['platform', 'releaseDate'],
      });
    });

    it('counts the games of every genre and theme, so the filters can leave out the empty ones', async () => {
      const genres = await get<{ slug: string; games_count: number }[]>(t, '/api/igdb/genres');
      expect(genres.length).toBeGreaterThan(20);
      expect(genres.every((g) => g.games_count === 0)).toBe(true);
      const themes = await get<{ games_count: number }[]>(t, '/api/igdb/themes');
      expect(themes.every((g) => g.games_count === 0)).toBe(true);
      expect(await get(t, '/api/igdb/genres/platform')).toMatchObject({ slug: 'platform', games_count: 0 });
      const platforms = await get<{ slug: string; games_count: number }[]>(t, '/api/igdb/platforms');
      expect(platforms.map((p) => `${p.slug}:${p.games_count}`).sort()).toEqual(['appleii:1', 'bbcmicro:1', 'gb:1', 'nes:1']);
    });
  });

  describe('with genres, themes and ratings', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await appWith(kind, [{ games: RICH, source: 'import' }]);
      apps.push(t);
    });

    it('offers the rating order and the genre and theme filters, and credits no one for an imported catalog', async () => {
      const { catalog } = await get<{ catalog: Facts }>(t, '/api/home');
      expect(catalog).toMatchObject({ source: 'import', games: 3, attribution: [], sorts: ['popularity', 'rating', 'release', 'name'] });
      expect(catalog.filters).toEqual(['platform', 'genre', 'theme', 'releaseDate']);
      const genres = await get<{ slug: string; games_count: number }[]>(t, '/api/igdb/genres');
      expect(genres.filter((g) => g.games_count > 0).map((g) => `${g.slug}:${g.games_count}`)).toEqual(['fighting:1', 'platform:2']);
      const themes = await get<{ slug: string; games_count: number }[]>(t, '/api/igdb/themes');
      expect(themes.filter((g) => g.games_count > 0).map((g) => g.slug)).toEqual(['fantasy']);
      expect(await get(t, '/api/igdb/themes/fantasy')).toMatchObject({ slug: 'fantasy', games_count: 1 });
    });
  });

  describe('with IGDB synced over the embedded catalog', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await appWith(kind, [
        { games: MAME_LIKE, source: 'mame' },
        { games: [...RICH, { name: 'Doom', year: 1993, platforms: ['dos'], rating: 90 }], source: 'igdb' },
      ]);
      apps.push(t);
    });

    it('credits IGDB first and MAME’s lists for the games only they have', async () => {
      const { catalog } = await get<{ catalog: Facts }>(t, '/api/home');
      expect(catalog).toMatchObject({
        source: 'igdb',
        games: 7,
        sources: [
          { source: 'igdb', games: 4 },
          { source: 'mame', games: 3 },
        ],
        attribution: [CATALOG_ATTRIBUTIONS.igdb, CATALOG_ATTRIBUTIONS.mame, GAMEDATABASE_ATTRIBUTION],
      });
    });
  });
});

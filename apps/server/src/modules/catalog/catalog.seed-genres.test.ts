import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { dbKinds } from '../../test/databases.js';
import { prepareEmbeddedCatalog } from './catalog.seed.js';

/*
 * The embedded catalog's genres, themes and developers (GameDataBase, joined
 * at build time): written on a fresh database, replaced on one loaded from an
 * older seed, and shown by the genre filter and the game page.
 */

const MARIO = { name: 'Super Mario World', slug: 'super-mario-world', year: 1990, platforms: ['snes'], publishers: ['Nintendo'] };
const PHANTASY_STAR = { name: 'Phantasy Star', slug: 'phantasy-star', year: 1987, platforms: ['sms'], publishers: ['Sega'] };
const ELITE = { name: 'Elite', slug: 'elite', year: 1984, platforms: ['bbcmicro'], publishers: ['Acornsoft'] };
const WITHOUT_GENRES = [MARIO, PHANTASY_STAR, ELITE];
const WITH_GENRES = [
  { ...MARIO, developers: ['Nintendo EAD'], genres: ['platform'], themes: ['action'] },
  { ...PHANTASY_STAR, developers: ['Sega', 'M2'], genres: ['role-playing-rpg'] },
  ELITE,
];
/** A later build that says otherwise: its genres and companies replace the ones before, none are added to them. */
const CORRECTED = [
  { ...MARIO, developers: ['Nintendo EAD', 'SRD'], genres: ['platform', 'adventure'], themes: [] },
  { ...PHANTASY_STAR, developers: ['Sega'], genres: ['role-playing-rpg'], themes: ['science-fiction'] },
  ELITE,
];

interface GamePage {
  genres: { slug: string; name: string }[];
  themes: { slug: string }[];
  developers: { name: string }[];
  publishers: { name: string }[];
}

describe.each(dbKinds)('the embedded catalog’s genres and companies, on %s', (kind) => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });
  const write = (t: TestApp, name: string, games: object[]) => {
    const file = path.join(t.config.dataDir, name);
    fs.writeFileSync(file, games.map((g) => JSON.stringify(g)).join('\n'));
    return file;
  };
  const get = async <T>(t: TestApp, url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const page = (t: TestApp, slug: string) => get<GamePage>(t, `/api/igdb/games/${slug}`);
  const summary = (g: GamePage) => ({
    genres: g.genres.map((x) => x.slug),
    themes: g.themes.map((x) => x.slug),
    developers: g.developers.map((x) => x.name),
    publishers: g.publishers.map((x) => x.name),
  });

  describe('on a fresh database', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind);
      apps.push(t);
      await prepareEmbeddedCatalog(t.db, { file: write(t, 'seed.jsonl', WITH_GENRES) });
    });

    it('writes each game’s genres, themes, developers and publishers, shown on its page', async () => {
      expect(summary(await page(t, 'super-mario-world'))).toEqual({ genres: ['platform'], themes: ['action'], developers: ['Nintendo EAD'], publishers: ['Nintendo'] });
      const phantasy = await page(t, 'phantasy-star');
      expect(phantasy.genres).toEqual([{ slug: 'role-playing-rpg', name: 'Role-playing (RPG)' }]);
      // Sega publishes and develops it: one company, in both roles.
      expect(summary(phantasy)).toMatchObject({ developers: ['M2', 'Sega'].sort(), publishers: ['Sega'] });
      expect(summary(await page(t, 'elite'))).toEqual({ genres: [], themes: [], developers: [], publishers: ['Acornsoft'] });
    });

    it('offers the genre and theme filters, and the genre lists its games', async () => {
      const { catalog } = await get<{ catalog: { source: string; filters: string[] } }>(t, '/api/home');
      expect(catalog).toMatchObject({ source: 'mame', filters: ['platform', 'genre', 'theme', 'releaseDate'] });
      const genres = await get<{ slug: string; games_count: number }[]>(t, '/api/igdb/genres');
      expect(genres.filter((g) => g.games_count > 0).map((g) => `${g.slug}:${g.games_count}`)).toEqual(['platform:1', 'role-playing-rpg:1']);
      const rpgs = await get<{ slug: string }[]>(t, '/api/igdb/games?genre=role-playing-rpg');
      expect(rpgs.map((g) => g.slug)).toEqual(['phantasy-star']);
      const action = await get<{ slug: string }[]>(t, '/api/igdb/games?theme=action');
      expect(action.map((g) => g.slug)).toEqual(['super-mario-world']);
    });
  });

  describe('on a database loaded from an older seed', () => {
    let t: TestApp;
    let ids: Record<string, number>;
    const idsBySlug = async () =>
      Object.fromEntries((await t.db.kysely.selectFrom('games').select(['slug', 'id']).execute()).map((g) => [g.slug, Number(g.id)]));
    beforeAll(async () => {
      t = await createTestApp(kind);
      apps.push(t);
      await prepareEmbeddedCatalog(t.db, { file: write(t, 'old.jsonl', WITHOUT_GENRES) });
      ids = await idsBySlug();
    });

    // Answers already served are cached until the server reads the catalog's new version (within a second).
    const soon = { timeout: 5000, interval: 100 };
    const filters = async () => (await get<{ catalog: { filters: string[] } }>(t, '/api/home')).catalog.filters;

    it('gives the games it updates in place their genres and companies', async () => {
      expect(await filters()).toEqual(['platform', 'releaseDate']);
      expect(summary(await page(t, 'super-mario-world')).genres).toEqual([]);
      await prepareEmbeddedCatalog(t.db, { file: write(t, 'new.jsonl', WITH_GENRES) });
      expect(await idsBySlug()).toEqual(ids);
      await expect.poll(async () => summary(await page(t, 'super-mario-world')), soon).toEqual({ genres: ['platform'], themes: ['action'], developers: ['Nintendo EAD'], publishers: ['Nintendo'] });
      await expect.poll(filters, soon).toEqual(['platform', 'genre', 'theme', 'releaseDate']);
    });

    it('replaces them when a later seed says otherwise', async () => {
      await prepareEmbeddedCatalog(t.db, { file: write(t, 'corrected.jsonl', CORRECTED) });
      expect(await idsBySlug()).toEqual(ids);
      await expect.poll(async () => summary(await page(t, 'super-mario-world')), soon).toEqual({
        genres: ['adventure', 'platform'],
        themes: [],
        developers: ['Nintendo EAD', 'SRD'],
        publishers: ['Nintendo'],
      });
      expect(summary(await page(t, 'phantasy-star'))).toEqual({ genres: ['role-playing-rpg'], themes: ['science-fiction'], developers: ['Sega'], publishers: ['Sega'] });
      const themes = await get<{ slug: string; games_count: number }[]>(t, '/api/igdb/themes');
      expect(themes.filter((g) => g.games_count > 0).map((g) => g.slug)).toEqual(['science-fiction']);
    });
  });
});

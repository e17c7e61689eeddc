import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { dbKinds } from '../../test/databases.js';
import { importCatalogFile, importReference } from './catalog.import.js';
import { browseGameIds, type BrowseFilter, type BrowseSort } from './catalog.repo.js';

/**
 * A year range is paged two ways (catalog.repo.ts): a wide one (5,000 games or
 * more) walks the sort's index and checks years, a narrow one sorts the range's
 * own games. Both must give exactly the order the sort defines, page after page,
 * with ties, missing ratings and missing dates — checked here against the rows
 * sorted in JavaScript.
 */
describe.each(dbKinds)('browsing a year range on %s', (kind) => {
  let t: TestApp;
  let games: { id: number; name: string; year: number | null; date: number | null; rating: number | null; popularity: number; genre: boolean }[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    await importReference(t.db);
    const lines = Array.from({ length: 7_000 }, (_, i) => {
      const year = i % 13 === 0 ? undefined : 1990 + (i % 10);
      const month = String(1 + (i % 12)).padStart(2, '0');
      return JSON.stringify({
        name: `Game ${String((i * 7919) % 7_000).padStart(4, '0')}${i % 5 === 0 ? ' Twin' : ''}`,
        slug: `years-${i}`,
        ...(year === undefined ? {} : i % 3 === 0 ? { year } : { releaseDate: `${year}-${month}-0${1 + (i % 9)}` }),
        ...(i % 4 === 0 ? {} : { rating: (i * 37) % 100 }),
        popularity: i % 97,
        platforms: ['nes'],
        genres: i % 2 === 0 ? ['platform'] : [],
      });
    });
    const file = path.join(t.config.dataDir, 'years.jsonl');
    fs.writeFileSync(file, lines.join('\n'));
    const report = await importCatalogFile(t.db, file);
    expect(report.skipped).toEqual([]);
    const genre = await t.db.kysely.selectFrom('genres').select('id').where('slug', '=', 'platform').executeTakeFirstOrThrow();
    const withGenre = new Set((await t.db.kysely.selectFrom('game_genres').select('game_id').where('genre_id', '=', genre.id).execute()).map((r) => r.game_id));
    games = (await t.db.kysely.selectFrom('games').select(['id', 'name', 'release_year', 'first_release_date', 'rating', 'popularity']).execute()).map((g) => ({
      id: g.id,
      name: g.name,
      year: g.release_year,
      date: g.first_release_date === null ? null : Number(g.first_release_date),
      rating: g.rating === null ? null : Number(g.rating),
      popularity: Number(g.popularity),
      genre: withGenre.has(g.id),
    }));
    genreId = genre.id;
    platformId = (await t.db.kysely.selectFrom('platforms').select('id').where('slug', '=', 'nes').executeTakeFirstOrThrow()).id;
  }, 120_000);
  afterAll(() => t.close());
  let genreId: number;
  let platformId: number;

  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const orders: Record<BrowseSort, (a: (typeof games)[number], b: (typeof games)[number]) => number> = {
    popularity: (a, b) => b.popularity - a.popularity || a.id - b.id,
    rating: (a, b) => (b.rating ?? -1) - (a.rating ?? -1) || b.popularity - a.popularity || a.id - b.id,
    release: (a, b) => (b.date ?? -1) - (a.date ?? -1) || (b.year ?? -Infinity) - (a.year ?? -Infinity) || a.id - b.id,
    name: (a, b) => byName(a.name, b.name) || a.id - b.id,
  };

  const cases: { label: string; from: number; to: number; genre: boolean; platform?: boolean }[] = [
    { label: 'wide (the whole decade)', from: 1990, to: 1999, genre: false },
    { label: 'narrow (one year)', from: 1994, to: 1994, genre: false },
    { label: 'wide, with a genre', from: 1990, to: 1999, genre: true },
    { label: 'wide, with a platform every game is on', from: 1990, to: 1999, genre: false, platform: true },
  ];

  it.each(cases)('gives the sort order, page after page: $label', async ({ from, to, genre, platform }) => {
    for (const sort of ['popularity', 'rating', 'release', 'name'] as const) {
      const expected = games
        .filter((g) => g.year !== null && g.year >= from && g.year <= to && (!genre || g.genre))
        .sort(orders[sort])
        .map((g) => g.id);
      const limit = 48;
      const lastPage = Math.floor((expected.length - 1) / limit);
      for (const page of [0, 1, 7, lastPage, lastPage + 1]) {
        const filter: BrowseFilter = { yearFrom: from, yearTo: to, sort, limit, offset: page * limit, ...(genre ? { genreId } : {}), ...(platform ? { platformId } : {}) };
        const { ids, total } = await browseGameIds(t.db.kysely, t.db.dialect, filter);
        expect({ sort, page, total, ids }).toEqual({ sort, page, total: expected.length, ids: expected.slice(page * limit, (page + 1) * limit) });
      }
    }
  });
});

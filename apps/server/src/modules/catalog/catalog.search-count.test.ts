import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGING } from '@vgl/shared';
import { createTestApp, type TestApp } from '../../test/app.js';
import { dbKinds } from '../../test/databases.js';
import { importCatalogFile, importReference } from './catalog.import.js';
import { CatalogSearch } from './catalog.search.js';

/**
 * Search totals stop at the cap. A single word that the word list puts in 10×
 * the cap is taken as over it without counting; the totals must be the same
 * before the list is read and after, for a very common, a common and a rare word.
 */
describe.each(dbKinds)('search totals on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await importReference(t.db);
    const lines = Array.from({ length: 12_000 }, (_, i) => {
      const words = ['Common', i % 8 === 0 ? 'Middling' : '', i % 80 === 0 ? 'Rarest' : '', `${i}`].filter(Boolean);
      return JSON.stringify({ name: words.join(' '), slug: `count-${i}`, year: 2000, platforms: ['nes'], popularity: i % 50 });
    });
    const file = path.join(t.config.dataDir, 'many.jsonl');
    fs.writeFileSync(file, lines.join('\n'));
    await importCatalogFile(t.db, file);
    await sql`analyze`.execute(t.db.kysely);
  }, 120_000);
  afterAll(() => t.close());

  it('counts up to the cap, and exactly below it, with or without the word list', async () => {
    const search = new CatalogSearch(t.db);
    const totals = async () => ({
      common: (await search.search('common', 24, 0)).total,
      commonExact: (await search.search('common 11999', 24, 0)).total,
      middling: (await search.search('middling', 24, 0)).total,
      rarest: (await search.search('rarest', 24, 0)).total,
      both: (await search.search('common rarest', 24, 0)).total,
      lastPage: (await search.search('rarest', 24, 144)).ids.length,
    });
    const expected = { common: PAGING.searchCountCap, commonExact: 1, middling: PAGING.searchCountCap, rarest: 150, both: 150, lastPage: 6 };
    expect(await totals()).toEqual(expected);
    await search.search('comnon', 24, 0); // a typo waits for the word list
    expect(await totals()).toEqual(expected);
  });

  it('pages through the matches up to the cap, each game once, whatever page is asked first', async () => {
    const search = new CatalogSearch(t.db);
    const deep = await search.search('common', 50, 750);
    const pages: number[][] = [];
    for (let offset = 0; offset <= PAGING.searchCountCap; offset += 50) pages.push((await search.search('common', 50, offset)).ids);
    const all = pages.flat();
    expect(all).toHaveLength(PAGING.searchCountCap);
    expect(new Set(all).size).toBe(PAGING.searchCountCap);
    expect(pages.at(-1)).toEqual([]);
    expect(deep.ids).toEqual(all.slice(750, 800));
    // A page across the end of the ranked candidates (200) joins the two parts.
    expect((await search.search('common', 50, 180)).ids).toEqual(all.slice(180, 230));
  });
});

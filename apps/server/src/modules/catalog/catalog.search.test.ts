import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { dbKinds } from '../../test/databases.js';
import { importCatalogFile, importReference } from './catalog.import.js';
import { CatalogSearch } from './catalog.search.js';
import { CatalogWords } from './catalog.words.js';

describe.each(dbKinds)('typo correction word list on %s', (kind) => {
  let t: TestApp;
  // Well-known games (several platforms, a developer): a misspelt word is corrected only to a game people may mean.
  const importGames = async (file: string, names: string[]) => {
    const at = path.join(t.config.dataDir, file);
    const game = (name: string) => ({ name, year: 1990, platforms: ['nes', 'fds', 'msx2'], publishers: ['Konami'], developers: ['Konami'] });
    fs.writeFileSync(at, names.map((name) => JSON.stringify(game(name))).join('\n'));
    await importCatalogFile(t.db, at);
  };
  beforeAll(async () => {
    t = await createTestApp(kind);
    await importReference(t.db);
    await importGames('first.jsonl', ['Castlevania']);
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  it('answers from the old words while a stale list is rebuilt, then knows the new ones', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const words = new CatalogWords(t.db);
    const first = await words.get();
    expect(first.has('castlevania')).toBe(true);

    // Another process (the CLI) imports a game: a fresh list is kept as it is.
    await importGames('second.jsonl', ['Metroid']);
    expect(words.current()).toBe(first);

    vi.setSystemTime(Date.now() + 11 * 60_000);
    expect(words.current()).toBe(first); // stale, but answers at once…
    await vi.waitFor(() => expect(words.current()?.has('metroid')).toBe(true)); // …while the next one is read
  });

  it('corrects a typo with the words it knows', async () => {
    const search = new CatalogSearch(t.db);
    expect(await search.search('castelvanai', 24, 0)).toMatchObject({ total: 1, correctedTo: 'castlevania' });
  });

  it('finds the longer forms of a last word being typed, once the words are known', async () => {
    await importGames('prefix.jsonl', ['Castle Crashers', 'Straßenkampf', 'Stray Cat']);
    const search = new CatalogSearch(t.db);
    const names = async (q: string) => {
      const { ids } = await search.search(q, 24, 0);
      const rows = await t.db.kysely.selectFrom('games').select(['id', 'name']).where('id', 'in', ids.length ? ids : [0]).execute();
      return ids.map((id) => rows.find((r) => r.id === id)!.name).sort();
    };
    const expected = { castle: ['Castle Crashers', 'Castlevania'], stra: ['Stray Cat', 'Straßenkampf'], castlev: ['Castlevania'] };
    const all = async () => ({ castle: await names('castle'), stra: await names('stra'), castlev: await names('castlev') });
    expect(await all()).toEqual(expected); // before the word list is read
    await search.search('qqzzxx', 24, 0); // a search with no match waits for it
    expect(await all()).toEqual(expected);
  });

  it('tells a client to ask again when a typo came before the word list was ready', async () => {
    const notYet = vi.spyOn(CatalogWords.prototype, 'within').mockResolvedValue(undefined);
    try {
      const res = await t.app.inject({ url: '/api/igdb/search?q=castelvanai' });
      expect(res.json()).toEqual([]);
      expect(res.headers['x-search-correction-pending']).toBe('1');
      expect(res.headers['cache-control']).toBe('no-store');
    } finally {
      notYet.mockRestore();
    }
    const ready = await t.app.inject({ url: '/api/igdb/search?q=castelvanai' });
    expect(ready.headers['x-search-correction-pending']).toBeUndefined();
    expect(ready.headers['x-search-corrected']).toBe('castlevania');
  });

  it('reads the words again at once after invalidate()', async () => {
    const search = new CatalogSearch(t.db);
    await search.search('castelvanai', 24, 0);
    await importGames('third.jsonl', ['Gradius']);
    search.invalidate();
    expect(await search.search('gradisu', 24, 0)).toMatchObject({ total: 1, correctedTo: 'gradius' });
  });
});

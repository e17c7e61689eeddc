import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { dbKinds } from '../../test/databases.js';
import { importCatalogFile, importReference } from './catalog.import.js';
import { CatalogSearch } from './catalog.search.js';

describe.each(dbKinds)('typo correction word list on %s', (kind) => {
  let t: TestApp;
  const importGames = async (file: string, names: string[]) => {
    const at = path.join(t.config.dataDir, file);
    fs.writeFileSync(at, names.map((name) => JSON.stringify({ name, year: 1990, platforms: ['nes'] })).join('\n'));
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
    const search = new CatalogSearch(t.db);
    expect(await search.search('castelvanai', 24, 0)).toMatchObject({ total: 1, correctedTo: 'castlevania' });

    // Another process (the CLI) imports a game: this server's list does not know it yet.
    await importGames('second.jsonl', ['Metroid']);
    expect(await search.search('metriod', 24, 0)).toMatchObject({ total: 0 });

    vi.setSystemTime(Date.now() + 11 * 60_000);
    expect(await search.search('metriod', 24, 0)).toMatchObject({ total: 0 }); // no wait for the rebuild
    await vi.waitFor(async () => expect(await search.search('metriod', 24, 0)).toMatchObject({ total: 1, correctedTo: 'metroid' }));
  });

  it('reads the words again at once after invalidate()', async () => {
    const search = new CatalogSearch(t.db);
    await search.search('castelvanai', 24, 0);
    await importGames('third.jsonl', ['Gradius']);
    search.invalidate();
    expect(await search.search('gradisu', 24, 0)).toMatchObject({ total: 1, correctedTo: 'gradius' });
  });
});

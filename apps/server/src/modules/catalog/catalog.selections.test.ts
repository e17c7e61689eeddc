import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { dbKinds } from '../../test/databases.js';
import { importCatalogFile, importReference } from './catalog.import.js';
import { seedSelections } from './catalog.selections.js';

describe.each(dbKinds)('curated selections on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await importReference(t.db);
    const file = path.join(t.config.dataDir, 'snes.jsonl');
    const lines = Array.from({ length: 30 }, (_, i) => JSON.stringify({ name: `Snes Hit ${i + 1}`, year: 1990 + (i % 6), platforms: ['snes'], popularity: 100 - i }));
    lines.push(JSON.stringify({ name: 'Too Late', year: 2004, platforms: ['snes'], popularity: 500 }));
    fs.writeFileSync(file, lines.join('\n'));
    await importCatalogFile(t.db, file);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('builds a selection from the catalog only where it has enough games, once', async () => {
    expect(await seedSelections(t.db)).toBe(1);
    expect(await seedSelections(t.db)).toBe(0);
    expect((await get('/api/igdb/selections')).json()).toEqual([
      expect.objectContaining({ slug: '16-bit-classics', name: '16-bit Classics', games_count: 24, image: null }),
    ]);
  });

  it('lists the selection\'s games in order, within its era', async () => {
    const res = await get('/api/igdb/selections/16-bit-classics');
    expect(res.statusCode).toBe(200);
    const games = res.json().games as { name: string }[];
    expect(games).toHaveLength(24);
    expect(games[0]!.name).toBe('Snes Hit 1');
    expect(games.map((g) => g.name)).not.toContain('Too Late');
    expect((await get('/api/igdb/selections/nope')).statusCode).toBe(404);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { importCatalogFile, importReference } from '../modules/catalog/catalog.import.js';
import type { TestApp } from './app.js';

/** IGDB's reference lists plus these games (catalog import format), for tests about what people do with games. */
export async function seedGames(t: TestApp, games: object[]): Promise<void> {
  await importReference(t.db);
  const file = path.join(t.config.dataDir, 'games.jsonl');
  fs.writeFileSync(file, games.map((g) => JSON.stringify(g)).join('\n'));
  await importCatalogFile(t.db, file);
}

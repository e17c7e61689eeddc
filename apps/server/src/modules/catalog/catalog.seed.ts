import type { Db } from '../../db/database.js';
import { countGames, importCatalogFile, importReference, SEED_FILE, type Progress } from './catalog.import.js';
import { seedSelections } from './catalog.selections.js';

/**
 * On an empty database, loads IGDB's reference lists and the embedded open
 * catalog (about 58,000 games) so a fresh instance has something to show.
 * Returns the number of games loaded (0 when the catalog was already there).
 */
export async function seedCatalogIfEmpty(db: Db, onProgress?: Progress): Promise<number> {
  if ((await countGames(db)) > 0) return 0;
  await importReference(db);
  const report = await importCatalogFile(db, SEED_FILE, { onProgress, source: 'mame' });
  await seedSelections(db);
  return report.games;
}

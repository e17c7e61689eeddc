import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { migrateToLatest, type LockWait, type MigrationReport } from './db/migrate.js';
import { withStartupLock } from './db/startup-lock.js';
import { appQueues } from './modules/jobs/jobs.app.js';
import { installJobSchema } from './modules/jobs/jobs.pg.js';
import type { Progress } from './modules/catalog/catalog.import.js';
import { needsFirstLoad, prepareEmbeddedCatalog, type SeedReport } from './modules/catalog/catalog.seed.js';
import { refreshSearchIndexIfOutdated } from './modules/catalog/search-index.js';
import { agreeOnJwtSecret, resolveJwtSecret } from './secrets.js';

export interface StartupReport {
  migrated: MigrationReport;
  seeded: SeedReport;
  /** The database has no catalog yet and the caller asked to load it after listening (loadCatalogAfterStart). */
  catalogDeferred: boolean;
}

export interface StartupOptions {
  onProgress?: Progress;
  /** Another instance holds the start-up lock: this one waits for it (say so, it can take a minute). */
  onWait?: () => void;
  /** A migration gave way to the writes of instances still serving, and tries again. */
  onLockWait?: (wait: LockWait) => void;
  /** Tests: a small catalog instead of the embedded one. */
  seedFile?: string;
  /**
   * On an empty database, leave the embedded catalog for loadCatalogAfterStart, so the instance can listen
   * first (a first start served nothing for 4 s on a quiet machine, ~40 s under load). Only `npm start` does.
   */
  deferFirstCatalogLoad?: boolean;
}

/**
 * What an instance does before it serves (`npm start`, and the tests that
 * start several at once): resolve the signing secret, migrate, check that
 * every instance on the database signs alike, load the embedded catalog when
 * the database has none (or an older one). On PostgreSQL, under one lock.
 * Sets config.jwtSecret.
 */
export async function prepareInstance(config: Config, db: Db, { onProgress, onWait, onLockWait, seedFile, deferFirstCatalogLoad = false }: StartupOptions = {}): Promise<StartupReport> {
  const generated = config.jwtSecret === undefined;
  const jwtSecret = resolveJwtSecret(config.dataDir, config.jwtSecret);
  const report = await withStartupLock(
    config.database,
    async () => {
      const migrated = await migrateToLatest(db, { onLockWait });
      // pg-boss's tables and the app's queues: made or upgraded by one instance, not raced by all.
      if (db.pool) await installJobSchema(db.pool, appQueues());
      if (db.dialect === 'postgres') await agreeOnJwtSecret(db.kysely, jwtSecret, { generated, dataDir: config.dataDir });
      if (deferFirstCatalogLoad && (await needsFirstLoad(db))) return { migrated, seeded: { games: 0 }, catalogDeferred: true };
      const seeded = await loadCatalog(db, { onProgress, seedFile });
      return { migrated, seeded, catalogDeferred: false };
    },
    onWait,
  );
  config.jwtSecret = jwtSecret;
  return report;
}

async function loadCatalog(db: Db, { onProgress, seedFile }: Pick<StartupOptions, 'onProgress' | 'seedFile'>): Promise<SeedReport> {
  const seeded = await prepareEmbeddedCatalog(db, { onProgress, ...(seedFile ? { file: seedFile } : {}) });
  // A catalog indexed before the search's equivalences ("7" = "VII", "ff7") is indexed again, once.
  await refreshSearchIndexIfOutdated(db);
  return seeded;
}

/**
 * The first load of the embedded catalog, after the instance listens (prepareInstance's deferFirstCatalogLoad).
 * On PostgreSQL under the start-up lock, as at start: instances started together load it once, and one that
 * finds it loaded meanwhile does nothing.
 */
export function loadCatalogAfterStart(config: Config, db: Db, { onProgress, onWait, seedFile }: Pick<StartupOptions, 'onProgress' | 'onWait' | 'seedFile'> = {}): Promise<SeedReport> {
  return withStartupLock(config.database, () => loadCatalog(db, { onProgress, seedFile }), onWait);
}

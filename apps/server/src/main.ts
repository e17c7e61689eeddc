import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createDb } from './db/database.js';
import { progressBar } from './cli/progress.js';
import { processLog as log } from './log.js';
import { settleMemoryAfterLoad } from './memory-settle.js';
import { catalogLoad } from './modules/catalog/catalog.loading.js';
import type { SeedReport } from './modules/catalog/catalog.seed.js';
import { loadCatalogAfterStart, prepareInstance } from './startup.js';
import { VGL_VERSION } from './version.js';

// Node's own warnings (a deprecation, a listener leak) would be plain text on stderr: they go to the log instead.
process.removeAllListeners('warning');
process.on('warning', (warning) => log.warn({ err: warning }, `Node.js warning: ${warning.message}`));

async function main(): Promise<void> {
  const config = loadConfig();
  log.level = config.logLevel;
  const db = createDb(config.database, { backgroundCheckpoints: true });
  // A bar redrawn in place for a person at a terminal; elsewhere (a service, a container) JSON lines every 20 %.
  const bar = () => (process.stdout.isTTY ? progressBar('Loading the game catalog') : progressBar('Loading the game catalog', (text) => log.info(text.trim()), false));
  const onWait = () => log.info('Another instance is starting on this database; waiting for it to finish its start-up');
  const { migrated, seeded, catalogDeferred } = await prepareInstance(config, db, {
    onProgress: bar(),
    onWait,
    onLockWait: ({ migration, table, retry }) => log.warn({ migration, table, retry }, `Migration ${migration}: waiting for a lock on ${table}, retry ${retry}`),
    deferFirstCatalogLoad: true,
  });
  logSeeded(seeded);
  // Readiness says "catalog_loading" from the first request on, and the catalog syncs wait for the load.
  if (catalogDeferred) catalogLoad.begin();

  const app = await buildApp({ config, db, loggerInstance: log });
  if (migrated.applied.length) app.log.info({ applied: migrated.applied }, 'database migrated');
  if (migrated.newer.length) app.log.warn({ newer: migrated.newer }, 'the database was migrated by a newer release; running on it (migrations are expand-only)');

  let stopping = false;
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    stopping = true;
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ port: config.port, host: config.host });
  settleMemoryAfterLoad({ onSettled: (before, after) => log.debug({ before, after }, 'memory settled after a load') });
  const database = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL';
  const where = { url: config.publicUrl, database, role: config.role, version: VGL_VERSION };
  log.info(where, catalogDeferred ? 'VGL is serving while the game catalog loads' : 'VGL is ready');
  if (!catalogDeferred) return;

  // The first start's catalog, loaded while pages are served (a start stopped halfway finishes it next time).
  const progress = bar();
  try {
    const loaded = await loadCatalogAfterStart(config, db, {
      onWait,
      onProgress: (done, total) => {
        if (stopping) throw new Error('stopping');
        catalogLoad.progress(done, total);
        progress(done, total);
      },
    });
    logSeeded(loaded);
    log.info(where, 'VGL is ready');
  } catch (err) {
    if (stopping) return log.info('The game catalog was not fully loaded before stopping: the next start finishes it');
    log.fatal({ err }, 'The game catalog could not be loaded; stopping (the next start tries again)');
    await app.close().catch(() => undefined);
    process.exit(1);
  } finally {
    await catalogLoad.end();
  }
}

function logSeeded(seeded: SeedReport): void {
  if (seeded.refresh) {
    const { removed, remapped, kept } = seeded.refresh;
    log.info(
      { games: seeded.games, removed, remapped, kept },
      `Brought the embedded catalog up to date: ${seeded.games} games; ${removed} old entries removed, ${remapped} moved to the game they are part of, ${kept} kept for members' libraries.`,
    );
  } else if (seeded.games) log.info({ games: seeded.games }, `Loaded ${seeded.games} games into the catalog.`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) log.fatal({ problems: error.problems }, `${error.message}\nSee the configuration table in README.md.`);
  else log.fatal({ err: error }, 'VGL could not start');
  process.exit(1);
});

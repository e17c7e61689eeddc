import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createDb } from './db/database.js';
import { progressBar } from './cli/progress.js';
import { processLog as log } from './log.js';
import { settleMemoryAfterLoad } from './memory-settle.js';
import { prepareInstance } from './startup.js';
import { VGL_VERSION } from './version.js';

// Node's own warnings (a deprecation, a listener leak) would be plain text on stderr: they go to the log instead.
process.removeAllListeners('warning');
process.on('warning', (warning) => log.warn({ err: warning }, `Node.js warning: ${warning.message}`));

async function main(): Promise<void> {
  const config = loadConfig();
  log.level = config.logLevel;
  const db = createDb(config.database, { backgroundCheckpoints: true });
  const { migrated, seeded } = await prepareInstance(config, db, {
    // A bar redrawn in place for a person at a terminal; elsewhere (a service, a container) JSON lines every 20 %.
    onProgress: process.stdout.isTTY ? progressBar('Loading the game catalog') : progressBar('Loading the game catalog', (text) => log.info(text.trim()), false),
    onWait: () => log.info('Another instance is starting on this database; waiting for it to finish its start-up'),
    onLockWait: ({ migration, table, retry }) => log.warn({ migration, table, retry }, `Migration ${migration}: waiting for a lock on ${table}, retry ${retry}`),
  });
  if (seeded.refresh) {
    const { removed, remapped, kept } = seeded.refresh;
    log.info(
      { games: seeded.games, removed, remapped, kept },
      `Brought the embedded catalog up to date: ${seeded.games} games; ${removed} old entries removed, ${remapped} moved to the game they are part of, ${kept} kept for members' libraries.`,
    );
  } else if (seeded.games) log.info({ games: seeded.games }, `Loaded ${seeded.games} games into the catalog.`);

  const app = await buildApp({ config, db, loggerInstance: log });
  if (migrated.applied.length) app.log.info({ applied: migrated.applied }, 'database migrated');
  if (migrated.newer.length) app.log.warn({ newer: migrated.newer }, 'the database was migrated by a newer release; running on it (migrations are expand-only)');

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ port: config.port, host: config.host });
  settleMemoryAfterLoad({ onSettled: (before, after) => log.debug({ before, after }, 'memory settled after a load') });
  const database = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL';
  log.info({ url: config.publicUrl, database, role: config.role, version: VGL_VERSION }, 'VGL is ready');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) log.fatal({ problems: error.problems }, `${error.message}\nSee the configuration table in README.md.`);
  else log.fatal({ err: error }, 'VGL could not start');
  process.exit(1);
});

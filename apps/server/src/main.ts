import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createDb } from './db/database.js';
import { progressBar } from './cli/progress.js';
import { prepareInstance } from './startup.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = createDb(config.database, { backgroundCheckpoints: true });
  const { migrated, seeded } = await prepareInstance(config, db, {
    onProgress: progressBar('Loading the game catalog'),
    onWait: () => process.stdout.write('Another instance is starting on this database; waiting for it to finish its start-up…\n'),
    onLockWait: ({ migration, table, retry }) => process.stdout.write(`Migration ${migration}: waiting for a lock on ${table}, retry ${retry}\n`),
  });
  if (seeded.refresh) {
    const { removed, remapped, kept } = seeded.refresh;
    process.stdout.write(
      `Brought the embedded catalog up to date: ${seeded.games} games; ${removed} old entries removed, ${remapped} moved to the game they are part of, ${kept} kept for members' libraries.\n`,
    );
  } else if (seeded.games) process.stdout.write(`Loaded ${seeded.games} games into the catalog.\n`);

  const app = await buildApp({ config, db });
  if (migrated.applied.length) app.log.info({ applied: migrated.applied }, 'database migrated');
  if (migrated.newer.length) app.log.warn({ newer: migrated.newer }, 'the database was migrated by a newer release; running on it (migrations are expand-only)');

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ port: config.port, host: config.host });
  const where = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL';
  const role = config.role === 'all' ? '' : `, role: ${config.role}`;
  process.stdout.write(`\nVGL is ready at ${config.publicUrl} (database: ${where}${role})\n\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\nSee the configuration table in README.md.\n`);
  } else {
    process.stderr.write(`VGL could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});

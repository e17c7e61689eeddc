import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { createDb } from '../db/database.js';
import { manualRestoreSteps, onPath, pgDump, restorePostgres, toolConnection } from './backup.postgres.js';
import { readSecretsBeside, restoreSecrets, restoreStamp, secretsFileOf, writeSecretsBeside } from './backup.secrets.js';
import { NotRestorable, sqliteInUse, swapInSqlite, verifySqliteBackup } from './backup.sqlite.js';
import { CliError, type CliIO } from './cli-io.js';

/** After the database: the generated secrets beside it, or why there are none. */
function backUpSecrets(target: string, config: Config, io: CliIO): void {
  if (config.jwtSecret) {
    io.out('JWT_SECRET is set in the environment: keep it with the backup (sessions and tokens are signed with it; it is not written).');
    return;
  }
  const written = writeSecretsBeside(target, config.dataDir);
  if (written) io.out(`Secrets written to ${written} (keep it with the backup: it signs sessions and tokens; readable by you only).`);
  else io.out(`No generated secrets in ${config.dataDir} yet (the server writes them at its first start).`);
}

/**
 * A consistent copy of the live database, taken while the app keeps running
 * (SQLite's online backup; pg_dump on PostgreSQL), and DATA_DIR's generated
 * secrets beside it. Avatars are in the database.
 */
export async function dbBackup(args: string[], config: Config, io: CliIO): Promise<void> {
  const target = args[0];
  if (!target) throw new CliError('Tell me where to write the backup: npm run vgl -- db:backup <file>');
  const file = path.resolve(target);
  if (fs.existsSync(file)) throw new CliError(`${file} already exists; choose a new file name.`);
  if (fs.existsSync(secretsFileOf(file))) throw new CliError(`${secretsFileOf(file)} already exists; choose a new file name.`);
  fs.mkdirSync(path.dirname(file), { recursive: true });

  if (config.database.kind === 'postgres') {
    if (!onPath('pg_dump')) {
      const { dbname } = toolConnection(config.database.url);
      throw new CliError(
        'db:backup runs pg_dump for PostgreSQL, and there is none on PATH. Install the PostgreSQL client tools (the server’s major version or newer), or run it yourself:\n' +
          `  PGPASSWORD=… pg_dump --format=custom --file ${JSON.stringify(file)} "${dbname}"\n` +
          `and keep ${path.join(config.dataDir, 'jwt-secret')} with it unless JWT_SECRET is set.`,
      );
    }
    pgDump(config.database.url, file);
    io.out(`Backup written to ${file} (${(fs.statSync(file).size / 1024).toFixed(0)} KiB, pg_dump custom format).`);
    backUpSecrets(file, config, io);
    return;
  }

  if (!fs.existsSync(config.database.file)) throw new CliError(`There is no database at ${config.database.file} yet.`);
  const db = createDb(config.database);
  try {
    let lastShown = -1;
    await db.sqlite!.backup(file, {
      progress: ({ totalPages, remainingPages }) => {
        const percent = totalPages ? Math.floor(((totalPages - remainingPages) / totalPages) * 100) : 100;
        if (percent >= lastShown + 10) {
          io.out(`  ${percent}%`);
          lastShown = percent;
        }
        return 200; // pages per step: small steps keep the live app responsive
      },
    });
  } finally {
    await db.destroy();
  }
  io.out(`Backup written to ${file} (${(fs.statSync(file).size / 1024).toFixed(0)} KiB).`);
  backUpSecrets(file, config, io);
}

const RESTORE_USAGE = 'Usage: npm run vgl -- db:restore <file> [--force]';

/**
 * Puts a backup back: checks first that it is a whole VGL database, then
 * replaces the live one in a way that cannot leave half of each (the old
 * one kept aside), then the secrets beside the backup. Refuses while an
 * instance uses the database, unless --force.
 */
export async function dbRestore(args: string[], config: Config, io: CliIO): Promise<void> {
  const force = args.includes('--force');
  const rest = args.filter((a) => a !== '--force');
  const unknown = rest.find((a) => a.startsWith('--'));
  if (unknown) throw new CliError(`Unknown argument "${unknown}". ${RESTORE_USAGE}`);
  if (rest.length !== 1) throw new CliError(`Tell me which backup to restore. ${RESTORE_USAGE}`);
  const file = path.resolve(rest[0]!);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new CliError(`There is no backup at ${file}.`);
  // Read before anything changes: a bad secrets file stops the restore while nothing has been replaced.
  let secrets;
  try {
    secrets = readSecretsBeside(file);
  } catch (error) {
    throw new CliError(`Nothing was changed: ${(error as Error).message}`);
  }
  const stamp = restoreStamp();

  try {
    if (config.database.kind === 'postgres') {
      if (!onPath('pg_restore')) {
        throw new CliError(`db:restore runs pg_restore for PostgreSQL, and there is none on PATH. Install the PostgreSQL client tools, or take these steps:\n${manualRestoreSteps(config.database.url, file)}`);
      }
      const aside = await restorePostgres(config.database.url, file, { force, stamp });
      io.out(`Restored ${file} into the database. The one it replaced is kept as the database ${aside} (drop it when you are content).`);
    } else {
      const live = config.database.file;
      const inUse = fs.existsSync(live) ? sqliteInUse(live) : null;
      if (inUse && !force) throw new NotRestorable(`An instance seems to be running: ${inUse}. Stop VGL first, or pass --force if none runs.`);
      fs.mkdirSync(path.dirname(live), { recursive: true });
      // Checked as the copy that goes in: what was verified is what is installed.
      const incoming = `${live}.restoring-${process.pid}`;
      fs.copyFileSync(file, incoming);
      try {
        verifySqliteBackup(incoming, file);
      } catch (error) {
        for (const suffix of ['', '-wal', '-shm']) fs.rmSync(incoming + suffix, { force: true });
        throw error;
      }
      const aside = swapInSqlite(incoming, live, stamp);
      io.out(`Restored ${file} to ${live}.${aside ? ` The database it replaced is kept as ${aside}.` : ''}`);
    }
  } catch (error) {
    if (error instanceof NotRestorable) throw new CliError(`${error.message} Nothing was changed.`);
    throw error;
  }

  if (!secrets) {
    io.out(`There is no ${secretsFileOf(file)} beside the backup: sessions and tokens signed before it work only if ${config.jwtSecret ? 'JWT_SECRET' : path.join(config.dataDir, 'jwt-secret')} is the one of that time.`);
  } else if (config.jwtSecret) {
    io.out(`JWT_SECRET is set in the environment, so ${secretsFileOf(file)} is not used: sessions signed before the backup work if JWT_SECRET is the one of that time.`);
  } else {
    const written = restoreSecrets(secrets, config.dataDir, stamp);
    io.out(`Restored the secrets in ${written.join(', ')} (each replaced file kept as .replaced-${stamp}).`);
  }
  io.out('Start VGL again: it brings the database up to this release if the backup is older.');
}

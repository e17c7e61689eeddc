import fs from 'node:fs';
import path from 'node:path';
import { CATALOG_SYNC_MESSAGES, type CatalogSyncReport } from '@vgl/shared';
import type { Config } from '../config.js';
import { createDb } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { withStartupLock } from '../db/startup-lock.js';
import type { Role } from '../db/schema.js';
import { countGames, importCatalogFile, importReference, SEED_FILE } from '../modules/catalog/catalog.import.js';
import { prepareEmbeddedCatalog } from '../modules/catalog/catalog.seed.js';
import { IgdbClient } from '../modules/igdb/igdb.client.js';
import { startIgdbSync, SyncBusyError } from '../modules/igdb/igdb.run.js';
import { startWikidataSync, wikidataClient } from '../modules/wikidata/wikidata.run.js';
import { dbTokenStore } from '../modules/igdb/igdb.token.js';
import { usersRepo } from '../modules/users/users.repo.js';
import { progressBar } from './progress.js';
import { removeDemo } from './seed-demo.accounts.js';
import { DEMO_WEEKS, DemoSeedError, seedDemo } from './seed-demo.js';
import { CliError, type CliIO } from './cli-io.js';
import { dbBackup, dbRestore } from './backup.js';
import { mailTest, userCreate, userPassword } from './accounts.js';

export { CliError, type CliIO } from './cli-io.js';

export interface Command {
  usage: string;
  summary: string;
  run: (args: string[], config: Config, io: CliIO) => Promise<void>;
}

async function dbMigrate(_args: string[], config: Config, io: CliIO): Promise<void> {
  const db = createDb(config.database);
  try {
    // Taking turns with instances starting on the same PostgreSQL database.
    const { applied, current, newer } = await withStartupLock(config.database, () => migrateToLatest(db));
    io.out(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'The database is up to date.');
    if (newer.length) io.out(`A newer release migrated this database (${newer.join(', ')}); this release runs on it.`);
    io.out(`Schema version: ${current ?? 'none'}`);
  } finally {
    await db.destroy();
  }
}

const ROLES: Role[] = ['user', 'moderator', 'admin'];

async function userRole(args: string[], config: Config, io: CliIO): Promise<void> {
  const [username, role] = args;
  if (!username || !role) throw new CliError('Usage: npm run vgl -- user:role <username> <user|moderator|admin>');
  if (!ROLES.includes(role as Role)) throw new CliError(`"${role}" is not a role. Choose one of: ${ROLES.join(', ')}.`);
  const db = createDb(config.database);
  try {
    await migrateToLatest(db);
    const user = await usersRepo.findByUsername(db.kysely, username);
    if (!user) throw new CliError(`There is no user "${username}".`);
    if (user.role === 'admin' && role !== 'admin' && (await usersRepo.countAdmins(db.kysely)) === 1) {
      throw new CliError(`${user.username} is the last admin; make someone else admin first.`);
    }
    // Raising the token version signs the user out, so the new role is in their next token.
    await usersRepo.update(db.kysely, user.id, { role: role as Role, token_version: user.token_version + 1, updated_at: Date.now() });
    io.out(`${user.username} is now ${role === 'admin' ? 'an' : 'a'} ${role} (was ${user.role}).`);
  } finally {
    await db.destroy();
  }
}

/** Imports a catalog file (JSONL, .gz allowed; default: the embedded open catalog). */
async function catalogImport(args: string[], config: Config, io: CliIO): Promise<void> {
  const file = path.resolve(args[0] ?? SEED_FILE);
  if (!fs.existsSync(file)) throw new CliError(`There is no file at ${file}.`);
  const db = createDb(config.database);
  try {
    await migrateToLatest(db);
    const onProgress = progressBar('Importing games', (t) => io.out(t.replace(/\n$/, '')));
    if (!args[0]) {
      // The embedded catalog: loaded over an older one the way a start does it (old entries removed or moved, members' data kept).
      const seeded = await withStartupLock(config.database, () => prepareEmbeddedCatalog(db, { onProgress, force: true }));
      const refresh = seeded.refresh;
      io.out(`Loaded ${seeded.games} games from ${file}.`);
      if (refresh) io.out(`Old entries: ${refresh.removed} removed, ${refresh.remapped} moved to the game they are part of, ${refresh.kept} kept for members' libraries.`);
      return;
    }
    await importReference(db);
    const report = await importCatalogFile(db, file, { onProgress, source: 'import' });
    io.out(`Imported ${report.games} games and ${report.platforms} platforms from ${file}.`);
    if (report.skipped.length) {
      io.out(`Skipped ${report.skipped.length} line(s):`);
      for (const s of report.skipped.slice(0, 20)) io.out(`  line ${s.line}: ${s.reason}`);
      if (report.skipped.length > 20) io.out(`  … and ${report.skipped.length - 20} more`);
    }
  } finally {
    await db.destroy();
  }
}

/** Fills or updates the catalog from IGDB; resumable; `--restart` crawls everything again. */
/** `--source igdb|wikidata` (default: IGDB when configured, else Wikidata) and `--restart`; anything else is refused. */
function syncArguments(args: string[], config: Config): { source: 'igdb' | 'wikidata'; restart: boolean } {
  // The source in use: IGDB when configured, else Wikidata unless it is off (then IGDB, to say how to set it up).
  let source: 'igdb' | 'wikidata' = config.igdb || config.wikidata.mode === 'off' ? 'igdb' : 'wikidata';
  let restart = false;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    const [flag, inline] = arg.split('=', 2) as [string, string | undefined];
    if (arg === '--restart') restart = true;
    else if (flag === '--source') {
      const value = inline ?? args[(i += 1)];
      if (value !== 'igdb' && value !== 'wikidata') throw new CliError(`--source must be igdb or wikidata${value ? `, not "${value}"` : ''}. Usage: npm run vgl -- catalog:sync [--source igdb|wikidata] [--restart]`);
      source = value;
    } else throw new CliError(`Unknown argument "${arg}". Usage: npm run vgl -- catalog:sync [--source igdb|wikidata] [--restart]`);
  }
  if (source === 'igdb' && !config.igdb) throw new CliError(CATALOG_SYNC_MESSAGES.notConfigured);
  if (source === 'wikidata' && config.wikidata.mode === 'off') throw new CliError(CATALOG_SYNC_MESSAGES.wikidataOff);
  return { source, restart };
}

async function catalogSync(args: string[], config: Config, io: CliIO): Promise<void> {
  const { source, restart } = syncArguments(args, config);
  const db = createDb(config.database);
  // Ctrl-C stops the run at its next query, so it notes why and frees the lease for the next run (a second Ctrl-C quits at once).
  const interrupted = new AbortController();
  const interrupt = () => interrupted.abort();
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    await migrateToLatest(db);
    const name = source === 'igdb' ? 'IGDB' : 'Wikidata';
    const options = {
      trigger: 'cli' as const,
      restart,
      onProgress: progressBar(`Syncing games from ${name}`, (t) => io.out(t.replace(/\n$/, ''))),
      signal: interrupted.signal,
    };
    // The same lease as the server's schedule and the dashboard's "Sync now": one run of a source at a time, whichever process starts it.
    let started;
    try {
      started = source === 'igdb' ? await startIgdbSync(db, new IgdbClient(config.igdb!, dbTokenStore(db)), options) : await startWikidataSync(db, wikidataClient(config.wikidata), options);
    } catch (error) {
      if (error instanceof SyncBusyError) throw new CliError(error.message);
      throw error;
    }
    const report: CatalogSyncReport = await started.done;
    const mode = report.mode === 'full' ? 'Full crawl' : 'Incremental sync';
    if (report.added !== undefined) {
      io.out(`Wikidata ${mode.toLowerCase()}: ${report.games} games read (${report.added} new, ${report.enriched ?? 0} completed an existing game), ${report.related} expansions and DLC, ${report.removed ?? 0} removed, in ${report.requests ?? 0} request(s).`);
      return;
    }
    const resumed = report.resumedFrom ? ` (resumed after IGDB id ${report.resumedFrom})` : '';
    const related = report.related ? `, ${report.related} DLC, bundles and editions` : '';
    const covers = report.covers ? `, ${report.covers} replaced cover(s)` : '';
    io.out(`${mode}: ${report.games} games${related}${covers} in ${report.pages} page(s)${resumed}.`);
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
    await db.destroy();
  }
}

/** Demo accounts with six weeks of activity, for trying the product out; `--remove` takes them out again. */
async function demoSeed(args: string[], config: Config, io: CliIO): Promise<void> {
  const unknown = args.filter((a) => a !== '--remove');
  if (unknown.length) throw new CliError(`Unknown argument "${unknown[0]}". Usage: npm run vgl -- seed:demo [--remove]`);
  const db = createDb(config.database);
  try {
    await migrateToLatest(db);
    if (args.includes('--remove')) {
      const removed = await removeDemo(db);
      io.out(removed ? `Removed ${removed} demo accounts and everything they wrote.` : 'There are no demo accounts to remove.');
      return;
    }
    // On a fresh DATA_DIR, load the embedded catalog as `npm start` would: the demo then has games to play.
    if ((await countGames(db)) === 0) {
      const onProgress = progressBar('Loading the game catalog', (t) => io.out(t.replace(/\n$/, '')));
      const seeded = await withStartupLock(config.database, () => prepareEmbeddedCatalog(db, { onProgress }));
      io.out(`Loaded ${seeded.games} games into the catalog.`);
    }
    const result = await seedDemo(db, { onProgress: progressBar('Creating demo activity', (t) => io.out(t.replace(/\n$/, ''))) });
    if (!result.created) {
      io.out(`Demo data is already loaded (${result.accounts} demo accounts).`);
      return;
    }
    const c = result.counts;
    io.out(
      `Created ${c.accounts} demo accounts, ${c.entries} library entries, ${c.reviews} reviews (${c.featured} featured), ` +
        `${c.diary} diary entries, ${c.follows} follows, ${c.likes} likes and ${c.comments} comments over the last ${DEMO_WEEKS} weeks.`,
    );
    io.out('The demo accounts are named demo_*, use @demo.invalid addresses and cannot sign in. Remove them with: npm run vgl -- seed:demo --remove');
  } catch (error) {
    if (error instanceof DemoSeedError) throw new CliError(error.message);
    throw error;
  } finally {
    await db.destroy();
  }
}

export const commands: Record<string, Command> = {
  'catalog:sync': {
    usage: 'catalog:sync [--source igdb|wikidata] [--restart]',
    summary: 'fill or update the catalog from IGDB (when configured) or Wikidata; resumes an interrupted run',
    run: catalogSync,
  },
  'catalog:import': { usage: 'catalog:import [file]', summary: 'import games from a JSONL file (default: the embedded catalog)', run: catalogImport },
  'user:role': { usage: 'user:role <username> <role>', summary: 'make a user a user, moderator or admin', run: userRole },
  'db:migrate': { usage: 'db:migrate', summary: 'apply pending database migrations', run: dbMigrate },
  'user:create': { usage: 'user:create <username> <email> [--admin] [--password-stdin]', summary: 'create an active account (the password is asked for, or read from stdin)', run: userCreate },
  'user:password': { usage: 'user:password <username> [--password-stdin]', summary: 'set a new password and sign the user out everywhere', run: userPassword },
  'mail:test': { usage: 'mail:test <address>', summary: 'send a test mail through SMTP_URL and report what the mail server said', run: mailTest },
  'db:backup': { usage: 'db:backup <file>', summary: 'write a consistent copy of the database (pg_dump on PostgreSQL) and the generated secrets beside it', run: dbBackup },
  'db:restore': { usage: 'db:restore <file> [--force]', summary: 'put a backup and its secrets back, keeping the replaced database aside (stop VGL first)', run: dbRestore },
  'seed:demo': { usage: 'seed:demo [--remove]', summary: 'add 12 marked demo accounts with 6 weeks of activity (--remove takes them out)', run: demoSeed },
};

export function helpText(): string {
  const width = Math.max(...Object.values(commands).map((c) => c.usage.length));
  return [
    'Usage: npm run vgl -- <command> [arguments]',
    '',
    'Commands:',
    ...Object.values(commands).map((c) => `  ${c.usage.padEnd(width)}  ${c.summary}`),
  ].join('\n');
}

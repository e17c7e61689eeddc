import { Migrator, sql, type Kysely, type Migration, type MigrationResult } from 'kysely';
import type { Db } from './database.js';
import { deadlockTimeoutMs, describeHolder, existingTables, isLockConflict, lockAhead, lockHolders, needsExclusive, StatementRecorder, tablesNamedIn, tablesOf } from './migration-locks.js';
import { migrationsFor, type VglMigration } from './migrations/index.js';

export interface MigrationReport {
  applied: string[];
  current: string | undefined;
  /** Migrations the database has that this release does not know: a newer release migrated it (this is a rollback). */
  newer: string[];
}

export class MigrationError extends Error {
  constructor(
    message: string,
    readonly results: MigrationResult[],
  ) {
    super(message);
    this.name = 'MigrationError';
  }
}

/** A migration waited too long for a table another session was using: it gave way, and tries again. */
export interface LockWait {
  migration: string;
  table: string;
  retry: number;
  /** Who held the lock when the wait gave up (PostgreSQL's own view of it). */
  holders: string[];
}

export interface MigrateOptions {
  /** PostgreSQL: how long one statement of a migration may wait for a lock before it gives way. */
  lockTimeoutMs?: number;
  /** How long one migration keeps trying before start-up fails. */
  giveUpAfterMs?: number;
  onLockWait?: (wait: LockWait) => void;
  /** Every statement a migration sends (the expand/contract check reads them). */
  onStatement?: (migration: string, sqlText: string) => void;
}

/** Shorter than PostgreSQL's deadlock_timeout (1 s), so that in a lock cycle the migration gives up before a member's write is chosen. */
const LOCK_TIMEOUT_MS = 200;
const GIVE_UP_AFTER_MS = 120_000;
const FIRST_BACKOFF_MS = 50;
/** After a lock wait, how long a try looks for a moment when all the tables it needs are free of writes. */
const LOCK_AHEAD_MS = 2_000;
const MAX_BACKOFF_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Applies the pending migrations, one at a time, each in a transaction of
 * its own (Kysely's migrateToLatest would put them all in one, holding the
 * locks of the first until the last is done: with the previous release still
 * writing, that transaction deadlocked with its writes, issue 35).
 *
 * On PostgreSQL each migration runs with a short lock_timeout: a statement
 * that cannot have its table at once gives way (its transaction rolls back)
 * rather than queue in front of the serving instances' writes, and is tried
 * again after a pause that grows, up to giveUpAfterMs; then start-up fails
 * naming the migration, the table and the session holding it. A migration
 * marked `transaction: false` (an index built CONCURRENTLY) runs outside any
 * transaction. The caller runs this under the start-up lock (one migrator).
 */
export async function migrateToLatest(db: Db, options: MigrateOptions = {}): Promise<MigrationReport> {
  const k = db.kysely as unknown as Kysely<unknown>;
  const postgres = db.dialect === 'postgres';
  const migrations = migrationsFor(db.dialect);
  const lockTimeoutMs = postgres ? (options.lockTimeoutMs ?? Math.min(LOCK_TIMEOUT_MS, Math.floor((await deadlockTimeoutMs(k)) / 4))) : 0;
  const giveUpAfterMs = options.giveUpAfterMs ?? GIVE_UP_AFTER_MS;

  // One migration a step where instances may be serving from the database (PostgreSQL, migrated before).
  // A new database has no one to give way to, and SQLite one process: there the migrations run together,
  // indexes built plainly (35 steps cost a test's fresh PostgreSQL database 2 s instead of 0.9).
  const executed = new Set(await executedMigrations(k, db.dialect));
  const oneByOne = postgres && executed.size > 0;
  const inStep = (migration: VglMigration | undefined) => !oneByOne || inTransaction(migration);

  let recorder: StatementRecorder | undefined;
  // The tables each migration's tries have named so far (and which of them it takes against readers too):
  // a try after a lock conflict takes them all at once first.
  const needs = new Map<string, { exclusive: Set<string>; shared: Set<string> }>();
  const compile: ConstructorParameters<typeof StatementRecorder>[0] = (node, queryId) => k.getExecutor().compileQuery(node, queryId);
  const watched = Object.fromEntries(
    Object.entries(migrations).map(([name, migration]): [string, Migration] => [
      name,
      {
        up: async (trx) => {
          const named = needs.get(name) ?? needs.set(name, { exclusive: new Set(), shared: new Set() }).get(name)!;
          recorder = new StatementRecorder(
            compile,
            oneByOne || options.onStatement
              ? (text) => {
                  for (const table of tablesNamedIn(text)) (needsExclusive(text) ? named.exclusive : named.shared).add(table);
                  options.onStatement?.(name, text);
                }
              : undefined,
          );
          // DB_STATEMENT_TIMEOUT_MS is for members' requests: a migration's statement (an index on a million games) may take longer.
          if (postgres) await sql`select set_config('statement_timeout', '0', ${inStep(migration)})`.execute(trx);
          if (!oneByOne) return (migration.upOnNewDatabase ?? migration.up)(trx.withPlugin(recorder));
          if (inTransaction(migration)) {
            await sql`select set_config('lock_timeout', ${`${lockTimeoutMs}ms`}, true)`.execute(trx);
            if (named.exclusive.size + named.shared.size > 0) {
              const tables = { exclusive: await existingTables(trx, named.exclusive), shared: await existingTables(trx, named.shared) };
              await lockAhead(trx, tables, Math.min(LOCK_AHEAD_MS, giveUpAfterMs / 4));
            }
            return migration.up(trx.withPlugin(recorder));
          }
          // CREATE INDEX CONCURRENTLY blocks no one's writes but waits for every older transaction to end:
          // it may wait up to the whole budget (then an invalid index is left, which helpers.ts rebuilds).
          await sql`select set_config('lock_timeout', ${`${giveUpAfterMs}ms`}, false)`.execute(trx);
          try {
            await migration.up(trx.withPlugin(recorder));
          } finally {
            await sql`reset lock_timeout`.execute(trx);
            await sql`reset statement_timeout`.execute(trx);
          }
        },
        ...(migration.down ? { down: migration.down } : {}),
      },
    ]),
  );
  // A rollback: a newer release migrated this database. Its migrations are expand-only, so this release
  // runs on it; Kysely would refuse to ("previously executed migration … is missing") without a stand-in.
  const newer = [...executed].filter((name) => !(name in migrations)).sort();
  for (const name of newer) {
    watched[name] = {
      up: async () => {
        throw new Error(`${name} belongs to a newer release`);
      },
    };
  }
  const provider = { getMigrations: async () => watched };
  const transactional = new Migrator({ db: k, provider });
  const alone = new Migrator({ db: k, provider, disableTransactions: true });

  const steps: string[][] = [];
  for (const name of Object.keys(migrations).filter((n) => !executed.has(n))) {
    const last = steps.at(-1);
    if (!oneByOne && last) last.push(name);
    else steps.push([name]);
  }

  const applied: string[] = [];
  for (const step of steps) {
    const target = step.at(-1)!;
    const migrator = inStep(migrations[target]) ? transactional : alone;
    const started = Date.now();
    for (let retry = 1; ; retry++) {
      const { error, results = [] } = await migrator.migrateTo(target);
      applied.push(...results.filter((r) => r.status === 'Success' && !applied.includes(r.migrationName)).map((r) => r.migrationName));
      if (!error) break;
      const failed = results.find((r) => r.status === 'Error')?.migrationName ?? target;
      if (!isLockConflict(error)) throw new MigrationError(`Migration ${failed} failed: ${messageOf(error)}`, results);
      const tables = await tablesOf(k, tablesNamedIn(recorder?.lastSql)).catch(() => tablesNamedIn(recorder?.lastSql));
      const holders = await lockHolders(k, tables).catch(() => []);
      const table = holders[0]?.relation || tables[0] || 'a table';
      const pause = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** (retry - 1));
      if (Date.now() - started + pause > giveUpAfterMs) {
        const listed = holders.map(describeHolder).join('; ');
        const heldBy = !holders.length ? '' : holders[0]!.relation ? ` It was held by ${listed}.` : ` The oldest open transactions were: ${listed}.`;
        throw new MigrationError(
          `Migration ${failed} gave up after ${retry} tries in ${Math.round((Date.now() - started) / 1000)} s: it could not lock ${table} while other sessions were using it.${heldBy} ` +
            'Start this instance again once that transaction has ended (or end that session); the migration starts over.',
          results,
        );
      }
      options.onLockWait?.({ migration: failed, table, retry, holders: holders.map(describeHolder) });
      await sleep(pause * (0.75 + Math.random() / 2));
    }
  }
  return { applied, current: Object.keys(migrations).at(-1), newer };
}

/** The names in Kysely's record of applied migrations (none before the first start). */
async function executedMigrations(db: Kysely<unknown>, dialect: Db['dialect']): Promise<string[]> {
  const exists =
    dialect === 'postgres'
      ? sql<{ found: string | null }>`select to_regclass('kysely_migration')::text as found`
      : sql<{ found: string | null }>`select name as found from sqlite_master where type = 'table' and name = 'kysely_migration'`;
  if (!(await exists.execute(db)).rows[0]?.found) return [];
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return rows.map((r) => r.name);
}

function inTransaction(migration: VglMigration | undefined): boolean {
  return migration?.transaction !== false;
}

import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, type Compilable, type CompiledQuery } from 'kysely';
import type pg from 'pg';
import { lazyRequire } from '../lazy.js';
import type { DatabaseConfig } from '../config.js';
import { sqliteBackgroundReads } from './sqlite-background-reads.js';
import { BACKSTOP_PAGES, checkpointInBackground } from './sqlite-checkpoints.js';
import { queuedSqliteDialect, type SqliteHandle, type SqliteStatement } from './sqlite-queue.js';
import type { Database } from './schema.js';
import { createFaultWatch, type FaultWatch } from './fault-watch.js';
import { watchPoolWaits } from './pool-waits.js';

export type Dialect = DatabaseConfig['kind'];

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** The raw SQLite handle, for work Kysely does not cover (online backup). */
  sqlite?: SQLite.Database;
  /** The PostgreSQL pool, for its gauges (/metrics). */
  pool?: pg.Pool;
  /** PostgreSQL: how long the query that has waited longest for a connection of the pool has waited (ms; 0 when none waits). */
  poolWaitMs?: () => number;
  /**
   * Runs a read-only query that has to scan (staff's searches for a word anywhere): on a SQLite file, on
   * a thread of its own (sqlite-background-reads.ts), so no other request waits for it; elsewhere as usual.
   */
  scanRead<R>(query: Compilable<R>): Promise<R[]>;
  /**
   * SQLite: from now on, a turn's writes commit together, once (sqlite-queue.ts). Called by the serving
   * app once migrations ran: a migration's `PRAGMA foreign_keys = OFF` does nothing inside a transaction.
   */
  commitInGroups(): void;
  /** Database faults met so far (fault-watch.ts): logged once an episode, checked until they clear, reported by readiness. */
  faults: FaultWatch;
  destroy(): Promise<void>;
}

// COUNT(*) and bigint columns arrive as strings from pg; our values stay far below 2^53.
/** pg, loaded when a PostgreSQL database is opened (a SQLite instance never needs it). */
export const loadPg = lazyRequire<typeof pg>('pg', (pg) => pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10)));

export function openSqlite(file: string): SQLite.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Safe with WAL: a crash may lose the last transactions, never corrupt the file.
  sqlite.pragma('synchronous = NORMAL');
  // Statement journals and sorts in memory, not in files made and unlinked in /var/tmp: inside a commit
  // group (sqlite-queue.ts) a statement that may fail halfway needs a journal, and the soak made ~25 a second.
  sqlite.pragma('temp_store = MEMORY');
  return sqlite;
}

/** How many prepared statements a SQLite connection keeps (one not used for longest goes first). */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely prepares every query anew; better-sqlite3's statements can be run
 * again and again, and preparing is a good part of a small read's cost.
 * Statements are kept by their SQL; one busy in an iteration (a streamed
 * export) is never handed out twice: its caller gets a fresh one. Reading
 * statements hand out their rows through `rowsAsObjects`. Which one goes
 * when the cache is full is decided the "second chance" way: a hit only
 * marks its statement used (every query looks here, and moving the entry to
 * the end of the map, hashing its SQL twice more, was 2 % of the serving
 * thread), and eviction passes over used ones once, clearing the mark.
 */
export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): SqliteHandle {
  const cache = new Map<string, { statement: SqliteStatement; used: boolean }>();
  const prepare = (query: string): SqliteStatement => {
    const statement = sqlite.prepare(query);
    return statement.reader ? rowsAsObjects(statement) : (statement as SqliteStatement);
  };
  const evictOne = () => {
    for (const [query, kept] of cache) {
      cache.delete(query);
      if (!kept.used) return;
      kept.used = false;
      cache.set(query, kept);
    }
  };
  return {
    close: () => sqlite.close(),
    get inTransaction() {
      return sqlite.inTransaction;
    },
    prepare(query: string) {
      const kept = cache.get(query);
      if (kept && !kept.statement.busy) {
        kept.used = true;
        return kept.statement;
      }
      const statement = prepare(query);
      if (!kept) {
        cache.set(query, { statement, used: false });
        if (cache.size > size) evictOne();
      }
      return statement;
    },
  };
}

/**
 * A reading statement whose rows SQLite hands over as arrays and this makes
 * into objects. better-sqlite3 builds each row object through V8's C++ API,
 * one property at a time: for rows of 20 columns (an entry with its game,
 * a diary line) that was half of a query's cost (5 diary lines: 30 µs as
 * objects, 18 as arrays made into objects here). The rows of one statement
 * share one constructor, so V8 gives them one hidden class and fills them
 * on its fast path; they are plain objects (Object.prototype, own
 * enumerable properties in column order, the last of two same-named
 * columns winning), as better-sqlite3's own.
 */
export function rowsAsObjects(statement: SQLite.Statement): SqliteStatement {
  const columns = statement.columns().map((column) => column.name);
  // A column so named would set the row's prototype instead.
  if (columns.includes('__proto__')) return statement;
  statement.raw(true);
  function Row(this: Record<string, unknown>, values: unknown[]) {
    for (let i = 0; i < columns.length; i++) this[columns[i]!] = values[i];
  }
  Row.prototype = Object.prototype;
  const make = Row as unknown as new (values: unknown[]) => Record<string, unknown>;
  return {
    reader: true,
    readonly: statement.readonly,
    get busy() {
      return statement.busy;
    },
    all(...parameters: unknown[]) {
      const rows = statement.all(...parameters) as unknown[];
      for (let i = 0; i < rows.length; i++) rows[i] = new make(rows[i] as unknown[]);
      return rows;
    },
    *iterate(...parameters: unknown[]) {
      for (const values of statement.iterate(...parameters)) yield new make(values as unknown[]);
    },
    run: (...parameters: unknown[]) => statement.run(...parameters),
  } as SqliteStatement;
}

/** How long a request waits for a pooled PostgreSQL connection (all busy, or a new one not opening) before it is answered 503. */
export const POOL_WAIT_MS = 5000;

/** The row the write check (fault-watch.ts) writes and deletes in one transaction: larger than a page, so it needs room for new pages. */
const WRITE_CHECK_KEY = 'vgl_write_check';
const WRITE_CHECK_VALUE = 'x'.repeat(16_384);

export interface CreateDbOptions {
  /** SQLite: checkpoint the WAL on a worker thread rather than inside commits (the serving process; see sqlite-checkpoints.ts). */
  backgroundCheckpoints?: boolean;
}

export function createDb(config: DatabaseConfig, options: CreateDbOptions = {}): Db {
  if (config.kind === 'sqlite') {
    const sqlite = openSqlite(config.file);
    const checkpoints = options.backgroundCheckpoints && config.file !== ':memory:' ? checkpointInBackground(config.file) : null;
    if (checkpoints) sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
    const dialect = queuedSqliteDialect(withStatementCache(sqlite));
    const kysely = new Kysely<Database>({ dialect });
    const background = config.file !== ':memory:' ? sqliteBackgroundReads(config.file, (compiled) => rowsOf(kysely, compiled)) : null;
    const faults = createFaultWatch({ where: config.file, check: faultCheck(kysely) });
    const destroy = async () => {
      faults.stop();
      await background?.stop();
      await checkpoints?.stop();
      await kysely.destroy();
      // Kysely closes the file only if a query ran through it (db:backup uses the raw handle alone).
      if (sqlite.open) sqlite.close();
    };
    const scanRead = <R>(query: Compilable<R>) => (background ? background.all(query.compile()) : rowsOf(kysely, query.compile()));
    return { kysely, dialect: 'sqlite', sqlite, scanRead, commitInGroups: () => dialect.groupCommits(), faults, destroy };
  }
  const pool = new (loadPg().Pool)({
    connectionString: config.url,
    max: config.poolMax ?? 10,
    // Waiting for a connection (all in use, or PostgreSQL not answering) ends in an error, answered 503, not in a request that hangs.
    connectionTimeoutMillis: POOL_WAIT_MS,
    // Sent as a start-up parameter of each connection: no extra round trip. 0 = no limit.
    ...(config.statementTimeoutMs ? { statement_timeout: config.statementTimeoutMs } : {}),
  });
  const waits = watchPoolWaits(pool);
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const faults = createFaultWatch({ where: postgresWhere(config.url), check: faultCheck(kysely) });
  // A connection can die at any time: idle in the pool, or checked out between two queries of a request (PostgreSQL
  // stopped, pg_terminate_backend). pg reports it as an 'error' event on the client, which, with no listener, ends the
  // process. The pool listens only while a client is idle; this listener stays for the client's whole life. The query
  // under way (if any) fails by itself and the pool drops the broken client when it comes back.
  pool.on('connect', (client) => {
    client.on('error', (err) => void faults.notice(err));
  });
  pool.on('error', (err) => void faults.notice(err));
  const destroy = async () => {
    faults.stop();
    await kysely.destroy();
  };
  // Each PostgreSQL transaction commits on its own connection of the pool: nothing to group.
  return { kysely, dialect: 'postgres', pool, poolWaitMs: waits.oldestWaitMs, scanRead: (query) => rowsOf(kysely, query.compile()), commitInGroups: () => {}, faults, destroy };
}

/**
 * What the fault watch tries while a fault lasts: a trivial query, or, for a storage fault (a full or read-only disk,
 * an I/O error), a write that must commit — "space is back" (or "writable again") means a write fits.
 */
const faultCheck = (kysely: Kysely<Database>) => async (kind: 'read' | 'write') => {
  if (kind === 'read') return void (await sql`select 1`.execute(kysely));
  await kysely.transaction().execute(async (trx) => {
    await trx.insertInto('app_meta').values({ key: WRITE_CHECK_KEY, value: WRITE_CHECK_VALUE, updated_at: Date.now() }).onConflict((oc) => oc.column('key').doNothing()).execute();
    await trx.deleteFrom('app_meta').where('key', '=', WRITE_CHECK_KEY).execute();
  });
};

/** "PostgreSQL (host:port/database)" for the log: where, without the password. */
function postgresWhere(url: string): string {
  try {
    const parsed = new URL(url);
    return `PostgreSQL (${parsed.host}${parsed.pathname})`;
  } catch {
    return 'PostgreSQL';
  }
}

/** A compiled query's rows, read on the serving connection. */
const rowsOf = async <R>(kysely: Kysely<Database>, query: CompiledQuery<R>): Promise<R[]> => (await kysely.executeQuery(query)).rows;

export async function pingDb(db: Db): Promise<void> {
  await sql`select 1`.execute(db.kysely);
}

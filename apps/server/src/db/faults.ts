/**
 * Database faults: errors that say nothing about the request and everything
 * about the database or the disk under it (PostgreSQL gone or busy, a SQLite
 * file on a full or read-only disk). Each becomes an answer the client can act
 * on — 503 (507 for a full disk) with Retry-After — instead of a 500, and a
 * kind the fault watch (fault-watch.ts) logs once per episode and readiness
 * reports.
 */

/** The stable ids clients and load balancers see (`error` of the answer, readiness's reason). */
export type FaultId = 'database_unavailable' | 'database_slow' | 'database_busy' | 'database_readonly' | 'storage_full' | 'storage_readonly' | 'storage_error';

export interface DbFault {
  id: FaultId;
  /** 503, or 507 Insufficient Storage when the disk is full. */
  status: 503 | 507;
  /** What the client reads: the cause in plain words, and that nothing it sent was kept. */
  message: string;
  /** Seconds, for the Retry-After header. */
  retryAfter: number;
  /** Whether the fault is the storage's (a full disk, SQLite's file read-only or failing): readiness reports it until a write goes through again. */
  storage: boolean;
  /** The code that told (SQLSTATE, SQLite's extended code, Node's errno name), for the log. */
  code: string;
}

const FAULTS: Record<FaultId, Omit<DbFault, 'code'>> = {
  database_unavailable: { id: 'database_unavailable', status: 503, retryAfter: 5, storage: false, message: 'The database is not reachable right now. Please try again in a few seconds.' },
  database_slow: { id: 'database_slow', status: 503, retryAfter: 5, storage: false, message: 'The database took too long to answer. Please try again in a few seconds.' },
  database_busy: { id: 'database_busy', status: 503, retryAfter: 1, storage: false, message: 'The database is busy with other work. Please try again in a moment.' },
  database_readonly: { id: 'database_readonly', status: 503, retryAfter: 30, storage: false, message: 'The database accepts no changes right now (it is read-only). Please try again later.' },
  storage_full: { id: 'storage_full', status: 507, retryAfter: 60, storage: true, message: "The server's disk is full: your change was not saved, and nothing can be until space is freed. Please try again later." },
  storage_readonly: { id: 'storage_readonly', status: 503, retryAfter: 60, storage: true, message: "The server's database file cannot be written to (it is read-only): your change was not saved. Please try again later." },
  storage_error: { id: 'storage_error', status: 503, retryAfter: 30, storage: true, message: 'The server could not write its database file (a disk error): your change was not saved. Please try again later.' },
};

export const faultOf = (id: FaultId, code: string): DbFault => ({ ...FAULTS[id], code });

/** PostgreSQL SQLSTATEs, exact or by class (the first two characters). */
function pgFault(sqlstate: string): FaultId | undefined {
  switch (sqlstate) {
    case '57P01': // admin_shutdown: the server stops, or pg_terminate_backend ended the session
    case '57P02': // crash_shutdown
    case '57P03': // cannot_connect_now: starting up or shutting down
    case '53300': // too_many_connections
    case '58000': // system_error
    case '58030': // io_error
      return 'database_unavailable';
    case '57014': // query_canceled: statement_timeout (DB_STATEMENT_TIMEOUT_MS)
      return 'database_slow';
    case '40P01': // deadlock_detected
    case '40001': // serialization_failure
    case '55P03': // lock_not_available: lock_timeout
    case '55006': // object_in_use
      return 'database_busy';
    case '25006': // read_only_sql_transaction: a standby, or default_transaction_read_only
      return 'database_readonly';
    case '53100': // disk_full
      return 'storage_full';
  }
  const klass = sqlstate.slice(0, 2);
  if (klass === '08') return 'database_unavailable'; // connection exceptions
  if (klass === '53') return 'database_busy'; // insufficient resources (out of memory, …)
  return undefined;
}

/** SQLite's extended result codes, as better-sqlite3 names them. */
function sqliteFault(code: string): FaultId | undefined {
  if (code === 'SQLITE_FULL') return 'storage_full';
  if (code.startsWith('SQLITE_READONLY')) return 'storage_readonly';
  if (code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_CANTOPEN') || code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB' || code === 'SQLITE_NOLFS')
    return 'storage_error';
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED') || code === 'SQLITE_PROTOCOL') return 'database_busy';
  return undefined;
}

/** Node's socket errors while reaching PostgreSQL. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** Messages pg, pg-pool, Kysely and better-sqlite3 throw without a code. */
const MESSAGES: [RegExp, FaultId][] = [
  // pg-pool: every connection is checked out and none came back within connectionTimeoutMillis.
  [/^timeout exceeded when trying to connect$/, 'database_busy'],
  // pg: a new connection did not open in time, or the server went away mid-query.
  [/^Connection terminated/, 'database_unavailable'],
  [/^Client has encountered a connection error and is not queryable/, 'database_unavailable'],
  [/^Client was closed and is not queryable/, 'database_unavailable'],
  [/^Cannot use a pool after calling end on the pool/, 'database_unavailable'],
  [/^Query read timeout/, 'database_slow'],
  // Kysely after destroy(), better-sqlite3 after close(): the process is shutting down.
  [/^driver has already been destroyed/, 'database_unavailable'],
  [/^The database connection is not open/, 'database_unavailable'],
];

/** The fault an error is, or undefined when it is not one (a bug, a bad request): those stay 500s or 4xx. */
export function classifyDbFault(err: unknown): DbFault | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      const id = NETWORK_CODES.has(code) ? 'database_unavailable' : code.startsWith('SQLITE_') ? sqliteFault(code) : /^[0-9A-Z]{5}$/.test(code) ? pgFault(code) : undefined;
      if (id) return faultOf(id, code);
    }
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string') for (const [pattern, id] of MESSAGES) if (pattern.test(message)) return faultOf(id, message);
  }
  return undefined;
}

/**
 * The log's wording of a fault: its cause, where (the SQLite file's path, or
 * PostgreSQL), and its code, e.g. "The disk holding /data/vgl.sqlite is full (SQLITE_FULL)".
 */
export function describeFault(fault: DbFault, where: string): string {
  const code = ` (${fault.code})`;
  switch (fault.id) {
    case 'storage_full':
      return where.startsWith('PostgreSQL') ? `The disk of ${where} is full${code}` : `The disk holding ${where} is full${code}: free space; writes resume by themselves`;
    case 'storage_readonly':
      return `${where} cannot be written to (read-only file, directory or file system)${code}`;
    case 'storage_error':
      return `Reading or writing ${where} failed (a disk or file system error)${code}`;
    case 'database_unavailable':
      return `${where} is not reachable${code}`;
    case 'database_slow':
      return `${where} took too long to answer${code}`;
    case 'database_busy':
      return `${where} is busy: a query waited for a lock or a connection and gave up${code}`;
    case 'database_readonly':
      return `${where} refuses writes (read-only)${code}`;
  }
}

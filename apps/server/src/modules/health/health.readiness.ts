import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { FaultId } from '../../db/faults.js';
import { migrationsFor } from '../../db/migrations/index.js';
import { catalogLoad, catalogLoadingMessage } from '../catalog/catalog.loading.js';

/** A database slower than this to answer one trivial query is not one to send traffic to. */
export const READINESS_TIMEOUT_MS = 1000;

/** Why an instance is not ready: the database's fault (db/faults.ts), or a schema older than this version. */
export type NotReadyReason = FaultId | 'migrations_pending' | 'catalog_loading';

export type Readiness = { ready: true; schema: string } | { ready: false; error: NotReadyReason; message: string; cause?: unknown };

/** What readiness says of each fault: for the operator looking at the load balancer (the log has the file's path). */
const FAULT_READINESS: Record<FaultId, string> = {
  database_unavailable: 'The database is not reachable',
  database_slow: 'The database is too slow to answer',
  database_busy: 'The database is too busy to take more work (every connection in use, or locks held)',
  database_readonly: 'The database accepts no writes (read-only)',
  storage_full: 'The disk holding the database is full: writes fail until space is freed (they resume by themselves)',
  storage_readonly: 'The database file cannot be written to (read-only file, directory or file system)',
  storage_error: 'Reading or writing the database file fails (a disk or file system error)',
};

class TimedOut extends Error {}

/** An empty database: PostgreSQL's undefined_table, SQLite's "no such table". */
const noMigrationTable = (err: unknown) =>
  (err as { code?: unknown } | null)?.code === '42P01' || (err instanceof Error && err.message.includes('no such table'));

/**
 * One query answers both questions: the database is there, and it has this
 * version's latest migration (a database restored from an older backup, or
 * not migrated yet, is not one this code can serve). A storage fault (the disk
 * full, SQLite's file read-only or failing) does not stop reads, so the query
 * cannot see it: it is reported from the fault watch, which writes (once a
 * second, only while the fault lasts) until a write goes through again. A
 * readiness call itself never writes.
 */
export async function checkReadiness(db: Db, timeoutMs = READINESS_TIMEOUT_MS): Promise<Readiness> {
  const latest = Object.keys(migrationsFor(db.dialect)).at(-1) ?? '';
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut()), timeoutMs);
  });
  try {
    const query = sql<{ name: string }>`select name from kysely_migration where name = ${latest}`.execute(db.kysely);
    const { rows } = await Promise.race([query, deadline]);
    if (rows.length === 0) {
      return { ready: false, error: 'migrations_pending', message: `The database does not have migration ${latest} yet: run the migrations (they run at every start).` };
    }
    const storage = db.faults.storage;
    if (storage) return { ready: false, error: storage.id, message: `${FAULT_READINESS[storage.id]} (${storage.code}).` };
    // A first start serves pages while it loads the catalog (main.ts); a load balancer waits for all of it.
    if (catalogLoad.loading) return { ready: false, error: 'catalog_loading', message: `${catalogLoadingMessage(catalogLoad.status())} This instance serves pages meanwhile.` };
    return { ready: true, schema: latest };
  } catch (cause) {
    if (cause instanceof TimedOut) return { ready: false, error: 'database_slow', message: `The database did not answer within ${timeoutMs} ms.`, cause };
    if (noMigrationTable(cause)) return { ready: false, error: 'migrations_pending', message: 'The database has no migrations yet: run them (they run at every start).', cause };
    const fault = db.faults.notice(cause);
    if (fault && fault.id !== 'database_unavailable') return { ready: false, error: fault.id, message: `${FAULT_READINESS[fault.id]} (${fault.code}).`, cause };
    return { ready: false, error: 'database_unavailable', message: 'The database is not reachable.', cause };
  } finally {
    clearTimeout(timer);
  }
}

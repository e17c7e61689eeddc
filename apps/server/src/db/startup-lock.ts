import { loadPg } from './database.js';
import type { DatabaseConfig } from '../config.js';

/** The pg_advisory_lock key of start-up work ("VGL" and 0x10; lockGlobal's transaction locks use 0x01…). */
export const STARTUP_LOCK_KEY = 0x56_47_4c_10;

/** How often an instance waiting for the start-up lock asks again. */
const POLL_MS = 250;

/**
 * Runs start-up work (migrations, the embedded catalog, the shared secret's
 * check) one instance at a time on PostgreSQL: instances started together
 * take turns, and each finds what the one before did (a loaded catalog is not
 * loaded again). The lock is held by its own connection, outside the pool, so
 * the work may use every pooled connection (even with DB_POOL_MAX=1), and a
 * process that dies frees it with its connection. SQLite: one process, no lock.
 *
 * A waiting instance asks again every POLL_MS rather than block in
 * pg_advisory_lock: a statement blocked there holds a snapshot for as long as
 * it waits, and CREATE INDEX CONCURRENTLY (a migration the holder may be
 * running) waits for every older snapshot to end: the two would wait for each
 * other forever, unseen by PostgreSQL's deadlock detector.
 */
export async function withStartupLock<T>(database: DatabaseConfig, work: () => Promise<T>, onWait?: () => void): Promise<T> {
  if (database.kind !== 'postgres') return work();
  const client = new (loadPg().Client)({ connectionString: database.url, application_name: 'vgl start-up lock' });
  // A dropped connection must not crash the process; the query under way fails and says why.
  client.on('error', () => undefined);
  await client.connect();
  try {
    for (let tries = 0; ; tries += 1) {
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [STARTUP_LOCK_KEY]);
      if (rows[0]?.locked) break;
      if (tries === 0) onWait?.();
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    return await work();
  } finally {
    // Ending the session frees the lock; no unlock round trip needed.
    await client.end().catch(() => undefined);
  }
}

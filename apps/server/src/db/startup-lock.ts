import pg from 'pg';
import type { DatabaseConfig } from '../config.js';

/** The pg_advisory_lock key of start-up work ("VGL" and 0x10; lockGlobal's transaction locks use 0x01…). */
export const STARTUP_LOCK_KEY = 0x56_47_4c_10;

/**
 * Runs start-up work (migrations, the embedded catalog, the shared secret's
 * check) one instance at a time on PostgreSQL: instances started together
 * take turns, and each finds what the one before did (a loaded catalog is not
 * loaded again). The lock is held by its own connection, outside the pool, so
 * the work may use every pooled connection (even with DB_POOL_MAX=1), and a
 * process that dies frees it with its connection. SQLite: one process, no lock.
 */
export async function withStartupLock<T>(database: DatabaseConfig, work: () => Promise<T>, onWait?: () => void): Promise<T> {
  if (database.kind !== 'postgres') return work();
  const client = new pg.Client({ connectionString: database.url, application_name: 'vgl start-up lock' });
  // A dropped connection must not crash the process; the query under way fails and says why.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [STARTUP_LOCK_KEY]);
    if (!rows[0]?.locked) {
      onWait?.();
      await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    }
    return await work();
  } finally {
    // Ending the session frees the lock; no unlock round trip needed.
    await client.end().catch(() => undefined);
  }
}

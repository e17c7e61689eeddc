import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { migrationsFor } from '../../db/migrations/index.js';

/** A database slower than this to answer one trivial query is not one to send traffic to. */
export const READINESS_TIMEOUT_MS = 1000;

export type Readiness =
  | { ready: true; schema: string }
  | { ready: false; error: 'database_unavailable' | 'database_slow' | 'migrations_pending'; message: string; cause?: unknown };

class TimedOut extends Error {}

/** An empty database: PostgreSQL's undefined_table, SQLite's "no such table". */
const noMigrationTable = (err: unknown) =>
  (err as { code?: unknown } | null)?.code === '42P01' || (err instanceof Error && err.message.includes('no such table'));

/**
 * One query answers both questions: the database is there, and it has this
 * version's latest migration (a database restored from an older backup, or
 * not migrated yet, is not one this code can serve).
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
    return { ready: true, schema: latest };
  } catch (cause) {
    if (cause instanceof TimedOut) return { ready: false, error: 'database_slow', message: `The database did not answer within ${timeoutMs} ms.`, cause };
    if (noMigrationTable(cause)) return { ready: false, error: 'migrations_pending', message: 'The database has no migrations yet: run them (they run at every start).', cause };
    return { ready: false, error: 'database_unavailable', message: 'The database is not reachable.', cause };
  } finally {
    clearTimeout(timer);
  }
}

import { Kysely, PostgresDialect } from 'kysely';
import { loadPg } from '../../db/database.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/**
 * The database as the health checks ask it. On PostgreSQL: a connection of
 * their own, beside the serving pool. Asked through the pool, a readiness
 * check waits behind every query queued there: one greedy client with 300
 * connections made /api/health/ready answer database_slow (4 times in 63),
 * and a load balancer would have dropped an instance whose database was
 * fine — then the next one, as the client moved on. The pool's queue is
 * load shedding's business (http/fairness: new requests get a fast 503
 * while it is long); readiness says whether the database answers. The
 * price is one more connection per instance. On SQLite the checks' queries
 * run on the calling thread and never queue: the same Db.
 */
export function healthDatabase(db: Db): { db: Db; close(): Promise<void> } {
  if (!db.pool) return { db, close: async () => {} };
  // The serving pool's settings (URL, SSL, timeouts), one connection; kept open, so a check costs one round trip.
  const serving = db.pool;
  const pool = new (loadPg().Pool)({ ...serving.options, max: 1, idleTimeoutMillis: 0 });
  // A dropped idle connection (a restart, pg_terminate_backend) must not end the process: the pool opens another.
  pool.on('error', () => {});
  // Once the serving pool is closed (shutting down) the instance serves nothing: its checks say so.
  const checks = {
    connect: () => (serving.ended ? Promise.reject(new Error('Cannot use a pool after calling end on the pool')) : pool.connect()),
    end: () => pool.end(),
  };
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: checks }) });
  return { db: { ...db, kysely }, close: () => kysely.destroy() };
}

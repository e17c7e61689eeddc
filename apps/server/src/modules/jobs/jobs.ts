import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { createPgBossQueue } from './jobs.pg.js';
import type { JobQueue, JobQueueOptions } from './jobs.queue.js';
import { createSqliteQueue } from './jobs.sqlite.js';

/** The job queue of this database: pg-boss on PostgreSQL, shared by every instance; a table worked in-process on SQLite. */
export function createJobQueue(db: Db, log: FastifyBaseLogger, options: JobQueueOptions): JobQueue {
  return db.pool ? createPgBossQueue(db.pool, log, options, db.faults) : createSqliteQueue(db, log, options);
}

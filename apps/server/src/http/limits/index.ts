import type { Db } from '../../db/database.js';
import { databaseCounters } from './counters.db.js';
import { memoryCounters, type LimitCounters } from './counters.js';

export { Limit, memoryCounters, type LimitCounters, type LimitWindow } from './counters.js';

/** Counters where every instance sees them: the database on PostgreSQL; memory on SQLite, which one process serves alone. */
export function createLimitCounters(db: Db): LimitCounters {
  return db.dialect === 'postgres' ? databaseCounters(db) : memoryCounters();
}

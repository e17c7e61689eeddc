import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { CATALOG_SYNC_QUEUE, workCatalogSync, type ScheduleOptions } from '../catalog-sync/sync.job.js';
import type { JobQueue } from '../jobs/jobs.queue.js';
import { IgdbClient, type IgdbCredentials } from './igdb.client.js';
import { igdbSyncStatus, startIgdbSync } from './igdb.run.js';
import { dbTokenStore } from './igdb.token.js';

export type { ScheduleOptions } from '../catalog-sync/sync.job.js';

export const IGDB_SYNC_JOB = 'igdb.sync';
export const FIRST_RUN_DELAY_MS = 30_000;
export const INTERVAL_MS = 6 * 60 * 60_000;
/** Every 6 hours (UTC), as INTERVAL_MS says. */
export const IGDB_SYNC_CRON = '0 */6 * * *';
export const IGDB_SYNC_QUEUE = CATALOG_SYNC_QUEUE;

/** With IGDB configured, a worker syncs by itself: 30 s after start, then every 6 hours (workCatalogSync). */
export function workIgdbSync(queue: JobQueue, db: Db, credentials: IgdbCredentials, log: FastifyBaseLogger, options: ScheduleOptions = {}): Promise<() => Promise<void>> {
  // The token is the database's: shared with the CLI and across restarts.
  const client = new IgdbClient(credentials, dbTokenStore(db));
  return workCatalogSync(
    queue,
    {
      job: IGDB_SYNC_JOB,
      name: 'IGDB',
      cron: IGDB_SYNC_CRON,
      firstRunDelayMs: FIRST_RUN_DELAY_MS,
      status: igdbSyncStatus(db),
      start: (signal, heartbeatMs, onProgress) => startIgdbSync(db, client, { trigger: 'schedule', signal, heartbeatMs, onProgress }),
    },
    log,
    options,
  );
}

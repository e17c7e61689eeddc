import type { FastifyBaseLogger } from 'fastify';
import type { WikidataConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import { CATALOG_SYNC_QUEUE, workCatalogSync, type ScheduleOptions } from '../catalog-sync/sync.job.js';
import type { JobQueue } from '../jobs/jobs.queue.js';
import { startWikidataSync, wikidataClient, wikidataSyncStatus } from './wikidata.run.js';
import type { WikidataSyncOptions } from './wikidata.sync.js';

export const WIKIDATA_SYNC_JOB = 'wikidata.sync';
/** The embedded catalog serves at once; Wikidata fills in a few seconds later, in the background. */
export const WIKIDATA_FIRST_RUN_DELAY_MS = 5_000;
/** Once a day (03:17 UTC, off the hour that everyone's cron picks): Wikidata changes slowly, and each run lists every game. */
export const WIKIDATA_SYNC_CRON = '17 3 * * *';
export const WIKIDATA_SYNC_QUEUE = CATALOG_SYNC_QUEUE;

export interface WikidataScheduleOptions extends ScheduleOptions {
  sync?: WikidataSyncOptions;
}

/** With the Wikidata sync on, a worker fills the catalog from Wikidata after start and once a day (workCatalogSync). */
export function workWikidataSync(queue: JobQueue, db: Db, config: WikidataConfig, log: FastifyBaseLogger, options: WikidataScheduleOptions = {}): Promise<() => Promise<void>> {
  const client = wikidataClient(config);
  return workCatalogSync(
    queue,
    {
      job: WIKIDATA_SYNC_JOB,
      name: 'Wikidata',
      cron: WIKIDATA_SYNC_CRON,
      firstRunDelayMs: WIKIDATA_FIRST_RUN_DELAY_MS,
      status: wikidataSyncStatus(db),
      start: (signal, heartbeatMs, onProgress) => startWikidataSync(db, client, { trigger: 'schedule', signal, heartbeatMs, onProgress, sync: options.sync }),
    },
    log,
    options,
  );
}

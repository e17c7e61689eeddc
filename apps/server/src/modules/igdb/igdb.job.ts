import cronParser from 'cron-parser';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { JobQueue, QueueSettings } from '../jobs/jobs.queue.js';
import { IgdbClient, type IgdbCredentials } from './igdb.client.js';
import { startIgdbSync, SyncBusyError } from './igdb.run.js';
import { syncStatus } from './igdb.status.js';
import { dbTokenStore } from './igdb.token.js';

export const IGDB_SYNC_JOB = 'igdb.sync';
export const FIRST_RUN_DELAY_MS = 30_000;
export const INTERVAL_MS = 6 * 60 * 60_000;
/** Every 6 hours (UTC), as INTERVAL_MS says. */
export const IGDB_SYNC_CRON = '0 */6 * * *';

/**
 * A run is not retried (the next one resumes where it stopped); one waits and
 * one runs at most; a full crawl may take hours, so it is not taken for dead
 * before 12 hours have passed (pg-boss allows at most 24).
 */
export const IGDB_SYNC_QUEUE: QueueSettings = { retry: { retryLimit: 0, retryDelaySeconds: 0, backoff: false }, oneAtATime: true, maxRunSeconds: 12 * 3600 };

export interface ScheduleOptions {
  firstRunDelayMs?: number;
  cron?: string;
  heartbeatMs?: number;
}

/**
 * With IGDB configured, a worker syncs by itself: 30 s after start (a full
 * crawl the first time, resuming if one was interrupted), then on the cron
 * (every 6 hours) for what changed. The schedule is the job queue's, so with
 * several workers on one PostgreSQL each run is sent once and worked by one
 * of them; the sync's lease (igdb.lease.ts) stays as a second guard, against
 * the CLI too: a run due while another process syncs is skipped. The next
 * run's time is in the shared sync state (the dashboard's Catalog page).
 * Resolves with a function that stops the run under way (at its next IGDB
 * query; the next run resumes); call it before the queue stops.
 */
export async function workIgdbSync(queue: JobQueue, db: Db, credentials: IgdbCredentials, log: FastifyBaseLogger, options: ScheduleOptions = {}): Promise<() => Promise<void>> {
  // The token is the database's: shared with the CLI and across restarts.
  const client = new IgdbClient(credentials, dbTokenStore(db));
  const status = syncStatus(db);
  const stopping = new AbortController();
  const cron = options.cron ?? IGDB_SYNC_CRON;
  const firstRunAt = Date.now() + (options.firstRunDelayMs ?? FIRST_RUN_DELAY_MS);
  let nextAt: number | null = null;

  const noteNextRun = () => {
    const slot = cronParser.parseExpression(cron, { tz: 'UTC' }).next().getTime();
    nextAt = firstRunAt > Date.now() ? Math.min(firstRunAt, slot) : slot;
    status.scheduled(nextAt).catch((err: unknown) => log.warn({ err }, 'could not note the next IGDB sync'));
  };
  const run = async () => {
    if (stopping.signal.aborted) return;
    noteNextRun();
    try {
      const { done } = await startIgdbSync(db, client, { trigger: 'schedule', signal: stopping.signal, heartbeatMs: options.heartbeatMs });
      log.info({ report: await done }, 'IGDB sync finished');
    } catch (err) {
      if (err instanceof SyncBusyError) log.info(`Scheduled IGDB sync skipped: ${err.message}`);
      else log.error({ err }, 'IGDB sync failed; the next run resumes where it stopped');
    }
  };

  await queue.work(IGDB_SYNC_JOB, run);
  await queue.schedule(IGDB_SYNC_JOB, cron);
  // The run after start; while another instance's is still waiting, this one is not sent.
  await queue.send(IGDB_SYNC_JOB, {}, { startAfterSeconds: Math.round((firstRunAt - Date.now()) / 1000) });
  noteNextRun();

  return async () => {
    stopping.abort();
    // Nothing is scheduled by this process any more, unless another instance has noted its own next run since.
    const { nextRunAt } = await status.read().catch(() => ({ nextRunAt: null }));
    if (nextRunAt !== null && nextRunAt === nextAt) await status.scheduled(null).catch(() => undefined);
  };
}

import cronParser from 'cron-parser';
import type { CatalogSyncReport } from '@vgl/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue, QueueSettings } from '../jobs/jobs.queue.js';
import { catalogLoad } from '../catalog/catalog.loading.js';
import { SyncBusyError, type StartedSync } from './sync.run.js';
import type { SyncStatus } from './sync.status.js';

/**
 * A run is not retried (the next one resumes where it stopped); one waits and
 * one runs at most; a full crawl may take hours, so it is not taken for dead
 * before 12 hours have passed (pg-boss allows at most 24).
 */
export const CATALOG_SYNC_QUEUE: QueueSettings = { retry: { retryLimit: 0, retryDelaySeconds: 0, backoff: false }, oneAtATime: true, maxRunSeconds: 12 * 3600 };

/** How often a running sync says in the log how far it is. */
const PROGRESS_LOG_MS = 30_000;

/** "Wikidata sync: 5,800 of 110,000 records" in the log, at most every 30 s, and when it is done. */
export function progressLog(log: FastifyBaseLogger, name: string) {
  let saidAt = 0;
  return (done: number, total: number) => {
    if (Date.now() - saidAt < PROGRESS_LOG_MS && done < total) return;
    saidAt = Date.now();
    log.info({ done, total }, `${name} sync: ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} records`);
  };
}

export interface ScheduleOptions {
  firstRunDelayMs?: number;
  cron?: string;
  heartbeatMs?: number;
  /** After a run that finished (release alerts look at the dates it wrote); its failure is logged, not the sync's. */
  afterRun?: () => Promise<unknown>;
}

export interface ScheduledSource {
  /** The job's name in the queue ("igdb.sync"). */
  job: string;
  /** For the log: "IGDB", "Wikidata". */
  name: string;
  cron: string;
  firstRunDelayMs: number;
  status: SyncStatus;
  start: (signal: AbortSignal, heartbeatMs: number | undefined, onProgress: (done: number, total: number) => void) => Promise<StartedSync<CatalogSyncReport>>;
}

/**
 * A worker syncs a catalog source by itself: a while after start (a full
 * crawl the first time, resuming if one was interrupted), then on the cron
 * for what changed. The schedule is the job queue's, so with several
 * workers on one PostgreSQL each run is sent once and worked by one of
 * them; the sync's lease (sync.lease.ts) stays as a second guard, against
 * the CLI too: a run due while another process syncs is skipped. The next
 * run's time is in the shared sync state (the dashboard's Catalog page).
 * Resolves with a function that stops the run under way (at its next
 * request; the next run resumes); call it before the queue stops.
 */
export async function workCatalogSync(queue: JobQueue, source: ScheduledSource, log: FastifyBaseLogger, options: ScheduleOptions = {}): Promise<() => Promise<void>> {
  const { status } = source;
  const stopping = new AbortController();
  const cron = options.cron ?? source.cron;
  const firstRunAt = Date.now() + (options.firstRunDelayMs ?? source.firstRunDelayMs);
  let nextAt: number | null = null;
  let firstRunDue = true;

  const noteNextRun = () => {
    const slot = cronParser.parseExpression(cron, { tz: 'UTC' }).next().getTime();
    // Once the run after start has begun (its timer may fire a hair early), the cron's slot is next.
    nextAt = firstRunDue && firstRunAt > Date.now() ? Math.min(firstRunAt, slot) : slot;
    status.scheduled(nextAt).catch((err: unknown) => log.warn({ err }, `could not note the next ${source.name} sync`));
  };
  const run = async () => {
    // A first start loads the embedded catalog behind the pages (main.ts): a sync waits for it rather than skip a day.
    await catalogLoad.whenLoaded(stopping.signal);
    if (stopping.signal.aborted) return;
    firstRunDue = false;
    noteNextRun();
    try {
      const { done } = await source.start(stopping.signal, options.heartbeatMs, progressLog(log, source.name));
      log.info({ report: await done }, `${source.name} sync finished`);
      await options.afterRun?.().catch((err: unknown) => log.warn({ err }, `after the ${source.name} sync`));
    } catch (err) {
      if (err instanceof SyncBusyError) log.info(`Scheduled ${source.name} sync skipped: ${err.message}`);
      else log.error({ err }, `${source.name} sync failed; the next run resumes where it stopped`);
    }
  };

  await queue.work(source.job, run);
  await queue.schedule(source.job, cron);
  // The run after start; while another instance's is still waiting, this one is not sent.
  await queue.send(source.job, {}, { startAfterSeconds: Math.round((firstRunAt - Date.now()) / 1000) });
  noteNextRun();

  return async () => {
    stopping.abort();
    // Nothing is scheduled by this process any more, unless another instance has noted its own next run since.
    const { nextRunAt } = await status.read().catch(() => ({ nextRunAt: null }));
    if (nextRunAt !== null && nextRunAt === nextAt) await status.scheduled(null).catch(() => undefined);
  };
}

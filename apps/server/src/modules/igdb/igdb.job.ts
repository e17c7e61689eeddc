import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { IgdbClient, type IgdbCredentials } from './igdb.client.js';
import { startIgdbSync, SyncBusyError } from './igdb.run.js';
import { syncStatus } from './igdb.status.js';
import { dbTokenStore } from './igdb.token.js';

export const FIRST_RUN_DELAY_MS = 30_000;
export const INTERVAL_MS = 6 * 60 * 60_000;

export interface ScheduleOptions {
  firstRunDelayMs?: number;
  intervalMs?: number;
  heartbeatMs?: number;
}

/**
 * With IGDB configured, the server syncs by itself: 30 s after start (a full
 * crawl the first time, resuming if one was interrupted), then every 6 hours
 * for what changed. Runs never overlap, here or with any other process: a
 * run due while the CLI or another instance syncs is skipped. The next run's
 * time is in the shared sync state (the dashboard's Catalog page). Returns a
 * function that stops the schedule and the run under way (at its next IGDB
 * query; the next run resumes) and resolves once it has wound down.
 */
export function scheduleIgdbSync(db: Db, credentials: IgdbCredentials, log: FastifyBaseLogger, options: ScheduleOptions = {}): () => Promise<void> {
  // The token is the database's: shared with the CLI and across restarts.
  const client = new IgdbClient(credentials, dbTokenStore(db));
  const status = syncStatus(db);
  const stopping = new AbortController();
  const intervalMs = options.intervalMs ?? INTERVAL_MS;
  let timer: NodeJS.Timeout | undefined;
  let nextAt: number | null = null;
  let current: Promise<void> = Promise.resolve();

  const plan = (at: number) => {
    nextAt = at;
    timer = setTimeout(due, Math.max(0, at - Date.now()));
    timer.unref();
    status.scheduled(at).catch((err: unknown) => log.warn({ err }, 'could not note the next IGDB sync'));
  };
  const run = async () => {
    try {
      const { done } = await startIgdbSync(db, client, { trigger: 'schedule', signal: stopping.signal, heartbeatMs: options.heartbeatMs });
      log.info({ report: await done }, 'IGDB sync finished');
    } catch (err) {
      if (err instanceof SyncBusyError) log.info(`Scheduled IGDB sync skipped: ${err.message}`);
      else log.error({ err }, 'IGDB sync failed; the next run resumes where it stopped');
    }
  };
  function due() {
    if (stopping.signal.aborted) return;
    plan(Date.now() + intervalMs);
    current = run();
  }
  plan(Date.now() + (options.firstRunDelayMs ?? FIRST_RUN_DELAY_MS));

  return async () => {
    stopping.abort();
    clearTimeout(timer);
    await current;
    // Nothing is scheduled any more, unless another instance has noted its own next run since.
    const { nextRunAt } = await status.read().catch(() => ({ nextRunAt: null }));
    if (nextRunAt !== null && nextRunAt === nextAt) await status.scheduled(null).catch(() => undefined);
  };
}

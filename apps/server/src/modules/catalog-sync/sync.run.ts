import { CATALOG_SYNC_MESSAGES, type CatalogSyncMode, type CatalogSyncReport, type CatalogSyncRun, type CatalogSyncTrigger } from '@vgl/shared';
import type { Db } from '../../db/database.js';
import { getMeta } from '../../db/meta.js';
import { leaseOwner, syncLease } from './sync.lease.js';
import { syncStatus, type StoredRun, type SyncKeys } from './sync.status.js';

/** Another process (or this one) is syncing: the caller says so and starts nothing. */
export class SyncBusyError extends Error {
  constructor(readonly run: CatalogSyncRun | null) {
    super(run ? `${CATALOG_SYNC_MESSAGES.running} It is ${describeRun(run)}.` : CATALOG_SYNC_MESSAGES.running);
    this.name = 'SyncBusyError';
  }
}

/** The run was stopped from outside: its lease was lost, or its process is shutting down. */
export class SyncStoppedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SyncStoppedError';
  }
}

const TRIGGERS: Record<CatalogSyncTrigger, string> = { schedule: 'the server’s schedule', cli: 'the CLI', admin: 'an admin' };

/** "a full crawl started by the CLI at 2026-11-24 14:03:05 UTC". */
export function describeRun(run: Pick<CatalogSyncRun, 'mode' | 'trigger' | 'startedBy' | 'startedAt'>): string {
  const what = run.mode === 'full' ? 'a full crawl' : 'an incremental sync';
  const who = run.trigger === 'admin' && run.startedBy ? run.startedBy : TRIGGERS[run.trigger];
  const when = new Date(run.startedAt).toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
  return `${what} started by ${who} at ${when}`;
}

/** What a running source is given: where to report, and a check to call before each request. */
export interface SyncContext {
  mode: CatalogSyncMode;
  /** Start a full crawl again from the beginning. */
  restart: boolean;
  onProgress: (done: number, total: number) => void;
  /** A page of records arrived (the Catalog page counts them while the run goes). */
  onPage: () => void;
  /** Throws SyncStoppedError when the run must stop (its lease lost, its process shutting down). */
  checkpoint: () => void;
}

/** A catalog source as the runner sees it: where its state lives and how it syncs. */
export interface CatalogSyncSource<R extends CatalogSyncReport> {
  keys: SyncKeys;
  sync: (ctx: SyncContext) => Promise<R>;
}

export interface StartSyncOptions {
  trigger: CatalogSyncTrigger;
  /** The admin who pressed "Sync now". */
  startedBy?: string | null;
  /** Crawl everything again from the first game. */
  restart?: boolean;
  onProgress?: (done: number, total: number) => void;
  /** Aborting stops the run at its next request (the server shutting down); the next run resumes. */
  signal?: AbortSignal;
  /** How often the progress is written and the lease renewed (tests shorten both). */
  heartbeatMs?: number;
  leaseMs?: number;
}

export interface StartedSync<R extends CatalogSyncReport = CatalogSyncReport> {
  run: StoredRun;
  /** Settles when the run ends; its outcome is also in the shared state (last run or last error). */
  done: Promise<R>;
}

const HEARTBEAT_MS = 1000;
/** A process that stops renewing (it died, or hangs) loses the lease after this. */
const LEASE_MS = 60_000;
const MAX_ERROR_LENGTH = 500;

/**
 * Starts a source's sync if no other run of it goes anywhere: takes the
 * source's lease, notes the run in the shared state, and syncs in the
 * background, writing its progress and renewing the lease every second. The
 * server's schedule, the CLI and "Sync now" all start syncs here. Throws
 * SyncBusyError when another run holds the lease.
 */
export async function startCatalogSync<R extends CatalogSyncReport>(db: Db, source: CatalogSyncSource<R>, options: StartSyncOptions): Promise<StartedSync<R>> {
  const lease = syncLease(db, source.keys.lease);
  const status = syncStatus(db, source.keys);
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const owner = leaseOwner();
  const startedAt = Date.now();
  if (!(await lease.take(owner, startedAt + leaseMs, startedAt))) throw new SyncBusyError((await status.read()).running);

  const mode = options.restart || (await getMeta(db.kysely, source.keys.fullDone)) !== '1' ? 'full' : 'incremental';
  const run: StoredRun = { owner, mode, trigger: options.trigger, startedBy: options.startedBy ?? null, startedAt, updatedAt: startedAt, pages: 0, saved: 0, total: null };
  try {
    await status.begin(run);
  } catch (err) {
    await lease.release(owner);
    throw err;
  }

  let dirty = false;
  let lost = false;
  let renewedAt = startedAt;
  let tick: Promise<void> = Promise.resolve();
  const heartbeat = async () => {
    const now = Date.now();
    if (now - renewedAt >= leaseMs / 4) {
      if (!(await lease.renew(owner, now + leaseMs))) lost = true;
      renewedAt = now;
    }
    if (dirty && !lost) {
      dirty = false;
      await status.progress({ ...run, updatedAt: now });
    }
  };
  const timer = setInterval(() => {
    // One beat at a time; a failed write is retried on the next.
    tick = tick.then(heartbeat).catch(() => undefined);
  }, heartbeatMs);
  timer.unref();

  const context: SyncContext = {
    mode,
    restart: Boolean(options.restart),
    checkpoint: () => {
      if (lost) throw new SyncStoppedError('The sync stopped: it lost its lease (it stalled for over a minute) and another process may have taken over.');
      if (options.signal?.aborted) throw new SyncStoppedError('The sync stopped because its process is shutting down; the next run resumes where it stopped.');
    },
    onPage: () => {
      run.pages += 1;
      dirty = true;
    },
    onProgress: (saved, total) => {
      run.saved = saved;
      run.total = total;
      dirty = true;
      options.onProgress?.(saved, total);
    },
  };

  const done = (async () => {
    try {
      const report = await source.sync(context);
      await status.finished({ trigger: run.trigger, startedBy: run.startedBy, startedAt, finishedAt: Date.now(), report });
      return report;
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, MAX_ERROR_LENGTH) || 'The sync failed.';
      await status.failed({ message, at: Date.now(), mode, trigger: run.trigger }).catch(() => undefined);
      throw err;
    } finally {
      clearInterval(timer);
      await tick;
      // Best effort: if the database is gone, the lease simply expires.
      await status.end(owner).catch(() => lease.release(owner).catch(() => undefined));
    }
  })();
  return { run, done };
}

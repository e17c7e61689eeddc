import type { CatalogSyncError, CatalogSyncFinished, CatalogSyncMode, CatalogSyncState, CatalogSyncTrigger } from '@vgl/shared';
import type { Db } from '../../db/database.js';
import { setMeta } from '../../db/meta.js';
import { holdsLease } from './sync.lease.js';

/**
 * Where one catalog source keeps its sync's state, in app_meta so that every
 * process sees the same: the lease, the run under way (written by the process
 * holding the lease, about once a second), the last run that finished, the
 * last error, the next scheduled run (written by the server's schedule) and
 * whether a full crawl has completed. Values are JSON.
 */
export interface SyncKeys {
  lease: string;
  run: string;
  last: string;
  error: string;
  next: string;
  fullDone: string;
}

/** The keys of a source named `prefix` ("igdb", "wikidata"). */
export const syncKeysOf = (prefix: string, fullDone: string): SyncKeys => ({
  lease: `${prefix}.sync.lease`,
  run: `${prefix}.sync.run`,
  last: `${prefix}.sync.last`,
  error: `${prefix}.sync.error`,
  next: `${prefix}.sync.next`,
  fullDone,
});

/** The run under way, as stored: CatalogSyncRun without the derived rate, plus its lease holder. */
export interface StoredRun {
  owner: string;
  mode: CatalogSyncMode;
  trigger: CatalogSyncTrigger;
  startedBy: string | null;
  startedAt: number;
  updatedAt: number;
  pages: number;
  saved: number;
  total: number | null;
}

/** A scheduled time this far in the past was not kept: its server is gone. */
const STALE_NEXT_MS = 5 * 60_000;

const parse = <T>(value: string | undefined): T | null => {
  if (!value) return null;
  try {
    return JSON.parse(value) as T;
  } catch {
    return null;
  }
};

export function syncStatus(db: Db, keys: SyncKeys) {
  const k = db.kysely;
  return {
    /** Notes the run this lease holder starts (only while it holds the lease). */
    async begin(run: StoredRun): Promise<void> {
      await k.insertInto('app_meta').values({ key: keys.run, value: '', updated_at: 0 }).onConflict((oc) => oc.column('key').doNothing()).execute();
      await this.progress(run);
    },
    /** The run's progress; a process that lost its lease writes nothing. */
    async progress(run: StoredRun): Promise<void> {
      await k
        .updateTable('app_meta')
        .set({ value: JSON.stringify(run), updated_at: run.updatedAt })
        .where('key', '=', keys.run)
        .where(holdsLease(run.owner, keys.lease))
        .execute();
    },
    /**
     * The run ended: clears it and frees the lease in one transaction, so no
     * reader sees "nothing running" while the lease is still held (a "Sync
     * now" pressed in that gap was refused as busy).
     */
    async end(owner: string): Promise<void> {
      await k.transaction().execute(async (trx) => {
        await trx.updateTable('app_meta').set({ value: '', updated_at: Date.now() }).where('key', '=', keys.run).where(holdsLease(owner, keys.lease)).execute();
        await trx.updateTable('app_meta').set({ updated_at: 0 }).where('key', '=', keys.lease).where('value', '=', owner).execute();
      });
    },
    finished: (run: CatalogSyncFinished) => setMeta(k, keys.last, JSON.stringify(run)),
    failed: (error: CatalogSyncError) => setMeta(k, keys.error, JSON.stringify(error)),
    /** The next scheduled run, or none (the schedule stopped). */
    scheduled: (at: number | null) => setMeta(k, keys.next, at === null ? '' : String(at)),

    /** Everything the Catalog page shows about the sync. A run counts as under way while its process holds the lease. */
    async read(now = Date.now()): Promise<CatalogSyncState> {
      const rows = await k.selectFrom('app_meta').select(['key', 'value', 'updated_at']).where('key', 'in', Object.values(keys)).execute();
      const row = (key: string) => rows.find((r) => r.key === key);
      const lease = row(keys.lease);
      const run = parse<StoredRun>(row(keys.run)?.value);
      const live = run && lease && lease.value === run.owner && Number(lease.updated_at) >= now ? run : null;
      const next = Number(row(keys.next)?.value || NaN);
      return {
        running: live && {
          mode: live.mode,
          trigger: live.trigger,
          startedBy: live.startedBy,
          startedAt: live.startedAt,
          updatedAt: live.updatedAt,
          pages: live.pages,
          saved: live.saved,
          total: live.total,
          rate: live.updatedAt > live.startedAt ? Math.round((live.saved / ((live.updatedAt - live.startedAt) / 1000)) * 10) / 10 : 0,
        },
        lastRun: parse<CatalogSyncFinished>(row(keys.last)?.value),
        lastError: parse<CatalogSyncError>(row(keys.error)?.value),
        // A time long past was left by a server that stopped without saying so: nothing is scheduled.
        nextRunAt: Number.isFinite(next) && next > now - STALE_NEXT_MS ? next : null,
        nextMode: row(keys.fullDone)?.value === '1' ? 'incremental' : 'full',
      };
    },
  };
}

export type SyncStatus = ReturnType<typeof syncStatus>;

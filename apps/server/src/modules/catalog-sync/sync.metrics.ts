import type { CatalogSyncState } from '@vgl/shared';
import { Gauge, type Registry } from 'prom-client';
import type { SyncStatus } from './sync.status.js';

export interface MeasuredSource {
  /** The label: "igdb", "wikidata". */
  source: string;
  status: SyncStatus;
}

/** One read of every source's state serves the gauges of one scrape. */
const SCRAPE_MS = 1000;

/**
 * Each catalog source's sync, from the state every instance shares (so any
 * instance, web or worker, reports the same): when a run last succeeded,
 * whether the last run succeeded, when the next is scheduled, whether one
 * runs now. A series is absent while it has no value (never synced, nothing
 * scheduled); every one is absent while the database does not answer.
 */
export function registerSyncMetrics(registry: Registry, sources: MeasuredSource[]): void {
  if (sources.length === 0) return;
  let read: { at: number; states: Promise<(CatalogSyncState | null)[]> } | undefined;
  const states = () => {
    if (!read || Date.now() - read.at > SCRAPE_MS) {
      read = { at: Date.now(), states: Promise.all(sources.map(({ status }) => status.read().catch(() => null))) };
    }
    return read.states;
  };
  const gauge = (name: string, help: string, value: (state: CatalogSyncState) => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: ['source'],
      registers: [registry],
      async collect() {
        const all = await states();
        this.reset();
        sources.forEach(({ source }, i) => {
          const state = all[i];
          const v = state ? value(state) : null;
          if (v !== null) this.set({ source }, v);
        });
      },
    });

  gauge('vgl_catalog_sync_last_success_timestamp_seconds', 'When the last catalog sync of this source that succeeded finished (unix seconds)', (s) =>
    s.lastRun ? s.lastRun.finishedAt / 1000 : null,
  );
  gauge('vgl_catalog_sync_last_result', 'Whether the latest catalog sync of this source succeeded (1) or failed (0)', (s) => {
    const ok = s.lastRun?.finishedAt ?? null;
    const failed = s.lastError?.at ?? null;
    if (ok === null && failed === null) return null;
    return failed === null || (ok !== null && ok >= failed) ? 1 : 0;
  });
  gauge('vgl_catalog_sync_next_run_timestamp_seconds', 'When the server’s schedule runs the next catalog sync of this source (unix seconds)', (s) =>
    s.nextRunAt === null ? null : s.nextRunAt / 1000,
  );
  gauge('vgl_catalog_sync_running', 'Whether a catalog sync of this source runs now, on any instance or the CLI (1) or not (0)', (s) => (s.running ? 1 : 0));
}

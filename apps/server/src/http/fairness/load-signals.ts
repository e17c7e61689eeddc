import type { Db } from '../../db/database.js';

/** What load shedding looks at; tests give their own. */
export interface LoadSignals {
  /** How long the event loop has been busy in the turn running now (ms): the wait of anything it has yet to start. */
  loopLagMs(): number;
  /** Queries waiting for a PostgreSQL connection of this process's pool (0 on SQLite). */
  dbQueue(): number;
  /** How long the longest waiting of them has waited (ms; 0 on SQLite). */
  dbWaitMs(): number;
  close(): void;
}

/** How often the heartbeat beats; the lag it reads is at most this much above the truth. */
const BEAT_MS = 10;

/**
 * The process's own signals. The event loop's lag is read from a heartbeat:
 * a timer that notes when it last ran. A request looked at while the loop
 * is deep in a long turn (300 requests handled back to back) sees the
 * heartbeat late by that much *now*, so shedding can stop the turn from
 * growing. perf_hooks.monitorEventLoopDelay tells the same afterwards (its
 * histogram is read between turns): a rule on it sheds the next turn, which
 * is short because of the shedding, then lets the following one grow long
 * again; /metrics keeps reporting it (nodejs_eventloop_lag_*).
 */
export function processLoadSignals(db: Db, now: () => number = performance.now.bind(performance)): LoadSignals {
  let lastBeat = now();
  const heartbeat = setInterval(() => (lastBeat = now()), BEAT_MS);
  heartbeat.unref();
  const pool = db.pool;
  return {
    loopLagMs: () => Math.max(0, now() - lastBeat - BEAT_MS),
    dbQueue: () => pool?.waitingCount ?? 0,
    dbWaitMs: () => db.poolWaitMs?.() ?? 0,
    close: () => clearInterval(heartbeat),
  };
}

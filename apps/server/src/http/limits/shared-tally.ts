import type { LimitWindow } from './counters.js';

/**
 * Counts for limits that apply to every request of a kind (a client's
 * reads and searches), answered without waiting: an instance counts in
 * memory and, where instances share a database, adds its counts to the
 * shared ones every second or so and learns the total (shared-tally.db.ts).
 * A key's total is then late by at most that interval: a client spreading
 * over several instances may get one interval's worth more, never a budget
 * per instance. The per-use round trip the other limits make
 * (counters.ts) would put one more query in the pool's queue for every read.
 */
export interface SharedTally {
  /** Counts one use of `key` now; the window it fell in, its count as far as this instance knows. */
  count(key: string, windowMs: number): LimitWindow;
  /** Sends what was counted here to the shared store and takes back the totals (a no-op in memory). */
  flush(): Promise<void>;
  close(): void;
}

/** Keys kept at most before ended windows are swept early, so a flood of addresses cannot grow memory without end. */
export const TALLY_KEYS = 100_000;

export interface TallyEntry extends LimitWindow {
  /** Uses counted here and not yet sent to the shared store. */
  pending: number;
  windowMs: number;
}

/** The windows of one process; also the local half of the shared tally. */
export class LocalWindows {
  readonly entries = new Map<string, TallyEntry>();
  private lastSweep: number;

  constructor(private readonly now: () => number) {
    this.lastSweep = now();
  }

  count(key: string, windowMs: number): LimitWindow {
    const at = this.now();
    if (at - this.lastSweep > 10_000 || this.entries.size >= TALLY_KEYS) this.sweep(at);
    let entry = this.entries.get(key);
    if (!entry || entry.resetAt <= at) {
      entry = { count: 0, resetAt: at + windowMs, pending: 0, windowMs };
      this.entries.set(key, entry);
    }
    entry.count += 1;
    entry.pending += 1;
    return { count: entry.count, resetAt: entry.resetAt };
  }

  /** Forgets ended windows (their uses were sent, or no longer matter). */
  sweep(at: number): void {
    for (const [key, entry] of this.entries) if (entry.resetAt <= at) this.entries.delete(key);
    this.lastSweep = at;
  }
}

/** One process's tally (SQLite, where one process serves). */
export function memoryTally(now: () => number = Date.now): SharedTally {
  const windows = new LocalWindows(now);
  return {
    count: (key, windowMs) => windows.count(key, windowMs),
    flush: async () => {},
    close: () => windows.entries.clear(),
  };
}

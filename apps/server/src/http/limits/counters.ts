/** A limit's current window: the uses counted in it (the one just made included) and when it ends (ms). */
export interface LimitWindow {
  count: number;
  resetAt: number;
}

/**
 * Where every rate limit keeps its counts: per-IP route limits
 * (@fastify/rate-limit's store), per-account login and mail attempts, and
 * per-member budgets (comments, likes, follows, access tokens). A window is
 * fixed and starts with its first use. In memory for one process (SQLite);
 * in the database when several instances share one PostgreSQL, so a limit
 * means the same whichever instance is asked (limits.db.ts).
 */
export interface LimitCounters {
  /** Counts one use of `key` and answers the window it fell in. */
  hit(key: string, windowMs: number): Promise<LimitWindow>;
  /** The live window of `key` without counting a use; undefined when there is none. */
  peek(key: string): Promise<LimitWindow | undefined>;
  /** Forgets `key` (a successful login clears its failures). */
  reset(key: string): Promise<void>;
  close(): void;
}

/** Keys kept at most before expired ones are swept early: a flood of new addresses cannot grow memory without end. */
const MEMORY_KEYS = 100_000;
const SWEEP_EVERY_MS = 60_000;

export function memoryCounters(now: () => number = Date.now): LimitCounters {
  const windows = new Map<string, LimitWindow>();
  let lastSweep = now();
  const sweep = (at: number) => {
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
    lastSweep = at;
  };
  return {
    async hit(key, windowMs) {
      const at = now();
      if (at - lastSweep > SWEEP_EVERY_MS || windows.size >= MEMORY_KEYS) sweep(at);
      const live = windows.get(key);
      if (live && live.resetAt > at) {
        live.count += 1;
        return { ...live };
      }
      const fresh = { count: 1, resetAt: at + windowMs };
      windows.set(key, fresh);
      return { ...fresh };
    },
    async peek(key) {
      const live = windows.get(key);
      return live && live.resetAt > now() ? { ...live } : undefined;
    },
    async reset(key) {
      windows.delete(key);
    },
    close() {
      windows.clear();
    },
  };
}

/** One named limit: at most `max` uses of a key per window of `windowMs`. */
export class Limit {
  constructor(
    private readonly counters: LimitCounters,
    private readonly name: string,
    readonly max: number,
    private readonly windowMs: number,
  ) {}

  private keyOf(key: string | number): string {
    return `${this.name}:${key}`;
  }

  /** Counts a use; false when it goes over the limit. */
  async take(key: string | number): Promise<boolean> {
    return (await this.counters.hit(this.keyOf(key), this.windowMs)).count <= this.max;
  }

  /** True when the key has used up its window, without counting a use (failed logins are counted only when they fail). */
  async isBlocked(key: string | number): Promise<boolean> {
    return ((await this.counters.peek(this.keyOf(key)))?.count ?? 0) >= this.max;
  }

  /** Counts a use without asking (a failed login, a mail sent). */
  async record(key: string | number): Promise<void> {
    await this.counters.hit(this.keyOf(key), this.windowMs);
  }

  async reset(key: string | number): Promise<void> {
    await this.counters.reset(this.keyOf(key));
  }
}

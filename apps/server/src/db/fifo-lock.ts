/**
 * A lock with a queue: the holder hands it straight to the next in line.
 * Kysely's SQLite driver guards its one connection with a loop of
 * `while (locked) await lock` — every release wakes every waiter, and all
 * but one go back to sleep. With 150 requests waiting on the connection
 * that was some 150 wake-ups for each query, and signed-in requests (which
 * reach the database sooner) made it worse. Here a release wakes one.
 */
export class FifoLock {
  #held = false;
  // At most one waiter per request in flight (a few hundred): shift() is cheap at that size.
  readonly #waiting: Array<() => void> = [];

  acquire(): Promise<void> {
    if (this.tryAcquire()) return Promise.resolve();
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Takes the lock if it is free, at once. */
  tryAcquire(): boolean {
    if (this.#held) return false;
    this.#held = true;
    return true;
  }

  /** Hands the lock to the first in line, or frees it. */
  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }

  /** How many wait for the lock (for tests and gauges). */
  get waiting(): number {
    return this.#waiting.length;
  }
}

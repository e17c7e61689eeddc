import type pg from 'pg';

/**
 * How long the queries waiting for a connection of a pg pool have waited.
 * pg keeps its waiters in a queue it serves in order but tells only how many
 * there are (`waitingCount`): a hundred waiters of a pool whose queries take
 * a fraction of a millisecond are served within a few milliseconds, and
 * twenty behind a stuck pool never are. Load shedding looks at both (issue
 * 41: a queue of quick reads was shed as if the database were behind).
 *
 * `pool.connect` is wrapped once: each call notes when it began until it has
 * its connection (or gave up) — every call, since pg hands even an idle
 * connection over on a later tick, and a burst of calls all see it idle.
 * Calls are noted in the order they were made, so the first is the oldest.
 */
export function watchPoolWaits(pool: pg.Pool, now: () => number = performance.now.bind(performance)): { oldestWaitMs(): number } {
  const waiting = new Map<object, number>();
  const connect = pool.connect;
  // The callback form (pool.query's) is left as it is; Kysely asks for a promise.
  pool.connect = function (this: pg.Pool, ...args: unknown[]) {
    if (args.length > 0) return (connect as (...a: unknown[]) => unknown).apply(pool, args);
    const ticket = {};
    waiting.set(ticket, now());
    const settled = () => void waiting.delete(ticket);
    const promise = (connect as () => Promise<pg.PoolClient>).call(pool);
    promise.then(settled, settled);
    return promise;
  } as typeof pool.connect;
  return {
    oldestWaitMs() {
      for (const since of waiting.values()) return Math.max(0, now() - since);
      return 0;
    },
  };
}

import { performance } from 'node:perf_hooks';

/*
 * Reading and matching a 200,000-row file takes seconds of JavaScript (and,
 * on SQLite, of synchronous queries). Awaiting a promise does not let other
 * requests in: only a macrotask does. So long loops call a pacer's `slice()`
 * now and then, and every SLICE_MS it waits for setImmediate, which lets
 * the event loop answer everyone else before the import goes on.
 */

/** How long the import may hold the event loop at a time. */
export const SLICE_MS = 8;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface Pacer {
  /** Gives the event loop a turn when this slice has run for SLICE_MS; otherwise resolves at once. */
  slice(): Promise<void> | undefined;
}

export function createPacer(sliceMs = SLICE_MS): Pacer {
  let since = performance.now();
  return {
    slice() {
      if (performance.now() - since < sliceMs) return undefined;
      return nextTurn().then(() => {
        since = performance.now();
      });
    },
  };
}

/** Runs `each` over a list, pacing between items; for loops over every row of a file. */
export async function forEachPaced<T>(list: readonly T[], pacer: Pacer, each: (item: T, index: number) => void): Promise<void> {
  for (let i = 0; i < list.length; i++) {
    each(list[i]!, i);
    // Checking the clock costs more than most items: every 256th.
    if ((i & 255) === 255) await pacer.slice();
  }
}

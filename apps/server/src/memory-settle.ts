import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';

/** How often the event loop's busyness is looked at. */
export const SETTLE_CHECK_MS = 5_000;
/** The first look, after start-up. */
export const SETTLE_START_MS = 2_000;
/** A window at least this busy counts as load (a fifth of the main thread). */
const BUSY = 0.2;
/** …and the load is over once this many windows in a row were nearly idle. */
const QUIET = 0.02;
const QUIET_WINDOWS = 2;

export interface MemorySettleOptions {
  /** The collection to run (tests pass a spy); default: V8's full garbage collection. */
  collect?: () => void;
  /** Told the heap before and after each settling. */
  onSettled?: (before: number, after: number) => void;
  checkMs?: number;
  startMs?: number;
  /** Event-loop utilization so far (tests drive it by hand). */
  utilization?: (previous?: EventLoopUtilization) => EventLoopUtilization;
}

/**
 * After a load, once the server has been quiet for a while, one full garbage
 * collection, so memory goes back near idle (issue 41). V8 sizes its heap for
 * the load (75 → 118 MB after 20 s of mixed traffic) and left to itself kept
 * it, garbage and all, until the next load: its own memory reducer did not
 * run on a server that goes quiet (RSS stayed ~60 MB up minutes after). A
 * collection while nobody waits costs a few tens of ms the server has to
 * spare then, and V8 hands the emptied pages back. Never while busy, and once
 * a load: a quiet server does nothing. Returns a stop function.
 */
export function settleMemoryAfterLoad(options: MemorySettleOptions = {}): () => void {
  const collect = options.collect ?? fullCollection();
  if (!collect) return () => {};
  const utilization = options.utilization ?? ((previous) => performance.eventLoopUtilization(previous));
  let last = utilization();
  // Starting up is a load too (the catalog, migrations' check, compiling the routes): settled once quiet.
  let loaded = true;
  let quietWindows = 0;
  const settle = () => {
    loaded = false;
    quietWindows = 0;
    const before = process.memoryUsage().heapTotal;
    collect();
    options.onSettled?.(before, process.memoryUsage().heapTotal);
  };
  const check = (quietNeeded: number) => {
    const window = utilization(last);
    last = utilization();
    if (window.utilization >= BUSY) {
      loaded = true;
      quietWindows = 0;
      return;
    }
    quietWindows = window.utilization <= QUIET ? quietWindows + 1 : 0;
    if (loaded && quietWindows >= quietNeeded) settle();
  };
  // Right after start, one short quiet window is enough: nobody has been served yet.
  const first = setTimeout(() => check(1), options.startMs ?? SETTLE_START_MS);
  const timer = setInterval(() => check(QUIET_WINDOWS), options.checkMs ?? SETTLE_CHECK_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

/** V8's full collection: global.gc when node runs with --expose-gc, else the same function from a context made with the flag on. */
function fullCollection(): (() => void) | undefined {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  try {
    v8.setFlagsFromString('--expose-gc');
    return vm.runInNewContext('gc') as () => void;
  } catch {
    return undefined;
  }
}

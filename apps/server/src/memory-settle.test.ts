import type { EventLoopUtilization } from 'node:perf_hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settleMemoryAfterLoad } from './memory-settle.js';

/** An event loop whose busyness the test sets for each window. */
function loop() {
  let active = 0;
  let idle = 0;
  return {
    utilization: (previous?: EventLoopUtilization): EventLoopUtilization => {
      const now = { idle, active, utilization: active / Math.max(1, active + idle) };
      if (!previous) return now;
      const a = active - previous.active;
      const i = idle - previous.idle;
      return { idle: i, active: a, utilization: a / Math.max(1, a + i) };
    },
    window: (busy: number, ms = 1000) => {
      active += busy * ms;
      idle += (1 - busy) * ms;
    },
  };
}

describe('settling memory after a load', () => {
  afterEach(() => vi.useRealTimers());

  it('collects once after start-up, once after each load that is over, never while busy or quiet all along', async () => {
    vi.useFakeTimers();
    const events = loop();
    const collect = vi.fn();
    const stop = settleMemoryAfterLoad({ collect, utilization: events.utilization, checkMs: 1000, startMs: 200 });
    // Start-up over and quiet: one collection.
    events.window(0, 200);
    await vi.advanceTimersByTimeAsync(200);
    expect(collect).toHaveBeenCalledTimes(1);
    // Quiet for a long while: nothing more.
    for (let i = 0; i < 10; i += 1) {
      events.window(0);
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(collect).toHaveBeenCalledTimes(1);
    // A load: nothing while it lasts…
    for (let i = 0; i < 5; i += 1) {
      events.window(0.9);
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(collect).toHaveBeenCalledTimes(1);
    // …nor one quiet window after it, nor a window with some traffic…
    events.window(0);
    await vi.advanceTimersByTimeAsync(1000);
    events.window(0.1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(collect).toHaveBeenCalledTimes(1);
    // …but two quiet windows in a row: settled, once.
    for (let i = 0; i < 2; i += 1) {
      events.window(0);
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(collect).toHaveBeenCalledTimes(2);
    for (let i = 0; i < 5; i += 1) {
      events.window(0);
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(collect).toHaveBeenCalledTimes(2);
    stop();
  });

  it('finds V8’s full collection without --expose-gc', () => {
    vi.useFakeTimers();
    const settled = vi.fn();
    const events = loop();
    const stop = settleMemoryAfterLoad({ utilization: events.utilization, startMs: 10, onSettled: settled });
    events.window(0, 10);
    vi.advanceTimersByTime(10);
    expect(settled).toHaveBeenCalledWith(expect.any(Number), expect.any(Number));
    stop();
  });
});

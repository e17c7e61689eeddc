import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

export interface Stalls {
  /** The event loop's longest delay while the work ran. */
  eventLoopMaxMs: number;
  /** The slowest /api/health answer, asked every 20 ms. */
  healthMaxMs: number;
  healthAnswers: number;
}

/**
 * Runs `work` against a listening server while /api/health is asked every
 * 20 ms and the event loop's delay is watched: how long any other request
 * could have been kept waiting by it.
 */
export async function whileWatching<T>(address: string, work: () => Promise<T>): Promise<{ result: T; stalls: Stalls }> {
  const health: number[] = [];
  let running = true;
  const poll = (async () => {
    while (running) {
      const start = performance.now();
      const res = await fetch(`${address}/api/health`);
      await res.text();
      if (res.status !== 200) throw new Error(`/api/health answered ${res.status}`);
      health.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let result: T;
  try {
    result = await work();
  } finally {
    loop.disable();
    running = false;
    await poll;
  }
  return { result, stalls: { eventLoopMaxMs: Math.round(loop.max / 1e6), healthMaxMs: Math.round(Math.max(...health)), healthAnswers: health.length } };
}

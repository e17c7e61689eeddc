import { describe, expect, it } from 'vitest';
import { keptBuild } from './home.kept-build.js';

/** A build the test finishes by hand, counting how many were started. */
function manualBuilds() {
  const started: Array<{ finish: (value: number) => void }> = [];
  const build = () =>
    new Promise<number>((resolve) => {
      started.push({ finish: resolve });
    });
  return { started, build };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('keptBuild', () => {
  it('runs one build for everyone asking at once, then keeps its value', async () => {
    const { started, build } = manualBuilds();
    const kept = keptBuild(build, 60_000);
    const answers = Promise.all([kept.get(), kept.get(), kept.get()]);
    // Begun at once (a microtask later), and shared by all who ask while it runs.
    await Promise.resolve();
    expect(started).toHaveLength(1);
    await tick();
    expect(started).toHaveLength(1);
    expect(await Promise.race([kept.get(), tick().then(() => 'waiting')])).toBe('waiting');
    started[0]!.finish(1);
    expect(await answers).toEqual([1, 1, 1]);
    expect(await kept.get()).toBe(1);
    expect(started).toHaveLength(1);
  });

  it('never answers a request made after an invalidation with a build begun before it, and runs at most one more build however many writes come', async () => {
    const { started, build } = manualBuilds();
    const kept = keptBuild(build, 60_000);
    const early = kept.get();
    kept.invalidate();
    const late = [kept.get(), kept.get()];
    for (let i = 0; i < 50; i += 1) {
      kept.invalidate();
      late.push(kept.get());
    }
    await tick();
    expect(started).toHaveLength(1);
    started[0]!.finish(1);
    expect(await early).toBe(1);
    await tick();
    await tick();
    // The stale build ended: one more starts, shared by all 52 that asked after the writes.
    expect(started).toHaveLength(2);
    started[1]!.finish(2);
    expect(new Set(await Promise.all(late))).toEqual(new Set([2]));
    // The value of the stale build was not kept.
    expect(await kept.get()).toBe(2);
    expect(started).toHaveLength(2);
  });

  it('makes the value again after keepMs, and after a failed build', async () => {
    let clock = 0;
    let calls = 0;
    const kept = keptBuild(async () => {
      calls += 1;
      if (calls === 2) throw new Error('database away');
      return calls;
    }, 1000, () => clock);
    expect(await kept.get()).toBe(1);
    clock += 1001;
    await expect(kept.get()).rejects.toThrow('database away');
    expect(await kept.get()).toBe(3);
  });
});

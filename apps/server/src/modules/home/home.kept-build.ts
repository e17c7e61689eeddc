/**
 * A value made on demand and kept until invalidate() (or `keepMs`, a backstop
 * for changes nobody announces: the CLI, SQL by hand). At most one build runs:
 * under a steady stream of writes each one used to start a build of its own,
 * and hundreds ran at once. A request after an invalidation never gets a
 * value whose build began before it — it waits for the next build, which
 * everyone asking meanwhile shares.
 *
 * A build begins on the turn of the event loop after it is asked for. With
 * SQLite's synchronous driver a build started at once runs to its end before
 * the next request is even read, so after each write every request made a
 * build of its own (under bench:soak, the home feed's trending queries took a
 * fifth of the CPU). Deferred, everyone whose request was read in the same
 * turn shares one build, and each of them asked before it began.
 */
export function keptBuild<T>(build: () => Promise<T>, keepMs: number, now: () => number = Date.now) {
  let generation = 0;
  let kept: { generation: number; at: number; value: T } | undefined;
  let running: { generation: number; promise: Promise<T> } | undefined;
  let queued: Promise<T> | undefined;

  const start = (): Promise<T> => {
    const started = generation;
    const promise: Promise<T> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(build)
      .then((value) => {
        if (started === generation) kept = { generation: started, at: now(), value };
        return value;
      })
      .finally(() => {
        if (running?.promise === promise) running = undefined;
      });
    running = { generation: started, promise };
    return promise;
  };

  return {
    get(): Promise<T> {
      if (kept && kept.generation === generation && now() - kept.at < keepMs) return Promise.resolve(kept.value);
      if (running?.generation === generation) return running.promise;
      if (!running) return start();
      // A build from before the last invalidation is running: the next one starts when it ends.
      queued ??= running.promise
        .catch(() => undefined)
        .then(() => {
          queued = undefined;
          return running?.generation === generation ? running.promise : start();
        });
      return queued;
    },
    invalidate(): void {
      generation += 1;
      kept = undefined;
    },
  };
}

/**
 * A value made on demand and kept until invalidate() (or `keepMs`, a backstop
 * for changes nobody announces: the CLI, SQL by hand). At most one build runs:
 * under a steady stream of writes each one used to start a build of its own,
 * and hundreds ran at once. A request after an invalidation never gets a
 * value whose build began before it — it waits for the next build, which
 * everyone asking meanwhile shares.
 *
 * A build begins at once. On SQLite it runs to its end before the next
 * request is read, and that is fine: the writes a turn of the event loop
 * answers are announced when it ends (http/write-announcements.ts), so the
 * reads after the first in that turn find the value kept. (Builds used to
 * wait for the next turn so that a turn's requests shared one; that made
 * every home answer after a write take two turns.)
 */
export function keptBuild<T>(build: () => Promise<T>, keepMs: number, now: () => number = Date.now) {
  let generation = 0;
  let kept: { generation: number; at: number; value: T } | undefined;
  let running: { generation: number; promise: Promise<T> } | undefined;
  let queued: Promise<T> | undefined;

  const start = (): Promise<T> => {
    const started = generation;
    const promise: Promise<T> = Promise.resolve()
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

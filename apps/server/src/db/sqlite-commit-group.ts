/**
 * The writes of one turn of the event loop that commit together
 * (sqlite-queue.ts): one promise they all wait for, settled by the commit.
 */
export class CommitGroup {
  readonly committed: Promise<void>;
  readonly openedAt = performance.now();
  #settle!: (error?: unknown) => void;

  constructor() {
    this.committed = new Promise<void>((resolve, reject) => {
      this.#settle = (error) => (error === undefined ? resolve() : reject(error));
    });
    // Each write awaits `committed` itself; this only keeps a group nobody awaits any more from being reported as unhandled.
    this.committed.catch(() => undefined);
  }

  succeed(): void {
    this.#settle();
  }

  fail(error: unknown): void {
    this.#settle(error ?? new Error('The commit group failed.'));
  }
}

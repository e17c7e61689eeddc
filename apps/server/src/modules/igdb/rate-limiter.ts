const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * IGDB allows 4 requests a second and 8 open at once: starts are spaced by
 * 1000/perSecond ms and at most `concurrency` tasks run together.
 */
export class RateLimiter {
  private nextStart = 0;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly perSecond: number,
    private readonly concurrency: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
    try {
      const now = Date.now();
      const startAt = Math.max(now, this.nextStart);
      this.nextStart = startAt + 1000 / this.perSecond;
      if (startAt > now) await sleep(startAt - now);
      return await task();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * IGDB allows 4 requests a second and 8 open at once: at most `concurrency`
 * tasks run together, and no window of `windowMs` sees more than
 * `perWindow` tasks start. The window is kept on actual starts, not on a
 * schedule: when the event loop is busy (a page being saved), timers fire
 * late, and tasks woken together must still keep to the limit. The default
 * window has 25 ms to spare, so jitter on the way cannot bunch requests
 * into a fifth within IGDB's second.
 */
export class RateLimiter {
  private readonly starts: number[] = [];
  private gate: Promise<void> = Promise.resolve();
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly perWindow: number,
    private readonly concurrency: number,
    private readonly windowMs = 1025,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
    try {
      await this.turn();
      return await task();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  /** Resolves when this task may start; tasks take their turns one after another. */
  private turn(): Promise<void> {
    const turn = this.gate.then(async () => {
      while (this.starts.length >= this.perWindow) {
        const wait = this.starts[0]! + this.windowMs - Date.now();
        if (wait <= 0) this.starts.shift();
        else await sleep(wait);
      }
      this.starts.push(Date.now());
    });
    this.gate = turn;
    return turn;
  }
}

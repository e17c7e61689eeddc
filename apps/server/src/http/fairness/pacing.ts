/**
 * A steady pace per key (the generic cell rate algorithm, a token bucket
 * kept as one number a key): `perSecond` uses a second on average, at most
 * `burst` at once. A client's budget for the minute is spent at this pace,
 * not all in its first second: 300 connections asking at once get the
 * burst, then one use every 1/perSecond s, so the server never has a whole
 * budget's work to do in one turn of its event loop while others wait.
 * In memory per process; the shared budget (client-budgets.ts) bounds the
 * total across instances.
 */
export class Pacing {
  /** When each key's next use would be on time (ms); a key at or before now is as good as new. */
  private readonly due = new Map<string, number>();
  private readonly intervalMs: number;
  private readonly slackMs: number;

  constructor(
    perSecond: number,
    burst: number,
    private readonly now: () => number = Date.now,
  ) {
    this.intervalMs = 1000 / perSecond;
    this.slackMs = (Math.max(1, burst) - 1) * this.intervalMs;
  }

  /** Takes one use: 0 when it is within the pace, else how many ms until it would be. */
  take(key: string): number {
    const at = this.now();
    const due = Math.max(this.due.get(key) ?? at, at);
    const early = due - at - this.slackMs;
    if (early > 0) return early;
    if (this.due.size >= 100_000) this.sweep(at);
    this.due.set(key, due + this.intervalMs);
    return 0;
  }

  private sweep(at: number): void {
    for (const [key, due] of this.due) if (due <= at) this.due.delete(key);
  }
}

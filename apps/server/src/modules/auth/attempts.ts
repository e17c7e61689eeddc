/**
 * Counts attempts per key (an account identifier) in a fixed window, in
 * memory. Complements the per-IP limits: a botnet spread over many addresses
 * still gets only a few guesses at one account.
 */
export class AttemptLimiter {
  private readonly attempts = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when this key has used up its attempts. */
  isBlocked(key: string): boolean {
    const entry = this.attempts.get(key);
    if (!entry) return false;
    if (entry.resetAt <= this.now()) {
      this.attempts.delete(key);
      return false;
    }
    return entry.count >= this.max;
  }

  record(key: string): void {
    const now = this.now();
    const entry = this.attempts.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.attempts.size > 100_000) this.prune(now);
      this.attempts.set(key, { count: 1, resetAt: now + this.windowMs });
    } else {
      entry.count += 1;
    }
  }

  reset(key: string): void {
    this.attempts.delete(key);
  }

  private prune(now: number): void {
    for (const [key, entry] of this.attempts) if (entry.resetAt <= now) this.attempts.delete(key);
  }
}

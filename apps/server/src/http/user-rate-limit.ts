import { Limit, memoryCounters, type LimitCounters } from './limits/index.js';
import { tooManyRequests } from './errors.js';

/**
 * Per-member limits on social writes (comments, likes, follows) and access
 * tokens: at most `perMinute` uses in a window of one minute. The per-IP
 * limits of @fastify/rate-limit cannot see who is signed in; this one runs
 * after authentication. On the shared counters (http/limits), so several
 * instances give a member one budget, not one each. Without counters
 * (the demo seeder's replay on its own clock) it counts in memory.
 */
export function userRateLimit(
  name: string,
  perMinute: number,
  message: string,
  { counters, now = Date.now }: { counters?: LimitCounters | undefined; now?: () => number } = {},
) {
  const limit = new Limit(counters ?? memoryCounters(now), `member-${name}`, perMinute, 60_000);
  return async function check(userId: number): Promise<void> {
    if (!(await limit.take(userId))) throw tooManyRequests(message);
  };
}

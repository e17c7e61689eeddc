import { tooManyRequests } from './errors.js';

/**
 * Per-user limits on social writes (comments, likes, follows): a sliding
 * window of one minute kept in memory. The per-IP limits of @fastify/rate-limit
 * cannot see who is signed in; this one runs after authentication. A
 * multi-process deployment gets one budget per process, which is fine for a
 * spam brake.
 */
export function userRateLimit(perMinute: number, message: string, now: () => number = Date.now) {
  const hits = new Map<number, number[]>();
  let lastSweep = now();
  return function check(userId: number): void {
    const at = now();
    const since = at - 60_000;
    if (at - lastSweep > 60_000) {
      for (const [id, times] of hits) if (times[times.length - 1]! < since) hits.delete(id);
      lastSweep = at;
    }
    const recent = (hits.get(userId) ?? []).filter((t) => t > since);
    if (recent.length >= perMinute) throw tooManyRequests(message);
    recent.push(at);
    hits.set(userId, recent);
  };
}

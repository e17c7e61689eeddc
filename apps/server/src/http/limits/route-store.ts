import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { LimitCounters } from './counters.js';

type Answer = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's per-IP route limits (`config.rateLimit`) on the
 * shared counters, instead of its own in-process store: one budget per
 * route and address, whichever instance answers. Each route gets its own
 * keys (`child`), as the plugin's stores do.
 */
export function routeLimitStore(counters: LimitCounters): FastifyRateLimitStoreCtor {
  class RouteLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = 'ip:',
    ) {}

    incr(key: string, answer: Answer, timeWindow: number): void {
      counters.hit(this.prefix + key, timeWindow).then(
        ({ count, resetAt }) => answer(null, { current: count, ttl: Math.max(0, resetAt - Date.now()) }),
        (error: Error) => answer(error),
      );
    }

    read(key: string, answer: Answer): void {
      counters.peek(this.prefix + key).then(
        (window) => answer(null, window ? { current: window.count, ttl: Math.max(0, window.resetAt - Date.now()) } : { current: 0, ttl: 0 }),
        (error: Error) => answer(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the route's merged limit options, its route under routeInfo.
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: string } }).routeInfo;
      return new RouteLimitStore(routeOptions as FastifyRateLimitOptions, `ip:${String(route?.method ?? '')} ${route?.url ?? ''}:`);
    }
  }
  return RouteLimitStore;
}

import type { FastifyRequest } from 'fastify';
import { METRICS_PATH } from '../metrics.js';

/**
 * Requests no budget counts and no load shedding refuses: the health
 * checks and /metrics (a load balancer or monitor must see the truth about
 * a busy instance, not a 503 it made itself), and files (the built app's
 * scripts and images, uploads): they cost a read of a kept file, and a page
 * whose script was refused is worse than a slow one.
 */
export function isExempt(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route === undefined) return false;
  if (route.startsWith('/api/health') || route === METRICS_PATH || route.startsWith('/uploads/')) return true;
  // Built files are routes of their own (@fastify/static, one per file); a page route never has an extension.
  return !route.startsWith('/api/') && /\.[a-z0-9]+$/i.test(route);
}

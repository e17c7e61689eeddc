import { API_MESSAGES } from '@vgl/shared';
import type { FastifyInstance } from 'fastify';
import type { SharedTally } from '../limits/shared-tally.js';
import { isExempt } from './exempt.js';
import { Pacing } from './pacing.js';

import type { BudgetSettings } from './settings.js';
export type { BudgetSettings } from './settings.js';

export type BudgetName = 'reads' | 'search';

/** The searches: no cache answers a new query, so they cost the most per request. */
const SEARCH_ROUTES = new Set(['/api/igdb/search']);
/** Routes that list without a `q` and search with one (member search, issue 36). */
const SEARCH_WITH_Q = new Set(['/api/users']);
const isSearch = (url: string, query: unknown) =>
  SEARCH_ROUTES.has(url) || (SEARCH_WITH_Q.has(url) && typeof (query as { q?: unknown } | undefined)?.q === 'string' && (query as { q: string }).q.trim() !== '');
const WINDOW_MS = 60_000;
/**
 * How long a refusal is held before it is sent. A flood loops: each of its
 * connections asks again the moment it has an answer, so fast 429s would
 * be thousands a second, each a little work, and together long turns of
 * the event loop that everyone waits in. Held a second, a connection asks
 * once a second; a person over the budget waits a second more.
 */
export const REFUSAL_HOLD_MS = 1000;
/** How much of a minute's budget may be used at once: ten seconds' worth. */
const BURST_SHARE = 1 / 6;

const RATE_LIMITED = JSON.stringify({ error: 'rate_limited', message: API_MESSAGES.tooManyRequests, statusCode: 429 });

interface Budget {
  name: BudgetName;
  perMinute: number;
  pacing: Pacing;
}

/**
 * Per-client budgets on reads and on searches, keyed by the client's
 * address as the other per-IP limits are (request.ip: the socket's, or the
 * one a trusted proxy names). Two limits, both must allow: a pace kept in
 * this process (pacing.ts), so a flood is turned away request by request
 * rather than served a whole budget at once, and the minute's total shared
 * by every instance (limits/shared-tally.ts). A person browsing or typing in
 * the type-ahead stays far below both; whoever goes over gets a 429 with
 * Retry-After, decided before any other work and held a second (REFUSAL_HOLD_MS) (no log line: a flood would
 * write one per request; the vgl_requests_rate_limited_total counter has them).
 */
export function registerClientBudgets(
  app: FastifyInstance,
  {
    tally,
    settings,
    onLimited,
    now = Date.now,
    holdMs = REFUSAL_HOLD_MS,
  }: { tally: SharedTally; settings: BudgetSettings; onLimited: (budget: BudgetName) => void; now?: () => number; holdMs?: number },
): void {
  const budget = (name: BudgetName, perMinute: number): Budget | undefined =>
    perMinute > 0 ? { name, perMinute, pacing: new Pacing(perMinute / 60, Math.ceil(perMinute * BURST_SHARE), now) } : undefined;
  const reads = budget('reads', settings.readsPerMinute);
  const search = budget('search', settings.searchPerMinute);
  if (!reads && !search) return;

  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return done();
    const chosen = isSearch(request.routeOptions.url ?? '', request.query) ? search : reads;
    if (!chosen || isExempt(request)) return done();
    const client = request.ip;
    let waitMs = chosen.pacing.take(client);
    if (waitMs === 0) {
      const window = tally.count(`budget-${chosen.name}:${client}`, WINDOW_MS);
      if (window.count <= chosen.perMinute) return done();
      waitMs = window.resetAt - now();
    }
    onLimited(chosen.name);
    const refuse = () => {
      reply
        .code(429)
        .header('retry-after', String(Math.max(1, Math.ceil((waitMs - holdMs) / 1000))))
        .type('application/json; charset=utf-8')
        .send(RATE_LIMITED);
    };
    if (holdMs > 0) setTimeout(refuse, holdMs);
    else refuse();
  });
}

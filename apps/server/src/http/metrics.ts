import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler, RouteOptions } from 'fastify';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { Db } from '../db/database.js';
import { VGL_COMMIT, VGL_VERSION } from '../version.js';
import { RequestLatency, type LatencySeries } from './request-latency.js';

export const METRICS_PATH = '/metrics';

export interface Metrics {
  registry: Registry;
  /**
   * A gauge read at each scrape, for other modules to report their state
   * (a job queue's depth, …): `read` is called only when /metrics is asked.
   */
  addGauge(name: string, help: string, read: () => number | Promise<number>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/**
 * Prometheus metrics at /metrics, only when METRICS_TOKEN is set (and then
 * only for a request bearing it): request count and latency by route pattern,
 * method and status code (with its class), the PostgreSQL pool, the response cache, the process.
 * Without the token nothing is collected, so the hot path pays nothing.
 * Call before any route is added: each route gets its own observer.
 */
export function registerMetrics(app: FastifyInstance, { db, token }: { db: Db; token: string | undefined }): Metrics {
  const registry = new Registry();
  const metrics: Metrics = {
    registry,
    addGauge(name, help, read) {
      new Gauge({ name, help, registers: [registry], async collect() { this.set(await read()); } });
    },
  };
  app.decorate('metrics', metrics);
  if (!token) return metrics;

  collectDefaultMetrics({ register: registry });
  // Which build answers: always 1, the labels say (a release beside another shows in a graph).
  new Gauge({ name: 'vgl_build_info', help: 'The version and commit this process runs', labelNames: ['version', 'commit'], registers: [registry] }).set({ version: VGL_VERSION, commit: VGL_COMMIT ?? 'unknown' }, 1);
  const duration = new RequestLatency();
  registry.registerMetric(duration.asMetric());
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.url === METRICS_PATH) return;
    route.onResponse = [...toArray(route.onResponse), observer(duration, route.url)];
  });
  // Paths no route matches: one label, whatever the URL (a scanner must not make a series per path).
  const unmatched = observer(duration, 'unmatched');
  app.addHook('onResponse', (request, reply, done) => (request.is404 ? unmatched.call(app, request, reply, done) : done()));

  if (db.pool) {
    const pool = db.pool;
    metrics.addGauge('vgl_db_pool_max', 'PostgreSQL connections this process may open (DB_POOL_MAX)', () => pool.options.max ?? 10);
    metrics.addGauge('vgl_db_pool_total', 'PostgreSQL connections this process has open', () => pool.totalCount);
    metrics.addGauge('vgl_db_pool_idle', 'Open PostgreSQL connections not in use', () => pool.idleCount);
    metrics.addGauge('vgl_db_pool_waiting', 'Queries waiting for a PostgreSQL connection', () => pool.waitingCount);
  }

  const expected = digest(`Bearer ${token}`);
  app.get(METRICS_PATH, { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    const given = request.headers.authorization;
    if (!given || !timingSafeEqual(digest(given), expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ error: 'unauthorized', message: 'Send the METRICS_TOKEN as a Bearer token.', statusCode: 401 });
    }
    return reply.type(registry.contentType).header('cache-control', 'no-store').send(await registry.metrics());
  });
  return metrics;
}

/** Compared as digests: equal lengths, so the comparison takes the same time whatever was sent. */
const digest = (value: string) => createHash('sha256').update(value).digest();

/** One route's observer: its series are made once (per method and status code) and kept, so a request costs a few additions. */
function observer(latency: RequestLatency, route: string): onResponseHookHandler {
  const byMethod = new Map<string, LatencySeries[]>();
  return function observe(request: FastifyRequest, reply: FastifyReply, done: () => void) {
    let byCode = byMethod.get(request.method);
    if (!byCode) byMethod.set(request.method, (byCode = []));
    // Codes are 100–599 (Node refuses others): a sparse array indexed by code is a bounded lookup.
    const code = reply.statusCode;
    const series = (byCode[code] ??= latency.series(request.method, route, code));
    latency.observe(series, reply.elapsedTime / 1000);
    done();
  };
}

const toArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

import { API_MESSAGES } from '@vgl/shared';
import type { FastifyInstance } from 'fastify';
import { isExempt } from './exempt.js';
import type { LoadSignals } from './load-signals.js';

import type { SheddingSettings } from './settings.js';
export type { SheddingSettings } from './settings.js';

export type ShedReason = 'event_loop' | 'database_queue';

/** Long enough for the turn or the queue to drain, short enough that a person's retry soon works. */
export const SHED_RETRY_AFTER_SECONDS = 2;

const OVERLOADED = JSON.stringify({ error: 'overloaded', message: API_MESSAGES.overloaded, statusCode: 503 });

/**
 * Load shedding: when the server is already behind (its event loop busy in
 * a long turn, or its database pool's queue long and slow), a new request gets a
 * fast 503 `overloaded` with Retry-After instead of seconds in the queue
 * behind everyone else's — the queue a load balancer's health check and
 * every other client would wait in too. Requests already running finish;
 * health checks, /metrics and files are never refused (exempt.ts).
 */
export function registerLoadShedding(app: FastifyInstance, { signals, settings, onShed }: { signals: LoadSignals; settings: SheddingSettings; onShed: (reason: ShedReason) => void }): void {
  const { maxLoopLagMs, maxDbQueue, maxDbWaitMs } = settings;
  if (maxLoopLagMs <= 0 && maxDbQueue <= 0) return;
  // Behind on the database: a long queue for connections that has stopped moving fast (its oldest query waited long).
  const databaseBehind = () => maxDbQueue > 0 && signals.dbQueue() > maxDbQueue && (maxDbWaitMs <= 0 || signals.dbWaitMs() > maxDbWaitMs);
  app.addHook('onRequest', (request, reply, done) => {
    const reason: ShedReason | undefined = maxLoopLagMs > 0 && signals.loopLagMs() > maxLoopLagMs ? 'event_loop' : databaseBehind() ? 'database_queue' : undefined;
    if (reason === undefined || isExempt(request)) return done();
    onShed(reason);
    reply.code(503).header('retry-after', String(SHED_RETRY_AFTER_SECONDS)).type('application/json; charset=utf-8').send(OVERLOADED);
  });
}

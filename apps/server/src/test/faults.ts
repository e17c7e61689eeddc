import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { FaultLog } from '../db/fault-watch.js';

/**
 * What the fault tests share (db/*faults*.test.ts): a log that keeps what the
 * fault watch wrote, the check that an answer is one a fault may give, and a
 * wait for readiness to come back by itself.
 */

export interface LogLine {
  level: 'error' | 'info';
  details: Record<string, unknown>;
  message: string;
}

export function captureFaultLog(): { log: FaultLog; lines: LogLine[] } {
  const lines: LogLine[] = [];
  return {
    lines,
    log: {
      error: (details, message) => lines.push({ level: 'error', details: details as Record<string, unknown>, message }),
      info: (details, message) => lines.push({ level: 'info', details: details as Record<string, unknown>, message }),
    },
  };
}

/** An answer a request may get while the database fails: a success, or the fault's 503/507 with Retry-After; never a 500. */
export function faultProblem(res: Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'body'>): string | undefined {
  if (res.statusCode < 400) return undefined;
  if (res.statusCode !== 503 && res.statusCode !== 507) return `${res.statusCode} ${res.body.slice(0, 300)}`;
  if (!/^\d+$/.test(String(res.headers['retry-after'] ?? ''))) return `${res.statusCode} without Retry-After: ${res.body.slice(0, 200)}`;
  const body = JSON.parse(res.body) as { error?: unknown; message?: unknown; statusCode?: unknown };
  if (typeof body.error !== 'string' || typeof body.message !== 'string' || body.statusCode !== res.statusCode) return `not the API's error shape: ${res.body.slice(0, 200)}`;
  return undefined;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks /api/health/ready until it answers `status` (the fault watch checks once a second); gives up after `withinMs`. */
export async function readinessBecomes(app: FastifyInstance, status: number, withinMs = 20_000): Promise<LightMyRequestResponse> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
    if (res.statusCode === status || Date.now() > deadline) return res;
    await pause(200);
  }
}

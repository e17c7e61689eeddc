import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../http/errors.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** On an answer given again from what the first request got (the name Stripe and others use). */
export const REPLAYED_HEADER = 'idempotent-replayed';

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters (letters, digits, punctuation; no spaces), sent once.',
  reused: 'This Idempotency-Key was already used for a different request (another method, address or body). Use a new key for a new change.',
  inProgress: 'A request with this Idempotency-Key is still being processed. Wait for its answer, then try again.',
} as const;

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const VISIBLE_ASCII = /^[\x21-\x7e]{1,255}$/;

/** Only a member's (or their token's) writes to the API take a key: the answers are kept per member. */
export const takesKey = (request: FastifyRequest): boolean =>
  WRITES.has(request.method) && request.url.startsWith('/api/') && request.actor !== null && request.headers[IDEMPOTENCY_HEADER] !== undefined;

/**
 * The key as sent: a bare token, or the draft's structured-field string
 * ("…" in double quotes). 400 for anything else, or for the header twice.
 */
export function readKey(header: string | string[] | undefined): string {
  const raw = typeof header === 'string' ? header.trim() : '';
  const key = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  if (!VISIBLE_ASCII.test(key)) throw badRequest(IDEMPOTENCY_MESSAGES.invalidKey, { 'Idempotency-Key': IDEMPOTENCY_MESSAGES.invalidKey });
  return key;
}

/** What makes two requests "the same": method, path with query, and the body as parsed. */
export function fingerprintOf(request: FastifyRequest): string {
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  return createHash('sha256').update(`${request.method}\n${request.url}\n${body}`).digest('hex');
}

export const keyReused = () => new AppError(422, 'idempotency_key_reused', IDEMPOTENCY_MESSAGES.reused);
export const keyInProgress = () => new AppError(409, 'idempotency_in_progress', IDEMPOTENCY_MESSAGES.inProgress);

/** 5xx and 429 say "try again": such an answer is not kept, so the repeat runs. */
export const worthKeeping = (statusCode: number) => statusCode < 500 && statusCode !== 429;

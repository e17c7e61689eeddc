import { apiErrorSchema } from '@vgl/shared/schemas';
import type { onRequestHookHandler, onRouteHookHandler, onSendHookHandler, RouteOptions } from 'fastify';
import { z } from 'zod';

/**
 * Who may call a route, declared once in its config:
 * - `public`: anyone, and the answer does not depend on who asks (default);
 * - `optional`: anyone; a valid token makes the answer personal (own private data);
 * - `user`: a signed-in member (401 without a valid token);
 * - `staff` / `admin`: moderators and admins / admins only (403 for others).
 */
export type Access = 'public' | 'optional' | 'user' | 'staff' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

export type Guards = Record<Exclude<Access, 'public'>, onRequestHookHandler>;

export const BEARER_SCHEME = 'bearerAuth';

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Bad input: `message` says what is wrong and `errors` maps each field to its message',
  401: 'No token, or a token that is expired, revoked or not valid',
  403: 'Signed in, but not allowed: another member’s data, a suspended account, a read-only token or a role that is too low',
  404: 'Nothing by that name or id (or it is hidden from you)',
  409: 'Conflicts with the current state',
  413: 'The request body is too large',
  415: 'The body is not JSON (or not the content type this call takes)',
  422: 'The Idempotency-Key was already used for a different request',
  429: 'Rate limited: wait a minute and try again',
  500: 'Something went wrong on our side; `requestId` finds the logged details',
  503: 'The server is too busy (`error` is "overloaded"), or the database is unavailable, too slow or busy, or cannot write its file (database_unavailable, database_slow, database_busy, database_readonly, storage_readonly, storage_error): try again after `Retry-After` seconds',
  507: 'The server’s disk is full (`error` is "storage_full"): nothing was saved; try again after `Retry-After` seconds',
};

/** The standard error answer for a status, described for the OpenAPI document. */
export const errorResponse = (status: number, description = ERROR_DESCRIPTIONS[status] ?? 'Error'): z.ZodType =>
  apiErrorSchema.describe(description);

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);

/** The error statuses every route of this kind can answer, whatever its handler does. */
function standardErrors(route: RouteOptions, access: Access): number[] {
  const schema = route.schema ?? {};
  // Any route may meet a database fault (db/faults.ts): 503, or 507 for a full disk; and any but a health check may be shed (http/fairness): 503.
  const statuses = [500, 503, 507];
  const takesBody = methodsOf(route).some((m) => BODY_METHODS.has(m));
  if (schema.params || schema.querystring || schema.body || takesBody) statuses.push(400);
  if (takesBody) statuses.push(413, 415);
  if (route.url.includes(':')) statuses.push(404);
  // Any token can be refused: a revoked personal access token (401), a suspended owner's or a read-only one (403), one over its budget (429).
  if (access !== 'public') statuses.push(401, 403, 429);
  // A member's write may carry an Idempotency-Key (modules/idempotency): 409 while its first request runs, 422 for a key reused on another request.
  if (takesBody && access !== 'public') statuses.push(409, 422);
  if (route.config?.rateLimit) statuses.push(429);
  // Every read counts against its client's budget (http/fairness).
  if (methodsOf(route).includes('GET')) statuses.push(429);
  return statuses;
}

function prepend(hooks: RouteOptions['onRequest'], hook: onRequestHookHandler): onRequestHookHandler[] {
  const existing = hooks ? (Array.isArray(hooks) ? hooks : [hooks]) : [];
  return [hook, ...(existing as onRequestHookHandler[])];
}

/**
 * onRoute hook for /api routes: turns `config.access` into the guard that
 * runs first (on request, before the body is read, so a visitor learns
 * nothing from a 400), the operation's security requirement, and the
 * standard error answers, so no route can forget one of the three.
 */
export function routeConventions(guards: Guards): onRouteHookHandler {
  return (route) => {
    if (!route.url.startsWith('/api/') || route.schema?.hide) return;
    const access = route.config?.access ?? 'public';
    if (access !== 'public') route.onRequest = prepend(route.onRequest, guards[access]);
    const schema = (route.schema ??= {}) as Record<string, unknown> & { response?: Record<string, unknown> };
    schema.security ??= access === 'public' ? [] : access === 'optional' ? [{}, { [BEARER_SCHEME]: [] }] : [{ [BEARER_SCHEME]: [] }];
    const response = (schema.response ??= {});
    for (const status of standardErrors(route, access)) response[status] ??= errorResponse(status);
    // Cached answers carry an ETag (http/response-cache.ts); a request that has it already gets a 304.
    if (route.config?.cache) response[304] ??= z.null().describe('Not modified: the ETag sent in If-None-Match is still the current one');
  };
}

/**
 * For tests: an /api answer whose status the route does not document is
 * turned into a 500 that names it, so every test that drives the API also
 * checks that the OpenAPI document lists each status an operation gives.
 */
export const onlyDocumentedStatuses: onSendHookHandler = async (request, reply, payload) => {
  const route = request.routeOptions;
  if (!route.url?.startsWith('/api/') || route.schema?.hide || request.method === 'HEAD' || request.method === 'OPTIONS') return payload;
  const declared = (route.schema?.response ?? {}) as Record<string, unknown>;
  if (String(reply.statusCode) in declared) return payload;
  const message = `${request.method} ${route.url} answered ${reply.statusCode}, which its schema does not document`;
  reply.code(500).type('application/json; charset=utf-8');
  return JSON.stringify({ error: 'undocumented_status', message, statusCode: 500 });
};

import { API_MESSAGES, type ApiError } from '@vgl/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { FaultWatch } from '../db/fault-watch.js';
import { classifyDbFault } from '../db/faults.js';
import { AppError } from './errors.js';

/** Fastify's own 4xx errors, mapped to our stable ids and plain-language messages. */
const FASTIFY_CLIENT_ERRORS: Record<string, { id: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { id: 'invalid_json', message: API_MESSAGES.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { id: 'invalid_json', message: API_MESSAGES.invalidJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { id: 'payload_too_large', message: API_MESSAGES.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { id: 'unsupported_media_type', message: API_MESSAGES.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { id: 'bad_request', message: API_MESSAGES.badRequest },
};

// Zod issues (through fastify-type-provider-zod) and ajv errors both carry an instancePath like "/email".
function fieldErrorsFromValidation(error: FastifyError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.validation ?? []) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    errors[field] ??= issue.message ?? API_MESSAGES.badRequest;
  }
  return errors;
}

/**
 * `faults`: the database's fault watch. A database fault (PostgreSQL gone or
 * busy, SQLite's disk full…) is no bug: it answers 503 (507 for a full disk)
 * with Retry-After and its cause, and is logged once per episode by the watch
 * rather than once per request.
 */
export function registerErrorHandling(app: FastifyInstance, faults?: FaultWatch): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let body: ApiError;
    const fault = error instanceof AppError || error.validation ? undefined : (faults?.notice(error) ?? classifyDbFault(error));
    if (fault) {
      reply.header('retry-after', String(fault.retryAfter));
      body = { error: fault.id, message: fault.message, statusCode: fault.status };
    } else if (error instanceof AppError) {
      body = { error: error.id, message: error.message, statusCode: error.statusCode };
      if (error.fieldErrors) body.errors = error.fieldErrors;
    } else if (error.validation) {
      const errors = fieldErrorsFromValidation(error);
      body = {
        error: 'validation_failed',
        message: Object.values(errors)[0] ?? API_MESSAGES.badRequest,
        statusCode: 400,
        errors,
      };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
      body = {
        error: known?.id ?? (error.statusCode === 429 ? 'rate_limited' : 'bad_request'),
        message: known?.message ?? (error.statusCode === 429 ? API_MESSAGES.tooManyRequests : API_MESSAGES.badRequest),
        statusCode: error.statusCode,
      };
    } else {
      // 5xx: the details stay in the log; the client gets an id to quote.
      request.log.error({ err: error }, 'request failed');
      body = { error: 'internal', message: API_MESSAGES.internal, statusCode: 500, requestId: String(request.id) };
    }
    if (body.statusCode < 500) request.log.info({ code: body.error, statusCode: body.statusCode }, body.message);
    return reply.status(body.statusCode).type('application/json; charset=utf-8').send(body);
  });
}

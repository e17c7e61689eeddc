import type { FastifyInstance } from 'fastify';
import { API_MESSAGES } from '@vgl/shared';
import { AppError } from './errors.js';

/** No request of the API needs more: an import's picks are three levels deep. */
export const MAX_JSON_DEPTH = 64;

/**
 * How deep the objects and arrays of a JSON text go, read without parsing
 * it (strings skipped, escapes honoured), stopping as soon as `limit` is
 * passed. A body nested a million levels deep otherwise reached the parser
 * and the validators, which recurse, and ended in a stack overflow (500).
 */
export function jsonDepthExceeds(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i += 1;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth -= 1;
  }
  return false;
}

/**
 * JSON bodies are checked for depth before they are parsed (Fastify's own
 * parser, with its prototype-poisoning guards, does the rest); their size is
 * bounded by each route's bodyLimit, as before.
 */
export function registerJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthExceeds(text)) {
      done(new AppError(400, 'body_too_deep', API_MESSAGES.bodyTooDeep(MAX_JSON_DEPTH)), undefined);
      return;
    }
    parse(request, text, done);
  });
}

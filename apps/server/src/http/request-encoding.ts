import type { preParsingHookHandler } from 'fastify';
import { AppError } from './errors.js';

/*
 * Compressed request bodies (Content-Encoding) only where they make sense:
 * routes that take whole files, where gzip shrinks a 30 MB CSV to 1 MB.
 * Everywhere else a compressed body is a 415 before a byte of it is read,
 * so no small JSON route inflates a "zip bomb" up to its body limit.
 * @fastify/compress does the decompressing on the routes that allow it,
 * whose decompressed body is held to the same limit as a plain one. The
 * hook is added to the root instance in app.ts, before the routes.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Content-Encodings this route's body may come in (besides none); set with `gzipBody`. */
    requestEncodings?: readonly string[];
  }
}

export const ENCODED_BODY_MESSAGE = 'This request cannot be sent compressed: leave out Content-Encoding.';

const unsupported = (allowed: readonly string[]) => new AppError(415, 'unsupported_encoding', `Send the body uncompressed or as ${allowed.join(' or ')} (Content-Encoding).`);

/** A route that takes a gzip-compressed body: spread `decompress` into its options and `config` into its config. */
export const gzipBody = {
  decompress: {
    requestEncodings: ['gzip', 'identity'] as ('gzip' | 'identity')[],
    onUnsupportedRequestEncoding: () => unsupported(['gzip']),
  },
  config: { requestEncodings: ['gzip'] },
} as const;

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * App-level preParsing hook: a body with a Content-Encoding other than
 * identity is a 415 unless the route lists that encoding. Registered once
 * on the root instance, before the routes.
 */
export const refuseEncodedBodies: preParsingHookHandler = async (request, _reply, payload) => {
  const encoding = request.headers['content-encoding']?.trim().toLowerCase();
  if (!encoding || encoding === 'identity' || !BODY_METHODS.has(request.method)) return payload;
  const allowed = request.routeOptions.config?.requestEncodings;
  if (allowed?.includes(encoding)) return payload;
  throw allowed ? unsupported(allowed) : new AppError(415, 'unsupported_encoding', ENCODED_BODY_MESSAGE);
};

import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * How answers go on the wire: the encoding a client accepts, compressed once
 * for the response cache (best brotli, kept in memory of their own) or per
 * answer for one reader. Split from response-cache.ts, which decides what is
 * kept and when it is stale.
 */

export type Encoding = 'br' | 'gzip' | 'identity';

const negotiated = new Map<string, Encoding>();

/** The encoding to send: brotli when accepted, else gzip, else none (q-values of 0 are honoured). Remembered per header value. */
export function negotiate(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const known = negotiated.get(acceptEncoding);
  if (known) return known;
  const encoding = parseAcceptEncoding(acceptEncoding);
  // Clients send a handful of distinct values; a stranger flood only resets the memo.
  if (negotiated.size >= 100) negotiated.clear();
  negotiated.set(acceptEncoding, encoding);
  return encoding;
}

function parseAcceptEncoding(acceptEncoding: string): Encoding {
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p))) continue;
    accepted.add(name!.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}

export function encode(body: Buffer, encoding: Encoding): Buffer {
  // Made once per version of an answer, then sent many times: worth brotli's better levels.
  if (encoding === 'br') return kept(zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
  if (encoding === 'gzip') return kept(zlib.gzipSync(body, { level: 9 }));
  return body;
}

/**
 * Bytes to keep, in memory of their own and of their size. Buffer.from(string) cuts small buffers out of
 * shared 8 KB slabs, and a zlib result can be a view of a larger chunk: a kept 1 KB answer held the
 * whole slab, so the cache's 64 MB (counted by length) held several times that — under the soak the
 * server's RSS grew ~35 MB a minute while the cache filled.
 */
export function kept(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

export const keptText = (text: string): Buffer => {
  const own = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  own.write(text);
  return own;
};

/** Smaller than this, compressing is not worth its headers (as @fastify/compress's threshold). */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * An answer of a kept route that is not kept (a signed-in member's library or home feed): compressed for this one
 * reader as @fastify/compress would (it is off on these routes, whose kept answers are encoded once here), at the
 * same brotli quality as app.ts gives it for answers made per request. Before, such answers went out uncompressed.
 */
export function compressedForOne(request: FastifyRequest, reply: FastifyReply, payload: string): string | Buffer {
  if (payload.length < COMPRESS_FROM_BYTES || reply.hasHeader('content-encoding')) return payload;
  const encoding = negotiate(request.headers['accept-encoding']);
  if (encoding === 'identity') return payload;
  const body = encoding === 'br' ? zlib.brotliCompressSync(payload, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(payload) } }) : zlib.gzipSync(payload);
  reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
  return body;
}

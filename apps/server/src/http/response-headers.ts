import type { onSendHookHandler } from 'fastify';

/** Browser features VGL never uses, switched off for every page and answer (security-headers.ts sets it). */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';


/**
 * API answers carry tokens, e-mail addresses and private libraries: no
 * cache may keep them unless a route says otherwise (the public catalog and
 * home feed set their own Cache-Control; the other answers the server keeps
 * say no-cache: kept, but asked for again each time).
 */
export const apiNoStore: onSendHookHandler = (request, reply, payload, done) => {
  if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
    // A public answer the server keeps (http/response-cache.ts) may be kept by browsers too, if they ask again (ETag).
    // …a public route's whoever asks (it is the same answer), another cached route's only when no token came with the request.
    const { cache, access = 'public' } = request.routeOptions.config;
    const shared = cache && (access === 'public' || !request.headers.authorization);
    reply.header('Cache-Control', shared ? 'no-cache' : 'no-store');
  }
  done(null, payload);
};

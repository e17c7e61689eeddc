import type { onSendHookHandler } from 'fastify';
import { sharedAnswer } from './response-cache.js';

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
    // An answer the server keeps and shares (http/response-cache.ts) may be kept by browsers too, if they ask again (ETag).
    reply.header('Cache-Control', sharedAnswer(request) ? 'no-cache' : 'no-store');
  }
  done(null, payload);
};

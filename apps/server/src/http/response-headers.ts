import type { onRequestHookHandler, onSendHookHandler } from 'fastify';

/** Browser features VGL never uses, switched off for every page and answer. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';

export const permissionsPolicy: onRequestHookHandler = (_request, reply, done) => {
  reply.header('Permissions-Policy', PERMISSIONS_POLICY);
  done();
};

/**
 * API answers carry tokens, e-mail addresses and private libraries: no
 * cache may keep them unless a route says otherwise (the public catalog and
 * home feed set their own Cache-Control).
 */
export const apiNoStore: onSendHookHandler = async (request, reply, payload) => {
  if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
  return payload;
};

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { DOCS_PREFIX } from './openapi.js';
import { PERMISSIONS_POLICY } from './response-headers.js';

/**
 * The security headers helmet would set, worked out once. @fastify/helmet
 * runs helmet for every request and helmet rebuilds the Content-Security-
 * Policy string each time (about a tenth of a small answer's cost); VGL's
 * headers never vary by request, so they are computed at start and copied
 * onto each answer.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let done = false;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => (done = true));
  if (!done) throw new Error('helmet did not finish synchronously');
  return { ...headers, 'permissions-policy': PERMISSIONS_POLICY };
}

export function registerSecurityHeaders(app: FastifyInstance, { secure }: { secure: boolean }): void {
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https://images.igdb.com'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        // The installable app's service worker (/sw.js).
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only makes sense (and only works) behind https.
    strictTransportSecurity: secure ? { maxAge: 15_552_000, includeSubDomains: false } : false,
    crossOriginEmbedderPolicy: false,
  });
  const data = dataHeaders(headers);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isData(request.url) ? data : headers);
    done();
  });
}

/**
 * What an API answer needs of them (OWASP's REST set): it is data, never a
 * document a browser renders, so the policies about scripts, frames it opens,
 * prefetching, cross-origin windows and browser features have nothing to act
 * on; a CSP that allows nothing and refuses framing covers a browser told to
 * open one anyway. Half the bytes of the page set on every API answer (about
 * 600 fewer header bytes written and checked by node a request).
 */
export function dataHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const data: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
  const hsts = pageHeaders['strict-transport-security'];
  return hsts ? { ...data, 'strict-transport-security': hsts } : data;
}

/** API answers and the metrics text; the API docs are a page (scripts, styles) and keep the page set. */
const isData = (url: string) => (url.startsWith('/api/') && !url.startsWith(DOCS_PREFIX)) || url.startsWith('/metrics');

import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';

/*
 * Old links keep working: a read under a former name (a renamed member's
 * /api/users/{former}/…, a game's former slug under /api/igdb/games/{slug}/…)
 * answers 301 to the same call under the current one, and so does the page
 * (/u/{former}/…, /games/{former}). Only where the read would otherwise be a
 * 404, so a name held now is never redirected and a found page costs nothing.
 */

/** One kind of moved name: which reads carry it, at which path segment, and where it leads now. */
export interface MovedName {
  /** The route patterns (Fastify's `url`) whose reads may name it, e.g. /^\/api\/users\/:username(?:\/|$)/. */
  route: RegExp;
  /** The segment of the API path that holds the name (counting the empty one before the first slash). */
  apiSegment: number;
  /** Pages that name it, and at which segment. */
  page: { pattern: RegExp; segment: number };
  /** The current name for a former one, or undefined when it is not a former name. */
  current: (former: string) => Promise<string | undefined>;
  /** What the documented 301 says. */
  description: string;
}

const READS = new Set(['GET', 'HEAD']);

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
};

/** `url` with its `index`-th path segment replaced by the current name, or undefined when that segment is no former name. */
async function movedUrl(url: string, index: number, current: MovedName['current']): Promise<string | undefined> {
  const queryAt = url.indexOf('?');
  const [pathname, query] = queryAt === -1 ? [url, ''] : [url.slice(0, queryAt), url.slice(queryAt)];
  const segments = pathname.split('/');
  const former = segments[index] === undefined ? undefined : decode(segments[index]);
  if (!former) return undefined;
  const now = await current(former);
  if (!now) return undefined;
  segments[index] = encodeURIComponent(now);
  return segments.join('/') + query;
}

/** For the HTML pages (http/spa.ts movedPage): the same page under the current name, or undefined. */
export function movedPages(names: MovedName[]): (url: string) => Promise<string | undefined> {
  return async (url) => {
    for (const name of names) if (name.page.pattern.test(url)) return movedUrl(url, name.page.segment, name.current);
    return undefined;
  };
}

/**
 * The API side: every GET of a route that names one documents a 301, and
 * answers one instead of its 404 when the name is a former one. fetch follows
 * it silently. Register before the routes.
 */
export function registerMovedReads(app: FastifyInstance, names: MovedName[]): void {
  const nameOf = (url: string | undefined) => (url ? names.find((n) => n.route.test(url)) : undefined);
  const isRead = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]).some((m) => READS.has(m));
  app.addHook('onRoute', (route) => {
    const name = nameOf(route.url);
    if (!name || !isRead(route)) return;
    const schema = (route.schema ??= {}) as { response?: Record<string, unknown> };
    (schema.response ??= {})[301] ??= z.null().describe(name.description);
  });

  // On every answer: anything but a read's 404 passes straight through, without a promise made for it.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode !== 404 || !READS.has(request.method)) return done(null, payload);
    const name = nameOf(request.routeOptions.url);
    if (!name) return done(null, payload);
    movedUrl(request.url, name.apiSegment, name.current).then((location) => {
      if (!location) return done(null, payload);
      // The 404's body goes, and with it any encoding a compressor gave it.
      reply.code(301).header('Location', location).removeHeader('Content-Type').removeHeader('Content-Encoding');
      done(null, '');
    }, done);
  });
}

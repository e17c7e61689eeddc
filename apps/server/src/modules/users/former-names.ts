import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { usernameHistoryRepo } from './username-history.repo.js';

/*
 * A renamed member's old links keep working: /api/users/{former}/… reads and
 * /u/{former}/… pages answer 301 to the same address under the current name.
 * Only where the former name would otherwise be a 404, so a name somebody
 * holds now is never redirected, and the lookup costs nothing on a found page.
 * Never cached as permanent: the redirect ends when someone else takes the
 * name (API answers are no-store anyway; the page's 301 says no-cache).
 */

const MEMBER_READ = /^\/api\/users\/:username(?:\/|$)/;
const READS = new Set(['GET', 'HEAD']);

const isMemberRead = (route: RouteOptions) =>
  MEMBER_READ.test(route.url) && (Array.isArray(route.method) ? route.method : [route.method]).some((m) => READS.has(m));

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
};

/**
 * `url` with its username segment (the `index`-th, counting the empty one
 * before the first slash) replaced by the current name, or undefined when
 * that segment is not a former name of an active member.
 */
async function renamedUrl(db: Db, url: string, index: number): Promise<string | undefined> {
  const queryAt = url.indexOf('?');
  const [pathname, query] = queryAt === -1 ? [url, ''] : [url.slice(0, queryAt), url.slice(queryAt)];
  const segments = pathname.split('/');
  const former = segments[index] === undefined ? undefined : decode(segments[index]);
  if (!former) return undefined;
  const current = await usernameHistoryRepo.currentNameFor(db.kysely, former);
  if (!current) return undefined;
  // Usernames in links are lower-cased (SPEC §2).
  segments[index] = encodeURIComponent(current.toLowerCase());
  return segments.join('/') + query;
}

/** For the HTML of /u/{former}[/…] (http/spa.ts): the same page under the current name, or undefined. */
export function formerNamePages(db: Db): (url: string) => Promise<string | undefined> {
  return async (url) => (/^\/u\/[^/?]+/i.test(url) ? renamedUrl(db, url, 2) : undefined);
}

/**
 * Registers the API side: every GET of /api/users/:username… documents a
 * 301, and answers one instead of its 404 when the name is a former one.
 * fetch follows it silently; the web app then sees the member's real name
 * and puts it in the address bar. Register before the routes.
 */
export function registerFormerNameRedirects(app: FastifyInstance, db: Db): void {
  app.addHook('onRoute', (route) => {
    if (!isMemberRead(route)) return;
    const schema = (route.schema ??= {}) as { response?: Record<string, unknown> };
    (schema.response ??= {})[301] ??= z.null().describe('The member was renamed: `Location` is the same call under their current name');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 404 || !READS.has(request.method) || !MEMBER_READ.test(request.routeOptions.url ?? '')) return payload;
    const location = await renamedUrl(db, request.url, 3);
    if (!location) return payload;
    // The 404's body goes, and with it any encoding a compressor gave it.
    reply.code(301).header('Location', location).removeHeader('Content-Type').removeHeader('Content-Encoding');
    return '';
  });
}

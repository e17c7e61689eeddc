import type { Federation } from '@fedify/fedify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { accountBlocksRepo } from './federation.blocks.repo.js';
import { fromBlockedServer } from './federation.instances.js';

/** An inbox takes one activity: far more than any Mastodon sends, far less than the API's import bodies. */
const INBOX_BODY_LIMIT = 256 * 1024;

/**
 * Deliveries one address may make to our inboxes a minute (shared across instances, as every route limit):
 * far above what a server delivering to a few members sends, even when it broadcasts an account's deletion,
 * and a flood is answered 429, which servers retry later. Reads of actors and notes count against the
 * ordinary read budget (http/fairness).
 */
export const INBOX_POSTS_PER_MINUTE = 300;

const jsonError = (status: number, error: string, message: string) =>
  new Response(JSON.stringify({ error, message, statusCode: status }), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

/** The keyId an HTTP Signature names: draft-cavage's Signature header, or RFC 9421's Signature-Input. */
function signingKeyId(headers: Headers): string | null {
  const cavage = /(?:^|,)\s*keyId="([^"]+)"/i.exec(headers.get('signature') ?? '');
  const rfc9421 = /;\s*keyid="([^"]+)"/i.exec(headers.get('signature-input') ?? '');
  return cavage?.[1] ?? rfc9421?.[1] ?? null;
}

/** The actor an activity names (a URL, or an object with its id); null when there is none to read. */
function activityActor(body: Buffer): URL | null {
  try {
    const json = JSON.parse(body.toString('utf8')) as { actor?: unknown };
    const actor = typeof json.actor === 'string' ? json.actor : typeof json.actor === 'object' && json.actor !== null ? (json.actor as { id?: unknown }).id : undefined;
    return typeof actor === 'string' ? new URL(actor) : null;
  } catch {
    return null;
  }
}

/**
 * Why an inbox delivery is refused before Fedify reads it, or null. It must carry an HTTP Signature whose key
 * lives on the actor's own server: Fedify 1.5 believes the owner a key document claims (fixed upstream only in
 * 2.x, GHSA-q9f8-5hc7-898f), so a key served by one host could otherwise speak for an account on another; and its
 * Linked Data signature and integrity proof paths take such claims without any HTTP Signature at all.
 */
function inboxRefusal(headers: Headers, body: Buffer | undefined): Response | null {
  const keyId = signingKeyId(headers);
  if (keyId === null) return jsonError(401, 'unauthorized', 'An inbox delivery must carry an HTTP Signature.');
  const actor = body ? activityActor(body) : null;
  // Not an activity Fedify can read: it answers that itself (400).
  if (actor === null) return null;
  let keyOrigin: string;
  try {
    keyOrigin = new URL(keyId).origin;
  } catch {
    return jsonError(401, 'unauthorized', 'The signature names no key address.');
  }
  return keyOrigin === actor.origin ? null : jsonError(401, 'unauthorized', 'The signing key is not on the server of the activity’s actor.');
}

async function sendResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  response.headers.forEach((value, name) => void reply.header(name, value));
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

/**
 * Hands WebFinger and everything under /ap/ to Fedify, as a web Request
 * built from Fastify's: the URL on PUBLIC_URL's origin (the ids Fedify
 * makes and checks are there, whatever Host a proxy passed on), the headers
 * as they came (the HTTP Signature covers them), and the body as raw bytes,
 * never parsed first (the signature's Digest is of those bytes).
 */
export async function federationRoutes(app: FastifyInstance, federation: Federation<void>, publicUrl: string, k: Kysely<Database>): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: INBOX_BODY_LIMIT }, (_request, body, done) => done(null, body));

    async function handle(request: FastifyRequest, reply: FastifyReply) {
      const headers = new Headers();
      const raw = request.raw.rawHeaders;
      for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
      const body = request.method === 'POST' && Buffer.isBuffer(request.body) ? request.body : undefined;
      // A blocked server's deliveries: refused whole, nothing fetched or stored. 403 tells its server not to retry.
      if (request.method === 'POST' && (await fromBlockedServer(k, headers.get('signature') ?? undefined, body))) {
        return sendResponse(reply, jsonError(403, 'forbidden', 'This server does not accept activities from yours.'));
      }
      // An account suspended here is refused the same way, by the actor its activity names (or the key's owner, on its server).
      if (request.method === 'POST' && body && (await accountBlocksRepo.suspended(k, [activityActor(body)?.href ?? null, signingKeyId(headers)?.replace(/#.*$/, '') ?? null]))) {
        return sendResponse(reply, jsonError(403, 'forbidden', 'This server does not accept activities from your account.'));
      }
      const refused = request.method === 'POST' ? inboxRefusal(headers, body) : null;
      // Joined, not resolved against PUBLIC_URL: a path such as //elsewhere/… can never name another origin.
      const response = refused ?? await federation.fetch(new Request(`${publicUrl}${request.url}`, { method: request.method, headers, body }), {
        contextData: undefined,
        onNotFound: () => jsonError(404, 'not_found', 'There is nothing here.'),
        // A browser asking for an actor or a note: the member's pages are the site's, not these.
        onNotAcceptable: () => jsonError(406, 'not_acceptable', 'This address answers ActivityPub (application/activity+json) only.'),
        onUnauthorized: () => jsonError(401, 'unauthorized', 'This request is not signed by a key allowed to read it.'),
      });
      return sendResponse(reply, response);
    }

    scope.get('/.well-known/webfinger', handle);
    scope.get('/ap/*', handle);
    scope.post('/ap/*', { config: { rateLimit: { max: INBOX_POSTS_PER_MINUTE, timeWindow: '1 minute' } } }, handle);
  });
}

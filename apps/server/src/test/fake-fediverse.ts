import { createHash, generateKeyPairSync, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

/*
 * A remote fediverse server on 127.0.0.1 for the federation tests, playing
 * the part Mastodon plays, with its own key made by node:crypto and HTTP
 * Signatures (draft-cavage, as Mastodon signs and verifies them) made and
 * checked by a third-party library, @peertube/http-signature (joyent's
 * http-signature with hs2019), never by Fedify, the library under test:
 *
 * - GET /users/alice: alice's actor (Person, inbox, shared inbox, public key).
 * - POST /users/alice/inbox and /inbox: a delivery. Its Signature is parsed,
 *   the key it names fetched from VGL (through `fetchFromVgl`, once, then
 *   kept as Mastodon keeps it), checked to belong to its actor, and
 *   verified; its Digest is checked against the body. Every attempt is kept in `deliveries`, with its status:
 *   `failNext(n, status)` answers the next n with that status (503), as a
 *   server that is down for a moment.
 * - signedPost(): what alice's server sends to VGL: a body signed by alice's key.
 * - answerFollow(): alice's server accepting (or rejecting) a Follow VGL delivered, as Mastodon does: the Follow embedded.
 * - reads: every GET it answered (a blocked server must never be asked anything).
 */

const require = createRequire(import.meta.url);
interface ParsedSignature {
  keyId: string;
  algorithm: string;
  params: { headers: string[] };
}
const httpSignature = require('@peertube/http-signature') as {
  parseRequest(request: http.IncomingMessage, options?: object): ParsedSignature;
  verifySignature(parsed: ParsedSignature, publicKeyPem: string): boolean;
  signRequest(request: SignableRequest, options: { key: string; keyId: string; headers: string[]; authorizationHeaderName: string; algorithm?: string }): boolean;
};

interface SignableRequest {
  method: string;
  path: string;
  getHeader(name: string): string | undefined;
  setHeader(name: string, value: string): void;
}

export interface Delivery {
  path: string;
  status: number;
  activity: Record<string, unknown>;
  /** The keyId that signed it, and whether the third-party verifier accepted the signature with that key's PEM. */
  keyId: string | null;
  verified: boolean;
  signedHeaders: string[];
  digestMatches: boolean;
  /** The actor that owns the key, as VGL's actor document says. */
  keyOwner: string | null;
}

export interface VglAnswer {
  statusCode: number;
  body: string;
}

export interface FakeFediverse {
  origin: string;
  actorId: string;
  keyId: string;
  deliveries: Delivery[];
  /** The paths of the GETs it answered, in order. */
  reads: string[];
  failNext(times: number, status: number): void;
  /** POSTs `activity` to VGL as alice's server would: signed with `key` (alice's by default). */
  signedPost(url: string, activity: object, options?: { privateKeyPem?: string; keyId?: string }): Promise<VglAnswer>;
  /** Sends alice's Accept (or Reject) of a Follow VGL delivered to `inbox` (a VGL inbox URL), the Follow embedded as Mastodon embeds it. */
  answerFollow(follow: Delivery, type: 'Accept' | 'Reject', inbox: string): Promise<VglAnswer>;
  /** Waits until a delivery that `match` accepts has arrived, and returns it. */
  waitFor(match: (delivery: Delivery) => boolean, what: string, timeoutMs?: number): Promise<Delivery>;
  close(): Promise<void>;
}

export interface FakeFediverseOptions {
  /** Reads a URL of VGL (https://vgl.test/…) as a remote server would: GET with Accept application/activity+json. */
  fetchFromVgl: (url: string) => Promise<VglAnswer>;
  /** Sends a request to VGL (app.inject on https://vgl.test). */
  postToVgl: (url: string, headers: Record<string, string>, body: string) => Promise<VglAnswer>;
  /** What alice's actor document says her name and username are (default "Alice", "alice"): a hostile server's words. */
  actor?: { name?: string; preferredUsername?: string };
}

export const newKeyPair = () => generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });

const sha256Digest = (body: string | Buffer) => `SHA-256=${createHash('sha256').update(body).digest('base64')}`;

export async function startFakeFediverse({ fetchFromVgl, postToVgl, actor: names = {} }: FakeFediverseOptions): Promise<FakeFediverse> {
  const keys = newKeyPair();
  const deliveries: Delivery[] = [];
  const reads: string[] = [];
  let failures: { times: number; status: number } = { times: 0, status: 503 };
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const actorId = `${origin}/users/alice`;
  const keyId = `${actorId}#main-key`;
  const actor = {
    '@context': ['https://www.w3.org/ns/activitystreams', 'https://w3id.org/security/v1'],
    id: actorId,
    type: 'Person',
    preferredUsername: names.preferredUsername ?? 'alice',
    name: names.name ?? 'Alice',
    inbox: `${actorId}/inbox`,
    outbox: `${actorId}/outbox`,
    followers: `${actorId}/followers`,
    endpoints: { sharedInbox: `${origin}/inbox` },
    publicKey: { id: keyId, owner: actorId, publicKeyPem: keys.publicKey },
  };

  /**
   * Keys seen before, by keyId: as Mastodon keeps the key of an account it knows, and fetches it again only when a
   * signature does not verify with it (a suspended member's actor is gone, but the Deletes of their posts still verify).
   */
  const knownKeys = new Map<string, { pem: string; owner: string }>();

  /** The PEM of a VGL key and its owner, read from the actor document its keyId names. */
  async function vglKey(id: string): Promise<{ pem: string; owner: string } | null> {
    const answer = await fetchFromVgl(id.split('#')[0]!);
    if (answer.statusCode !== 200) return null;
    const doc = JSON.parse(answer.body) as { id?: string; publicKey?: { id?: string; owner?: string; publicKeyPem?: string } };
    const key = doc.publicKey;
    if (key?.id !== id || !key.publicKeyPem || !key.owner || key.owner !== doc.id) return null;
    return { pem: key.publicKeyPem, owner: key.owner };
  }

  async function receive(request: http.IncomingMessage, body: Buffer): Promise<number> {
    // No Signature header, or one the library cannot parse: not verified.
    const parsed = (() => {
      try {
        return httpSignature.parseRequest(request, { clockSkew: 300 });
      } catch {
        return null;
      }
    })();
    let key = parsed ? (knownKeys.get(parsed.keyId) ?? null) : null;
    let verified = parsed !== null && key !== null && httpSignature.verifySignature(parsed, key.pem);
    if (parsed && !verified) {
      key = await vglKey(parsed.keyId);
      verified = key !== null && httpSignature.verifySignature(parsed, key.pem);
      if (key && verified) knownKeys.set(parsed.keyId, key);
    }
    const status = failures.times > 0 ? failures.status : 202;
    if (failures.times > 0) failures = { ...failures, times: failures.times - 1 };
    deliveries.push({
      path: request.url ?? '',
      status,
      activity: JSON.parse(body.toString('utf8')) as Record<string, unknown>,
      keyId: parsed?.keyId ?? null,
      verified,
      signedHeaders: parsed?.params.headers ?? [],
      digestMatches: request.headers.digest === sha256Digest(body),
      keyOwner: key?.owner ?? null,
    });
    return status;
  }

  server.on('request', (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        if (request.method === 'GET') reads.push(request.url ?? '');
        if (request.method === 'GET' && request.url === '/users/alice') {
          response.writeHead(200, { 'content-type': 'application/activity+json' }).end(JSON.stringify(actor));
        } else if (request.method === 'POST' && (request.url === '/inbox' || request.url === '/users/alice/inbox')) {
          response.writeHead(await receive(request, Buffer.concat(chunks))).end();
        } else {
          response.writeHead(404).end();
        }
      })().catch(() => response.writeHead(500).end());
    });
  });

  return {
    origin,
    actorId,
    keyId,
    deliveries,
    reads,
    failNext(times, status) {
      failures = { times, status };
    },
    async signedPost(url, activity, options = {}) {
      const body = JSON.stringify(activity);
      const target = new URL(url);
      const headers: Record<string, string> = {
        host: target.host,
        date: new Date().toUTCString(),
        digest: sha256Digest(body),
        'content-type': 'application/activity+json',
      };
      const request: SignableRequest = {
        method: 'POST',
        path: target.pathname,
        getHeader: (name) => headers[name.toLowerCase()],
        setHeader: (name, value) => {
        headers[name.toLowerCase()] = value;
      },
      };
      httpSignature.signRequest(request, {
        key: options.privateKeyPem ?? keys.privateKey,
        keyId: options.keyId ?? keyId,
        algorithm: 'rsa-sha256',
        headers: ['(request-target)', 'host', 'date', 'digest'],
        authorizationHeaderName: 'Signature',
      });
      return postToVgl(url, headers, body);
    },
    answerFollow(this: FakeFediverse, follow, type, inbox) {
      const { id, actor, object } = follow.activity;
      return this.signedPost(inbox, {
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${actorId}#${type.toLowerCase()}s/follows/${randomUUID()}`,
        type,
        actor: actorId,
        object: { id, type: 'Follow', actor, object },
      });
    },
    async waitFor(match, what, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = deliveries.find(match);
        if (found) return found;
        if (Date.now() > until) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(deliveries.map((d) => [d.path, d.status, d.activity.type]))}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A fresh id on the fake server, for activities it sends. */
export const remoteActivityId = (origin: string) => `${origin}/activities/${randomUUID()}`;

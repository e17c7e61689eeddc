import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A push service (RFC 8030) on 127.0.0.1 for tests, that does what a browser
 * and its push service do between them, written from the RFCs with
 * node:crypto alone (never with web-push, the library under test):
 *
 * - subscribe(): makes a subscription as a user agent does: a P-256 ECDH key
 *   pair and a 16-byte auth secret (RFC 8291 §2), and an endpoint of its own.
 * - POST /push/<id>: checks the VAPID Authorization header (RFC 8292:
 *   `vapid t=<JWT>, k=<key>`, an ES256 JWT signed with k, aud the endpoint's
 *   origin, exp within 24 hours, a sub), decrypts the aes128gcm body (RFC
 *   8188 and RFC 8291 §3.4) with the subscription's private key and auth
 *   secret, and answers 201. What it could not verify or decrypt is kept in
 *   `refused` and answered 400/401/403, as push services do.
 * - answer(endpoint, status): the next requests to that endpoint get this
 *   status instead (404/410 expired, 429 with Retry-After, 500), `times`
 *   times or for good.
 */

export interface FakeSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted body, parsed as JSON. */
  payload: unknown;
  ttl: string | undefined;
  urgency: string | undefined;
  topic: string | undefined;
  /** The VAPID key that signed it (k=). */
  vapidKey: string;
  at: number;
}

interface Subscriber {
  ecdh: ECDH;
  publicKey: Buffer;
  auth: Buffer;
  /** The applicationServerKey it was made with: a push signed with another key is refused (403), as push services do. */
  serverKey: string | undefined;
}

interface Scripted {
  status: number;
  retryAfter?: string;
  times: number;
}

export interface FakePushService {
  url: string;
  subscribe(options?: { serverKey?: string }): FakeSubscription;
  /** Answer the next `times` requests to endpoint (default: all of them) with status. */
  answer(endpoint: string, status: number, options?: { retryAfter?: string; times?: number }): void;
  received: ReceivedPush[];
  /** Every request to each endpoint, whatever it was answered (status, time). */
  attempts: Map<string, { status: number; at: number }[]>;
  refused: { endpoint: string; reason: string }[];
  /** Resolves with the pushes to endpoint once there are `count`; rejects after timeoutMs. */
  waitFor(endpoint: string, count?: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

const b64u = (value: Buffer) => value.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188 §2: the plaintext of one aes128gcm body, or throws saying why not. */
export function decryptAes128gcm(body: Buffer, sub: { ecdh: ECDH; publicKey: Buffer; auth: Buffer }): Buffer {
  if (body.length < 21) throw new Error('body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const keyid = body.subarray(21, 21 + idlen);
  if (idlen !== 65 || keyid[0] !== 0x04) throw new Error('keyid is not the sender’s uncompressed P-256 key');
  const ciphertext = body.subarray(21 + idlen);
  if (rs < 18 || ciphertext.length > rs) throw new Error('one record expected (a push message is at most 4096 bytes)');
  // Key derivation: RFC 8291 §3.3 (the auth secret and both public keys), then RFC 8188 §2.2-2.3 (CEK and nonce).
  const ecdhSecret = sub.ecdh.computeSecret(keyid);
  const prkKey = hmac(sub.auth, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), sub.publicKey, keyid]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  // The first (and only) record's sequence number is 0: the nonce is used as derived.
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The record ends with the delimiter 0x02 (the last record), then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 0x02) throw new Error('the last record’s delimiter (0x02) is missing');
  return padded.subarray(0, end);
}

/** RFC 8292 §2-3: the VAPID header's key, or throws saying what is wrong. */
export function verifyVapid(authorization: string | undefined, audience: string, now = Date.now()): string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`Authorization is not "vapid t=…, k=…": ${authorization ?? '(none)'}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  const parts = jwt.split('.');
  if (parts.length !== 3) throw new Error('t is not a JWT');
  const [head, claims, signature] = parts as [string, string, string];
  const header = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string; typ?: string };
  if (header.alg !== 'ES256') throw new Error(`JWT alg is ${header.alg}, not ES256`);
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04) throw new Error('k is not an uncompressed P-256 key');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33)) }, format: 'jwk' });
  const signed = verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) throw new Error('the JWT signature does not verify with k');
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  if (body.aud !== audience) throw new Error(`aud is ${body.aud}, not ${audience}`);
  const seconds = now / 1000;
  if (typeof body.exp !== 'number' || body.exp <= seconds || body.exp > seconds + 24 * 3600) throw new Error(`exp ${body.exp} is not within the next 24 hours`);
  if (!body.sub || !/^(mailto:|https:)/.test(body.sub)) throw new Error(`sub ${body.sub} is not a mailto: or https: contact`);
  return k;
}

export async function startFakePushService(): Promise<FakePushService> {
  const subscribers = new Map<string, Subscriber>();
  const scripted = new Map<string, Scripted>();
  const received: ReceivedPush[] = [];
  const refused: { endpoint: string; reason: string }[] = [];
  const attempts = new Map<string, { status: number; at: number }[]>();
  const waiters = new Set<() => void>();
  let origin = '';

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const endpoint = `${origin}${req.url ?? ''}`;
      const reply = (status: number, headers: Record<string, string> = {}, text = '') => {
        attempts.set(endpoint, [...(attempts.get(endpoint) ?? []), { status, at: Date.now() }]);
        res.writeHead(status, headers).end(text);
        for (const wake of waiters) wake();
      };
      const refuse = (status: number, reason: string) => {
        refused.push({ endpoint, reason });
        reply(status, { 'content-type': 'text/plain' }, reason);
      };
      const sub = req.method === 'POST' ? subscribers.get(req.url ?? '') : undefined;
      if (!sub) return reply(404, {}, 'No such subscription');
      const script = scripted.get(endpoint);
      if (script && script.times > 0) {
        script.times -= 1;
        return reply(script.status, script.retryAfter ? { 'retry-after': script.retryAfter } : {});
      }
      let vapidKey: string;
      try {
        vapidKey = verifyVapid(req.headers.authorization, origin);
      } catch (error) {
        return refuse(401, (error as Error).message);
      }
      if (sub.serverKey && vapidKey !== sub.serverKey) return refuse(403, 'signed with another key than the subscription was made with');
      if (req.headers['content-encoding'] !== 'aes128gcm') return refuse(400, `Content-Encoding is ${req.headers['content-encoding']}, not aes128gcm`);
      if (!req.headers.ttl) return refuse(400, 'TTL header missing (RFC 8030 §5.2)');
      let payload: unknown;
      try {
        payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), sub).toString('utf8'));
      } catch (error) {
        return refuse(400, `could not decrypt: ${(error as Error).message}`);
      }
      received.push({ endpoint, payload, ttl: req.headers.ttl as string, urgency: req.headers.urgency as string | undefined, topic: req.headers.topic as string | undefined, vapidKey, at: Date.now() });
      reply(201, { location: `${endpoint}/message/${received.length}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    received,
    refused,
    attempts,
    subscribe({ serverKey } = {}) {
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomBytes(12).toString('hex')}`;
      subscribers.set(path, { ecdh, publicKey, auth, serverKey });
      return { endpoint: `${origin}${path}`, keys: { p256dh: b64u(publicKey), auth: b64u(auth) } };
    },
    answer(endpoint, status, { retryAfter, times = Number.POSITIVE_INFINITY } = {}) {
      scripted.set(endpoint, { status, retryAfter, times });
    },
    waitFor(endpoint, count = 1, timeoutMs = 10_000) {
      const mine = () => received.filter((r) => r.endpoint === endpoint);
      return new Promise((resolve, reject) => {
        const check = () => {
          if (mine().length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(mine());
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${mine().length} of ${count} pushes reached ${endpoint} in ${timeoutMs} ms; refused: ${JSON.stringify(refused)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

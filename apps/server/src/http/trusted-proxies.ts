import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * TRUST_PROXY: which peers may tell us who the client is (X-Forwarded-For,
 * so per-IP rate limits key on the client and not on the load balancer) and
 * which request id to log under (X-Request-Id). `true` believes every peer:
 * only safe when nothing but the proxy can reach the app.
 */
export type TrustedProxies = true | string[];

/** The names @fastify/proxy-addr (and Express) know, so an operator's habit works here too. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

function isAddressOrSubnet(entry: string): boolean {
  if (entry in NAMED_RANGES) return true;
  const [address = '', bits, extra] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** The setting, or the reason it is refused (config.ts turns that into a message naming TRUST_PROXY). */
export function parseTrustedProxies(value: string | undefined): TrustedProxies | undefined | string {
  const text = value?.trim() ?? '';
  if (text === '' || /^(false|off)$/i.test(text)) return undefined;
  if (/^true$/i.test(text)) return true;
  if (/^\d+$/.test(text)) {
    // Fastify 5 ignores a hop count: it cannot tell a proxy from a client that writes the header itself.
    return 'must name the proxies, not count them: a comma-separated list of addresses or subnets (e.g. 10.0.0.0/8,192.168.1.7), loopback, or true';
  }
  const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  const bad = entries.find((entry) => !isAddressOrSubnet(entry));
  if (bad !== undefined) return `"${bad}" is not an IP address, a subnet such as 10.0.0.0/8, or one of loopback, linklocal, uniquelocal`;
  return entries;
}

/** Whether a peer address is a trusted proxy: Fastify's `trustProxy` function, and the X-Request-Id check. */
export function proxyTrust(proxies: TrustedProxies): (address: string) => boolean {
  if (proxies === true) return () => true;
  const list = new net.BlockList();
  for (const entry of proxies.flatMap((p) => NAMED_RANGES[p] ?? [p])) {
    const [address = '', bits] = entry.split('/');
    const family = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  // Asked several times a request (the request id, request.ip for every limit and log line): BlockList.check makes a
  // SocketAddress object each time, a tenth of a cached answer's cost under load. The answer per address never
  // changes, and the peers of a server behind a proxy are few: remembered, bounded like the encodings' memo.
  const known = new Map<string, boolean>();
  return (address) => {
    let trusted = known.get(address);
    if (trusted !== undefined) return trusted;
    const family = net.isIP(address);
    trusted = family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
    // A stranger flood of distinct peers only resets the memo.
    if (known.size >= 1000) known.clear();
    known.set(address, trusted);
    return trusted;
  };
}

/** What a load balancer may name a request: short, and safe in a log line and a header. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's genReqId: the trusted proxy's X-Request-Id when it is sane, so one id follows a request through both logs; else a new one. */
export function requestIdGenerator(trusted: ((address: string) => boolean) | undefined): (req: IncomingMessage) => string {
  if (!trusted) return () => randomUUID();
  return (req) => {
    const given = req.headers['x-request-id'];
    return typeof given === 'string' && SANE_REQUEST_ID.test(given) && trusted(req.socket.remoteAddress ?? '') ? given : randomUUID();
  };
}

/** Every answer names its request id, so a client's bug report finds the log line. */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}

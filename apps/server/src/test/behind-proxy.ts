import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { createTestApp, openAnotherApp, type TestApp } from './app.js';
import type { DbKind } from './databases.js';
import { freePort as freePortOn } from './free-port.js';

/*
 * For the tests that run examples/deploy's proxies (nginx, Caddy) in front of
 * two instances: the proxy and the instances listen on 127.0.0.1 and the
 * instances trust only that address (TRUST_PROXY, as `loopback` does in the
 * examples); the test's client connects from 127.0.0.3, so the instances
 * see it as a stranger when it reaches them directly.
 */

export const PROXY_ADDRESS = '127.0.0.1';
export const CLIENT_ADDRESS = '127.0.0.3';
export const SITE_HOST = 'vgl.example.com';
/** What a client writes in X-Forwarded-For to pass for someone else. */
export const FORGED_CLIENT = '203.0.113.9';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A port free on the proxy's address. */
export const freePort = () => freePortOn(PROXY_ADDRESS);

export async function waitForPort(port: number, why: () => string): Promise<void> {
  for (let tries = 0; tries < 300; tries += 1) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, PROXY_ADDRESS, () => resolve(socket.end() && true));
      socket.on('error', () => resolve(false));
    });
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nothing listens on ${PROXY_ADDRESS}:${port}: ${why()}`);
}

/** One request from the client's own address; a declared length larger than the body sent is allowed (the proxy answers first). */
export function request(url: string, options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<Answer> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      { method: options.method ?? 'GET', headers: { host: SITE_HOST, ...options.headers }, localAddress: CLIENT_ADDRESS, servername: SITE_HOST, rejectUnauthorized: false, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    // A hung request names itself rather than running into the test's timeout.
    req.setTimeout(20_000, () => req.destroy(new Error(`${options.method ?? 'GET'} ${url}: no answer within 20 s`)));
    // The proxy may answer (413) and close before the whole body went out: the answer is what counts.
    req.on('error', (error) => (req.writableEnded ? undefined : reject(error)));
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

export interface Instances {
  first: TestApp;
  second: TestApp;
  ports: [number, number];
  /** Every JSON line both instances logged. */
  log: Array<Record<string, unknown>>;
  /** The access-log line of a request, by its id. */
  completed(requestId: string): Record<string, unknown> | undefined;
  close(): Promise<void>;
}

/** Two instances on one database of the given kind, listening on 127.0.0.1, trusting the proxy's address, logging into `log`. */
export async function startInstances(kind: DbKind): Promise<Instances> {
  const log: Array<Record<string, unknown>> = [];
  const logger = { level: 'info', stream: { write: (line: string) => void log.push(JSON.parse(line) as Record<string, unknown>) } };
  const env = { TRUST_PROXY: PROXY_ADDRESS };
  const first = await createTestApp(kind, { env, logger });
  const second = await openAnotherApp(first, { env, logger });
  const urls = [await first.app.listen({ port: 0, host: PROXY_ADDRESS }), await second.app.listen({ port: 0, host: PROXY_ADDRESS })];
  return {
    first,
    second,
    ports: [Number(new URL(urls[0]!).port), Number(new URL(urls[1]!).port)],
    log,
    completed: (requestId) => log.find((line) => line.reqId === requestId && line.msg === 'request completed'),
    close: async () => {
      await second.close();
      await first.close();
    },
  };
}

/** `work`, or an error naming `what` once `ms` have passed without it (a hang then says where it was). */
export async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not done within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

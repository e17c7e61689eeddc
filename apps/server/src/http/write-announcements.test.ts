import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerWriteAnnouncements } from './write-announcements.js';

/** An app whose handlers note how many writes the change feed had heard of when each ran. */
async function appWithFeed() {
  const feed = { announced: 0, wrote: () => (feed.announced += 1) };
  const seen: Record<string, number> = {};
  const app = Fastify();
  registerWriteAnnouncements(app, feed);
  app.get('/read/:n', async (req) => {
    seen[`read ${(req.params as { n: string }).n}`] = feed.announced;
    return { ok: true };
  });
  app.post('/write/:n', async (req) => {
    seen[`write ${(req.params as { n: string }).n}`] = feed.announced;
    return { ok: true };
  });
  app.post('/refused', async (_req, reply) => reply.code(400).send({ error: 'no' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, feed, seen, port: (app.server.address() as net.AddressInfo).port };
}

/** Sends raw HTTP/1.1 on one socket and resolves when `answers` responses have come back. */
function exchange(port: number, raw: string, answers: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(raw));
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString();
      if ((text.match(/HTTP\/1\.1 \d{3}/g) ?? []).length >= answers) {
        socket.end();
        resolve(text);
      }
    });
    socket.on('error', reject);
  });
}

const post = (path: string) => `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`;
const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`;
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('registerWriteAnnouncements', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  it('announces the writes a turn answered once, when it ends: a read that came in the same turn is their contemporary', async () => {
    const made = await appWithFeed();
    app = made.app;
    // One packet, so one turn: two writes, then a read.
    await exchange(made.port, post('/write/1') + post('/write/2') + get('/read/1'), 3);
    expect(made.seen).toEqual({ 'write 1': 0, 'write 2': 0, 'read 1': 0 });
    await tick();
    expect(made.feed.announced).toBe(1);
  });

  it('a request sent after a write was answered sees it announced', async () => {
    const made = await appWithFeed();
    app = made.app;
    await exchange(made.port, post('/write/1'), 1);
    await exchange(made.port, get('/read/1'), 1);
    expect(made.seen).toEqual({ 'write 1': 0, 'read 1': 1 });
  });

  it('refused writes announce nothing, and requests made in the process announce at once', async () => {
    const made = await appWithFeed();
    app = made.app;
    await exchange(made.port, post('/refused'), 1);
    await tick();
    expect(made.feed.announced).toBe(0);
    await made.app.inject({ method: 'POST', url: '/write/2', payload: {} });
    await made.app.inject({ method: 'GET', url: '/read/2' });
    expect(made.seen).toEqual({ 'write 2': 0, 'read 2': 1 });
  });
});

import { spawn } from 'node:child_process';
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
  app.get('/ping', async () => ({ ok: true }));
  // Holds the event loop, so that what is sent meanwhile arrives in one turn.
  app.get('/slow', async () => {
    const until = Date.now() + 400;
    while (Date.now() < until);
    return { ok: true };
  });
  app.post('/refused', async (_req, reply) => reply.code(400).send({ error: 'no' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, feed, seen, port: (app.server.address() as net.AddressInfo).port };
}

/** A connected socket (the server may not have accepted it yet). */
function connected(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });
}

/** Sends raw HTTP/1.1 on an open socket and resolves when `answers` responses have come back. */
function answered(socket: net.Socket, raw: string, answers: number): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      if ((text.match(/HTTP\/1\.1 \d{3}/g) ?? []).length >= answers) {
        socket.off('data', onData);
        resolve(text);
      }
    };
    socket.on('data', onData);
    socket.write(raw);
  });
}

/** Sends raw HTTP/1.1 on a new socket and resolves when `answers` responses have come back. */
async function exchange(port: number, raw: string, answers: number): Promise<string> {
  const socket = await connected(port);
  const text = await answered(socket, raw, answers);
  socket.end();
  return text;
}

const post = (path: string) => `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`;
const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`;
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('registerWriteAnnouncements', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  it('announces the writes a turn answered once, when it ends: requests that came in the same turn are their contemporaries', async () => {
    const made = await appWithFeed();
    app = made.app;
    // One packet, so one turn: two writes, then a read.
    await exchange(made.port, post('/write/1') + post('/write/2') + get('/read/1'), 3);
    expect(made.seen).toEqual({ 'write 1': 0, 'write 2': 0, 'read 1': 0 });
    await tick();
    expect(made.feed.announced).toBe(1);
  });

  it('holds them for a read on another connection in the same turn too', async () => {
    const made = await appWithFeed();
    app = made.app;
    // Another process, so that its requests arrive while this one's event loop is held: a slow read on one
    // connection, then a write on a second and a read on a third, which the server then serves in one turn.
    const client = `
      const net = require('node:net');
      const port = ${made.port};
      const open = () => new Promise((ok) => { const s = net.connect(port, '127.0.0.1', () => ok(s)); });
      const ask = (s, raw) => new Promise((ok) => { s.once('data', ok); s.write(raw); });
      const wait = (ms) => new Promise((ok) => setTimeout(ok, ms));
      (async () => {
        const [slow, writer, reader] = await Promise.all([open(), open(), open()]);
        for (const s of [slow, writer, reader]) await ask(s, ${JSON.stringify(get('/ping'))});
        const answers = [ask(slow, ${JSON.stringify(get('/slow'))})];
        await wait(40);
        answers.push(ask(writer, ${JSON.stringify(post('/write/1'))}));
        await wait(20);
        answers.push(ask(reader, ${JSON.stringify(get('/read/1'))}));
        await Promise.all(answers);
        process.exit(0);
      })();
    `;
    const child = spawn(process.execPath, ['-e', client], { stdio: 'inherit' });
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(0);
    expect(made.seen).toEqual({ 'write 1': 0, 'read 1': 0 });
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

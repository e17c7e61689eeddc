import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';

/** Connections that trickle a request byte by byte are cut off, and the others are still served. */
describe('request timeouts', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { requestTimeoutMs: 600 });
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = Number(new URL(address).port);
  });
  afterAll(() => t.close());

  const trickle = () =>
    new Promise<{ closedAfterMs: number; answer: string }>((resolve) => {
      const started = Date.now();
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write('POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
      });
      let answer = '';
      const drip = setInterval(() => socket.writable && socket.write(' '), 100);
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(drip);
        resolve({ closedAfterMs: Date.now() - started, answer });
      });
    });

  it('closes a request whose body does not arrive in time, with a 408', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, trickle));
    for (const { closedAfterMs, answer } of results) {
      expect(closedAfterMs).toBeLessThan(5_000);
      expect(answer).toMatch(/^HTTP\/1.1 408/);
    }
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
  });
});

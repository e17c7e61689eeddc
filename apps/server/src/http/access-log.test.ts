import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerAccessLog } from './access-log.js';

/** A Fastify app logging JSON into `lines`, with the access log at `sample`. */
async function appLogging(sample: number) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream }, disableRequestLogging: true });
  registerAccessLog(app, sample);
  app.get('/ok', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  await app.ready();
  return { app, lines };
}

describe('access log', () => {
  it('writes one JSON line a request with the client address and the request id', async () => {
    const { app, lines } = await appLogging(1);
    await app.inject({ method: 'GET', url: '/ok?x=1', remoteAddress: '203.0.113.9' });
    const line = lines.find((l) => l.msg === 'request completed');
    expect(line).toMatchObject({ method: 'GET', url: '/ok?x=1', statusCode: 200, client: '203.0.113.9' });
    expect(typeof line!.reqId).toBe('string');
    await app.close();
  });

  it('logs server errors even when sampling is off', async () => {
    const { app, lines } = await appLogging(0);
    await app.inject({ method: 'GET', url: '/ok' });
    await app.inject({ method: 'GET', url: '/boom', remoteAddress: '198.51.100.7' });
    expect(lines.filter((l) => l.msg === 'request completed')).toEqual([expect.objectContaining({ url: '/boom', statusCode: 500, client: '198.51.100.7' })]);
    await app.close();
  });
});

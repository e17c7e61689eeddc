import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, createUser, loginToken, PASSWORD } from '../test/users.js';
import { ENCODED_BODY_MESSAGE } from './request-encoding.js';

/** Compressed request bodies only on the routes that take files (the import routes, tested with them); elsewhere a 415. */
describe('request bodies with a Content-Encoding', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await createUser(t.db.kysely, { username: 'ann' });
    token = await loginToken(t.app, 'ann');
  });
  afterAll(() => t.close());

  const login = Buffer.from(JSON.stringify({ identifier: 'ann', password: PASSWORD }));
  const send = (method: 'POST' | 'PUT', url: string, payload: Buffer, encoding: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload, headers: { 'content-type': 'application/json', 'content-encoding': encoding, ...headers } });

  it('are refused with 415 everywhere else, before the body is read', async () => {
    const cases = [
      await send('POST', '/api/auth/login', zlib.gzipSync(login), 'gzip'),
      await send('POST', '/api/auth/login', zlib.brotliCompressSync(login), 'br'),
      await send('POST', '/api/auth/login', zlib.deflateSync(login), 'deflate'),
      await send('PUT', '/api/profile', zlib.gzipSync(Buffer.from('{"bio":"hi"}')), 'gzip', bearer(token)),
      // A zip bomb gets no further than its header.
      await send('POST', '/api/auth/login', zlib.gzipSync(Buffer.alloc(20 * 1024 * 1024, ' ')), 'gzip'),
    ];
    for (const res of cases) {
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json()).toMatchObject({ error: 'unsupported_encoding', message: ENCODED_BODY_MESSAGE });
    }
  });

  it('lets through bodies that are not encoded, and requests without a body', async () => {
    expect((await send('POST', '/api/auth/login', login, 'identity')).statusCode).toBe(200);
    const get = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'content-encoding': 'gzip' } });
    expect(get.statusCode).toBe(200);
  });
});

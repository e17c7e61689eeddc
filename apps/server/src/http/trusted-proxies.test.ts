import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';

/*
 * Behind a load balancer (TRUST_PROXY): the client's address comes from a
 * trusted proxy's X-Forwarded-For, so per-IP limits give each client its own
 * budget; the proxy's X-Request-Id names the request. Nobody else is believed.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PROXY = '10.1.2.3';
const STRANGER = '198.51.100.9';

describe('behind a trusted proxy (TRUST_PROXY=10.0.0.0/8)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { env: { TRUST_PROXY: '10.0.0.0/8' }, rateLimits: true });
  });
  afterAll(() => t.close());

  // POST /api/auth/register allows 10 a minute per client; an empty body answers 400 and still counts.
  const register = (from: string, client: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: from, headers: { 'x-forwarded-for': client }, payload: {} });

  it('gives each client behind the proxy its own rate-limit budget', async () => {
    for (let i = 0; i < 10; i += 1) expect((await register(PROXY, '203.0.113.1')).statusCode).toBe(400);
    expect((await register(PROXY, '203.0.113.1')).statusCode).toBe(429);
    expect((await register(PROXY, '203.0.113.2')).statusCode).toBe(400);
  });

  it('counts a peer that is not a trusted proxy by its own address, whatever X-Forwarded-For it sends', async () => {
    for (let i = 0; i < 10; i += 1) expect((await register(STRANGER, `203.0.113.${100 + i}`)).statusCode).toBe(400);
    expect((await register(STRANGER, '203.0.113.200')).statusCode).toBe(429);
  });

  it("uses the trusted proxy's X-Request-Id and answers with it", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/live', remoteAddress: PROXY, headers: { 'x-request-id': 'lb-7f3a:0001' } });
    expect(res.headers['x-request-id']).toBe('lb-7f3a:0001');
  });

  it.each([
    ['from a peer that is not a trusted proxy', STRANGER, 'lb-7f3a:0001'],
    ['that is too long', PROXY, 'x'.repeat(129)],
    ['with characters a log line should not carry', PROXY, 'lb 1;drop'],
  ])('makes its own request id for an X-Request-Id %s', async (_, from, given) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/live', remoteAddress: from, headers: { 'x-request-id': given } });
    expect(res.headers['x-request-id']).toMatch(UUID);
  });
});

describe('with no TRUST_PROXY (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { rateLimits: true });
  });
  afterAll(() => t.close());

  it('believes no X-Forwarded-For and no X-Request-Id, and still names each answer', async () => {
    for (let i = 0; i < 10; i += 1) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': `203.0.113.${i}` }, payload: {} });
      expect(res.statusCode).toBe(400);
    }
    const limited = await t.app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.99' }, payload: {} });
    expect(limited.statusCode).toBe(429);
    const res = await t.app.inject({ method: 'GET', url: '/api/health/live', headers: { 'x-request-id': 'lb-7f3a:0001' } });
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it('does not replay one request id from the response cache to the next request', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/igdb/games?limit=1' });
    const second = await t.app.inject({ method: 'GET', url: '/api/igdb/games?limit=1' });
    expect(first.statusCode).toBe(200);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });
});

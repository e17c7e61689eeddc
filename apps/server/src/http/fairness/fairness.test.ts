import { API_MESSAGES } from '@vgl/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { dbKinds } from '../../test/databases.js';
import type { LoadSignals } from './load-signals.js';
import { SHED_RETRY_AFTER_SECONDS } from './load-shedding.js';

const TOKEN = 'metrics-token-0123456789';

/** The server's load as the test says it is, rather than as the machine happens to be. */
const signals = { lag: 0, queue: 0, wait: 0 };
const fakeSignals: LoadSignals = { loopLagMs: () => signals.lag, dbQueue: () => signals.queue, dbWaitMs: () => signals.wait, close: () => {} };

describe.each(dbKinds)('one client cannot stall everyone, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      rateLimits: true,
      loadSignals: fakeSignals,
      env: { METRICS_TOKEN: TOKEN, TRUST_PROXY: '127.0.0.1', RATE_LIMIT_SEARCH_PER_MINUTE: '6', SHED_EVENT_LOOP_DELAY_MS: '100', SHED_DB_QUEUE: '20' },
    });
  });
  afterAll(() => t.close());

  const get = (url: string, client = '203.0.113.5') => t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': client } });
  const scrape = async () => (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;

  it('sheds new requests with a fast 503 and Retry-After while the event loop is behind, never health checks or /metrics', async () => {
    signals.lag = 250;
    const shed = await get('/api/igdb/games');
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe(String(SHED_RETRY_AFTER_SECONDS));
    expect(shed.json()).toEqual({ error: 'overloaded', message: API_MESSAGES.overloaded, statusCode: 503 });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.c', password: 'x' } })).statusCode).toBe(503);
    for (const url of ['/api/health', '/api/health/live', '/api/health/ready']) expect((await get(url)).statusCode, url).toBe(200);
    expect(await scrape()).toMatch(/^vgl_requests_shed_total\{reason="event_loop"\} 2$/m);
    signals.lag = 50;
    expect((await get('/api/igdb/games')).statusCode).toBe(200);
  });

  it('sheds while the database pool’s queue is long and slow, not while a long queue moves fast', async () => {
    signals.lag = 0;
    signals.queue = 21;
    // Served within a few milliseconds: a hundred quick reads in line are no reason to refuse anyone.
    signals.wait = 50;
    expect((await get('/api/igdb/games')).statusCode).toBe(200);
    signals.wait = 51;
    expect((await get('/api/igdb/games')).statusCode).toBe(503);
    expect((await get('/api/health/ready')).statusCode).toBe(200);
    signals.queue = 20;
    expect((await get('/api/igdb/games')).statusCode).toBe(200);
    expect(await scrape()).toMatch(/^vgl_requests_shed_total\{reason="database_queue"\} 1$/m);
    signals.wait = 0;
  });

  it('gives each client a budget of searches: six a minute here, one at once, then 429 with Retry-After', async () => {
    signals.queue = 0;
    expect((await get('/api/igdb/search?q=zelda')).statusCode).toBe(200);
    const refused = await get('/api/igdb/search?q=mario');
    expect(refused.statusCode).toBe(429);
    // The next search is due ten seconds after the first.
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(10);
    expect(refused.json()).toEqual({ error: 'rate_limited', message: API_MESSAGES.tooManyRequests, statusCode: 429 });
    expect((await get('/api/igdb/search?q=sonic')).statusCode).toBe(429);
    // Another address is another client; this client's other reads have their own budget.
    expect((await get('/api/igdb/search?q=zelda', '198.51.100.8')).statusCode).toBe(200);
    expect((await get('/api/igdb/games')).statusCode).toBe(200);
    expect((await get('/api/health/live')).statusCode).toBe(200);
    const text = await scrape();
    expect(text).toMatch(/^vgl_requests_rate_limited_total\{budget="search"\} 2$/m);
    // The latency histogram names each status code, refusals included.
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/api/igdb/search",status_class="4xx",status="429"} 2');
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/api/igdb/games",status_class="5xx",status="503"} 2');
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/igdb\/search",status_class="2xx",status="200"\} \d+/);
  });
});

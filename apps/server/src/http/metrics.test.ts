import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { dbKinds } from '../test/databases.js';

const TOKEN = 'metrics-token-0123456789';

describe.each(dbKinds)('GET /metrics on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  const scrape = (authorization?: string) => t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('answers only a request bearing METRICS_TOKEN', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('Bearer wrong-token-0123456789')).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).statusCode).toBe(401);
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('counts requests by route pattern and status code (with its class), never by raw URL', async () => {
    await t.app.inject({ method: 'GET', url: '/api/igdb/games/no-such-game' });
    await t.app.inject({ method: 'GET', url: '/api/igdb/games/another-missing-one' });
    await t.app.inject({ method: 'GET', url: '/api/health/live' });
    await t.app.inject({ method: 'GET', url: '/api/no/such/call' });
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/api/igdb/games/:slug",status_class="4xx",status="404"} 2');
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/api/health/live",status_class="2xx",status="200"} 1');
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="unmatched",status_class="4xx",status="404"} 1');
    expect(text).not.toContain('no-such-game');
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/health\/live",status_class="2xx",status="200"\}/);
    expect(text).toContain('http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/health/live",status_class="2xx",status="200"} 1');
  });

  it('reports the response cache, the process and (on PostgreSQL) the connection pool', async () => {
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(text).toMatch(/^vgl_response_cache_entries \d+$/m);
    expect(text).toMatch(/^vgl_response_cache_bytes \d+$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
    if (kind === 'postgres') {
      expect(text).toMatch(/^vgl_db_pool_max 10$/m);
      expect(text).toMatch(/^vgl_db_pool_total [1-9]\d*$/m);
      expect(text).toMatch(/^vgl_db_pool_idle \d+$/m);
      expect(text).toMatch(/^vgl_db_pool_waiting 0$/m);
    } else expect(text).not.toContain('vgl_db_pool');
  });

  it('is not an operation of the public API document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });

  it('lets other modules report a gauge, read at each scrape', async () => {
    let depth = 3;
    t.app.metrics.addGauge('vgl_test_queue_depth', 'A test queue', () => depth);
    expect((await scrape(`Bearer ${TOKEN}`)).body).toMatch(/^vgl_test_queue_depth 3$/m);
    depth = 5;
    expect((await scrape(`Bearer ${TOKEN}`)).body).toMatch(/^vgl_test_queue_depth 5$/m);
  });
});

describe('without METRICS_TOKEN (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('has no /metrics at all', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer anything-at-all-0123' } });
    expect(res.statusCode).toBe(404);
  });
});

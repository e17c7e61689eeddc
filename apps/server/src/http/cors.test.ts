import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createTestApp, type TestApp } from '../test/app.js';

describe('CORS for third-party browser clients', () => {
  let on: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    [on, off] = await Promise.all([createTestApp('sqlite', { env: { API_CORS_ORIGINS: 'https://app.example.com, https://other.example' } }), createTestApp('sqlite')]);
  });
  afterAll(() => Promise.all([on.close(), off.close()]));

  const preflight = (t: TestApp, origin: string, url = '/api/users/alice/library/celeste') =>
    t.app.inject({
      method: 'OPTIONS',
      url,
      headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization, content-type' },
    });

  it('answers a listed origin, with the headers a client needs and no credentials', async () => {
    const res = await preflight(on, 'https://app.example.com');
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(res.headers['access-control-allow-methods']).toContain('PUT');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    const get = await on.app.inject({ method: 'GET', url: '/api/igdb/games', headers: { origin: 'https://other.example' } });
    expect(get.headers['access-control-allow-origin']).toBe('https://other.example');
    expect(get.headers['access-control-expose-headers']).toContain('X-Total-Count');
  });

  it('says nothing to other origins, to pages outside /api, and when not configured', async () => {
    expect((await preflight(on, 'https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
    const page = await on.app.inject({ method: 'GET', url: '/', headers: { origin: 'https://app.example.com' } });
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
    const res = await off.app.inject({ method: 'GET', url: '/api/igdb/games', headers: { origin: 'https://app.example.com' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a malformed origin list at start, naming the variable', () => {
    expect(() => loadConfig({ API_CORS_ORIGINS: 'app.example.com/path' })).toThrow(/API_CORS_ORIGINS/);
    expect(loadConfig({ API_CORS_ORIGINS: '*' }).corsOrigins).toEqual(['*']);
  });
});

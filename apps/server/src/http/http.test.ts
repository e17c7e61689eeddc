import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { dataHeaders } from './security-headers.js';
import { AppError } from './errors.js';
import { errorResponse } from './route-conventions.js';
import { NUL_MESSAGE } from './schema-compilers.js';

// HTTP behaviour that does not touch the database: run once, on SQLite.
describe('HTTP conventions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    t.app.get('/api/test/boom', async () => {
      throw new Error('secret database detail');
    });
    t.app.get('/api/test/teapot', { schema: { response: { 409: errorResponse(409) } } }, async () => {
      throw new AppError(409, 'conflict', 'That name is taken.', { username: 'This username is already in use' });
    });
  });
  afterAll(() => t.close());

  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ error: 'not_found', message: 'Route GET:/api/does-not-exist not found', statusCode: 404 });
  });

  it('hides the details of a 5xx and gives an id to quote', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toMatchObject({ error: 'internal', statusCode: 500, requestId: expect.any(String) });
    expect(res.body).not.toContain('secret database detail');
  });

  it('passes a 4xx AppError through with its id, message and field errors', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/teapot' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'conflict',
      message: 'That name is taken.',
      statusCode: 409,
      errors: { username: 'This username is already in use' },
    });
  });

  it('answers a malformed JSON body with a 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"oops":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_json', message: 'The request body is not valid JSON.' });
  });

  it('refuses a NUL character in any field or path before it reaches a query', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: 'a\u0000b', password: 'x' } });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({ error: 'validation_failed', errors: { identifier: NUL_MESSAGE } });
    const nested = await t.app.inject({ method: 'PUT', url: '/api/profile/favourites', payload: { games: ['ok', 'a\u0000'] } });
    expect(nested.statusCode).toBe(401); // the guard runs first: a visitor learns nothing from a 400
    const user = await t.app.inject({ method: 'GET', url: '/api/users/a%00b' });
    expect(user.statusCode).toBe(400);
    expect(user.json().errors).toEqual({ username: NUL_MESSAGE });
    const nestedDeep = `${'['.repeat(5000)}"a\\u0000"${']'.repeat(5000)}`;
    const deep = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: `{"identifier":"x","password":"y","deep":${nestedDeep}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(deep.statusCode).toBe(400);
  });

  it('keeps API answers out of caches', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier: 'nobody', password: 'Secret123' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sends pages the full security headers, with unused browser features switched off', async () => {
    for (const url of ['/', '/games', '/api/docs/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['permissions-policy'], url).toContain('camera=()');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('sends API answers the headers data needs: nothing may run, frame or sniff them', async () => {
    for (const [method, url] of [['GET', '/api/health'], ['GET', '/api/igdb/games'], ['POST', '/api/auth/login'], ['GET', '/api/nothing-here']] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      // Document-only policies are left off data.
      expect(res.headers['permissions-policy'], url).toBeUndefined();
    }
  });

  it('compresses JSON with brotli or gzip as the client asks', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    const gz = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('describes the API as OpenAPI generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./), paths: { '/api/health': expect.any(Object) } });
  });
});

describe('serving the web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    fs.mkdirSync(path.join(t.config.dataDir, 'uploads', 'avatars'), { recursive: true });
    fs.writeFileSync(path.join(t.config.dataDir, 'uploads', 'avatars', 'a1.webp'), 'webp-bytes');
  });
  afterAll(() => t.close());

  it('serves the SPA at / with canonical link and share image from PUBLIC_URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<link rel="canonical" href="https://vgl.test/" />');
    expect(res.body).toContain('<meta property="og:image" content="https://vgl.test/img/og-image.jpg" />');
  });

  it('answers an unknown page with the SPA (which shows the 404 screen) and a 404 status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/anything-unknown?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
    expect(res.body).toContain('href="https://vgl.test/anything-unknown"');
  });

  it('escapes the path it echoes into the page head', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/%22%3E%3Cscript%3Ealert(1)%3C/script%3E' });
    expect(res.body).not.toContain('<script>alert(1)');
  });

  it('caches hashed assets for a year, immutable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('serves the service worker and the manifest so that browsers always check them for a new build', async () => {
    for (const encoding of ['br', 'identity']) {
      const res = await t.app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control'], encoding).toBe('no-cache');
      // The CSP lets the page run its own worker and manifest, nobody else's.
      expect(res.headers['content-security-policy']).toContain("worker-src 'self'");
      expect(res.headers['content-security-policy']).toContain("manifest-src 'self'");
    }
    expect((await t.app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'br' } })).headers['content-encoding']).toBe('br');
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
    // Other public files keep their day-long cache.
    expect((await t.app.inject({ method: 'GET', url: '/robots.txt' })).headers['cache-control']).toBe('public, max-age=86400');
  });

  it('answers a missing file with a 404, never the HTML shell', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  it('serves robots.txt as a real text file', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toContain('User-agent');
  });

  it('serves uploads from DATA_DIR/uploads', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/uploads/avatars/a1.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('webp-bytes');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('refuses to serve files outside the uploads folder', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/uploads/..%2f..%2fvgl.sqlite' });
    expect(res.statusCode).toBe(404);
  });
});

describe('before the web app is built', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { webRoot: '/nonexistent/vgl-web-dist' });
  });
  afterAll(() => t.close());

  it('says how to build it instead of failing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
  });
});

describe('security headers of data behind https', () => {
  it('keep HSTS when the pages have it', () => {
    expect(dataHeaders({ 'strict-transport-security': 'max-age=15552000' })['strict-transport-security']).toBe('max-age=15552000');
    expect(dataHeaders({})['strict-transport-security']).toBeUndefined();
  });
});

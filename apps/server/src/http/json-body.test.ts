import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { dbKinds } from '../test/databases.js';
import { bearer, createUser, loginToken } from '../test/users.js';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from './json-body.js';

describe('how deep a JSON text goes', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    expect(jsonDepthExceeds('{"a":[1,{"b":"[[[[[[["}]}', 3)).toBe(false);
    expect(jsonDepthExceeds('{"a":[1,{"b":[]}]}', 3)).toBe(true);
    expect(jsonDepthExceeds('{"a":"\\"[[[["}', 1)).toBe(false);
    expect(jsonDepthExceeds('['.repeat(1_000_000) + ']'.repeat(1_000_000))).toBe(true);
  });
});

describe.each(dbKinds)('JSON bodies on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await createUser(t.db.kysely, { username: 'deep' });
    token = await loginToken(t.app, 'deep');
  });
  afterAll(async () => t?.close());

  it('refuses a body nested a million levels deep with a clear 400, and keeps serving', async () => {
    const deep = `{"csv":"Name\\nTetris","picks":${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}}`;
    const res = await t.app.inject({ method: 'POST', url: '/api/users/deep/library/import/preview', headers: { ...bearer(token), 'content-type': 'application/json' }, payload: deep });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: 'body_too_deep', message: `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of objects and arrays.` });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // A body over 1 MB is parsed in a worker: it is refused the same way.
    const large = `{"csv":"Name\\n${'Tetris\\n'.repeat(150_000)}","picks":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const big = await t.app.inject({ method: 'POST', url: '/api/users/deep/library/import/preview', headers: { ...bearer(token), 'content-type': 'application/json' }, payload: large });
    expect(big.statusCode, big.body.slice(0, 200)).toBe(400);
    expect(big.json().error).toBe('body_too_deep');
  });

  it('still parses ordinary bodies, and still refuses prototype poisoning and bad JSON', async () => {
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/isusernamefree', headers: { 'content-type': 'application/json' }, payload: '{"username":"someone"}' });
    expect(ok.statusCode).toBe(200);
    const poisoned = await t.app.inject({ method: 'POST', url: '/api/auth/isusernamefree', headers: { 'content-type': 'application/json' }, payload: '{"username":"x","__proto__":{"admin":true}}' });
    expect(poisoned.statusCode).toBe(400);
    const broken = await t.app.inject({ method: 'POST', url: '/api/auth/isusernamefree', headers: { 'content-type': 'application/json; charset=utf-8' }, payload: '{"username":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('The request body is not valid JSON.');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { dbKinds } from '../../test/databases.js';
import { createUser } from '../../test/users.js';
import { INBOX_POSTS_PER_MINUTE } from './federation.routes.js';

describe.each(dbKinds)('federation inbox limits on %s', (kind) => {
  let t: TestApp;
  let annId: number;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { FEDERATION: 'on' }, rateLimits: true, federation: { allowPrivateHttp: true } });
    annId = (await createUser(t.db.kysely, { username: 'ann' })).id;
  });
  afterAll(() => t?.close());

  it('answers 429 to an address posting to the inboxes faster than a server delivering would', async () => {
    const post = () =>
      t.app.inject({ method: 'POST', url: `/ap/users/${annId}/inbox`, remoteAddress: '203.0.113.9', headers: { 'content-type': 'application/activity+json' }, payload: '{}' });
    const statuses: number[] = [];
    for (let i = 0; i < INBOX_POSTS_PER_MINUTE; i += 1) statuses.push((await post()).statusCode);
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    const over = await post();
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ error: 'rate_limited' });
    // Another address is not held back by it, and reads are not inbox posts.
    const other = await t.app.inject({ method: 'POST', url: `/ap/users/${annId}/inbox`, remoteAddress: '203.0.113.10', headers: { 'content-type': 'application/activity+json' }, payload: '{}' });
    expect(other.statusCode).not.toBe(429);
    expect((await t.app.inject({ url: `/ap/users/${annId}`, remoteAddress: '203.0.113.9', headers: { accept: 'application/activity+json' } })).statusCode).toBe(200);
  });
});

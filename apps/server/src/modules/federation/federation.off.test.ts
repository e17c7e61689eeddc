import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { dbKinds } from '../../test/databases.js';
import { createUser } from '../../test/users.js';
import { fedifyLoaded } from './federation.fedify.js';

describe.each(dbKinds)('federation off (FEDERATION unset) on %s', (kind) => {
  let t: TestApp;
  let annId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    annId = (await createUser(t.db.kysely, { username: 'ann' })).id;
  });
  afterAll(() => t?.close());

  it('has no WebFinger, actors or inboxes', async () => {
    expect(t.config.federation).toBe(false);
    const webfinger = await t.app.inject({ url: `/.well-known/webfinger?resource=${encodeURIComponent('acct:ann@vgl.test')}`, headers: { accept: 'application/jrd+json' } });
    expect(webfinger.statusCode).toBe(404);
    for (const url of [`/ap/users/${annId}`, `/ap/users/${annId}/outbox`]) {
      expect((await t.app.inject({ url, headers: { accept: 'application/activity+json' } })).statusCode, url).toBe(404);
    }
    const inbox = await t.app.inject({ method: 'POST', url: `/ap/users/${annId}/inbox`, headers: { 'content-type': 'application/activity+json' }, payload: '{}' });
    expect(inbox.statusCode).toBe(404);
  });

  it('never imports Fedify', () => {
    expect(fedifyLoaded()).toBe(false);
  });
});

describe('Fedify at start-up', () => {
  it('is imported by value in one place only, on first use (federation.fedify.ts)', () => {
    const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const files = fs.readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('test'));
    // A static `import { x } from '@fedify/fedify'` anywhere would load it with the server (the bundle keeps packages as imports).
    const valueImports = files.filter((file) => /^import (?!type )[^;]*from '@(fedify\/fedify|js-temporal\/polyfill)'/m.test(fs.readFileSync(path.join(src, file), 'utf8')));
    expect(valueImports).toEqual([]);
  });
});

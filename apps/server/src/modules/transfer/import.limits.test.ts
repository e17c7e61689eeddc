import http from 'node:http';
import zlib from 'node:zlib';
import { LIBRARY_LIMITS, LIBRARY_MESSAGES } from '@vgl/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';
import { IMPORT_RETRY_AFTER_SECONDS, IMPORTS_AT_ONCE } from './import.gate.js';

/*
 * Bounds on imports: one at a time per member (429), IMPORTS_AT_ONCE on the
 * server (503 with Retry-After), the slot given back when an answer is sent
 * or the client goes away; gzip bodies, held to the same limits once
 * decompressed.
 */

const CSV = 'record_type,title,year\nlibrary,Celeste,2018\nlibrary,Doom,1993\n';
const PREVIEW = { format: 'vgl', total: 2, matched: 2, unmatched: 0 };

/**
 * An import whose body is still being uploaded: its headers and the start
 * of its body are sent, the rest never, so it holds its member's slot (taken
 * before the body is read) until `abort`. Should it be answered (it came
 * while a probe of the test held the slot it needs), it starts again.
 */
function uploadingImport(address: string, username: string, token: string) {
  let req: http.ClientRequest;
  let aborted = false;
  const start = () => {
    const attempt = http.request(`${address}/api/users/${username}/library/import/preview`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json', 'content-length': 100_000 },
    });
    attempt.on('error', () => undefined);
    attempt.on('response', (res) => {
      res.resume();
      // Its body will never be finished: end its connection, or the server waits for it on close.
      attempt.destroy();
      if (!aborted) start();
    });
    attempt.write('{"csv":"record_type,title\\n');
    req = attempt;
  };
  start();
  return {
    abort: () => {
      aborted = true;
      req.destroy();
    },
  };
}

/** Asks until the answer has the status wanted (a request sent just before may not have reached the server yet). */
async function eventually(ask: () => Promise<Response>, status: number): Promise<Response> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await ask();
    if (res.status === status || Date.now() > deadline) return res;
    await res.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(dbKinds)('import limits on %s', (kind) => {
  let t: TestApp;
  let address: string;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, [
      { name: 'Celeste', slug: 'celeste', year: 2018, platforms: ['win'], popularity: 60 },
      { name: 'Doom', slug: 'doom', year: 1993, platforms: ['win'], popularity: 80 },
    ]);
    for (const name of ['ann', 'bob', 'cat', 'dan']) {
      await createUser(t.db.kysely, { username: name });
      tokens[name] = await loginToken(t.app, name);
    }
    address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  const preview = (user: string, url = `/api/users/${user}/library/import/preview`) =>
    fetch(`${address}${url}`, { method: 'POST', headers: { ...bearer(tokens[user]!), 'content-type': 'application/json' }, body: JSON.stringify({ csv: CSV }) });

  it('runs one import or preview at a time per member: a second is a 429 that says the first is running', async () => {
    expect((await preview('ann')).status).toBe(200);
    expect((await preview('ann')).status).toBe(200);

    const first = uploadingImport(address, 'ann', tokens.ann!);
    try {
      for (const url of ['/api/users/ann/library/import/preview', '/api/users/ann/library/import']) {
        const second = await eventually(() => preview('ann', url), 429);
        expect(second.status).toBe(429);
        expect(await second.json()).toMatchObject({ error: 'rate_limited', message: LIBRARY_MESSAGES.importRunning });
      }
      // Someone else's import is not held up by ann's.
      expect(await (await preview('bob')).json()).toMatchObject(PREVIEW);
    } finally {
      first.abort();
    }
    // The slot comes back when the client goes away.
    const after = await eventually(() => preview('ann'), 200);
    expect(await after.json()).toMatchObject(PREVIEW);
  });

  it(`runs at most ${IMPORTS_AT_ONCE} on the server: then a 503 with Retry-After, until one ends`, async () => {
    expect(IMPORTS_AT_ONCE).toBe(2);
    const running = [uploadingImport(address, 'ann', tokens.ann!), uploadingImport(address, 'bob', tokens.bob!)];
    try {
      const busy = await eventually(() => preview('cat'), 503);
      expect(busy.status).toBe(503);
      expect(busy.headers.get('retry-after')).toBe(String(IMPORT_RETRY_AFTER_SECONDS));
      expect(await busy.json()).toMatchObject({ error: 'import_busy', message: LIBRARY_MESSAGES.importBusy, statusCode: 503 });
      // A refused import takes no slot: still 503, not 429, for the same member.
      expect((await preview('cat')).status).toBe(503);
      running.shift()!.abort();
      const turn = await eventually(() => preview('cat'), 200);
      expect(await turn.json()).toMatchObject(PREVIEW);
    } finally {
      for (const upload of running) upload.abort();
    }
  });

  it('gives the slot back after an answer of any kind', async () => {
    const send = (payload: object) => t.app.inject({ method: 'POST', url: '/api/users/dan/library/import', headers: bearer(tokens.dan!), payload });
    expect((await send({ csv: '' })).statusCode).toBe(400);
    expect((await send({ csv: 'foo,bar\n1,2' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/users/ann/library/import', headers: bearer(tokens.dan!), payload: { csv: CSV } })).statusCode).toBe(403);
    expect((await send({ csv: CSV })).json()).toMatchObject({ format: 'vgl', entries: 2 });
  });

  describe('gzip bodies', () => {
    const gzipped = (user: string, body: Buffer, encoding = 'gzip') =>
      t.app.inject({
        method: 'POST',
        url: `/api/users/${user}/library/import/preview`,
        headers: { ...bearer(tokens[user]!), 'content-type': 'application/json', 'content-encoding': encoding },
        payload: body,
      });
    const json = (value: unknown) => Buffer.from(JSON.stringify(value));

    it('are read on the import routes, like the same body sent plain', async () => {
      const plain = await t.app.inject({ method: 'POST', url: '/api/users/ann/library/import/preview', headers: bearer(tokens.ann!), payload: { csv: CSV } });
      const res = await gzipped('ann', zlib.gzipSync(json({ csv: CSV })));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(plain.json());
      const imported = await t.app.inject({
        method: 'POST',
        url: '/api/users/bob/library/import',
        headers: { ...bearer(tokens.bob!), 'content-type': 'application/json', 'content-encoding': 'gzip' },
        payload: zlib.gzipSync(json({ csv: CSV })),
      });
      expect(imported.json()).toMatchObject({ format: 'vgl', entries: 2 });
    });

    it('are held to the body limit once decompressed (413), and the file inside to the file limit (400)', async () => {
      // 70 MB of JSON that gzip makes 70 KB: refused while it is being inflated.
      const bomb = zlib.gzipSync(Buffer.concat([Buffer.from('{"csv":"'), Buffer.alloc(70 * 1024 * 1024, 'a'), Buffer.from('"}')]));
      expect(bomb.length).toBeLessThan(1024 * 1024);
      const res = await gzipped('ann', bomb);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ error: 'payload_too_large' });

      const row = `library,Celeste,"${'A long review. '.repeat(26)}"\n`;
      const overFile = zlib.gzipSync(json({ csv: `record_type,title,review\n${row.repeat(Math.ceil(LIBRARY_LIMITS.importMaxBytes / row.length) + 1)}` }));
      const tooBig = await gzipped('ann', overFile);
      expect(tooBig.statusCode).toBe(400);
      expect(tooBig.json().message).toBe(LIBRARY_MESSAGES.importTooLarge);
    });

    it('are gzip only: other encodings are a 415, broken gzip a 400', async () => {
      const br = await gzipped('ann', zlib.brotliCompressSync(json({ csv: CSV })), 'br');
      expect(br.statusCode).toBe(415);
      expect(br.json().message).toContain('gzip');
      expect((await gzipped('ann', zlib.deflateSync(json({ csv: CSV })), 'deflate')).statusCode).toBe(415);
      expect((await gzipped('ann', json({ csv: CSV }), 'identity')).statusCode).toBe(200);
      const broken = await gzipped('ann', Buffer.from('this is not gzip at all'));
      expect(broken.statusCode).toBe(400);
    });
  });
});

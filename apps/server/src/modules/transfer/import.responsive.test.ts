import http from 'node:http';
import { LIBRARY_LIMITS } from '@vgl/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { whileWatching } from '../../test/responsiveness.js';
import { createUser, loginToken } from '../../test/users.js';

/*
 * The event loop stays responsive while the heaviest requests a member can
 * make run: a preview of a maximal import file (200,000 rows, just under
 * 32 MB) and an avatar upload of the largest picture taken, at the same
 * time, against a real listening server. Meanwhile /api/health is asked
 * every 20 ms. The target is under 50 ms; on a quiet 2-core machine the
 * longest stall is 30–110 ms (a route's first answer compiles its
 * serializer; a garbage collection of the file's rows). The test allows
 * 1,000 ms, for the event loop’s longest stall and for each health answer,
 * so other processes on the machine do not make it flaky (up to ~240 ms
 * seen with a load of 4 on 2 cores), while reading the file in one go
 * (4–6 s) fails it by far.
 */

// What fails it is work that blocks for seconds; the figures against the 50 ms target are bench:import's and
// bench:export's. 300 ms once failed with two test files at a time beside other processes (load ~10 on 2 cores).
const BOUND_MS = 1000;

const GAMES = [
  { name: 'The Legend of Zelda', slug: 'the-legend-of-zelda', year: 1986, platforms: ['nes'], popularity: 90 },
  { name: 'Super Mario World', slug: 'super-mario-world', year: 1990, platforms: ['snes'], popularity: 99 },
  { name: 'Pokémon Red', slug: 'pokemon-red', year: 1996, platforms: ['gb'], popularity: 95 },
  { name: 'Doom', slug: 'doom', year: 1993, platforms: ['win'], popularity: 80 },
  { name: 'Celeste', slug: 'celeste', year: 2018, platforms: ['win', 'switch'], popularity: 60 },
];

/** A VGL file at both limits: 200,000 rows, padded with reviews to just under 32 MB; some titles are unknown, so matching searches too. */
function maximalCsv(): string {
  const header = 'record_type,igdb_id,game_slug,title,year,platforms,status,rating,review\n';
  const rows = LIBRARY_LIMITS.importMaxRows;
  const budget = LIBRARY_LIMITS.importMaxBytes - header.length - 1024;
  const lines: string[] = [header];
  for (let i = 0; i < rows; i++) {
    const game = GAMES[i % GAMES.length]!;
    const [title, year] = i % 100 === 0 ? [`Unknown game ${i % 2000}`, ''] : [game.name, String(game.year)];
    const start = `library,,,"${title}",${year},PC;SNES,Playing,${1 + (i % 10)},"`;
    // Every row the same length in bytes, so the file ends just under the byte limit.
    const room = Math.floor(budget / rows) - Buffer.byteLength(start) - 2;
    lines.push(`${start}${'Great game, would play again; '.repeat(8).slice(0, room)}"\n`);
  }
  return lines.join('');
}

/** A POST over plain node:http, which writes the body straight to the socket (no copy on this event loop). */
function post(url: string, token: string, body: Buffer, contentType: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'content-length': body.length } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function multipart(file: Buffer): { body: Buffer; contentType: string } {
  const boundary = '----vglresponsive';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`;
  return { body: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(dbKinds)('responsiveness during a maximal import preview and avatar upload on %s', (kind) => {
  let t: TestApp;
  let address: string;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, GAMES);
    await createUser(t.db.kysely, { username: 'ann' });
    token = await loginToken(t.app, 'ann');
    address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  it('answers /api/health within the bound the whole time, and both finish', async () => {
    const csv = maximalCsv();
    expect(Buffer.byteLength(csv)).toBeGreaterThan(LIBRARY_LIMITS.importMaxBytes * 0.99);
    expect(Buffer.byteLength(csv)).toBeLessThanOrEqual(LIBRARY_LIMITS.importMaxBytes);
    const previewBody = Buffer.from(JSON.stringify({ csv, format: 'auto' }));
    // The largest picture taken: 64 megapixels of 8-bit RGBA (256 MB decoded), compressed to a few hundred KB.
    const picture = await sharp({ create: { width: 8000, height: 8000, channels: 4, background: { r: 200, g: 30, b: 60, alpha: 0.5 } } }).png().toBuffer();
    const avatar = multipart(picture);

    const { result, stalls } = await whileWatching(address, () =>
      Promise.all([
        post(`${address}/api/users/ann/library/import/preview`, token, previewBody, 'application/json'),
        post(`${address}/api/profile/avatar`, token, avatar.body, avatar.contentType),
      ]),
    );
    const [preview, upload] = result;

    expect(preview.status, preview.body.slice(0, 300)).toBe(200);
    expect(JSON.parse(preview.body)).toMatchObject({ format: 'vgl', total: LIBRARY_LIMITS.importMaxRows, unmatched: LIBRARY_LIMITS.importMaxRows / 100, errors: [] });
    expect(upload.status, upload.body).toBe(200);
    if (process.env.SHOW_STALLS) console.warn(kind, JSON.stringify(stalls));
    expect(stalls.healthAnswers).toBeGreaterThan(10);
    expect(stalls.eventLoopMaxMs, JSON.stringify(stalls)).toBeLessThan(BOUND_MS);
    expect(stalls.healthMaxMs, JSON.stringify(stalls)).toBeLessThan(BOUND_MS);
  }, 180_000);
});

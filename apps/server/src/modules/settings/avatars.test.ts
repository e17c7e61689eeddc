import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openAnotherApp, type TestApp } from '../../test/app.js';
import { dbKinds } from '../../test/databases.js';
import { bearer, createUser, loginToken } from '../../test/users.js';
import { usersRepo } from '../users/users.repo.js';
import { AVATAR_RETRY_AFTER_SECONDS, CONVERSIONS_AT_ONCE, CONVERSIONS_WAITING } from './avatars.js';
import { SETTINGS_MESSAGES } from './settings.schemas.js';

const NOT_AN_IMAGE = 'Choose a PNG, JPEG, WebP or GIF image.';

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
function formData(file: Buffer, { field = 'avatar', filename = 'me.png', type = 'image/png' } = {}) {
  const boundary = `----vgl${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 20, g: 160, b: 90 } } });

/** Two 64×64 frames: red, then blue. */
async function animatedGif(): Promise<Buffer> {
  const frame = 64 * 64 * 3;
  const raw = Buffer.alloc(frame * 2);
  for (let i = 0; i < frame; i += 3) {
    raw[i] = 255;
    raw[frame + i + 2] = 255;
  }
  return sharp(raw, { raw: { width: 64, height: 128, channels: 3, pageHeight: 64 } }).gif().toBuffer();
}

/** 16 bits per channel: a 64000×1000 one passes the pixel cap (64 megapixels) but decodes to 384 MB; it compresses to ~550 KB. */
const sixteenBit = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 20, b: 30 } } }).toColourspace('rgb16').png({ compressionLevel: 9 }).toBuffer();

/** Random pixels, so PNG cannot compress them. */
const noisePng = (side: number) => sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();

describe.each(dbKinds)('avatars on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await createUser(t.db.kysely, { username: 'ann' });
    token = await loginToken(t.app, 'ann');
  });
  afterAll(() => t.close());

  const upload = (file: Buffer, options?: Parameters<typeof formData>[1], who = token) => {
    const { payload, headers } = formData(file, options);
    return t.app.inject({ method: 'POST', url: '/api/profile/avatar', payload, headers: { ...headers, ...bearer(who) } });
  };
  /** The stored images, by name: avatars live in the database, not on this instance's disk. */
  const storedNames = async () => (await t.db.kysely.selectFrom('avatars').select('name').orderBy('name').execute()).map((row) => row.name);
  const storedBytes = async (name: string) => Buffer.from((await t.db.kysely.selectFrom('avatars').select('bytes').where('name', '=', name).executeTakeFirstOrThrow()).bytes);
  const currentAvatar = async () => (await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) })).json().avatar as string | null;

  it('re-encodes a PNG to a 256×256 WebP under a random name, served at /uploads/avatars/{file}', async () => {
    const res = await upload(await solid(600, 400).png().toBuffer());
    expect(res.statusCode).toBe(200);
    const { avatar } = res.json();
    expect(avatar).toMatch(/^[0-9a-f]{32}\.webp$/);
    const stored = await sharp(await storedBytes(avatar)).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['webp', 256, 256]);
    expect(fs.existsSync(path.join(t.config.dataDir, 'uploads', 'avatars', avatar))).toBe(false);

    const served = await t.app.inject({ method: 'GET', url: `/uploads/avatars/${avatar}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\/webp/);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = served.headers.etag as string;
    expect(etag).toMatch(/^"/);
    expect((await t.app.inject({ method: 'GET', url: `/uploads/avatars/${avatar}`, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/avatars/0123456789abcdef0123456789abcdef.webp' })).statusCode).toBe(404);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    expect((await t.app.inject({ method: 'GET', url: '/api/profile/avatar/', headers: bearer(token) })).json()).toEqual({ avatar, isSuspended: false });
  });

  it('sniffs the real type, not the name or the sent type, and removes the previous image', async () => {
    const before = await currentAvatar();
    const res = await upload(await solid(300, 900).jpeg().toBuffer(), { filename: 'holiday.png', type: 'text/plain' });
    expect(res.statusCode).toBe(200);
    expect(res.json().avatar).not.toBe(before);
    expect(await storedNames()).toEqual([res.json().avatar]);
    expect((await t.app.inject({ method: 'GET', url: `/uploads/avatars/${before}` })).statusCode).toBe(404);
    const stored = await sharp(await storedBytes(res.json().avatar)).metadata();
    expect([stored.width, stored.height]).toEqual([256, 256]);
  });

  it('keeps the first frame of an animated GIF', async () => {
    const res = await upload(await animatedGif(), { filename: 'dance.gif', type: 'image/gif' });
    expect(res.statusCode).toBe(200);
    const file = await storedBytes(res.json().avatar);
    const metadata = await sharp(file).metadata();
    expect([metadata.format, metadata.width, metadata.height, metadata.pages ?? 1]).toEqual(['webp', 256, 256, 1]);
    const [red, green, blue] = (await sharp(file).stats()).channels.map((c) => c.mean);
    expect(red).toBeGreaterThan(200);
    expect(green! + blue!).toBeLessThan(40);
  });

  it('refuses a file over 5 MB with 413 and says so, keeping the avatar', async () => {
    const before = await currentAvatar();
    const big = await noisePng(1450);
    expect(big.length).toBeGreaterThan(6_000_000);
    const res = await upload(big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'payload_too_large', message: 'The image must be 5 MB or smaller.' });

    // Over a real socket the body arrives in chunks, which once let a truncated file through as "not an image".
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const form = new FormData();
    form.append('avatar', new Blob([big], { type: 'image/png' }), 'big.png');
    const streamed = await fetch(`${address}/api/profile/avatar`, { method: 'POST', body: form, headers: bearer(token) });
    expect(streamed.status).toBe(413);
    expect(((await streamed.json()) as { message: string }).message).toBe('The image must be 5 MB or smaller.');
    expect(await currentAvatar()).toBe(before);
  });

  it('refuses a picture whose decoded pixels would pass 256 MB, though it has no more than 64 megapixels: 16-bit colour counts double', async () => {
    const before = await currentAvatar();
    const png = await sixteenBit(64_000, 1_000);
    expect(png.length).toBeLessThan(1024 * 1024);
    const metadata = await sharp(png).metadata();
    expect([metadata.width! * metadata.height!, metadata.depth]).toEqual([64_000_000, 'ushort']);
    const res = await upload(png);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: SETTINGS_MESSAGES.avatarTooManyBytes, errors: { avatar: SETTINGS_MESSAGES.avatarTooManyBytes } });
    expect(await currentAvatar()).toBe(before);

    // 16-bit pictures within the budget are fine.
    const small = await upload(await sixteenBit(600, 400));
    expect(small.statusCode).toBe(200);
    const stored = await sharp(await storedBytes(small.json().avatar)).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['webp', 256, 256]);
  });

  it(`converts ${CONVERSIONS_AT_ONCE} picture at a time with ${CONVERSIONS_WAITING} waiting; beyond that a 503 with Retry-After`, async () => {
    const big = await sharp({ create: { width: 8000, height: 8000, channels: 4, background: { r: 200, g: 30, b: 60, alpha: 0.5 } } }).png().toBuffer();
    const answers = await Promise.all(Array.from({ length: CONVERSIONS_AT_ONCE + CONVERSIONS_WAITING + 3 }, () => upload(big)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(CONVERSIONS_AT_ONCE + CONVERSIONS_WAITING);
    expect(statuses.filter((s) => s !== 200).length).toBeGreaterThan(0);
    for (const res of answers.filter((r) => r.statusCode !== 200)) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe(String(AVATAR_RETRY_AFTER_SECONDS));
      expect(res.json()).toMatchObject({ error: 'avatar_busy', message: SETTINGS_MESSAGES.avatarBusy });
    }
    // Once the line is gone, uploads go through again.
    expect((await upload(await solid(300, 300).png().toBuffer())).statusCode).toBe(200);
  });

  it('refuses text renamed .png, a truncated PNG, an SVG, a wrong field and a missing file with 400', async () => {
    const before = await currentAvatar();
    const png = await noisePng(200);
    const bad = [
      await upload(Buffer.from('This is a text file, not a picture.\n'.repeat(20)), { filename: 'notes.png' }),
      await upload(png.subarray(0, Math.floor(png.length / 2))),
      await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64"/></svg>'), { filename: 'a.svg', type: 'image/svg+xml' }),
      await upload(await solid(64, 64).png().toBuffer(), { field: 'picture' }),
      await t.app.inject({ method: 'POST', url: '/api/profile/avatar', payload: { avatar: 'x.png' }, headers: bearer(token) }),
    ];
    for (const res of bad) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ message: NOT_AN_IMAGE, errors: { avatar: NOT_AN_IMAGE } });
    }
    expect(await currentAvatar()).toBe(before);
    expect(await storedNames()).toEqual([before]);
  });

  it('removes the avatar and its image', async () => {
    const before = await currentAvatar();
    const res = await t.app.inject({ method: 'DELETE', url: '/api/profile/avatar', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ avatar: null });
    expect(await currentAvatar()).toBeNull();
    expect(await storedNames()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/uploads/avatars/${before}` })).statusCode).toBe(404);
  });

  it('never deletes a file outside the avatars folder, whatever the column says', async () => {
    const ann = (await usersRepo.findByUsername(t.db.kysely, 'ann'))!;
    const outside = path.join(t.config.dataDir, 'uploads', 'keep.txt');
    fs.writeFileSync(outside, 'keep me');
    await usersRepo.update(t.db.kysely, ann.id, { avatar: '../keep.txt' });
    expect((await t.app.inject({ method: 'DELETE', url: '/api/profile/avatar', headers: bearer(token) })).statusCode).toBe(200);
    expect(fs.readFileSync(outside, 'utf8')).toBe('keep me');
  });

  it('answers 401 to visitors and leaves multipart bodies elsewhere refused', async () => {
    const { payload, headers } = formData(await solid(64, 64).png().toBuffer());
    expect((await t.app.inject({ method: 'POST', url: '/api/profile/avatar', payload, headers })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/profile/avatar' })).statusCode).toBe(401);
    const elsewhere = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers });
    expect(elsewhere.statusCode).toBe(415);
  });
});

describe.each(dbKinds)('avatar files from before the database kept them, on %s', (kind) => {
  let t: TestApp;
  afterAll(() => t.close());

  it('are moved into the database at start, so an upgrade loses none and every instance serves them', async () => {
    t = await createTestApp(kind);
    const bob = await createUser(t.db.kysely, { username: 'bob' });
    const webp = await solid(256, 256).webp().toBuffer();
    const dir = path.join(t.config.dataDir, 'uploads', 'avatars');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0.webp'), webp);
    fs.writeFileSync(path.join(dir, 'nobody-uses-this.webp'), webp);
    await usersRepo.update(t.db.kysely, bob.id, { avatar: 'b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0.webp' });

    // Before the next start, the instance that has the file still serves it from its disk.
    const fromDisk = await t.app.inject({ method: 'GET', url: '/uploads/avatars/b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0.webp' });
    expect([fromDisk.statusCode, fromDisk.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);

    // The upgraded instance starts on the same DATA_DIR; another, with a disk of its own, then serves the picture too.
    const restarted = await openAnotherApp(t, { dataDir: t.config.dataDir });
    await restarted.app.ready();
    const elsewhere = await openAnotherApp(t);
    try {
      const served = await elsewhere.app.inject({ method: 'GET', url: '/uploads/avatars/b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0.webp' });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toMatch(/^image\/webp/);
      expect(Buffer.compare(served.rawPayload, webp)).toBe(0);
      // Only pictures someone uses are moved.
      expect((await t.db.kysely.selectFrom('avatars').select('name').execute()).map((r) => r.name)).toEqual(['b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0.webp']);
    } finally {
      await elsewhere.close();
      await restarted.close();
    }
  });
});

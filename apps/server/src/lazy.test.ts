import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSharp } from './modules/settings/avatars.js';
import { createTestApp, type TestApp } from './test/app.js';
import { dbKinds } from './test/databases.js';

/**
 * Packages an instance needs only for some requests or jobs: loaded on first use, not at start-up
 * (lazy.ts). nodemailer is not checked here: the tests' SMTP sink (smtp-server) loads it in this process; nor is
 * htmlparser2 (remote posts, federation.sanitize.ts), which the tests' mail reader (mailparser) loads.
 */
const ON_FIRST_USE = ['pg-boss', 'web-push', 'sharp', 'ical-generator', 'csv-parse', 'csv-stringify'];
/** A restart finds its VAPID pair (only the first start makes one, with web-push): a test-only pair, given as an operator would. */
const VAPID = { VAPID_PUBLIC_KEY: 'BBaAozETyhOxF7GG3D89a3IBaxjXC9-SzUIev4WsF1LFnqgwFrzrb-W4r6eU2k3R-TAvrYZUNNbbuF6_YrgRqJA', VAPID_PRIVATE_KEY: 'T8v58RtMmseGRe0VYGSVSmA4-C0Rvgy0O1twYXxE7SE' };
const loaded = (name: string) => Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes(`/node_modules/${name}/`));

describe.each(dbKinds)('start-up on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: VAPID });
  });
  afterAll(() => t.close());

  it('builds and serves without loading the libraries of rarer requests', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    // PostgreSQL's job queue is pg-boss: needed there from the start.
    expect(ON_FIRST_USE.filter(loaded)).toEqual(kind === 'postgres' ? ['pg-boss'] : []);
  });

});

// After the start-ups above (one module cache for the file): proves the check sees a package once it is loaded.
describe('a library loaded on first use', () => {
  it('is loaded when first needed, with its settings, once', () => {
    expect(loaded('sharp')).toBe(false);
    const sharp = loadSharp();
    expect(loaded('sharp')).toBe(true);
    expect(sharp.concurrency()).toBe(1);
    expect(loadSharp()).toBe(sharp);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { createTestApp, openAnotherApp } from '../../test/app.js';
import { resolveVapidKeys, VAPID_KEYS_FILE } from './vapid.keys.js';

describe('the VAPID key pair', () => {
  it('is generated once into DATA_DIR, readable by its owner only, and kept; a configured pair wins', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-vapid-'));
    const first = resolveVapidKeys(dir, undefined);
    expect(first.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(fs.statSync(path.join(dir, VAPID_KEYS_FILE)).mode & 0o077).toBe(0);
    expect(resolveVapidKeys(dir, undefined)).toEqual(first);
    const configured = webpush.generateVAPIDKeys();
    expect(resolveVapidKeys(dir, configured)).toEqual(configured);
    fs.writeFileSync(path.join(dir, VAPID_KEYS_FILE), 'garbage');
    expect(() => resolveVapidKeys(dir, undefined)).toThrow(/is not a VAPID key pair/);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('is one pair for every instance on a PostgreSQL database, whatever their DATA_DIR', async () => {
    const first = await createTestApp('postgres');
    const second = await openAnotherApp(first);
    try {
      const key = async (t: typeof first) => (await t.app.inject({ method: 'GET', url: '/api/push/key' })).json().publicKey as string;
      expect(await key(second)).toBe(await key(first));
      expect(fs.existsSync(path.join(second.config.dataDir, VAPID_KEYS_FILE))).toBe(false);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

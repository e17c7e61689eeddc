import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveJwtSecret } from './secrets.js';

describe('JWT secret', () => {
  it('uses JWT_SECRET when set', () => {
    expect(resolveJwtSecret('/nonexistent', 'x'.repeat(40))).toBe('x'.repeat(40));
  });

  it('generates one secret on first start and keeps it in DATA_DIR', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-secret-'));
    const first = resolveJwtSecret(dir, undefined);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(resolveJwtSecret(dir, undefined)).toBe(first);
    expect(fs.statSync(path.join(dir, 'jwt-secret')).mode & 0o077).toBe(0);
    fs.rmSync(dir, { recursive: true });
  });
});

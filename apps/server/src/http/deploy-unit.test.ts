import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * examples/deploy/vgl.service as systemd reads it: `systemd-analyze verify`
 * exits 0 even for an unknown key or a bad value, and only says so, so any
 * word from it fails the test. (The tests of nginx and Caddy run those.)
 */

const UNIT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../examples/deploy/vgl.service');
const ANALYZE = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((file) => fs.existsSync(file));
if (!ANALYZE) console.warn('\n  SKIPPED deploy-unit.test.ts: systemd-analyze is not installed (Debian package systemd).\n');

function verify(file: string): string {
  const result = spawnSync(ANALYZE!, ['verify', '--man=no', file], { encoding: 'utf8' });
  return `${result.stdout}${result.stderr}`.trim();
}

describe.skipIf(!ANALYZE)('examples/deploy/vgl.service', () => {
  it('is a unit systemd reads without a complaint, as vgl.service and as the template vgl@.service', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-unit-'));
    try {
      const template = path.join(dir, 'vgl@.service');
      fs.copyFileSync(UNIT, template);
      expect(verify(UNIT)).toBe('');
      expect(verify(template)).toBe('');
      // The check itself: a misspelt key is reported.
      const broken = path.join(dir, 'broken.service');
      fs.writeFileSync(broken, fs.readFileSync(UNIT, 'utf8').replace('NoNewPrivileges=yes', 'NoNewPrivilege=yes'));
      expect(verify(broken)).toContain("Unknown key 'NoNewPrivilege'");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

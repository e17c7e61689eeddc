import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.js';
import { dbKinds } from './test/databases.js';
import { readCommit, VGL_VERSION } from './version.js';

describe('the build a server reports', () => {
  it('reads the commit from VGL_COMMIT, a loose ref or packed-refs, and says null when nothing tells', () => {
    const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-git-'));
    expect(readCommit({}, repo)).toBeNull();
    fs.mkdirSync(path.join(repo, '.git/refs/heads'), { recursive: true });
    fs.writeFileSync(path.join(repo, '.git/HEAD'), 'ref: refs/heads/main\n');
    fs.writeFileSync(path.join(repo, '.git/packed-refs'), `# pack-refs\n${'a'.repeat(40)} refs/heads/main\n`);
    expect(readCommit({}, repo)).toBe('a'.repeat(12));
    fs.writeFileSync(path.join(repo, '.git/refs/heads/main'), `${'b'.repeat(40)}\n`);
    expect(readCommit({}, repo)).toBe('b'.repeat(12));
    expect(readCommit({ VGL_COMMIT: 'C0FFEE1234567890' }, repo)).toBe('c0ffee123456');
    expect(readCommit({ VGL_COMMIT: 'not a commit' }, repo)).toBeNull();
    fs.rmSync(repo, { recursive: true, force: true });
  });
});

describe.each(dbKinds)('GET /api/health and /metrics on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { METRICS_TOKEN: 'metrics-token-0123456789' } });
  });
  afterAll(async () => t?.close());

  it('name the version and the commit this checkout is at', async () => {
    const health = (await t.app.inject({ method: 'GET', url: '/api/health' })).json();
    expect(health.version).toBe(VGL_VERSION);
    expect(health.commit).toMatch(/^[0-9a-f]{12}$/);
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-token-0123456789' } });
    expect(metrics.body).toContain(`vgl_build_info{version="${VGL_VERSION}",commit="${health.commit}"} 1`);
  });
});

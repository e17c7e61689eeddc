import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { previousReleases, resolveCommit } from './previous-release.js';

describe('the previous releases the upgrade tests start from', () => {
  it('are read from .ci/previous-release, one commit a line, comments aside', () => {
    const releases = previousReleases();
    expect(releases.length).toBeGreaterThanOrEqual(2);
    for (const release of releases) expect(release.commit).toMatch(/^[0-9a-f]{7,40}$/);
    expect(releases[0]!.label).toBe('the last release');
  });

  it('reads a bumped file: the commit first, then what it is', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-releases-')), 'previous-release');
    fs.writeFileSync(file, '# comment\n\nabc1234 the last release\n  def5678  \n');
    expect(previousReleases(file)).toEqual([
      { commit: 'abc1234', label: 'the last release' },
      { commit: 'def5678', label: 'def5678' },
    ]);
    fs.rmSync(path.dirname(file), { recursive: true });
  });

  it('fails with what to do when this clone lacks a commit (a shallow clone)', () => {
    expect(() => resolveCommit({ commit: '0123456789abcdef0123456789abcdef01234567', label: 'a release' })).toThrow(
      /Commit 0123456789abcdef0123456789abcdef01234567 \(a release, named in \.ci\/previous-release\) is not in this clone.*git fetch --unshallow/,
    );
  });

  it('finds the commits it names in this clone', () => {
    for (const release of previousReleases()) expect(resolveCommit(release)).toMatch(/^[0-9a-f]{40}$/);
  });
});

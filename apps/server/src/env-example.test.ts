import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig, SETTING_NAMES } from './config.js';
import { variablesReadInSource } from './test/settings-in-source.js';

/**
 * .env.example is the operator's list of every setting. New settings arrive
 * on several branches at once; this test is what makes each one show up
 * there (and a removed one leave) by the time it is merged.
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));
const EXAMPLE = path.resolve(SRC, '../../../.env.example');

/** `NAME=value` and `# NAME=value` (a default shown, commented out) lines: name → value. */
function exampleSettings(): Map<string, string> {
  const settings = new Map<string, string>();
  for (const line of fs.readFileSync(EXAMPLE, 'utf8').split('\n')) {
    const match = /^#? ?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match) settings.set(match[1]!, match[2]!);
  }
  return settings;
}

describe('.env.example', () => {
  const listed = exampleSettings();
  const readInSource = variablesReadInSource();

  it('sees the reads outside config.ts, such as VGL_COMMIT in version.ts', () => {
    expect(readInSource.get('VGL_COMMIT')).toBe('version.ts');
  });

  it('lists every variable the server reads', () => {
    const known = new Set([...SETTING_NAMES, ...readInSource.keys()]);
    const missing = [...known].filter((name) => !listed.has(name)).map((name) => `${name} (read in ${readInSource.get(name) ?? 'config.ts'})`);
    expect(missing, 'add these to .env.example, commented, with their default and what they do').toEqual([]);
  });

  it('lists no variable the server does not read', () => {
    const known = new Set([...SETTING_NAMES, ...readInSource.keys()]);
    const unknown = [...listed.keys()].filter((name) => !known.has(name));
    expect(unknown, 'these are in .env.example but nothing in apps/server/src reads them').toEqual([]);
  });

  it('shows values the server accepts, all of them at once', () => {
    expect(() => loadConfig(Object.fromEntries(listed), '/srv/vgl')).not.toThrow();
  });
});

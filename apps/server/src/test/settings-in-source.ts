import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server's settings as its code reads them, for the checks that keep the
 * operator's lists of settings whole: .env.example (env-example.test.ts) and
 * docs/operators/configuration.md (scripts/docs.test.ts).
 */
export const SERVER_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    // Test helpers and tests read their own variables (TEST_DATABASE_URL, FUZZ_RUNS…): not settings.
    if (entry.isDirectory()) return full === path.join(SERVER_SRC, 'test') ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Variables the server's code reads by name outside the schema: `process.env.X`, `env.X`, `env?.X`, `env['X']` → the file (relative to src/). */
export function variablesReadInSource(): Map<string, string> {
  const found = new Map<string, string>();
  const reads = [/\benv(?:\?)?\.([A-Z][A-Z0-9_]*)\b/g, /\benv\[\s*['"`]([A-Z][A-Z0-9_]*)['"`]\s*\]/g];
  for (const file of sourceFiles(SERVER_SRC)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const pattern of reads) {
      for (const match of text.matchAll(pattern)) found.set(match[1]!, path.relative(SERVER_SRC, file));
    }
  }
  return found;
}

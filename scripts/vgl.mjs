// npm run vgl -- <command>: the server's CLI (apps/server/src/cli). It builds
// the shared package and the server first only when a source file is newer
// than the build, so a command takes a moment instead of two rebuilds.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = ['packages/shared/src', 'packages/shared/package.json', 'packages/shared/tsconfig.json', 'apps/server/src', 'apps/server/package.json', 'apps/server/tsconfig.json'];
const OUTPUTS = ['packages/shared/dist/index.js', 'apps/server/dist/cli.js'];

function newest(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) latest = Math.max(latest, newest(path.join(target, entry.name)));
  return latest;
}

const builtAt = Math.min(...OUTPUTS.map((f) => fs.statSync(path.join(repo, f), { throwIfNoEntry: false })?.mtimeMs ?? 0));
const changedAt = Math.max(...SOURCES.map((s) => newest(path.join(repo, s))));
if (changedAt > builtAt) {
  for (const workspace of ['packages/shared', 'apps/server']) {
    const built = spawnSync('npm', ['run', 'build', '-s', '-w', workspace], { cwd: repo, stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  // tsc leaves an output untouched when its source did not really change: mark the build as current.
  const now = new Date();
  for (const f of OUTPUTS) if (fs.existsSync(path.join(repo, f))) fs.utimesSync(path.join(repo, f), now, now);
}
// The CLI reads process.argv after the script name, as when run directly.
process.argv.splice(1, 1, path.join(repo, 'apps/server/dist/cli.js'));
await import(pathToFileURL(path.join(repo, 'apps/server/dist/cli.js')).href);

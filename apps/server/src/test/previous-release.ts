import { createHash } from 'node:crypto';
import { execFileSync, execSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { freePort } from './free-port.js';

/**
 * A previous release of the server, built from git history and run as a
 * child process, for the upgrade tests (db/upgrade*.test.ts): the old code
 * writing while the new code migrates the same database.
 *
 * The releases come from .ci/previous-release (one commit a line), so a
 * release bump is a one-line change. A release is built once per machine and clone:
 * `git archive` of its server and shared package into a directory of the
 * temp dir named by its commit and the clone, this clone's node_modules linked in (plus,
 * fetched with npm, any package that release needs and this tree no longer
 * installs), and tsc. Its embedded catalog is swapped for a few dozen games
 * (SMALL_SEED_GAMES), so it starts in seconds.
 */

const ROOT = path.resolve(import.meta.dirname, '../../../..');
export const RELEASES_FILE = path.join(ROOT, '.ci/previous-release');

export interface Release {
  commit: string;
  /** What the line says about it (after the commit). */
  label: string;
}

export function previousReleases(file = RELEASES_FILE): Release[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [commit = '', ...rest] = line.split(/\s+/);
      return { commit, label: rest.join(' ') || commit };
    });
}

const git = (...args: string[]) => execFileSync('git', ['-C', ROOT, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** The full hash of a release's commit; a clear failure when this clone lacks it (a shallow clone). */
export function resolveCommit({ commit, label }: Release): string {
  try {
    return git('rev-parse', '--verify', '--quiet', `${commit}^{commit}`);
  } catch {
    throw new Error(
      `Commit ${commit} (${label}, named in .ci/previous-release) is not in this clone, so the upgrade test cannot build that release. ` +
        'This is a shallow clone: fetch the whole history (git fetch --unshallow) and run again. CI runs on a full clone.',
    );
  }
}

/** The catalog every built release loads: a few games on a few of IGDB's platforms (the reference file's slugs). */
export const SMALL_SEED_GAMES = Array.from({ length: 40 }, (_, i) => ({
  name: `Upgrade Test Game ${i + 1}`,
  slug: `upgrade-test-game-${i + 1}`,
  year: 1985 + (i % 30),
  platforms: [['snes', 'nes', 'genesis-slash-megadrive', 'n64'][i % 4]!],
  publishers: ['Upgrade Test'],
}));

/** Writes the small catalog, gzipped as the embedded one is, and returns its path. */
export function writeSmallSeed(file: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, zlib.gzipSync(SMALL_SEED_GAMES.map((g) => JSON.stringify(g)).join('\n') + '\n'));
  return file;
}

/** Builds the release (once per machine and commit) and returns the directory of its tree. */
export function buildRelease(release: Release): string {
  const commit = resolveCommit(release);
  // Per clone too: the build links this clone's node_modules by absolute path, and a build made from a clone since
  // removed (a worktree, an earlier CI copy) would be found with its links dangling.
  const clone = createHash('sha256').update(ROOT).digest('hex').slice(0, 8);
  const dir = path.join(os.tmpdir(), `vgl-release-${commit}-${clone}`);
  const built = () => fs.existsSync(path.join(dir, 'apps/server/dist/main.js'));
  if (built()) return dir;
  // One build at a time per release: the test files that need it run in parallel workers.
  const lock = `${dir}.lock`;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      if (built()) return dir;
      // A build that died long ago left its lock behind.
      if (Date.now() - fs.statSync(lock, { throwIfNoEntry: false })!.mtimeMs > 600_000) fs.rmSync(lock, { recursive: true, force: true });
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    if (built()) return dir;
    return buildInto(release, commit, dir);
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

function buildInto(release: Release, commit: string, dir: string): string {
  const work = fs.mkdtempSync(`${dir}.building-`);
  try {
    execSync(`git -C '${ROOT}' archive ${commit} apps/server packages/shared package.json tsconfig.base.json data/catalog/igdb-reference.json | tar -x -C '${work}'`, { stdio: 'pipe' });
    linkNodeModules(work);
    writeSmallSeed(path.join(work, 'data/catalog/mame-seed.jsonl.gz'));
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    let output = '';
    try {
      execFileSync(process.execPath, [tsc, '-b', path.join(work, 'apps/server')], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      // Type errors against today's @types still emit JavaScript; only a missing build is fatal.
      output = String((error as { stdout?: string }).stdout ?? error);
    }
    if (!fs.existsSync(path.join(work, 'apps/server/dist/main.js'))) throw new Error(`Building ${release.label} (${commit}) failed:\n${output}`);
    fs.renameSync(work, dir);
    return dir;
  } catch (error) {
    fs.rmSync(work, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The release's node_modules: every package of this clone's, linked, but its
 * own @vgl/shared; packages its package.json names that this clone lacks
 * (the release used a dependency since removed) are installed beside, with npm.
 */
function linkNodeModules(work: string): void {
  const modules = path.join(work, 'node_modules');
  const wanted = ['apps/server/package.json', 'packages/shared/package.json'].flatMap((file) => {
    const pkg = JSON.parse(fs.readFileSync(path.join(work, file), 'utf8')) as { dependencies?: Record<string, string> };
    return Object.entries(pkg.dependencies ?? {}).filter(([name]) => !name.startsWith('@vgl/'));
  });
  const missing = wanted.filter(([name]) => !fs.existsSync(path.join(ROOT, 'node_modules', name)));
  const extra = path.join(work, '.extra-modules');
  if (missing.length) {
    fs.mkdirSync(extra, { recursive: true });
    fs.writeFileSync(path.join(extra, 'package.json'), '{"private":true}');
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', '--omit=dev', ...missing.map(([name, range]) => `${name}@${range}`)], { cwd: extra, stdio: 'pipe' });
  }
  const sources = [...(missing.length ? [path.join(extra, 'node_modules')] : []), path.join(ROOT, 'node_modules')];
  // Links inside the tree are relative: it is built under another name, then renamed.
  const link = (target: string, at: string) => {
    if (!fs.existsSync(at)) fs.symlinkSync(target.startsWith(work) ? path.relative(path.dirname(at), target) : target, at);
  };
  fs.mkdirSync(path.join(modules, '@vgl'), { recursive: true });
  link(path.join(work, 'packages/shared'), path.join(modules, '@vgl/shared'));
  for (const source of sources) {
    for (const entry of fs.readdirSync(source)) {
      if (entry === '@vgl' || entry === '.package-lock.json') continue;
      if (entry.startsWith('@')) {
        fs.mkdirSync(path.join(modules, entry), { recursive: true });
        for (const scoped of fs.readdirSync(path.join(source, entry))) link(path.join(source, entry, scoped), path.join(modules, entry, scoped));
      } else link(path.join(source, entry), path.join(modules, entry));
    }
  }
}


export interface RunningRelease {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/** Starts the release's server (`node apps/server/dist/main.js`, as its `npm start`) and waits until it answers. */
export async function startRelease(dir: string, env: Record<string, string>): Promise<RunningRelease> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [path.join(dir, 'apps/server/dist/main.js')], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, LOG_LEVEL: 'warn', WIKIDATA_SYNC: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The previous release's server exited early:\n${log}`);
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The previous release's server did not become healthy:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    output: () => log,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

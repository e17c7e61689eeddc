import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/server/src/test/free-port';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/main.js');

/**
 * Load shedding answers 503 "overloaded" when the event loop lags over 200 ms: on a CI machine running two
 * browser files, Chromium and the server tests at once, CPU starvation alone did that and failed user flows
 * that have nothing to do with load. The browser suite tests what a member sees, so it runs without shedding;
 * shedding has its own tests (apps/server/src/http/fairness) and benchmark (bench:flood).
 */
const BROWSER_SUITE_ENV = { SHED_EVENT_LOOP_DELAY_MS: '0' };

export interface RunningServer {
  url: string;
  dataDir: string;
  output: () => string;
  stop(): Promise<void>;
}


/** What a seeded SQLite data directory depends on: the embedded catalog and the migrations of this build. */
function templateKey(): string {
  const hash = createHash('sha256');
  for (const file of ['data/catalog/mame-seed.jsonl.gz', 'data/catalog/igdb-reference.json', 'apps/server/dist/db/migrations/index.js']) {
    hash.update(fs.readFileSync(path.join(ROOT, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A SQLite data directory with the embedded catalog already loaded, made once
 * per build and copied for each suite: loading 52k games took ~15 s of every
 * browser file's start. Made by the server itself (a first start, then a clean
 * stop), so each suite still starts on exactly what `npm start` makes; a suite
 * that wants the first start itself passes E2E_FRESH_DATA.
 */
export async function seededTemplate(): Promise<string> {
  const dir = path.join(os.tmpdir(), `vgl-e2e-template-${templateKey()}`);
  if (fs.existsSync(path.join(dir, 'vgl.sqlite'))) return dir;
  const server = await launch({ E2E_FRESH_DATA: '1' }, fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-e2e-seeding-')));
  await server.stop({ keepData: true });
  // Another worker may have made it meanwhile: the first rename wins, the rest are dropped.
  try {
    fs.renameSync(server.dataDir, dir);
  } catch {
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
  return dir;
}

/**
 * Starts the production build (`node apps/server/dist/main.js`, as `npm start`
 * does) on a free loopback port with its own DATA_DIR, and waits until it is ready (/api/health/ready).
 * On SQLite the DATA_DIR starts as a copy of a seeded one (seededTemplate).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error('The server is not built: run "npm run build" first.');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-e2e-'));
  if (!env.DATABASE_URL && !env.E2E_FRESH_DATA) fs.cpSync(await seededTemplate(), dataDir, { recursive: true });
  return launch(env, dataDir);
}

async function launch(env: Record<string, string>, dataDir: string): Promise<RunningServer & { stop(options?: { keepData?: boolean }): Promise<void> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: url, LOG_LEVEL: 'warn', WIKIDATA_SYNC: 'off', ...BROWSER_SUITE_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${log}`);
    try {
      // Ready, not only healthy: a first start (the template's) serves before its catalog is loaded.
      const res = await fetch(`${url}/api/health/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not become healthy:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    dataDir,
    output: () => log,
    stop: async ({ keepData = false }: { keepData?: boolean } = {}) => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

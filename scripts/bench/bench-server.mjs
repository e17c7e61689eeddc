// The built server as the benchmarks run it: a fresh DATA_DIR (or a fresh
// database on a PostgreSQL server), apps/server/dist/main.js on 127.0.0.1
// pinned to CPU 0 when taskset exists (the load generator then takes CPU 1),
// and the demo data. Shared by bench:soak and bench:hot.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export const hasTaskset = os.cpus().length >= 2 && spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status === 0;

export async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export async function freshDatabase(PG_URL, prefix = 'vgl_bench') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (!PG_URL) return { env: { DATA_DIR: dataDir }, label: 'SQLite', drop: async () => removeDir() };
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.href },
    label: 'PostgreSQL',
    drop: async () => {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      removeDir();
    },
  };
}

/**
 * Moves every thread of the server but its event loop (V8's garbage-collection
 * and compiler helpers, libuv's pool, the SQLite checkpoint thread) to `cpu`.
 * Threads made later by the event loop (it makes them all) start on its CPU.
 */
export function moveHelperThreads(pid, cpu) {
  const moved = [];
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    if (tid !== String(pid) && spawnSync('taskset', ['-p', '-c', String(cpu), tid], { stdio: 'ignore' }).status === 0) moved.push(tid);
  }
  return moved.length;
}

/** The production build, as `npm start` runs it, on CPU 0 when taskset exists. */
export async function startServer(env) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // BENCH_SERVER_MAIN: another build of the server (e.g. the previous commit's, copied beside dist) for A/B runs.
  const main = process.env.BENCH_SERVER_MAIN ? path.resolve(process.env.BENCH_SERVER_MAIN) : path.join(ROOT, 'apps/server/dist/main.js');
  // BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") reaches the server's node only, for profiling it under load.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const [command, argv] = hasTaskset ? ['taskset', ['-c', '0', process.execPath, ...nodeArgs, main]] : [process.execPath, [...nodeArgs, main]];
  const child = spawn(command, argv, {
    cwd: ROOT,
    env: { WIKIDATA_SYNC: 'off', ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, LOG_LEVEL: process.env.BENCH_SERVER_LOG ? 'info' : 'warn', ...(process.env.BENCH_SERVER_LOG ? { ACCESS_LOG: '1' } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = { text: '', errors: [] };
  // BENCH_SERVER_LOG=<file>: the server's whole log, for looking into a run (with LOG_LEVEL=info and ACCESS_LOG=1).
  const logFile = process.env.BENCH_SERVER_LOG ? fs.openSync(process.env.BENCH_SERVER_LOG, 'a') : null;
  const collect = (chunk) => {
    if (logFile !== null) fs.writeSync(logFile, chunk);
    log.text = (log.text + chunk).slice(-200_000);
    for (const line of String(chunk).split('\n')) {
      if (line.includes('"level":50') || line.includes('"level":60')) log.errors.push(line);
    }
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${log.text}`);
    // Ready, not only healthy: a first start serves while its catalog loads, and a benchmark measures the whole one.
    const ready = await fetch(`${url}/api/health/ready`).then((r) => r.ok, () => false);
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`The server did not become ready:\n${log.text}`);
    await sleep(250);
  }
  return {
    url,
    port,
    pid: child.pid,
    log,
    stop: () => stopChild(child),
  };
}

/**
 * A member of the bench's instance, signed in: made with the CLI (no mail to confirm), then logged in through the API.
 * Returns the `Authorization` header a signed-in reader sends.
 */
export async function signedInReader(base, env, username = 'bench_reader') {
  const password = 'Bench-reader-1';
  const result = spawnSync(process.execPath, [path.join(ROOT, 'apps/server/dist/cli.js'), 'user:create', username, `${username}@example.com`, '--password-stdin'], {
    cwd: ROOT,
    env: { WIKIDATA_SYNC: 'off', ...process.env, ...env, LOG_LEVEL: 'warn' },
    input: `${password}\n`,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`user:create failed:\n${result.stderr || result.stdout}`);
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: username, password }) });
  if (!login.ok) throw new Error(`signing in ${username} answered ${login.status}: ${await login.text()}`);
  return { authorization: `Bearer ${(await login.json()).token}` };
}

/** Stops a server process as an operator's SIGTERM does; SIGKILL if it has not exited 15 s later. */
export async function stopChild(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

export function seedDemo(env) {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'apps/server/dist/cli.js'), 'seed:demo'], {
    cwd: ROOT,
    env: { WIKIDATA_SYNC: 'off', ...process.env, ...env, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`seed:demo failed:\n${result.stderr || result.stdout}`);
  return result.stdout.trim().split('\n').filter((line) => line.startsWith('Created')).join(' ');
}

/** A fixed piece of work (building and serializing objects, hashing), the same every run. */
const REFERENCE_WORK = `const crypto = require('node:crypto'); const t = performance.now(); let x = 0;
for (let i = 0; i < 200000; i++) x += JSON.stringify({ a: i, b: 'x' + i, c: [i, i + 1], d: { e: i * 2 } }).length;
const b = Buffer.alloc(1 << 20, 7); for (let i = 0; i < 60; i++) x += crypto.createHash('sha256').update(b).digest()[0];
process.stdout.write(String(performance.now() - t));`;

/**
 * How long this machine takes for REFERENCE_WORK on `cpu` now (median of three, ms). On a shared VM the
 * same work takes ±20 % from one minute to the next, and a benchmark's figures move with it: printed
 * beside them, it tells a slower machine from slower code.
 */
export function referenceWorkMs(cpu = 0) {
  const times = [0, 1, 2].map(() => {
    const command = hasTaskset ? ['taskset', ['-c', String(cpu), process.execPath, '-e', REFERENCE_WORK]] : [process.execPath, ['-e', REFERENCE_WORK]];
    return Number(spawnSync(command[0], command[1], { encoding: 'utf8' }).stdout);
  });
  return times.sort((a, b) => a - b)[1];
}

// npm run bench:startup [-- --restarts 5] [--idle 10] [--load 20] [--after 30] [--compare <other dist/main.js>] [--skip-empty]
// Start-up and memory of the built server (apps/server/dist/main.js) on SQLite:
// 1. a first start on an EMPTY data directory: how long until / and /api/health
//    answer, and until the embedded catalog is loaded (its log line);
// 2. on that (now existing) data directory, --restarts restarts (default 5);
//    for each, the CPU time the process spent (user + sys, /proc/<pid>/stat)
//    and the wall time until /api/health/ready answers 200, and the idle RSS
//    --idle seconds (default 10) after it;
// 3. on the last restart, --load seconds (default 20) of mixed reads and
//    writes by a few members (library PUTs and diary entries, home, browse,
//    search, game pages, libraries), then RSS right after and --after seconds
//    (default 30) later.
// --compare <path>: another build's main.js (e.g. the previous commit's, built
// into apps/server-base/dist), restarted in turn with this one on the same data
// directory, so both are measured in the same run on the same machine state.
// Prints medians. Traffic goes to 127.0.0.1 only; asserts nothing; ~2.5 minutes.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../../apps/server/dist/config.js';
import { createDb } from '../../apps/server/dist/db/database.js';
import { hashPassword } from '../../apps/server/dist/modules/auth/passwords.js';
import { emailKey, usernameKey, usersRepo } from '../../apps/server/dist/modules/users/users.repo.js';
import { freePort, hasTaskset, referenceWorkMs, ROOT, stopChild } from './bench-server.mjs';
import { fmt } from './stats.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const RESTARTS = Number(option('restarts', 5));
const IDLE_S = Number(option('idle', 10));
const LOAD_S = Number(option('load', 20));
const AFTER_S = Number(option('after', 30));
const COMPARE = option('compare', undefined);
const SKIP_EMPTY = args.includes('--skip-empty');
const MEMBERS = 8;
const CONCURRENCY = 8;
const PASSWORD = 'Startup-Secret-123';
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** user + sys CPU of a process so far, in ms. */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
/** What the RSS is made of: anonymous memory (heaps, malloc), mapped files (code, SQLite's mmap) and the threads that hold stacks and heaps. */
async function memoryOf(server) {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  // The JavaScript heap and the buffers outside it, as the server's own /metrics tells them.
  const metrics = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then((r) => r.text());
  const mb = (name) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(metrics)?.[1] ?? NaN) / 1024 / 1024;
  return `anon ${fmt(kb('RssAnon'))} MB (JS heap ${fmt(mb('nodejs_heap_size_used_bytes'))} used of ${fmt(mb('nodejs_heap_size_total_bytes'))}, buffers ${fmt(mb('nodejs_external_memory_bytes'))}), files ${fmt(kb('RssFile') + kb('RssShmem'))} MB, ${kb('Threads') * 1024} threads`;
}
const METRICS_TOKEN = 'bench-startup-metrics-0123456789';

/** Spawns a build's main.js (on CPU 0 when taskset exists, as the other benchmarks do) on the data directory. */
async function spawnServer(main, dataDir, logLevel = 'warn') {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // taskset execs node in place: the pid is the server's.
  const [command, argv] = hasTaskset ? ['taskset', ['-c', '0', process.execPath, main]] : [process.execPath, [main]];
  const started = performance.now();
  const child = spawn(command, argv, {
    cwd: ROOT,
    env: { ...process.env, WIKIDATA_SYNC: 'off', METRICS_TOKEN, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, LOG_LEVEL: logLevel },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = { text: '' };
  const collect = (chunk) => void (log.text = (log.text + chunk).slice(-100_000));
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  return {
    url,
    pid: child.pid,
    started,
    log,
    child,
    stop: () => stopChild(child),
  };
}

/** Polls `path` every few ms until it answers 200; the ms since the spawn. */
async function answersAt(server, urlPath, everyMs = 20, timeoutMs = 300_000) {
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`The server exited early:\n${server.log.text}`);
    const ok = await fetch(`${server.url}${urlPath}`).then(
      async (r) => (await r.arrayBuffer(), r.ok),
      () => false,
    );
    if (ok) return performance.now() - server.started;
    if (performance.now() - server.started > timeoutMs) throw new Error(`${urlPath} did not answer:\n${server.log.text}`);
    await sleep(everyMs);
  }
}

async function firstStart(main, dataDir) {
  const server = await spawnServer(main, dataDir, 'info');
  const until = {};
  const catalog = (async () => {
    while (!/Loaded \d+ games|Brought the embedded catalog/.test(server.log.text)) {
      if (server.child.exitCode !== null) throw new Error(`The server exited early:\n${server.log.text}`);
      await sleep(50);
    }
    until.catalog = performance.now() - server.started;
  })();
  try {
    const [page, health] = await Promise.all([answersAt(server, '/', 100), answersAt(server, '/api/health', 100)]);
    await catalog;
    until.page = page;
    until.health = health;
    until.cpu = cpuMs(server.pid);
    return until;
  } finally {
    await server.stop();
  }
}

/** Members straight in the database (sign-up is not what is measured). */
async function createMembers(dataDir) {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'unused-here-unused-here-unused-here-0000' });
  const db = createDb(config.database);
  const hash = await hashPassword(PASSWORD);
  const now = Date.now();
  const names = [];
  try {
    for (let i = 1; i <= MEMBERS; i += 1) {
      const username = `startup_${i}`;
      const email = `${username}@example.com`;
      await usersRepo.insert(db.kysely, {
        username, username_key: usernameKey(username), email, email_key: emailKey(email), password_hash: hash,
        avatar: null, bio: null, suspended_reason: null, suspended_at: null,
        created_at: now, updated_at: now, activated_at: now, last_login_at: null, state: 'active',
      });
      names.push(username);
    }
  } finally {
    await db.destroy();
  }
  return names;
}

/** LOAD_S seconds of mixed reads and writes, CONCURRENCY requests at a time. */
async function load(url, names) {
  const members = [];
  for (const username of names) {
    // A busy machine can get a login shed (503 overloaded): it is tried again, as a client would.
    for (let attempt = 1; ; attempt += 1) {
      const r = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: username, password: PASSWORD }) });
      if (r.ok) {
        members.push({ username, token: (await r.json()).token });
        break;
      }
      if (r.status !== 503 || attempt === 10) throw new Error(`login ${username}: ${r.status} ${await r.text()}`);
      await sleep(1000);
    }
  }
  const slugs = [];
  for (let page = 1; page <= 4; page += 1) {
    const r = await fetch(`${url}/api/igdb/games?sort=popularity&page=${page}`);
    const body = await r.json();
    slugs.push(...(Array.isArray(body) ? body : (body.items ?? [])).map((g) => g.slug));
  }
  if (slugs.length === 0) throw new Error('no games to load');
  const words = ['mario', 'zelda', 'final', 'dark', 'souls', 'star', 'war', 'racing', 'ff7', 'legend'];
  const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
  const counts = { requests: 0, writes: 0, errors: 0, byError: {} };
  const request = () => {
    const member = pick(members);
    const auth = { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' };
    const r = Math.random();
    if (r < 0.2) {
      counts.writes += 1;
      return fetch(`${url}/api/users/${member.username}/library/${pick(slugs)}`, { method: 'PUT', headers: auth, body: JSON.stringify({ status: 1 + Math.floor(Math.random() * 4), rating: 1 + Math.floor(Math.random() * 10), review: Math.random() < 0.4 ? `Played it again, ${Math.random()}` : null, hours: null }) });
    }
    if (r < 0.3) {
      counts.writes += 1;
      const playedOn = new Date(Date.now() - Math.floor(Math.random() * 700) * 86_400_000).toISOString().slice(0, 10);
      return fetch(`${url}/api/users/${member.username}/diary`, { method: 'POST', headers: auth, body: JSON.stringify({ game: pick(slugs), playedOn, event: pick(['played', 'started', 'finished']), rating: 1 + Math.floor(Math.random() * 10), note: 'Another evening with it.' }) });
    }
    const reads = ['/api/home', `/api/igdb/games?sort=${pick(['popularity', 'rating', 'release', 'name'])}&page=${1 + Math.floor(Math.random() * 20)}`, `/api/igdb/search?q=${pick(words)}`, `/api/igdb/games/${pick(slugs)}`, `/api/users/${pick(members).username}/library`, `/api/users/${pick(members).username}`, `/games/${pick(slugs)}`];
    return fetch(`${url}${pick(reads)}`, { headers: Math.random() < 0.5 ? { authorization: auth.authorization } : {} });
  };
  const end = performance.now() + LOAD_S * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const res = await request().catch(() => null);
        counts.requests += 1;
        if (!res || res.status >= 400) {
          counts.errors += 1;
          const key = res ? `${res.status} ${new URL(res.url).pathname.replace(/\/[^/]+$/, '/…')}` : 'socket';
          counts.byError[key] = (counts.byError[key] ?? 0) + 1;
        }
        if (res) await res.arrayBuffer();
      }
    }),
  );
  return counts;
}

async function restart(label, main, dataDir, withLoad, names) {
  const server = await spawnServer(main, dataDir);
  try {
    const wall = await answersAt(server, '/api/health/ready');
    const cpu = cpuMs(server.pid);
    const rssReady = rssMb(server.pid);
    await sleep(IDLE_S * 1000);
    const row = { label, cpu, wall, rssReady, rssIdle: rssMb(server.pid), memoryIdle: await memoryOf(server) };
    if (withLoad) {
      const counts = await load(server.url, names);
      row.load = counts;
      row.rssLoaded = rssMb(server.pid);
      row.memoryLoaded = await memoryOf(server);
      await sleep(AFTER_S * 1000);
      row.rssAfter = rssMb(server.pid);
      row.memoryAfter = await memoryOf(server);
    }
    return row;
  } finally {
    await server.stop();
  }
}

async function main() {
  const builds = [['this build', path.join(ROOT, 'apps/server/dist/main.js')]];
  if (COMPARE) builds.unshift(['compared', path.resolve(COMPARE)]);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-bench-startup-'));
  try {
    console.log(`Start-up benchmark: SQLite, ${RESTARTS} restarts${COMPARE ? ' of each build, in turn' : ''}; reference work ${fmt(referenceWorkMs())} ms; load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
    if (!SKIP_EMPTY) {
      // The first start is this build's (the compared one would then start on a catalog this one loaded).
      const first = await firstStart(builds.at(-1)[1], dataDir);
      console.log(`First start on an empty data directory: / answers at ${fmt(first.page)} ms, /api/health at ${fmt(first.health)} ms, catalog loaded at ${fmt(first.catalog)} ms (CPU ${fmt(first.cpu)} ms)`);
    } else {
      const first = await spawnServer(builds.at(-1)[1], dataDir);
      await answersAt(first, '/api/health/ready', 200).finally(() => first.stop());
    }
    const names = await createMembers(dataDir);
    const rows = [];
    for (let i = 0; i < RESTARTS; i += 1) {
      for (const [label, main] of builds) {
        const row = await restart(label, main, dataDir, false, names);
        rows.push(row);
        console.log(`  ${label.padEnd(10)} restart ${i + 1}: CPU until ready ${fmt(row.cpu).padStart(6)} ms, wall ${fmt(row.wall).padStart(6)} ms, RSS at ready ${fmt(row.rssReady)} MB, idle RSS (${IDLE_S} s after) ${fmt(row.rssIdle)} MB (${row.memoryIdle})`);
      }
    }
    for (const [label] of builds) {
      const mine = rows.filter((r) => r.label === label);
      console.log(`${label}: median CPU until ready ${fmt(median(mine.map((r) => r.cpu)))} ms, wall ${fmt(median(mine.map((r) => r.wall)))} ms, idle RSS ${fmt(median(mine.map((r) => r.rssIdle)))} MB`);
    }
    for (const [label, main] of builds) {
      const row = await restart(label, main, dataDir, true, names);
      const { requests, writes, errors, byError } = row.load;
      const why = errors ? ` (${Object.entries(byError).map(([k, n]) => `${k}: ${n}`).join(', ')})` : '';
      console.log(`${label}: ${LOAD_S} s of load (${requests} requests, ${writes} writes, ${errors} errors${why}): idle RSS ${fmt(row.rssIdle)} MB → right after ${fmt(row.rssLoaded)} MB → ${AFTER_S} s later ${fmt(row.rssAfter)} MB\n  idle: ${row.memoryIdle}\n  right after: ${row.memoryLoaded}\n  ${AFTER_S} s later: ${row.memoryAfter}`);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

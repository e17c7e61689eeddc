// npm run bench:flood [-- --seconds 20]
// One greedy client against everyone else (issue 35, finding 5): the built
// server on SQLite, then on PostgreSQL when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set, with the embedded catalog and seed:demo. One
// address floods it with 300 connections, first looping over public pages
// (game pages and their API answers, home, trending), then with random-word
// searches (which no cache can answer). Meanwhile a monitor asks
// /api/health, /api/health/live and /api/health/ready, and an honest second
// client (another address) browses a game and types a search, one request
// at a time. Prints their p50/p99 per phase, what the flooder got back (2xx,
// 429, 503), and the server's event-loop delay from its /metrics. The
// target: /api/health and the honest client under 100 ms p99 on each
// database.
//
// The server trusts loopback as its proxy (TRUST_PROXY=loopback) and each
// client names its address in X-Forwarded-For, as a load balancer would:
// the server sees two clients. It runs on CPU 0; the flooder (niced, so the
// measuring clients are not starved by it) and the monitor on CPU 1 when
// taskset exists. Traffic goes to 127.0.0.1 only; asserts nothing. Each
// phase is bounded (--seconds, 20 by default).
import { fork, spawnSync } from 'node:child_process';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freshDatabase, hasTaskset, referenceWorkMs, seedDemo, startServer } from './bench-server.mjs';

const FLOODER_ADDRESS = '203.0.113.66';
const HONEST_ADDRESS = '198.51.100.7';
const CONNECTIONS = 300;
const METRICS_TOKEN = 'bench-metrics-token-0123456789';

/** Random letters in word-like shapes: every query is new, so no cache and no index shortcut answers it twice. */
function randomWords() {
  const consonants = 'bcdfghjklmnprstvwz';
  const vowels = 'aeiou';
  const word = () => {
    let w = '';
    const n = 2 + Math.floor(Math.random() * 3);
    for (let i = 0; i < n; i += 1) w += consonants[Math.floor(Math.random() * consonants.length)] + vowels[Math.floor(Math.random() * vowels.length)];
    return w;
  };
  return Math.random() < 0.5 ? word() : `${word()} ${word()}`;
}

// ── The flooder: a child process, so its work does not delay the measuring clients' own event loop.
if (process.argv[2] === 'flood') {
  const { url, seconds, kind, pages } = JSON.parse(process.argv[3]);
  let i = 0;
  const nextPath = kind === 'search' ? () => `/api/igdb/search?q=${encodeURIComponent(randomWords())}` : () => pages[(i += 1) % pages.length];
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'x-forwarded-for': FLOODER_ADDRESS, 'accept-encoding': 'br, gzip' },
    requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }],
  });
  process.send({ requests: result.requests.total, statuses: { '2xx': result['2xx'], '3xx': result['3xx'], '4xx': result['4xx'], '5xx': result['5xx'] }, errors: result.errors, timeouts: result.timeouts });
  process.exit(0);
}

const seconds = Number(process.argv[process.argv.indexOf('--seconds') + 1]) || Number(process.env.BENCH_FLOOD_SECONDS) || 20;
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values, p) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One timed request; its status is kept so a fast 503 or 429 is not mistaken for a good answer. */
async function timed(url, headers = {}) {
  const start = performance.now();
  try {
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    return { ms: performance.now() - start, status: response.status };
  } catch {
    return { ms: performance.now() - start, status: 0 };
  }
}

/** The monitor and the honest client, one request at a time each, until `until`. */
async function probe(base, until, honestPaths) {
  const samples = { health: [], live: [], ready: [], honest: [] };
  const monitor = (async () => {
    while (performance.now() < until) {
      samples.health.push(await timed(`${base}/api/health`));
      samples.live.push(await timed(`${base}/api/health/live`));
      samples.ready.push(await timed(`${base}/api/health/ready`));
      await sleep(20);
    }
  })();
  const honest = (async () => {
    let i = 0;
    while (performance.now() < until) {
      samples.honest.push(await timed(base + honestPaths[i++ % honestPaths.length], { 'x-forwarded-for': HONEST_ADDRESS, 'accept-encoding': 'br, gzip' }));
      // A brisk person: four requests a second, a type-ahead search for every letter.
      await sleep(250);
    }
  })();
  await Promise.all([monitor, honest]);
  return samples;
}

function flood(base, kind, pages) {
  const script = fileURLToPath(import.meta.url);
  const args = ['flood', JSON.stringify({ url: base, seconds: seconds + 1, kind, pages })];
  const child = hasTaskset ? fork(script, args, { execPath: 'nice', execArgv: ['-n', '10', 'taskset', '-c', '1', process.execPath] }) : fork(script, args);
  return new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => code !== 0 && reject(new Error(`the flooder exited (${code})`)));
  });
}

async function eventLoopDelay(base) {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const read = (name) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN) * 1000;
  return { loopP99: read('nodejs_eventloop_lag_p99_seconds'), loopMax: read('nodejs_eventloop_lag_max_seconds') };
}

const json = async (base, path) => (await fetch(base + path, { headers: { 'x-forwarded-for': '192.0.2.1' } })).json();

async function runOn(PG) {
  const database = await freshDatabase(PG, 'vgl_bench_flood');
  let server;
  try {
    process.stderr.write(`starting VGL on ${database.label}; the catalog seeds itself…\n`);
    server = await startServer({ ...database.env, METRICS_TOKEN, TRUST_PROXY: 'loopback', ...(PG ? { DB_POOL_MAX: '10' } : {}) });
    process.stderr.write(`${seedDemo(database.env)}\n`);
    const games = [];
    for (let page = 1; page <= 5; page += 1) games.push(...(await json(server.url, `/api/igdb/games?limit=60&page=${page}`)));
    const slugs = games.map((g) => g.slug);
    const pages = ['/', '/api/home', '/api/igdb/trending?limit=6', '/api/library/reviews/trending', ...slugs.flatMap((s) => [`/games/${s}`, `/api/igdb/games/${s}`])];
    // A person: opens a game, types its name into the type-ahead a letter at a time.
    const name = games[7]?.name ?? 'Mario';
    const typed = Array.from({ length: Math.min(6, name.length) }, (_, i) => `/api/igdb/search?q=${encodeURIComponent(name.slice(0, i + 1))}`);
    const honestPaths = [`/games/${slugs[3]}`, `/api/igdb/games/${slugs[3]}`, ...typed, `/api/igdb/games/${slugs[11]}`];
    const rows = [];
    for (const kind of ['quiet', 'pages', 'search']) {
      process.stderr.write(`${database.label}: ${kind === 'quiet' ? 'no flood' : `flood of ${kind}`} for ${seconds} s…\n`);
      await eventLoopDelay(server.url); // resets the server's loop-delay histogram
      const flooding = kind === 'quiet' ? Promise.resolve(undefined) : flood(server.url, kind, pages);
      if (kind !== 'quiet') await sleep(1000);
      const samples = await probe(server.url, performance.now() + seconds * 1000, honestPaths);
      const flooder = await flooding;
      rows.push({ kind, samples, flooder, loop: await eventLoopDelay(server.url) });
      await sleep(1000);
    }
    return { label: database.label, rows, errors: server.log.errors };
  } finally {
    await server?.stop();
    await database.drop();
  }
}

function table(results) {
  const ms = (values) => {
    const times = values.map((s) => s.ms);
    return `${percentile(times, 50).toFixed(1)} / ${percentile(times, 99).toFixed(1)}`;
  };
  const statuses = (values) => {
    const counts = {};
    for (const { status } of values) counts[status] = (counts[status] ?? 0) + 1;
    return Object.entries(counts)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
  };
  const lines = [
    `\nOne client floods with ${CONNECTIONS} connections, ${seconds} s a phase; ${os.cpus().length} CPUs (${hasTaskset ? 'server on CPU 0, flooder (niced) and clients on CPU 1' : 'no taskset: everything shares the CPUs'}); reference work ${Math.round(referenceWorkMs())} ms`,
    '',
    '| database | flood | /api/health p50 / p99 ms | /live p50 / p99 | /ready p50 / p99 (statuses) | honest client p50 / p99 (statuses) | flooder req/s: 2xx / 4xx / 5xx | event loop p99 / max ms | target met |',
    '|---|---|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const { label, rows } of results) {
    for (const { kind, samples, flooder, loop } of rows) {
      const p99 = (values) => percentile(values.map((s) => s.ms), 99);
      const met = p99(samples.health) < 100 && p99(samples.honest) < 100 && samples.honest.every((s) => s.status === 200) && samples.health.every((s) => s.status === 200);
      const rate = (n) => Math.round(n / (seconds + 1)).toLocaleString('en-US');
      const flood = flooder ? `${rate(flooder.statuses['2xx'])} / ${rate(flooder.statuses['4xx'])} / ${rate(flooder.statuses['5xx'])}` : '—';
      lines.push(
        `| ${label} | ${kind === 'quiet' ? 'none' : kind} | ${ms(samples.health)} | ${ms(samples.live)} | ${ms(samples.ready)} (${statuses(samples.ready)}) | ${ms(samples.honest)} (${statuses(samples.honest)}) | ${flood} | ${loop.loopP99.toFixed(1)} / ${loop.loopMax.toFixed(1)} | ${met ? 'yes' : 'no'} |`,
      );
    }
  }
  return lines.join('\n');
}

if (hasTaskset) spawnSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
const results = [await runOn(undefined)];
if (PG_URL) results.push(await runOn(PG_URL));
else process.stderr.write('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to include it.\n');
process.stdout.write(`${table(results)}\n`);
for (const { label, errors } of results) if (errors.length) process.stdout.write(`\n${label}: server errors logged: ${errors.length}\n${errors.slice(0, 3).join('\n')}\n`);

// npm run bench:hot [-- --pg <postgres-url>] [--connections 100] [--duration 5]
// The read endpoints a busy VGL answers most, under autocannon (100
// connections, 5 s each after a 1 s warm-up, Accept-Encoding: br, gzip), next
// to a bare Fastify JSON "hello" measured in the same run: the server on CPU
// 0, the load on CPU 1 (taskset). The built app runs on a fresh DATA_DIR with
// the embedded catalog and seed:demo (or a fresh database on the PostgreSQL
// server given by --pg or BENCH_DATABASE_URL). Prints req/s, p50/p99 and the
// share of bare Fastify per row, with the issue's targets (issue 41): half of bare
// Fastify for answers that can be cached, 5,000 req/s for the others, p99
// under 50 ms everywhere, and the server's event-loop delay (p99 and max)
// during each row, read from its /metrics (METRICS_TOKEN set for the run).
// Traffic goes to 127.0.0.1 only; asserts nothing.
import { fork, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ROOT, freePort, freshDatabase, hasTaskset, seedDemo, signedInReader, startServer } from './bench-server.mjs';
import { cpuMsOf } from './profile-summary.mjs';
// Benchmarks never reach for the real Wikidata (the servers they start inherit this).
process.env.WIKIDATA_SYNC ??= 'off';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined && !args[i + 1].startsWith('--') ? args[i + 1] : fallback;
};
const PG_URL = args.includes('--pg') ? option('pg', process.env.BENCH_DATABASE_URL) : undefined;
if (args.includes('--pg') && !PG_URL) throw new Error('--pg needs a PostgreSQL URL (or BENCH_DATABASE_URL)');
const CONNECTIONS = Number(option('connections', 100));
const DURATION = Number(option('duration', 5));
const HEADERS = { 'accept-encoding': 'br, gzip' };

async function measure(url, { duration = DURATION, headers = HEADERS, loop, pid } = {}) {
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers });
  await loop?.();
  const cpu0 = pid ? cpuMsOf(pid) : 0;
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  // The server's CPU time (every thread, from /proc) per answered request, in µs.
  const cpuUs = pid ? ((cpuMsOf(pid) - cpu0) * 1000) / Math.max(1, result.requests.total) : Number.NaN;
  const bad = result.non2xx + result.errors + result.timeouts;
  // Which statuses the non-2xx were (a 503 is load shedding, a 429 a client budget).
  const codes = Object.entries(result.statusCodeStats ?? {}).filter(([code]) => Number(code) >= 300).map(([code, { count }]) => `${code}×${count}`).join(' ');
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, bad, codes, cpuUs, ...(await loop?.()) };
}

/**
 * The server's event-loop delay since the last call, from its own /metrics
 * (prom-client's monitorEventLoopDelay histogram, which every scrape resets):
 * how long a request could wait for the loop while the row ran.
 */
const METRICS_TOKEN = 'bench-metrics-token-0123456789';
async function eventLoopDelay(base) {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const read = (name) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN) * 1000;
  return { loopP99: read('nodejs_eventloop_lag_p99_seconds'), loopMax: read('nodejs_eventloop_lag_max_seconds') };
}

async function bareFastify() {
  const port = await freePort();
  const script = path.join(ROOT, 'scripts/bench/bare-fastify.mjs');
  const child = hasTaskset
    ? fork(script, [String(port)], { execPath: 'taskset', execArgv: ['-c', '0', process.execPath] })
    : fork(script, [String(port)]);
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`bare Fastify exited (${code})`)));
  });
  try {
    return await measure(`http://127.0.0.1:${port}/`, { pid: child.pid });
  } finally {
    child.kill();
  }
}

const json = async (base, url) => (await fetch(base + url)).json();

/** The rows of the table: what to ask for, and whether its answer can be cached. */
async function rows(base, reader) {
  const [game] = await json(base, '/api/igdb/games?limit=1');
  const snes = (await json(base, '/api/igdb/platforms?feat=1')).find((p) => p.slug === 'snes')?.slug ?? 'nes';
  const [review] = await json(base, '/api/library/reviews/trending?limit=1');
  const member = review.user.username.toLowerCase();
  return [
    ['GET /api/health', '/api/health', false],
    ['GET /api/igdb/trending?limit=6', '/api/igdb/trending?limit=6', true],
    ['GET /api/igdb/games?limit=24', '/api/igdb/games?limit=24', true],
    ['GET /api/igdb/games?platform&releaseDate, page 5', `/api/igdb/games?platform=${snes}&releaseDate=1990-1995&page=5&limit=24`, true],
    ['GET /api/igdb/games/{slug}', `/api/igdb/games/${game.slug}`, true],
    ['GET /api/igdb/search?q=mario', '/api/igdb/search?q=mario', true],
    ['GET /api/igdb/search?q=zelad', '/api/igdb/search?q=zelad', true],
    ['GET /api/library/reviews/trending', '/api/library/reviews/trending', true],
    ['GET /api/home', '/api/home', true],
    ['GET /games/{slug} (server-rendered meta)', `/games/${game.slug}`, true],
    ['GET /api/users/{u}/reviews/{slug}', `/api/users/${member}/reviews/${review.slug}`, true],
    // A member's library, as a visitor reads it (kept for visitors); compared by CPU per request with the game page.
    ['GET /api/users/{u}/library', `/api/users/${member}/library`, true],
    // The same read by another signed-in member: checked against the audience rules each time, then kept for such readers.
    ['GET /api/users/{u}/library, signed in', `/api/users/${member}/library`, false, reader],
    ['GET /u/{u}/library (HTML page)', `/u/${member}/library`, true],
  ];
}

async function main() {
  if (hasTaskset) spawnSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
  process.stderr.write('measuring bare Fastify…\n');
  const bare = await bareFastify();
  const database = await freshDatabase(PG_URL, 'vgl_bench_hot');
  let server;
  try {
    process.stderr.write(`starting VGL on ${database.label}; the catalog seeds itself…\n`);
    // As operators run several instances: behind a proxy (TRUST_PROXY, so request.ip is the client it names and
    // X-Request-Id is read), with metrics and the client budgets on. Each row is its own client (X-Forwarded-For) and
    // the budgets are set as high as they go, so every request is counted and paced but none refused.
    server = await startServer({ ...database.env, METRICS_TOKEN, TRUST_PROXY: 'loopback', RATE_LIMIT_READS_PER_MINUTE: '1000000', RATE_LIMIT_SEARCH_PER_MINUTE: '1000000' });
    process.stderr.write(`${seedDemo(database.env)}\n`);
    const table = [];
    const reader = await signedInReader(server.url, database.env);
    for (const [i, [label, url, cacheable, extra]] of (await rows(server.url, reader)).entries()) {
      process.stderr.write(`${label}…\n`);
      const headers = { ...HEADERS, 'x-forwarded-for': `10.41.${i}.1`, ...extra };
      table.push({ label, cacheable, ...(await measure(server.url + url, { headers, pid: server.pid, loop: () => eventLoopDelay(server.url) })) });
    }
    const target = (row) => (row.cacheable ? bare.rps / 2 : 5000);
    const fmt = (n) => Math.round(n).toLocaleString('en-US');
    const lines = [
      `\nHot path — VGL on ${database.label}, ${CONNECTIONS} connections, ${DURATION} s a row, Accept-Encoding: br, gzip; ${os.cpus().length} CPUs (${hasTaskset ? 'server on CPU 0, load on CPU 1' : 'no taskset: server and load share the CPUs'})\n`,
      '| endpoint | req/s | p50 ms | p99 ms | share of bare | target req/s | met | non-2xx/errors | server CPU µs/request | event-loop delay p99 / max ms |',
      '|---|---:|---:|---:|---:|---:|---|---:|---:|---:|',
      `| bare Fastify JSON | ${fmt(bare.rps)} | ${bare.p50} | ${bare.p99} | 100% | | | ${bare.bad} | ${bare.cpuUs.toFixed(0)} | |`,
      ...table.map((r) => {
        const met = r.rps >= target(r) && r.p99 < 50 && r.bad === 0;
        const loop = `${r.loopP99.toFixed(1)} / ${r.loopMax.toFixed(1)}`;
        return `| ${r.label} | ${fmt(r.rps)} | ${r.p50} | ${r.p99} | ${Math.round((r.rps / bare.rps) * 100)}% | ${fmt(target(r))} | ${met ? 'yes' : 'no'} | ${r.bad}${r.codes ? ` (${r.codes})` : ''} | ${r.cpuUs.toFixed(0)} | ${loop} |`;
      }),
    ];
    // The library page against a game page (issue 41: within 3× its CPU per request).
    const cpuOf = (prefix) => table.find((r) => r.label.startsWith(prefix))?.cpuUs;
    const gameCpu = cpuOf('GET /api/igdb/games/{slug}');
    for (const label of ['GET /api/users/{u}/library', 'GET /api/users/{u}/library, signed in', 'GET /u/{u}/library (HTML page)']) {
      const cpu = table.find((r) => r.label === label)?.cpuUs;
      lines.push(`${label === 'GET /api/users/{u}/library' ? '\n' : ''}CPU per request, ${label}: ${cpu.toFixed(0)} µs, ${(cpu / gameCpu).toFixed(1)}× GET /api/igdb/games/{slug} (${gameCpu.toFixed(0)} µs); target ≤ 3×.`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
    if (server.log.errors.length) process.stdout.write(`\nServer errors logged: ${server.log.errors.length}\n${server.log.errors.slice(0, 3).join('\n')}\n`);
  } finally {
    await server?.stop();
    await database.drop();
  }
}

await main();

// npm run bench:scale [-- --pg <postgres-url>] [--connections 100] [--duration 5]
// Scale-out: the hot read endpoints (a few of bench:hot's rows) through a tiny
// round-robin HTTP proxy on 127.0.0.1 (scale-proxy.mjs, its own process) in
// front of 1, 2 and 4 instances of the built server (apps/server/dist/main.js)
// on one PostgreSQL database (--pg, BENCH_PG_URL or TEST_DATABASE_URL). One
// fresh database is prepared once (the first instance migrates and loads the
// embedded catalog, then seed:demo); instances are added to it (same
// JWT_SECRET, ACCESS_LOG=off, DB_POOL_MAX sized so 4 × (pool + 1) stays well
// under max_connections). With taskset, the instances share CPUs 0…n-2 and the
// proxy and autocannon take the last CPU; on a 2-core machine that is ONE core
// for all instances, so the ratios show the cost of more processes and of the
// proxy, not linear scaling. Also measured: each row straight at one instance
// (no proxy), and the proxy's own ceiling in front of a bare Fastify "hello".
// Checks that every instance got its share and gave the same answers. Prints
// a markdown table; stops every child and drops the database. Traffic goes to
// 127.0.0.1 only; asserts nothing.
import { fork, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ROOT, freePort, freshDatabase, hasTaskset, seedDemo, startServer } from './bench-server.mjs';
// Benchmarks never reach for the real Wikidata (the servers they start inherit this).
process.env.WIKIDATA_SYNC ??= 'off';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined && !args[i + 1].startsWith('--') ? args[i + 1] : fallback;
};
const PG_URL = option('pg', process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL);
if (!PG_URL) throw new Error('Give a PostgreSQL server: --pg <url> (or BENCH_PG_URL / TEST_DATABASE_URL)');
const CONNECTIONS = Number(option('connections', 100));
const DURATION = Number(option('duration', 5));
const COUNTS = [1, 2, 4];
const HEADERS = { 'accept-encoding': 'br, gzip' };
const CPUS = os.cpus().length;
const INSTANCE_CPUS = CPUS > 2 ? `0-${CPUS - 2}` : '0';
const LOAD_CPU = String(CPUS - 1);
const started = Date.now();
const log = (line) => process.stderr.write(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${line}\n`);

async function measure(url) {
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers: HEADERS });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: HEADERS });
  return { rps: r.requests.average, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts };
}

/** A child on CPU `cpus` (when taskset exists) that says when it is ready. */
async function forkReady(script, argv, cpus) {
  const child = hasTaskset
    ? fork(script, argv, { execPath: 'taskset', execArgv: ['-c', cpus, process.execPath] })
    : fork(script, argv);
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`${path.basename(script)} exited (${code})`)));
  });
  return child;
}

async function startProxy() {
  const port = await freePort();
  const child = await forkReady(path.join(ROOT, 'scripts/bench/scale-proxy.mjs'), [String(port)], LOAD_CPU);
  const ask = (message) =>
    new Promise((resolve) => {
      child.once('message', resolve);
      child.send(message);
    });
  return {
    url: `http://127.0.0.1:${port}`,
    forwardTo: (urls) => ask({ upstreams: urls }),
    counts: async () => (await ask({ counts: true })).counts,
    stop: () => child.kill(),
  };
}

const json = async (base, url) => (await fetch(base + url)).json();

async function rows(base) {
  const [game] = await json(base, '/api/igdb/games?limit=1');
  return [
    ['GET /api/health', '/api/health'],
    ['GET /api/igdb/trending?limit=6', '/api/igdb/trending?limit=6'],
    ['GET /api/igdb/games?limit=24', '/api/igdb/games?limit=24'],
    ['GET /api/igdb/games/{slug}', `/api/igdb/games/${game.slug}`],
    ['GET /api/igdb/search?q=mario', '/api/igdb/search?q=mario'],
    ['GET /api/home', '/api/home'],
  ];
}

/** The rows (health aside) whose answers differ between instances. */
async function disagreements(servers, table) {
  const differ = [];
  for (const [label, url] of table.slice(1)) {
    const bodies = await Promise.all(servers.map(async (s) => (await fetch(s.url + url)).text()));
    if (bodies.some((b) => b !== bodies[0])) differ.push(label);
  }
  return differ;
}

const children = { servers: [], proxy: undefined, bare: undefined, database: undefined };
let cleaning;
function cleanUp() {
  cleaning ??= (async () => {
    children.proxy?.stop();
    children.bare?.kill();
    await Promise.allSettled(children.servers.map((s) => s.stop()));
    await children.database?.drop();
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    log(`${signal}: stopping the instances and dropping the database…`);
    cleanUp().finally(() => process.exit(130));
  });
}

async function poolSize() {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    const max = Number((await admin.query('show max_connections')).rows[0].max_connections);
    const used = Number((await admin.query('select count(*) as n from pg_stat_activity')).rows[0].n);
    const spare = max - used - 20; // room for the CLI, superusers and the other engineers' tests
    return { max, used, pool: Math.max(1, Math.min(10, Math.floor(spare / Math.max(...COUNTS)) - 1)) };
  } finally {
    await admin.end();
  }
}

async function main() {
  if (hasTaskset) spawnSync('taskset', ['-a', '-p', '-c', LOAD_CPU, String(process.pid)], { stdio: 'ignore' });
  const { max, used, pool } = await poolSize();
  children.proxy = await startProxy();
  const proxy = children.proxy;

  log('proxy ceiling: bare Fastify direct, then through the proxy…');
  const barePort = await freePort();
  children.bare = await forkReady(path.join(ROOT, 'scripts/bench/bare-fastify.mjs'), [String(barePort)], INSTANCE_CPUS);
  const bareUrl = `http://127.0.0.1:${barePort}`;
  await proxy.forwardTo([bareUrl]);
  const bare = { direct: await measure(`${bareUrl}/`), proxied: await measure(`${proxy.url}/`) };
  children.bare.kill();
  children.bare = undefined;

  children.database = await freshDatabase(PG_URL, 'vgl_bench_scale');
  const env = { ...children.database.env, JWT_SECRET: 'bench-scale-secret-0123456789abcdef0123', DB_POOL_MAX: String(pool), ACCESS_LOG: 'off' };
  const start = async () => {
    const server = await startServer(env);
    if (hasTaskset && CPUS > 2) spawnSync('taskset', ['-a', '-p', '-c', INSTANCE_CPUS, String(server.pid)], { stdio: 'ignore' });
    children.servers.push(server);
    return server;
  };
  log(`preparing the database (migrations, embedded catalog) with the first instance, DB_POOL_MAX ${pool}…`);
  const first = await start();
  log(seedDemo(env));
  const table = await rows(first.url);
  const results = new Map(table.map(([label]) => [label, {}]));

  log('each row straight at one instance (no proxy)…');
  for (const [label, url] of table) results.get(label).direct = await measure(first.url + url);

  const notes = [];
  for (const n of COUNTS) {
    while (children.servers.length < n) await start();
    await proxy.forwardTo(children.servers.map((s) => s.url));
    for (const [label, url] of table) {
      log(`${n} instance(s): ${label}…`);
      results.get(label)[n] = await measure(proxy.url + url);
    }
    const counts = await proxy.counts();
    const differ = n > 1 ? await disagreements(children.servers, table) : [];
    notes.push(`${n} instance(s): requests per instance ${counts.map((c) => c.toLocaleString('en-US')).join(' / ')}${n > 1 ? `; same answers from every instance: ${differ.length ? `no (${differ.join(', ')})` : 'yes'}` : ''}`);
  }

  const fmt = (x) => Math.round(x).toLocaleString('en-US');
  const ratio = (a, b) => (a.rps / b.rps).toFixed(2);
  const errors = children.servers.reduce((sum, s) => sum + s.log.errors.length, 0);
  const pinning = hasTaskset
    ? `instances on CPU ${INSTANCE_CPUS}, proxy and autocannon on CPU ${LOAD_CPU}, PostgreSQL wherever the OS puts it`
    : 'no taskset: everything shares the CPUs';
  const lines = [
    `\nScale-out — VGL on one PostgreSQL database behind a round-robin node:http proxy (its own process), ${CONNECTIONS} connections, ${DURATION} s a row after a 1 s warm-up, Accept-Encoding: br, gzip; DB_POOL_MAX ${pool} (max_connections ${max}, ${used} in use before the run); ${new Date().toISOString().slice(0, 10)}`,
    `${CPUS} CPUs: ${pinning}.${CPUS <= 2 ? ` On ${CPUS} cores the instances share one core, so the ratios show the overhead of more processes (and that answers stay right), not linear scaling; and every proxied request costs the proxy's core as much as the instance's.` : ''}\n`,
    '| endpoint | direct, no proxy req/s | 1 instance req/s | 2 | 4 | ratio 2/1 | ratio 4/1 | p99 ms direct / 1 / 2 / 4 | non-2xx/errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...table.map(([label]) => {
      const r = results.get(label);
      const bad = r.direct.bad + r[1].bad + r[2].bad + r[4].bad;
      return `| ${label} | ${fmt(r.direct.rps)} | ${fmt(r[1].rps)} | ${fmt(r[2].rps)} | ${fmt(r[4].rps)} | ${ratio(r[2], r[1])} | ${ratio(r[4], r[1])} | ${r.direct.p99} / ${r[1].p99} / ${r[2].p99} / ${r[4].p99} | ${bad} |`;
    }),
    '',
    `Proxy ceiling (bare Fastify JSON "hello" on CPU ${INSTANCE_CPUS}): ${fmt(bare.direct.rps)} req/s direct (p99 ${bare.direct.p99} ms), ${fmt(bare.proxied.rps)} req/s through the proxy (p99 ${bare.proxied.p99} ms).`,
    ...notes,
    `Server errors logged: ${errors}. Total run ${((Date.now() - started) / 1000).toFixed(0)} s.`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

try {
  await main();
} finally {
  await cleanUp();
}

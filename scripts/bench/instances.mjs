// npm run bench:instances [-- --pg <postgres-url>] [--instances 4] [--duration 3] [--pool 10]
// Several instances of the built server (apps/server/dist/main.js), started at
// the same moment on one EMPTY PostgreSQL database (--pg, BENCH_DATABASE_URL
// or TEST_DATABASE_URL), as a deployment behind a load balancer does on its
// first start. Prints whether every instance came up, how many loaded the
// embedded catalog (one should: the others wait for the start-up lock and
// find it loaded), the games in the database, and the PostgreSQL connections
// (pg_stat_activity for that database) at idle and at the peak of a short
// autocannon burst on GET /api/health (a database round trip per request) to
// every instance at once. Traffic goes to 127.0.0.1 only; asserts nothing.
import autocannon from 'autocannon';
import pg from 'pg';
import { freshDatabase, startServer } from './bench-server.mjs';
// Benchmarks never reach for the real Wikidata (the servers they start inherit this).
process.env.WIKIDATA_SYNC ??= 'off';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined && !args[i + 1].startsWith('--') ? args[i + 1] : fallback;
};
const PG_URL = option('pg', process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL);
if (!PG_URL) throw new Error('Give a PostgreSQL server: --pg <url> (or BENCH_DATABASE_URL / TEST_DATABASE_URL)');
const INSTANCES = Number(option('instances', 4));
const DURATION = Number(option('duration', 3));
const POOL = option('pool', '10');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const database = await freshDatabase(PG_URL, 'vgl_instances');
const name = new URL(database.env.DATABASE_URL).pathname.slice(1);
const admin = new pg.Client({ connectionString: PG_URL });
await admin.connect();
const connections = async () => Number((await admin.query('select count(*) as n from pg_stat_activity where datname = $1', [name])).rows[0].n);

const env = { ...database.env, JWT_SECRET: 'bench-instances-secret-0123456789abcdef', DB_POOL_MAX: POOL };
const started = Date.now();
const servers = [];
try {
  const results = await Promise.allSettled(Array.from({ length: INSTANCES }, () => startServer(env)));
  for (const r of results) if (r.status === 'fulfilled') servers.push(r.value);
  const failed = results.filter((r) => r.status === 'rejected');
  console.log(`${servers.length} of ${INSTANCES} instances up in ${((Date.now() - started) / 1000).toFixed(1)} s${failed.length ? `; failed: ${failed.map((r) => String(r.reason).slice(0, 300)).join(' | ')}` : ''}`);
  const loaded = servers.filter((s) => /Loaded \d+ games into the catalog/.test(s.log.text)).length;
  const waited = servers.filter((s) => s.log.text.includes('waiting for it to finish its start-up')).length;
  const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
  await client.connect();
  const count = Number((await client.query('select count(*) as n from games')).rows[0].n);
  await client.end();
  console.log(`catalog loaded by ${loaded} instance(s); ${waited} waited for the start-up lock; ${count} games in the database`);

  await sleep(2000);
  const idle = await connections();
  console.log(`idle: ${idle} connections for ${servers.length} instances (${(idle / servers.length).toFixed(1)} each)`);

  let peak = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await connections());
      await sleep(200);
    }
  })();
  const bursts = await Promise.all(servers.map((s) => autocannon({ url: `${s.url}/api/health`, connections: 50, duration: DURATION })));
  sampling = false;
  await sampler;
  const rps = bursts.reduce((sum, b) => sum + b.requests.average, 0);
  const bad = bursts.reduce((sum, b) => sum + b.non2xx + b.errors + b.timeouts, 0);
  console.log(`burst (${DURATION} s, DB_POOL_MAX ${POOL}, 50 connections per instance on /api/health): ${Math.round(rps)} req/s in all, ${bad} not 2xx; peak ${peak} connections (${(peak / servers.length).toFixed(1)} each)`);
  await sleep(12_000);
  console.log(`12 s after the burst: ${await connections()} connections (pg closes pooled connections idle for 10 s)`);
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await admin.end();
  await database.drop();
}

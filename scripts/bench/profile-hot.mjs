// node scripts/bench/profile-hot.mjs [--pg <url>] [--out <dir>] [--duration 5] [--rows <label text>]
// The server of bench:hot under node --cpu-prof while autocannon loads one
// row after another (the hot rows, then the library page and its HTML page),
// then a table of where each row's CPU went: the profile's samples of each
// row's window, grouped by what spent them (Fastify's lifecycle, our hooks,
// the response cache, serialization, SQLite, PostgreSQL's client, GC, …),
// with the server's CPU time per request (from /proc) beside it.
// Traffic goes to 127.0.0.1 only; asserts nothing.
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { freshDatabase, seedDemo, signedInReader, startServer } from './bench-server.mjs';
import { cpuMsOf, nowMicros, profileRows, summarizeProfile } from './profile-summary.mjs';

process.env.WIKIDATA_SYNC ??= 'off';
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined && !args[i + 1].startsWith('--') ? args[i + 1] : fallback;
};
const PG_URL = args.includes('--pg') ? option('pg', process.env.BENCH_DATABASE_URL) : undefined;
const OUT = path.resolve(option('out', fs.mkdtempSync('/tmp/vgl-profile-')));
const DURATION = Number(option('duration', 5));
// --rows <text>: only the rows whose label contains it.
const ONLY = option('rows', '');
const HEADERS = { 'accept-encoding': 'br, gzip' };
fs.mkdirSync(OUT, { recursive: true });

const database = await freshDatabase(PG_URL, 'vgl_bench_hot');
let server;
const windows = [];
try {
  process.env.BENCH_SERVER_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${OUT}`;
  server = await startServer({ ...database.env, METRICS_TOKEN: 'bench-metrics-token-0123456789', TRUST_PROXY: 'loopback', RATE_LIMIT_READS_PER_MINUTE: '1000000', RATE_LIMIT_SEARCH_PER_MINUTE: '1000000' });
  delete process.env.BENCH_SERVER_NODE_ARGS;
  process.stderr.write(`${seedDemo(database.env)}\n`);
  for (const [i, [label, url, extra]] of (await profileRows(server.url, await signedInReader(server.url, database.env))).entries()) {
    if (!label.includes(ONLY)) continue;
    process.stderr.write(`${label}…\n`);
    // As bench:hot: each row its own client behind a trusted proxy.
    const headers = { ...HEADERS, 'x-forwarded-for': `10.41.${i}.1`, ...extra };
    await autocannon({ url: server.url + url, connections: 100, duration: 1, headers });
    const cpu0 = cpuMsOf(server.pid);
    const from = nowMicros();
    const result = await autocannon({ url: server.url + url, connections: 100, duration: DURATION, headers });
    windows.push({ label, from, to: nowMicros(), requests: result.requests.total, rps: result.requests.average, cpuMs: cpuMsOf(server.pid) - cpu0, bad: result.non2xx + result.errors });
  }
} finally {
  await server?.stop();
  await database.drop();
}
const file = fs.readdirSync(OUT).filter((f) => f.endsWith('.cpuprofile')).map((f) => path.join(OUT, f)).sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
process.stdout.write(`profile: ${file}\n${summarizeProfile(JSON.parse(fs.readFileSync(file, 'utf8')), windows)}\n`);

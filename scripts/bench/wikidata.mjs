// npm run bench:wikidata [-- games]   e.g. npm run bench:wikidata -- 110000
// A full Wikidata sync against the Wikidata double (apps/server/src/test/
// wikidata-double.ts: a standard SPARQL 1.1 engine, in a child process on
// 127.0.0.1) holding `games` Wikidata-shaped items (default 110,000, about
// Wikidata's count of video games), at the client's politeness limits (4
// requests a second, 2 open) and with the double answering at most
// BENCH_WIKIDATA_RPS (default 5) requests a second like a busy WDQS (429 and
// Retry-After beyond). Then an incremental run after one edit cycle
// (revision 2 of the fixture). Prints the time and requests of each run, the
// floor the politeness sets, and the syncing process's memory every few
// seconds (it must stay flat, not grow with the catalog). SQLite; also
// PostgreSQL when BENCH_DATABASE_URL is set. Stops after BENCH_TIMEOUT_S
// (default 1800) seconds whatever happens.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ask, sourceDatabase, startFakeService, stopAfter } from './sources.mjs';
// Benchmarks never reach for the real Wikidata: the client below points at the double.
process.env.WIKIDATA_SYNC ??= 'off';

const SIZE = Number(process.argv[2] ?? 110_000);
const RPS = Number(process.env.BENCH_WIKIDATA_RPS ?? 5);
const TIMEOUT_S = Number(process.env.BENCH_TIMEOUT_S ?? 1800);
const PG_URL = process.env.BENCH_DATABASE_URL;
const here = fileURLToPath(import.meta.url);
const repo = path.resolve(path.dirname(here), '../..');

/** The child: generates the world, loads it into the double, and swaps in revision 2 when asked. */
async function serveDouble(size) {
  const { startWikidataDouble } = await import(path.join(repo, 'apps/server/src/test/wikidata-double.ts'));
  const { wikidataFixture } = await import(path.join(repo, 'apps/server/src/test/wikidata-fixture.ts'));
  const now = new Date();
  const started = Date.now();
  const double = await startWikidataDouble({ data: wikidataFixture({ games: size, now }).chunks(), lenient: true, maxRequestsPerSecond: RPS });
  process.stderr.write(`  the double holds ${size.toLocaleString('en-US')} items (${((Date.now() - started) / 1000).toFixed(0)} s to generate and load)\n`);
  const stats = () => ({ requests: double.requests.length, rateLimited: double.requests.filter((r) => r.status === 429).length });
  // The parent gone (it failed, or was stopped), the fake goes too.
  process.on('disconnect', () => process.exit(0));
  process.on('message', (message) => {
    if (message === 'stats') process.send({ stats: stats() });
    if (message === 'revision2') {
      double.replace(wikidataFixture({ games: size, now, revision: 2 }).chunks());
      process.send({ revised: true });
    }
    if (message === 'exit') process.exit(0);
  });
  process.send({ sparqlUrl: double.sparqlUrl });
}

/** RSS and heap every 5 s while `work` runs: the first, the largest and the last. */
async function measured(work) {
  const samples = [];
  const sample = () => samples.push({ rss: process.memoryUsage().rss, heap: process.memoryUsage().heapUsed });
  sample();
  const timer = setInterval(sample, 5000);
  const started = Date.now();
  try {
    const result = await work();
    sample();
    return { result, seconds: (Date.now() - started) / 1000, samples };
  } finally {
    clearInterval(timer);
  }
}

const mb = (bytes) => `${Math.round(bytes / 2 ** 20)} MB`;

async function benchOne(kind) {
  const { createDb } = await import('../../apps/server/dist/db/database.js');
  const { migrateToLatest } = await import('../../apps/server/dist/db/migrate.js');
  const { importReference } = await import('../../apps/server/dist/modules/catalog/catalog.import.js');
  const { WikidataClient } = await import('../../apps/server/dist/modules/wikidata/wikidata.client.js');
  const { syncFromWikidata } = await import('../../apps/server/dist/modules/wikidata/wikidata.sync.js');

  process.stderr.write(`${kind}: starting the Wikidata double with ${SIZE.toLocaleString('en-US')} items…\n`);
  const { child, hello: double } = await startFakeService(here, ['--serve-double', String(SIZE)]);
  const database = await sourceDatabase(kind, PG_URL, 'vgl_bench_wikidata');
  const db = createDb(database.config);
  try {
    await migrateToLatest(db);
    await importReference(db);
    const client = new WikidataClient({ sparqlUrl: double.sparqlUrl, userAgent: 'VGL/bench (http://127.0.0.1; bench:wikidata)' });
    let lastLine = 0;
    const started = Date.now();
    const ctx = {
      restart: false,
      onPage: () => {},
      checkpoint: () => {},
      onProgress: (done, total) => {
        if (Date.now() - lastLine < 15_000) return;
        lastLine = Date.now();
        const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
        process.stderr.write(`  ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} items, ${((Date.now() - started) / 1000).toFixed(0)} s, RSS ${mb(rss)}, JS heap ${mb(heapUsed)}, external ${mb(external + arrayBuffers)}\n`);
      },
    };
    const full = await measured(() => syncFromWikidata(db, client, ctx));
    const afterFull = (await ask(child, 'stats', 'stats')).stats;
    await ask(child, 'revision2', 'revised');
    const incremental = await measured(() => syncFromWikidata(db, client, ctx));
    const afterIncremental = (await ask(child, 'stats', 'stats')).stats;
    const games = Number((await db.kysely.selectFrom('games').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    return { kind, full, afterFull, incremental, afterIncremental, games };
  } finally {
    child.send('exit');
    await db.destroy();
    await database.drop();
  }
}

async function main() {
  stopAfter(TIMEOUT_S, 'bench:wikidata');
  const results = [];
  for (const kind of ['sqlite', ...(PG_URL ? ['postgres'] : [])]) results.push(await benchOne(kind));
  if (!PG_URL) process.stderr.write('PostgreSQL skipped: set BENCH_DATABASE_URL to include it.\n');

  console.log(`\nWikidata sync — ${SIZE.toLocaleString('en-US')} items in a SPARQL 1.1 double (oxigraph) on 127.0.0.1, at most ${RPS} requests/s (429 beyond); the client keeps to 4/s, 2 open; ${os.cpus().length} cores`);
  console.log('| database | full sync | requests (429s) | floor at 4/s | games in the catalog | RSS start → peak → end | incremental (one edit cycle) |');
  console.log('|---|---:|---:|---:|---:|---|---|');
  for (const r of results) {
    const peak = Math.max(...r.full.samples.map((s) => s.rss));
    const fullRequests = r.afterFull.requests;
    const incRequests = r.afterIncremental.requests - r.afterFull.requests;
    console.log(
      `| ${r.kind} | ${r.full.seconds.toFixed(0)} s | ${fullRequests} (${r.afterFull.rateLimited}) | ${(fullRequests / 4).toFixed(0)} s | ${r.games.toLocaleString('en-US')} | ${mb(r.full.samples[0].rss)} → ${mb(peak)} → ${mb(r.full.samples.at(-1).rss)} | ${r.incremental.seconds.toFixed(1)} s, ${incRequests} requests, ${r.incremental.result.games} games read, ${r.incremental.result.added} new, ${r.incremental.result.removed} removed |`,
    );
  }
  console.log('\nRSS every 5 s of the first full sync (MB):', results[0].full.samples.map((s) => Math.round(s.rss / 2 ** 20)).join(' '));
  console.log('JS heap used at the same times (MB):', results[0].full.samples.map((s) => Math.round(s.heap / 2 ** 20)).join(' '));
}

if (process.argv[2] === '--serve-double') await serveDouble(Number(process.argv[3]));
else await main();

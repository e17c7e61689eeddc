// npm run bench:relevance [-- embedded,igdb,wikidata]
// The search's relevance: the queries of relevance-queries.mjs (what people
// type, and the game they mean) run against three catalogs as an instance
// has them: the embedded catalog alone; the embedded catalog after an IGDB
// sync from the fake IGDB (apps/server/src/test/fake-igdb.ts, in a child
// process); and the embedded catalog after a Wikidata sync from the
// Wikidata double (wikidata-double.ts, with its fixture). For each, of the
// queries whose game the catalog holds: the share whose game comes first,
// and in the first three, by kind of query, and the misses. SQLite; also
// PostgreSQL when BENCH_DATABASE_URL is set. Prints figures, asserts nothing.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NOT_IN_EMBEDDED, QUERIES } from './relevance-queries.mjs';
import { sourceDatabase, startFakeService, stopAfter } from './sources.mjs';
// Benchmarks never reach for the real Wikidata: the client below points at the double.
process.env.WIKIDATA_SYNC ??= 'off';

const CATALOGS = (process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 'embedded,igdb,wikidata').split(',');
const PG_URL = process.env.BENCH_DATABASE_URL;
/** Games besides the named ones in each double (IGDB records, Wikidata items). */
const FILLER = Number(process.env.BENCH_RELEVANCE_FILLER ?? 5000);
const here = fileURLToPath(import.meta.url);
const repo = path.resolve(path.dirname(here), '../..');

/** The child for the IGDB run: the fixture's named real games as IGDB records (fake-igdb-named.ts), and filler. */
async function serveIgdb() {
  const { startFakeIgdb } = await import(path.join(repo, 'apps/server/src/test/fake-igdb.ts'));
  const { namedIgdbData } = await import(path.join(repo, 'apps/server/src/test/fake-igdb-named.ts'));
  const fake = await startFakeIgdb(namedIgdbData(FILLER, new Date()), { latencyMs: 0, perSecond: 1000, maxOpen: 64 });
  process.on('disconnect', () => process.exit(0));
  process.on('message', (message) => message === 'exit' && process.exit(0));
  process.send({ apiUrl: fake.apiUrl, tokenUrl: fake.tokenUrl });
}

/** The child for the Wikidata run: the double with the fixture (its named real games and filler items). */
async function serveWikidata() {
  const { startWikidataDouble } = await import(path.join(repo, 'apps/server/src/test/wikidata-double.ts'));
  const { wikidataFixture } = await import(path.join(repo, 'apps/server/src/test/wikidata-fixture.ts'));
  const double = await startWikidataDouble({ data: wikidataFixture({ games: FILLER, now: new Date() }).chunks(), lenient: true });
  process.on('disconnect', () => process.exit(0));
  process.on('message', (message) => message === 'exit' && process.exit(0));
  process.send({ sparqlUrl: double.sparqlUrl });
}

const server = (file) => import(path.join(repo, 'apps/server/dist', file));

/** Fills a fresh database as an instance of that kind has it. */
async function fill(db, catalog) {
  const { migrateToLatest } = await server('db/migrate.js');
  const { prepareEmbeddedCatalog } = await server('modules/catalog/catalog.seed.js');
  await migrateToLatest(db);
  await prepareEmbeddedCatalog(db);
  if (catalog === 'igdb') {
    const { IgdbClient } = await server('modules/igdb/igdb.client.js');
    const { dbTokenStore } = await server('modules/igdb/igdb.token.js');
    const { syncFromIgdb } = await server('modules/igdb/igdb.sync.js');
    const { child, hello } = await startFakeService(here, ['--serve-igdb']);
    try {
      const client = new IgdbClient({ clientId: 'test-client', clientSecret: 'test-secret', apiUrl: hello.apiUrl, tokenUrl: hello.tokenUrl }, dbTokenStore(db), { perSecond: 1000, concurrency: 16, backoffMs: 10 });
      await syncFromIgdb(db, client);
    } finally {
      child.send('exit');
    }
  }
  if (catalog === 'wikidata') {
    const { WikidataClient } = await server('modules/wikidata/wikidata.client.js');
    const { syncFromWikidata } = await server('modules/wikidata/wikidata.sync.js');
    const { child, hello } = await startFakeService(here, ['--serve-wikidata']);
    try {
      const client = new WikidataClient({ sparqlUrl: hello.sparqlUrl, userAgent: 'VGL/bench (http://127.0.0.1; bench:relevance)', perSecond: 1000, concurrency: 4 });
      await syncFromWikidata(db, client, { restart: false, onPage: () => {}, checkpoint: () => {}, onProgress: () => {} });
    } finally {
      child.send('exit');
    }
  }
}

async function benchOne(kind, catalog) {
  const { createDb } = await server('db/database.js');
  const { CatalogSearch } = await server('modules/catalog/catalog.search.js');
  const { matchWords } = await import('@vgl/shared');
  const key = (name) => matchWords(name).join(' ');
  const database = await sourceDatabase(kind, PG_URL, 'vgl_bench_relevance');
  const db = createDb(database.config);
  try {
    const started = Date.now();
    await fill(db, catalog);
    const loadSeconds = (Date.now() - started) / 1000;
    const games = await db.kysely.selectFrom('games').select(['id', 'name', 'release_year']).execute();
    // A game is known by its name and its other names: the seed's "Starwing" is Star Fox.
    const names = new Map(games.map((g) => [g.id, [key(g.name)]]));
    for (const a of await db.kysely.selectFrom('alternative_names').select(['game_id', 'name']).execute()) names.get(a.game_id)?.push(key(a.name));
    const byKey = new Map();
    for (const g of games) for (const k of names.get(g.id)) byKey.set(k, [...(byKey.get(k) ?? []), g]);
    const inYears = (years, year) => {
      if (!years) return true;
      const [from, to = from] = years.split('-').map(Number);
      return year !== null && year >= from && year <= to;
    };
    const isMeant = (row, game) => row.want.some((w) => names.get(game.id).includes(key(w))) && inYears(row.years, game.release_year);
    const holds = (row) => row.want.some((w) => (byKey.get(key(w)) ?? []).some((g) => inYears(row.years, g.release_year)));

    const search = new CatalogSearch(db);
    // Typos are corrected once the word list is read: wait for it, as a running server has it.
    search.warm();
    while ((await search.search('zzqqxxv', 1, 0)).correctionPending) await new Promise((r) => setTimeout(r, 100));
    const byId = new Map(games.map((g) => [g.id, g]));
    const results = [];
    for (const row of QUERIES) {
      if (!holds(row)) {
        results.push({ row, held: false });
        continue;
      }
      const found = await search.search(row.query, 3, 0);
      const top = found.ids.map((id) => byId.get(id)).filter(Boolean);
      const rank = top.findIndex((g) => isMeant(row, g));
      results.push({ row, held: true, rank, first: top[0] ? `${top[0].name} (${top[0].release_year ?? '?'})` : '(nothing)' });
    }
    const absent = [];
    if (catalog === 'embedded') {
      for (const q of NOT_IN_EMBEDDED) {
        const found = await search.search(q, 3, 0);
        const first = found.ids[0] ? byId.get(found.ids[0]).name : null;
        absent.push(`${q} → ${first === null ? 'nothing' : found.unsure ? `“may not be in this catalog”, then ${first}` : first}`);
      }
    }
    return { kind, catalog, games: games.length, loadSeconds, results, absent };
  } finally {
    await db.destroy();
    await database.drop();
  }
}

const pct = (n, of) => (of === 0 ? '–' : `${((100 * n) / of).toFixed(1)} %`);

async function main() {
  stopAfter(Number(process.env.BENCH_TIMEOUT_S ?? 1800), 'bench:relevance');
  const runs = [];
  for (const kind of ['sqlite', ...(PG_URL ? ['postgres'] : [])]) {
    for (const catalog of CATALOGS) {
      process.stderr.write(`${catalog} catalog on ${kind}…\n`);
      runs.push(await benchOne(kind, catalog));
    }
  }
  if (!PG_URL) process.stderr.write('PostgreSQL skipped: set BENCH_DATABASE_URL to include it.\n');
  const kinds = [...new Set(QUERIES.map((q) => q.kind))];
  console.log(`\nSearch relevance — ${QUERIES.length} queries (${kinds.map((k) => `${QUERIES.filter((q) => q.kind === k).length} ${k}`).join(', ')}); ${os.cpus().length} cores`);
  console.log('Of the queries whose game the catalog holds: the game first, and in the first three.\n');
  console.log(`| catalog | database | games | queries held | first | top 3 | ${kinds.map((k) => `${k} (first / top 3)`).join(' | ')} |`);
  console.log(`|---|---|---:|---:|---:|---:|${kinds.map(() => '---:').join('|')}|`);
  for (const r of runs) {
    const held = r.results.filter((x) => x.held);
    const share = (list) => `${pct(list.filter((x) => x.rank === 0).length, list.length)} / ${pct(list.filter((x) => x.rank >= 0).length, list.length)}`;
    const byKind = kinds.map((k) => {
      const list = held.filter((x) => x.row.kind === k);
      return `${share(list)} of ${list.length}`;
    });
    console.log(
      `| ${r.catalog} | ${r.kind} | ${r.games.toLocaleString('en-US')} | ${held.length} | ${pct(held.filter((x) => x.rank === 0).length, held.length)} | ${pct(held.filter((x) => x.rank >= 0).length, held.length)} | ${byKind.join(' | ')} |`,
    );
  }
  for (const r of runs) {
    const misses = r.results.filter((x) => x.held && x.rank !== 0);
    console.log(`\n${r.catalog} on ${r.kind} (loaded in ${r.loadSeconds.toFixed(0)} s): ${misses.length} not first`);
    for (const m of misses) console.log(`  ${m.row.query} → ${m.first}${m.rank > 0 ? ` (meant: #${m.rank + 1})` : ' (meant: not in the top 3)'}; meant ${m.row.want.join(' | ')}${m.row.years ? ` ${m.row.years}` : ''}`);
    if (r.absent.length) console.log(`  not in this catalog: ${r.absent.join('; ')}`);
    const notHeld = r.results.filter((x) => !x.held).map((x) => x.row.query);
    console.log(`  not held (${notHeld.length}): ${notHeld.join(', ')}`);
  }
}

if (process.argv[2] === '--serve-igdb') await serveIgdb();
else if (process.argv[2] === '--serve-wikidata') await serveWikidata();
else await main();

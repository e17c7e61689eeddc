// npm run bench:catalog [-- sizes]   e.g. npm run bench:catalog -- 300000,1000000
// Builds catalogs of the given sizes (the real seed plus generated titles) on
// SQLite and, when BENCH_DATABASE_URL or TEST_DATABASE_URL points at a
// PostgreSQL server, on PostgreSQL; then prints p50/p95/p99 (ms) of search
// and browse through the HTTP API next to the same database work timed
// directly, and the API's overhead as a ratio. Prints figures, asserts nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { buildApp } from '../../apps/server/dist/app.js';
import { loadConfig } from '../../apps/server/dist/config.js';
import { createDb } from '../../apps/server/dist/db/database.js';
import { migrateToLatest } from '../../apps/server/dist/db/migrate.js';
import { importCatalogFile, importReference, SEED_FILE } from '../../apps/server/dist/modules/catalog/catalog.import.js';
import { browseGameIds, gameCards } from '../../apps/server/dist/modules/catalog/catalog.repo.js';
import { CatalogSearch } from '../../apps/server/dist/modules/catalog/catalog.search.js';
import { fmt, timeEach } from './stats.mjs';
// Benchmarks never reach for the real Wikidata (the servers they start inherit this).
process.env.WIKIDATA_SYNC ??= 'off';

const SIZES = (process.argv[2] ?? '300000,1000000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const SEED_GAMES = 58_280;

let seed = 42;
const rand = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32);
const pick = (list) => list[Math.floor(rand() * list.length)];

const WORDS = `shadow dragon quest star legend fighter racing soccer super mega ultra hyper dark light blade sword magic knight castle space
ocean island jungle desert mountain city night thunder storm fire ice crystal galaxy robot ninja samurai pirate wizard hero zero prime
rally turbo street kart tennis golf puzzle tetris block tower empire kingdom war tactics chronicle saga fantasy mystery detective haunted
planet rocket alien invader cyber neon pixel retro arcade battle arena force strike squad commando rescue escape journey voyage frontier`.split(/\s+/);
const PLATFORMS = ['snes', 'nes', 'genesis-slash-megadrive', 'gb', 'gba', 'ps', 'n64', 'zxs', 'acpc', 'c64', 'amiga', 'dos', 'win', 'switch', 'ps4--1'];

function writeSyntheticCatalog(count) {
  const file = path.join(os.tmpdir(), `vgl-bench-${count}.jsonl.gz`);
  if (fs.existsSync(file)) return file;
  const lines = [];
  for (let i = 0; i < count; i += 1) {
    const words = [pick(WORDS), pick(WORDS), pick(WORDS)];
    const platforms = [...new Set([pick(PLATFORMS), ...(rand() < 0.3 ? [pick(PLATFORMS)] : [])])];
    lines.push(
      JSON.stringify({
        name: `${words.map((w) => w[0].toUpperCase() + w.slice(1)).join(' ')} ${i}`,
        slug: `bench-${i}`,
        year: 1975 + Math.floor(rand() * 50),
        platforms,
        popularity: Math.floor(rand() * 60),
      }),
    );
  }
  fs.writeFileSync(file, zlib.gzipSync(lines.join('\n')));
  return file;
}

async function freshDatabase(kind) {
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-bench-'));
    return { env: { DATA_DIR: dir }, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `vgl_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-bench-'));
  return {
    env: { DATA_DIR: dir, DATABASE_URL: url.href },
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function benchOne(kind, size) {
  const database = await freshDatabase(kind);
  const config = loadConfig({ ...database.env, LOG_LEVEL: 'silent', JWT_SECRET: 'bench-secret-bench-secret-bench-secret!!' });
  const db = createDb(config.database);
  await migrateToLatest(db);
  let started = Date.now();
  await importReference(db);
  await importCatalogFile(db, SEED_FILE, { source: 'mame' });
  await importCatalogFile(db, writeSyntheticCatalog(size - SEED_GAMES));
  if (kind === 'postgres') await db.kysely.executeQuery({ sql: 'vacuum analyze', parameters: [], query: { kind: 'RawNode' } }).catch(() => {});
  const loadSeconds = (Date.now() - started) / 1000;

  const app = await buildApp({ config, db, logger: false, rateLimits: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${app.server.address().port}`;
  const get = async (url, retried = false) => {
    // A keep-alive socket the server closes just as the client reuses it resets; that is the
    // client's race, not the API's answer, so try once more on a fresh connection.
    const res = await fetch(base + url).catch((error) => {
      if (retried || error?.cause?.code !== 'ECONNRESET') throw error;
      return null;
    });
    if (res === null) return get(url, true);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} → ${res.status}`);
  };
  const k = db.kysely;
  const search = new CatalogSearch(db);
  const snes = (await k.selectFrom('platforms').select('id').where('slug', '=', 'snes').executeTakeFirstOrThrow()).id;

  const oneWord = Array.from({ length: RUNS }, () => pick(WORDS));
  const twoWords = Array.from({ length: RUNS }, () => `${pick(WORDS)} ${pick(WORDS)}`);
  const typos = Array.from({ length: RUNS }, () => {
    const w = pick(WORDS.filter((x) => x.length >= 5));
    const i = 1 + Math.floor(rand() * (w.length - 2));
    return w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2); // swap two neighbours
  });
  const years = Array.from({ length: RUNS }, () => {
    const from = 1980 + Math.floor(rand() * 30);
    return [from, from + 9];
  });

  // Warm caches (vocabulary, statements, pages) before measuring.
  for (let i = 0; i < 30; i += 1) {
    await search.search(typos[i], 24, 0);
    await get(`/api/igdb/search?q=${typos[i]}`);
    await get(`/api/igdb/games?platform=snes&releaseDate=${years[i][0]}-${years[i][1]}`);
  }

  const browse = (page) => (y) => browseGameIds(k, db.dialect, { platformId: snes, yearFrom: y[0], yearTo: y[1], sort: 'popularity', limit: 24, offset: (page - 1) * 24 }).then((r) => gameCards(k, r.ids));
  const byRating = (page) => (y) => browseGameIds(k, db.dialect, { yearFrom: y[0], yearTo: y[1], sort: 'rating', limit: 24, offset: (page - 1) * 24 }).then((r) => gameCards(k, r.ids));
  const rows = [
    ['search, one word', await timeEach(oneWord, (q) => get(`/api/igdb/search?q=${q}`)), await timeEach(oneWord, (q) => search.search(q, 24, 0).then((r) => gameCards(k, r.ids)))],
    ['search, two words', await timeEach(twoWords, (q) => get(`/api/igdb/search?q=${encodeURIComponent(q)}`)), await timeEach(twoWords, (q) => search.search(q, 24, 0).then((r) => gameCards(k, r.ids)))],
    ['search, a typo', await timeEach(typos, (q) => get(`/api/igdb/search?q=${q}`)), await timeEach(typos, (q) => search.search(q, 24, 0).then((r) => gameCards(k, r.ids)))],
    ['browse platform + years, page 1', await timeEach(years, (y) => get(`/api/igdb/games?platform=snes&releaseDate=${y[0]}-${y[1]}`)), await timeEach(years, browse(1))],
    ['browse platform + years, page 100', await timeEach(years, (y) => get(`/api/igdb/games?platform=snes&releaseDate=${y[0]}-${y[1]}&page=100`)), await timeEach(years, browse(100))],
    ['browse years by rating, page 1', await timeEach(years, (y) => get(`/api/igdb/games?sort=rating&releaseDate=${y[0]}-${y[1]}`)), await timeEach(years, byRating(1))],
    ['browse years by rating, page 100', await timeEach(years, (y) => get(`/api/igdb/games?sort=rating&releaseDate=${y[0]}-${y[1]}&page=100`)), await timeEach(years, byRating(100))],
    ['total count (all games)', await timeEach(years, () => get('/api/igdb/games?limit=1')), await timeEach(years, () => browseGameIds(k, db.dialect, { sort: 'popularity', limit: 1, offset: 0 }))],
  ];
  await app.close();
  await database.drop();
  return { kind, size, loadSeconds, rows };
}

const results = [];
for (const size of SIZES) {
  for (const kind of ['sqlite', ...(PG_URL ? ['postgres'] : [])]) {
    process.stderr.write(`building ${size.toLocaleString('en-US')} games on ${kind}…\n`);
    results.push(await benchOne(kind, size));
  }
}
if (!PG_URL) process.stderr.write('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to include it.\n');

console.log(`\nCatalog benchmark — ${os.cpus().length} cores, ${RUNS} requests per row, times in ms (API = HTTP on 127.0.0.1; DB = the same queries called directly)\n`);
console.log('| games | database | query | API p50 | API p95 | API p99 | DB p50 | DB p95 | DB p99 | API/DB (p50) |');
console.log('|---:|---|---|---:|---:|---:|---:|---:|---:|---:|');
for (const r of results) {
  for (const [label, api, raw] of r.rows) {
    console.log(`| ${r.size.toLocaleString('en-US')} | ${r.kind} | ${label} | ${fmt(api.p50)} | ${fmt(api.p95)} | ${fmt(api.p99)} | ${fmt(raw.p50)} | ${fmt(raw.p95)} | ${fmt(raw.p99)} | ${(api.p50 / raw.p50).toFixed(2)}× |`);
  }
}
console.log('\nLoad times: ' + results.map((r) => `${r.size.toLocaleString('en-US')} on ${r.kind}: ${r.loadSeconds.toFixed(0)} s`).join('; '));

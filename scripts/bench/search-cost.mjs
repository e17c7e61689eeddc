// node scripts/bench/search-cost.mjs [sizes]   e.g. 58280,1000000 (after npm run build)
// How long one search that no cache answers holds the serving thread: random
// words (which match nothing and must be looked up as typos) and random
// prefixes, timed around CatalogSearch.search on the seeded catalog and on a
// synthetic one of a million games (bench:catalog's titles), on SQLite
// (whose queries run on the calling thread) and on PostgreSQL when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set (where only the JavaScript
// part holds the thread; the time printed includes the round trips).
// Prints p50/p99/max in ms; asserts nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDb } from '../../apps/server/dist/db/database.js';
import { migrateToLatest } from '../../apps/server/dist/db/migrate.js';
import { importCatalogFile, importReference, SEED_FILE } from '../../apps/server/dist/modules/catalog/catalog.import.js';
import { CatalogSearch } from '../../apps/server/dist/modules/catalog/catalog.search.js';
import { freshDatabase } from './bench-server.mjs';

const SIZES = (process.argv[2] ?? '58280,1000000').split(',').map(Number);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const SEED_GAMES = 58_280;
const RUNS = 300;

const letters = 'abcdefghijklmnopqrstuvwxyz';
const randomWord = (n) => Array.from({ length: n }, () => letters[Math.floor(Math.random() * letters.length)]).join('');

/** bench:catalog's synthetic titles, made by it (it keeps the file in the temp directory). */
function syntheticFile(count) {
  const file = path.join(os.tmpdir(), `vgl-bench-${count}.jsonl.gz`);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run npm run bench:catalog -- ${count + SEED_GAMES} once to make it`);
  return file;
}

async function measure(kind, size) {
  const database = await freshDatabase(kind === 'postgres' ? PG_URL : undefined, 'vgl_bench_search');
  const config = database.env.DATABASE_URL ? { kind: 'postgres', url: database.env.DATABASE_URL } : { kind: 'sqlite', file: path.join(database.env.DATA_DIR, 'vgl.sqlite') };
  const db = createDb(config);
  try {
    await migrateToLatest(db);
    await importReference(db);
    await importCatalogFile(db, SEED_FILE, { source: 'mame' });
    if (size > SEED_GAMES) await importCatalogFile(db, syntheticFile(size - SEED_GAMES));
    if (kind === 'postgres') await db.kysely.executeQuery({ sql: 'vacuum analyze', parameters: [], query: { kind: 'RawNode' } });
    const search = new CatalogSearch(db);
    await search.search('zelda', 24, 0); // builds the vocabulary
    const rows = [];
    for (const [label, make] of [
      ['one random word (a typo to look up)', () => randomWord(5 + Math.floor(Math.random() * 4))],
      ['two random words', () => `${randomWord(5)} ${randomWord(7)}`],
      ['a random 2-letter prefix', () => randomWord(2)],
    ]) {
      const times = [];
      for (let i = 0; i < RUNS; i += 1) {
        const q = make();
        const start = performance.now();
        await search.search(q, 24, 0);
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const at = (p) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)].toFixed(1);
      rows.push(`| ${size.toLocaleString('en-US')} | ${kind} | ${label} | ${at(0.5)} | ${at(0.99)} | ${times.at(-1).toFixed(1)} |`);
    }
    return rows;
  } finally {
    await db.destroy();
    await database.drop();
  }
}

// BENCH_KINDS=sqlite (or postgres) measures one database only.
const kinds = (process.env.BENCH_KINDS ?? `sqlite${PG_URL ? ',postgres' : ''}`).split(',');
process.stdout.write(`One search on the serving thread, ${RUNS} a row, ${os.cpus().length} CPUs\n\n| games | database | query | p50 ms | p99 ms | max ms |\n|---:|---|---|---:|---:|---:|\n`);
for (const size of SIZES) {
  for (const kind of kinds) {
    process.stderr.write(`${size} games on ${kind}…\n`);
    process.stdout.write(`${(await measure(kind, size)).join('\n')}\n`);
  }
}

// Builds data/catalog/mame-seed.jsonl.gz — VGL's embedded open catalog — from
// Debian's CC0 MAME software lists (package mame-data, see CATALOG.md):
//   apt-get download mame-data && dpkg -x mame-data_*.deb /tmp/mame
//   node scripts/catalog/build-seed.mjs /tmp/mame/usr/share/games/mame/hash
// Output: one JSON object per line, in the catalog:import format (README).
// What is kept, dropped and merged: catalog-builder.mjs and rules.mjs.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildCatalog, parseSoftwareList, seedLines } from './catalog-builder.mjs';
import { DROP_REASONS } from './rules.mjs';

const hashDir = process.argv[2];
if (!hashDir || !fs.existsSync(hashDir)) {
  console.error('usage: node scripts/catalog/build-seed.mjs <path to mame hash/ folder> [output file]');
  process.exit(1);
}
const outFile = path.resolve(process.argv[3] ?? 'data/catalog/mame-seed.jsonl.gz');
const reference = JSON.parse(fs.readFileSync(path.resolve('data/catalog/igdb-reference.json'), 'utf8'));
const igdbSlugById = new Map(reference.platforms.map((p) => [p.id, p.slug]));

const lists = fs
  .readdirSync(hashDir)
  .filter((f) => f.endsWith('.xml'))
  .sort()
  .map((f) => parseSoftwareList(fs.readFileSync(path.join(hashDir, f), 'utf8')))
  .filter((list) => list !== undefined);

const catalog = buildCatalog(lists, igdbSlugById);
const lines = seedLines(catalog);
fs.mkdirSync(path.dirname(outFile), { recursive: true });
fs.writeFileSync(outFile, zlib.gzipSync(`${lines.join('\n')}\n`, { level: 9 }));

const { games, stats } = catalog;
const n = (x) => x.toLocaleString('en-US');
const multi = games.filter((g) => g.platforms.size > 1).length;
const dropped = Object.values(stats.dropped).reduce((a, b) => a + b, 0);
console.log(`${stats.lists} lists read (${stats.skippedLists} lists of non-games), ${n(stats.parents)} parent entries`);
console.log(`dropped ${n(dropped)}:`);
for (const [key, count] of Object.entries(stats.dropped).sort((a, b) => b[1] - a[1])) console.log(`  ${n(count).padStart(7)}  ${DROP_REASONS[key]}`);
console.log(`${n(stats.fileNamesMerged)} file-named entries added their platform to a game of that name`);
console.log(`${n(stats.dubiousKept)} bootleg/hack/unlicensed entries without an original kept, ranked last`);
console.log(`→ ${n(games.length)} games (${n(multi)} on 2+ platforms), ${catalog.localPlatforms.size} local platforms`);
console.log(`wrote ${outFile} (${(fs.statSync(outFile).size / 1024 / 1024).toFixed(2)} MiB)`);

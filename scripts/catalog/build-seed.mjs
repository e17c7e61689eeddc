// Builds data/catalog/mame-seed.jsonl.gz — VGL's embedded open catalog — from
// Debian's CC0 MAME software lists (package mame-data, see CATALOG.md), with
// genres, themes, developers and publishers from PigSaint's GameDataBase
// (CC BY 4.0, a checkout of github.com/PigSaint/GameDataBase at GAMEDATABASE_COMMIT):
//   apt-get download mame-data && dpkg -x mame-data_*.deb /tmp/mame
//   git clone https://github.com/PigSaint/GameDataBase /tmp/gamedatabase
//   git -C /tmp/gamedatabase checkout 124e67c04343304725eb643b58b6af228a3a5375
//   node scripts/catalog/build-seed.mjs /tmp/mame/usr/share/games/mame/hash /tmp/gamedatabase
// Output: one JSON object per line, in the catalog:import format (README).
// What is kept, dropped and merged: catalog-builder.mjs and rules.mjs; what
// GameDataBase adds and how its rows meet the games: gamedatabase.mjs.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildCatalog, parseSoftwareList, seedLines } from './catalog-builder.mjs';
import { GAMEDATABASE_COMMIT, joinGameDataBase, readGameDataBase } from './gamedatabase.mjs';
import { DROP_REASONS } from './rules.mjs';

const [hashDir, gdbDir, out] = process.argv.slice(2);
if (!hashDir || !fs.existsSync(hashDir) || !gdbDir || !fs.existsSync(gdbDir)) {
  console.error('usage: node scripts/catalog/build-seed.mjs <path to mame hash/ folder> <path to a GameDataBase checkout> [output file]');
  process.exit(1);
}
const outFile = path.resolve(out ?? 'data/catalog/mame-seed.jsonl.gz');
if (fs.existsSync(path.join(gdbDir, '.git'))) {
  const head = execFileSync('git', ['-C', gdbDir, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  if (head !== GAMEDATABASE_COMMIT) console.warn(`note: GameDataBase is at ${head}, the seed was built from ${GAMEDATABASE_COMMIT} (gamedatabase.mjs)`);
}
const reference = JSON.parse(fs.readFileSync(path.resolve('data/catalog/igdb-reference.json'), 'utf8'));
const igdbSlugById = new Map(reference.platforms.map((p) => [p.id, p.slug]));

const lists = fs
  .readdirSync(hashDir)
  .filter((f) => f.endsWith('.xml'))
  .sort()
  .map((f) => parseSoftwareList(fs.readFileSync(path.join(hashDir, f), 'utf8')))
  .filter((list) => list !== undefined);

const catalog = buildCatalog(lists, igdbSlugById);
const gdbFiles = fs
  .readdirSync(gdbDir)
  .filter((f) => f.endsWith('.csv'))
  .sort()
  .map((name) => ({ name, text: fs.readFileSync(path.join(gdbDir, name), 'utf8') }));
const gdb = readGameDataBase(gdbFiles);
const join = joinGameDataBase(catalog.games, gdb.games);
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
console.log(`${n(stats.japaneseTitlesMerged)} games released only in Japan joined the game they are a Japanese release of (their titles became its other names)`);
console.log(`→ ${n(games.length)} games (${n(multi)} on 2+ platforms), ${catalog.localPlatforms.size} local platforms`);
const part = ({ games: g, rows }) => `${n(g)} games (${n(rows)} rows)`;
const having = (field) => n(games.filter((g) => g[field]?.length).length);
console.log(`GameDataBase: ${gdbFiles.length} files, ${n(gdb.rows)} rows read (on platforms the seed has), ${n(gdb.games.length)} games`);
console.log(`  joined by MAME set name: ${part(join.bySet)}`);
console.log(`  joined by title, platform and years: ${part(join.byTitle)}`);
console.log(`  not joined: ${part(join.unmatchedArcade)} arcade (not in MAME’s software lists), ${part(join.unmatchedOther)} other (${part(join.ambiguous)} of them undated with several candidates)`);
console.log(`  → ${n(join.seedGamesEnriched)} seed games enriched: ${having('genres')} with genres, ${having('themes')} with themes, ${having('developers')} with developers`);
console.log(`wrote ${outFile} (${(fs.statSync(outFile).size / 1024 / 1024).toFixed(2)} MiB)`);

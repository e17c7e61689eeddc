// npm run bench:import [-- rows]   e.g. npm run bench:import -- 20000
// Loads the embedded catalog into a fresh SQLite database, writes a Grouvee
// CSV of `rows` games (real catalog titles with their years and platforms,
// some with a wrong year, some titles the catalog does not have), then
// previews and imports it over HTTP against a server in a child process.
// Meanwhile a probe asks /api/health every 20 ms. Prints the time of each
// step, the server's peak RSS growth and the health answers' latency while
// it ran. Prints figures, asserts nothing.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../apps/server/dist/config.js';
import { createDb } from '../../apps/server/dist/db/database.js';
import { migrateToLatest } from '../../apps/server/dist/db/migrate.js';
import { ask, serveForked } from './forked-server.mjs';
import { hashPassword } from '../../apps/server/dist/modules/auth/passwords.js';
import { prepareEmbeddedCatalog } from '../../apps/server/dist/modules/catalog/catalog.seed.js';
// Benchmarks never reach for the real Wikidata (the servers they start inherit this).
process.env.WIKIDATA_SYNC ??= 'off';

const ROWS = Number(process.argv[2] ?? 20_000);
const SECRET = 'bench-secret-bench-secret-bench-secret!!';
const PASSWORD = 'Secret123';

let seed = 11;
const rand = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
const SHELVES = ['Played', 'Playing', 'Backlog', 'Wish List', 'Abandoned'];
const day = (n) => new Date(Date.UTC(2012, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
const cell = (value) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

async function prepare(dir) {
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', JWT_SECRET: SECRET });
  const db = createDb(config.database);
  await migrateToLatest(db);
  await prepareEmbeddedCatalog(db);
  const k = db.kysely;
  const now = Date.now();
  await k
    .insertInto('users')
    .values({ username: 'bench', username_key: 'bench', email: 'bench@example.com', email_key: 'bench@example.com', password_hash: await hashPassword(PASSWORD), avatar: null, bio: null, suspended_reason: null, suspended_at: null, created_at: now, updated_at: now, activated_at: now, last_login_at: null, state: 'active' })
    .execute();
  const games = await k
    .selectFrom('games as g')
    .leftJoin('game_platforms as gp', 'gp.game_id', 'g.id')
    .leftJoin('platforms as p', 'p.id', 'gp.platform_id')
    .select(['g.name', 'g.release_year as year', 'p.name as platform'])
    .groupBy('g.id')
    .orderBy('g.popularity', 'desc')
    .limit(ROWS)
    .execute();
  await db.destroy();

  const header = 'id,name,shelves,platforms,rating,review,dates,statuses,genres,franchises,developers,publishers,release_date,url,giantbomb_id,igdb_id,review_title';
  const lines = [header];
  for (let i = 0; i < ROWS; i += 1) {
    const game = games[i % games.length];
    const kind = rand();
    // 3 % a title the catalog lacks, 3 % a year far from the catalog's: both need a look in the preview.
    const name = kind < 0.03 ? `Unreleased Prototype ${i}` : game.name;
    const year = game.year === null ? '' : kind < 0.06 ? game.year + 15 : game.year;
    const shelf = SHELVES[Math.floor(rand() * SHELVES.length)];
    const shelves = JSON.stringify({ [shelf]: { date_added: `${day(i % 4000)}T10:00:00Z`, url: '' } });
    const platforms = game.platform ? JSON.stringify({ [game.platform]: { url: '' } }) : '{}';
    const dates = shelf === 'Played' ? JSON.stringify([{ date_started: day(i % 4000), date_finished: day((i % 4000) + 30), level_of_completion: null, seconds_played: 36000 }]) : '[]';
    const rating = rand() < 0.6 ? String(1 + Math.floor(rand() * 5)) : '';
    const review = rand() < 0.1 ? 'Great fun, "would" play again.\nReally.' : '';
    lines.push([i + 1, name, shelves, platforms, rating, review, dates, '[]', '{}', '{}', '{}', '{}', year ? `${year}-01-01` : '', '', '', '', ''].map((v) => cell(String(v))).join(','));
  }
  return lines.join('\n');
}

/** Asks /api/health every 20 ms until stopped; returns each answer's latency. */
function probeHealth(base) {
  const latencies = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${base}/api/health`).then((r) => r.arrayBuffer());
      latencies.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return async () => {
    running = false;
    await done;
    return latencies.sort((a, b) => a - b);
  };
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-bench-import-'));
  process.stderr.write(`loading the embedded catalog and writing a ${ROWS.toLocaleString('en-US')}-row Grouvee file…\n`);
  const csv = await prepare(dir);
  const child = fork(fileURLToPath(import.meta.url), ['serve', dir], { execArgv: ['--expose-gc'] });
  const { port } = await ask(child, null, 'port');
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: 'bench', password: PASSWORD }) });
  const { token } = await login.json();
  const results = [];
  for (const [step, url] of [
    ['preview', `${base}/api/users/bench/library/import/preview`],
    ['import', `${base}/api/users/bench/library/import`],
    ['import again (nothing new)', `${base}/api/users/bench/library/import`],
  ]) {
    await ask(child, 'reset', 'reset');
    const stopProbe = probeHealth(base);
    const started = performance.now();
    const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ csv, format: 'auto', skipInvalid: true }) });
    const body = await res.json();
    const seconds = (performance.now() - started) / 1000;
    const health = await stopProbe();
    const { baseline, peak } = await ask(child, 'peak', 'peak');
    const summary = step === 'preview' ? `${body.matched} matched, ${body.flagged} flagged, ${body.unmatched} not found` : `${body.entries} entries, ${body.diary} diary rows, ${body.unmatched} left out`;
    results.push({ step, status: res.status, seconds, summary, growth: peak - baseline, peak, health });
  }
  child.send('stop');
  await new Promise((resolve) => child.once('exit', resolve));
  fs.rmSync(dir, { recursive: true, force: true });

  const mb = (n) => (n / 1024 / 1024).toFixed(0);
  const pct = (list, p) => list[Math.min(list.length - 1, Math.floor(list.length * p))]?.toFixed(0) ?? '–';
  console.log(`\nLibrary import benchmark — SQLite, embedded catalog, ${os.cpus().length} cores, Node ${process.version}`);
  console.log(`A Grouvee CSV of ${ROWS.toLocaleString('en-US')} games (${(Buffer.byteLength(csv) / 1024 / 1024).toFixed(1)} MB)\n`);
  console.log('| step | status | seconds | rows/s | result | server RSS growth (MB) | server peak RSS (MB) | health answers | health p99 / max (ms) |');
  console.log('|---|---:|---:|---:|---|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(
      `| ${r.step} | ${r.status} | ${r.seconds.toFixed(1)} | ${Math.round(ROWS / r.seconds).toLocaleString('en-US')} | ${r.summary} | ${mb(r.growth)} | ${mb(r.peak)} | ${r.health.length} | ${pct(r.health, 0.99)} / ${r.health.at(-1)?.toFixed(0)} |`,
    );
  }
}

if (process.argv[2] === 'serve') await serveForked(process.argv[3], SECRET);
else await main();

// npm run bench:export [-- entries]   e.g. npm run bench:export -- 100000
// Builds a SQLite database with a generated catalog (no seed) of as many games
// as library entries, one user whose library holds every game with a diary of
// about 1.5 plays per game, then downloads the CSV export over HTTP from a
// server in a child process and prints the time, rows/s, size and the server's
// peak RSS growth, with V8's default heap and again with the old space capped
// at 64 MB. Prints figures, asserts nothing.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { loadConfig } from '../../apps/server/dist/config.js';
import { createDb } from '../../apps/server/dist/db/database.js';
import { migrateToLatest } from '../../apps/server/dist/db/migrate.js';
import { ask, serveForked } from './forked-server.mjs';
import { hashPassword } from '../../apps/server/dist/modules/auth/passwords.js';
import { importCatalogFile, importReference } from '../../apps/server/dist/modules/catalog/catalog.import.js';
// Benchmarks never reach for the real Wikidata (the servers they start inherit this).
process.env.WIKIDATA_SYNC ??= 'off';

const ENTRIES = Number(process.argv[2] ?? 50_000);
const RUNS = 2;
const SECRET = 'bench-secret-bench-secret-bench-secret!!';
const PASSWORD = 'Secret123';

let seed = 7;
const rand = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
const pick = (list) => list[Math.floor(rand() * list.length)];
const WORDS = 'shadow dragon quest star legend fighter racing super mega dark light blade sword magic knight castle space ocean island night storm fire crystal galaxy robot ninja pirate wizard hero turbo street puzzle tower empire kingdom tactics saga'.split(' ');
const PLATFORMS = ['snes', 'nes', 'genesis-slash-megadrive', 'gb', 'gba', 'ps', 'n64', 'c64', 'amiga', 'dos', 'win', 'switch', 'ps4--1'];
const REVIEWS = [
  'Great fun, would play again.',
  'A **classic**. The "final" boss, though…\n> It is dangerous to go alone\n\nStill worth it, honestly.',
  'Too short; the ending, rushed.',
];
const day = (n) => new Date(Date.UTC(2015, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

async function prepare(dir) {
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', JWT_SECRET: SECRET });
  const db = createDb(config.database);
  await migrateToLatest(db);
  await importReference(db);
  const file = path.join(dir, 'games.jsonl.gz');
  const lines = Array.from({ length: ENTRIES }, (_, i) =>
    JSON.stringify({ name: `${pick(WORDS)} ${pick(WORDS)} ${i}`, slug: `bench-${i}`, year: 1980 + Math.floor(rand() * 45), platforms: [pick(PLATFORMS)] }),
  );
  fs.writeFileSync(file, zlib.gzipSync(lines.join('\n')));
  await importCatalogFile(db, file);

  const k = db.kysely;
  const now = Date.now();
  const user = await k
    .insertInto('users')
    .values({ username: 'bench', username_key: 'bench', email: 'bench@example.com', email_key: 'bench@example.com', password_hash: await hashPassword(PASSWORD), avatar: null, bio: null, suspended_reason: null, suspended_at: null, created_at: now, updated_at: now, activated_at: now, last_login_at: null, state: 'active' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const games = await k.selectFrom('games').select('id').orderBy('id').execute();
  const platforms = new Map((await k.selectFrom('platforms').select(['id', 'slug']).execute()).map((p) => [p.slug, p.id]));
  let diaryRows = 0;
  for (let i = 0; i < games.length; i += 500) {
    const batch = games.slice(i, i + 500);
    await k.transaction().execute(async (trx) => {
      const entries = await trx
        .insertInto('library_entries')
        .values(
          batch.map(({ id }, j) => {
            const reviewed = rand() < 0.2;
            return {
              user_id: user.id, game_id: id, status: 1 + Math.floor(rand() * 4), rating: rand() < 0.7 ? 1 + Math.floor(rand() * 10) : null,
              review: reviewed ? pick(REVIEWS) : null, review_slug: reviewed ? `bench-${i + j}` : null, review_created_at: reviewed ? now : null, review_updated_at: reviewed ? now : null,
              started_on: day(i % 3000), finished_on: day((i % 3000) + 20), favourite_position: null, featured_position: null, created_at: now, updated_at: now,
            };
          }),
        )
        .returning(['id', 'game_id'])
        .execute();
      await trx.insertInto('library_entry_platforms').values(entries.map((e) => ({ entry_id: e.id, platform_id: platforms.get(pick(PLATFORMS)) }))).execute();
      const diary = entries.flatMap((e, j) =>
        Array.from({ length: j % 2 === 0 ? 1 : 2 }, (_, n) => ({
          user_id: user.id, entry_id: e.id, game_id: e.game_id, played_on: day((i % 3000) + 20 + n * 400), event: 'finished', rating: null,
          note: n === 1 ? 'Replayed, "faster" this time' : null, replay: n, minutes_played: 60 + Math.floor(rand() * 3000), created_at: now,
        })),
      );
      diaryRows += diary.length;
      for (let d = 0; d < diary.length; d += 400) await trx.insertInto('diary_entries').values(diary.slice(d, d + 400)).execute();
    });
  }
  await db.destroy();
  return { diaryRows };
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-bench-export-'));
  process.stderr.write(`building ${ENTRIES.toLocaleString('en-US')} games and library entries on SQLite…\n`);
  let started = Date.now();
  const { diaryRows } = await prepare(dir);
  const buildSeconds = (Date.now() - started) / 1000;

  // The capped heap shows the export streams: a server that held the whole export would run out of memory.
  const servers = [
    { heap: 'default', execArgv: ['--expose-gc'] },
    // The app itself holds ~48 MB of heap once started (routes, schemas, caches); 64 MB leaves it no room for a 15 MB export held whole (~30 MB as a string).
    { heap: 'old space capped at 64 MB', execArgv: ['--expose-gc', '--max-old-space-size=64'] },
  ];
  const results = [];
  for (const server of servers) {
    const child = fork(fileURLToPath(import.meta.url), ['serve', dir], { execArgv: server.execArgv });
    const { port } = await ask(child, null, 'port');
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier: 'bench', password: PASSWORD }) });
    const { token } = await login.json();
    for (let run = 1; run <= RUNS; run += 1) {
      await ask(child, 'reset', 'reset');
      started = process.hrtime.bigint();
      const res = await fetch(`${base}/api/users/bench/library/export`, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } });
      let bytes = 0;
      for await (const chunk of res.body) bytes += chunk.length;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const { baseline, peak } = await ask(child, 'peak', 'peak');
      results.push({ heap: server.heap, run, status: res.status, seconds, bytes, rssGrowth: peak - baseline, peak });
    }
    child.send('stop');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  fs.rmSync(dir, { recursive: true, force: true });

  const records = ENTRIES + diaryRows;
  const mb = (n) => (n / 1024 / 1024).toFixed(1);
  console.log(`\nLibrary export benchmark — SQLite, ${os.cpus().length} cores, Node ${process.version}`);
  console.log(`${ENTRIES.toLocaleString('en-US')} library entries + ${diaryRows.toLocaleString('en-US')} diary entries = ${records.toLocaleString('en-US')} CSV records (built in ${buildSeconds.toFixed(0)} s)\n`);
  console.log('| server heap | run | status | seconds | records/s | MB | server peak RSS growth (MB) | server peak RSS (MB) |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(`| ${r.heap} | ${r.run} | ${r.status} | ${r.seconds.toFixed(2)} | ${Math.round(records / r.seconds).toLocaleString('en-US')} | ${mb(r.bytes)} | ${mb(r.rssGrowth)} | ${mb(r.peak)} |`);
  }
}

if (process.argv[2] === 'serve') await serveForked(process.argv[3], SECRET);
else await main();

// npm run bench:igdb [-- games]   e.g. npm run bench:igdb -- 300000
// A full IGDB crawl of a fake IGDB (apps/server/src/test/fake-igdb.ts, in a
// child process on 127.0.0.1) holding `games` records (default 300,000: main
// games and, like IGDB, DLC, bundles, editions, … among them), at IGDB's real
// limits: 4 requests a second (429 beyond), 8 open, 500 records a page, and
// BENCH_IGDB_LATENCY_MS per answer (default 150). Then an incremental run
// after 2,000 edits and 100 replaced covers. Prints times and the requests
// used next to the floor (games / 500 per page / 4 per second). SQLite; also
// PostgreSQL when BENCH_DATABASE_URL is set. Stops after BENCH_TIMEOUT_S
// (default 900) seconds whatever happens.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ask, sourceDatabase, startFakeService, stopAfter } from './sources.mjs';
// Benchmarks never reach for the real Wikidata (the servers they start inherit this).
process.env.WIKIDATA_SYNC ??= 'off';

const SIZE = Number(process.argv[2] ?? 300_000);
const LATENCY_MS = Number(process.env.BENCH_IGDB_LATENCY_MS ?? 150);
const TIMEOUT_S = Number(process.env.BENCH_TIMEOUT_S ?? 900);
const PG_URL = process.env.BENCH_DATABASE_URL;
const EDITS = 2_000;
const COVERS = 100;
const here = fileURLToPath(import.meta.url);
const repo = path.resolve(path.dirname(here), '../..');

if (process.argv[2] === '--serve-fake') {
  await serveFake(Number(process.argv[3]));
} else {
  await main();
}

/** The child: generates the records and serves them as IGDB would, answering the parent over IPC. */
async function serveFake(size) {
  const { startFakeIgdb } = await import(path.join(repo, 'apps/server/src/test/fake-igdb.ts'));
  const reference = JSON.parse(fs.readFileSync(path.join(repo, 'data/catalog/igdb-reference.json'), 'utf8'));
  let seed = 16;
  const rand = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const WORDS = `shadow dragon quest star legend fighter racing soccer super mega ultra hyper dark light blade sword magic knight castle space
ocean island jungle desert mountain city night thunder storm fire ice crystal galaxy robot ninja samurai pirate wizard hero zero prime
rally turbo street kart tennis golf puzzle block tower empire kingdom war tactics chronicle saga fantasy mystery detective haunted`.split(/\s+/);
  const platforms = reference.platforms.map((p) => ({ id: p.id, name: p.name, slug: p.slug, ...(p.abbreviation ? { abbreviation: p.abbreviation } : {}) }));
  const companies = Array.from({ length: 5_000 }, (_, i) => ({ id: i + 1, name: `Studio ${i + 1}`, slug: `studio-${i + 1}` }));
  const T0 = 1_500_000_000;
  // A record type mix like IGDB's: mostly main games; DLC, editions, ports, bundles, … about one in five.
  const types = [...Array(80).fill(0), ...Array(8).fill(1), 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 11, 13, 14, 'edition'];
  const games = [];
  const timesToBeat = [];
  // Shared records, as IGDB has them (one "Single player" record, named by every game that has the mode).
  const MODES = ['Single player', 'Multiplayer', 'Co-operative', 'Split screen'].map((name, i) => ({ id: i + 1, name }));
  const PERSPECTIVES = ['First person', 'Third person', 'Side view', 'Bird view / Isometric'].map((name, i) => ({ id: i + 1, name }));
  const REGIONS = ['europe', 'north_america', 'japan', 'worldwide'].map((region, i) => ({ id: i + 1, region }));
  let id = 0;
  const mains = [];
  while (games.length < size) {
    id += 1 + (rand() < 0.05 ? Math.floor(rand() * 3) : 0); // ids with gaps, as IGDB's deletions leave
    const words = [pick(WORDS), pick(WORDS), pick(WORDS)];
    const name = `${words.map((w) => w[0].toUpperCase() + w.slice(1)).join(' ')} ${id}`;
    const type = mains.length < 100 ? 0 : pick(types);
    const game = {
      id,
      name,
      slug: `bench-${id}`,
      game_type: type === 'edition' ? 0 : type,
      platforms: [pick(platforms).id, ...(rand() < 0.3 ? [pick(platforms).id] : [])],
      genres: [pick(reference.genres).id],
      themes: rand() < 0.5 ? [pick(reference.themes).id] : [],
      cover: { image_id: `co${id.toString(36)}`, width: 264, height: 374 },
      first_release_date: T0 - Math.floor(rand() * 1_000_000_000),
      total_rating: Math.round(rand() * 100),
      total_rating_count: Math.floor(rand() * 300),
      summary: `${name}: ${words.join(', ')}.`,
      alternative_names: rand() < 0.2 ? [{ name: `${words[2]} ${words[0]}`.toUpperCase() }] : [],
      involved_companies: [{ company: pick(companies), developer: true }, ...(rand() < 0.5 ? [{ company: pick(companies), publisher: true }] : [])],
      updated_at: T0 + Math.floor(rand() * 100_000_000),
    };
    // The game page's details, about as often as IGDB has them.
    if (rand() < 0.6) game.screenshots = Array.from({ length: 1 + Math.floor(rand() * 6) }, (_, i) => ({ image_id: `sc${id.toString(36)}${i}`, width: 889, height: 500 }));
    if (rand() < 0.2) game.artworks = [{ image_id: `ar${id.toString(36)}` }];
    if (rand() < 0.7) game.game_modes = [MODES[Math.floor(rand() * MODES.length)]];
    if (rand() < 0.5) game.player_perspectives = [PERSPECTIVES[Math.floor(rand() * PERSPECTIVES.length)]];
    if (rand() < 0.3) game.storyline = `${name} begins where ${words[1]} ends.`;
    game.release_dates = game.platforms.map((platform) => ({ date: game.first_release_date, platform, release_region: REGIONS[Math.floor(rand() * REGIONS.length)] }));
    if (rand() < 0.4) game.websites = [{ url: `https://store.steampowered.com/app/${id}`, type: 13 }, ...(rand() < 0.5 ? [{ url: `https://example.com/${id}`, type: 1 }] : [])];
    if (rand() < 0.4) game.external_games = [{ uid: String(id), external_game_source: 1 }];
    if (rand() < 0.3) game.similar_games = [pick(mains), pick(mains)];
    if (rand() < 0.15) timesToBeat.push({ game_id: id, hastily: 3600 * (1 + Math.floor(rand() * 20)), normally: 3600 * (5 + Math.floor(rand() * 40)), count: 1 + Math.floor(rand() * 500), updated_at: T0 });
    if (type === 'edition') game.version_parent = pick(mains);
    else if (type !== 0) game.parent_game = pick(mains);
    if (game.game_type === 0 && !game.version_parent) mains.push(id);
    games.push(game);
  }
  const popularity = Array.from({ length: 1000 }, (_, i) => ({ game_id: pick(mains), value: 1 - i / 1000 }));
  const fake = await startFakeIgdb(
    { games, platforms, genres: reference.genres.map(({ id, name, slug }) => ({ id, name, slug })), themes: reference.themes.map(({ id, name, slug }) => ({ id, name, slug })), popularity, timesToBeat },
    { latencyMs: Number(process.env.BENCH_IGDB_LATENCY_MS ?? 150) },
  );
  const summary = () => {
    const { tokenRequests, requests, rateLimited, maxInFlight, gamePages } = fake.stats;
    return { tokenRequests, requests, rateLimited, maxInFlight, gamePages, records: games.length, games: mains.length };
  };
  // The parent gone (it failed, or was stopped), the fake goes too.
  process.on('disconnect', () => process.exit(0));
  process.on('message', (message) => {
    if (message === 'stats') process.send({ stats: summary() });
    if (message === 'edit') {
      for (let i = 0; i < EDITS; i += 1) fake.updateGame(pick(games).id, { name: `Edited ${i}` });
      for (let i = 0; i < COVERS; i += 1) fake.replaceCover(pick(mains), `new${i}`);
      process.send({ edited: true });
    }
    if (message === 'exit') process.exit(0);
  });
  process.send({ apiUrl: fake.apiUrl, tokenUrl: fake.tokenUrl, stats: summary() });
}

async function benchOne(kind) {
  const { createDb } = await import('../../apps/server/dist/db/database.js');
  const { migrateToLatest } = await import('../../apps/server/dist/db/migrate.js');
  const { IgdbClient } = await import('../../apps/server/dist/modules/igdb/igdb.client.js');
  const { dbTokenStore } = await import('../../apps/server/dist/modules/igdb/igdb.token.js');
  const { syncFromIgdb } = await import('../../apps/server/dist/modules/igdb/igdb.sync.js');

  process.stderr.write(`${kind}: starting a fake IGDB with ${SIZE.toLocaleString('en-US')} records…\n`);
  const { child, hello: fake } = await startFakeService(here, ['--serve-fake', String(SIZE)]);
  const database = await sourceDatabase(kind, PG_URL, 'vgl_bench_igdb');
  const db = createDb(database.config);
  try {
    await migrateToLatest(db);
    const client = new IgdbClient({ clientId: 'test-client', clientSecret: 'test-secret', apiUrl: fake.apiUrl, tokenUrl: fake.tokenUrl }, dbTokenStore(db));
    let lastLine = 0;
    const started = Date.now();
    const full = await syncFromIgdb(db, client, {
      onProgress: (done, total) => {
        if (Date.now() - lastLine < 10_000) return;
        lastLine = Date.now();
        process.stderr.write(`  ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} records, ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
      },
    });
    const fullSeconds = (Date.now() - started) / 1000;
    const afterFull = (await ask(child, 'stats', 'stats')).stats;

    await ask(child, 'edit', 'edited');
    const startedIncremental = Date.now();
    const incremental = await syncFromIgdb(db, client);
    const incrementalSeconds = (Date.now() - startedIncremental) / 1000;
    const afterIncremental = (await ask(child, 'stats', 'stats')).stats;
    const catalog = Number((await db.kysely.selectFrom('games').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    return { kind, full, fullSeconds, afterFull, incremental, incrementalSeconds, afterIncremental, catalog };
  } finally {
    child.send('exit');
    await db.destroy();
    await database.drop();
  }
}

async function main() {
  stopAfter(TIMEOUT_S, 'bench:igdb');
  const results = [];
  for (const kind of ['sqlite', ...(PG_URL ? ['postgres'] : [])]) results.push(await benchOne(kind));
  if (!PG_URL) process.stderr.write('PostgreSQL skipped: set BENCH_DATABASE_URL to include it.\n');

  const floor = SIZE / 500 / 4;
  console.log(`\nIGDB full crawl — ${SIZE.toLocaleString('en-US')} records on a fake IGDB at 4 requests/s, 8 open, ${LATENCY_MS} ms per answer; ${os.cpus().length} cores`);
  console.log(`Floor for the records alone: ${SIZE.toLocaleString('en-US')} / 500 per page / 4 per s = ${floor.toFixed(0)} s (${Math.ceil(SIZE / 500)} requests)\n`);
  console.log('| database | full crawl | requests (pages of records) | 429s | most open | catalog games | related items | incremental (2,000 edits, 100 covers) |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---|');
  for (const r of results) {
    const incRequests = r.afterIncremental.requests - r.afterFull.requests;
    console.log(
      `| ${r.kind} | ${r.fullSeconds.toFixed(0)} s (${(r.fullSeconds / floor).toFixed(2)}× the floor) | ${r.afterFull.requests} (${r.full.pages}) | ${r.afterFull.rateLimited} | ${r.afterFull.maxInFlight} | ${r.catalog.toLocaleString('en-US')} | ${r.full.related.toLocaleString('en-US')} | ${r.incrementalSeconds.toFixed(1)} s, ${incRequests} requests, ${r.incremental.games + r.incremental.related} records, ${r.incremental.covers} covers |`,
    );
  }
  console.log(`\nTwitch tokens issued: ${results.map((r) => `${r.kind} ${r.afterIncremental.tokenRequests}`).join(', ')}`);
}

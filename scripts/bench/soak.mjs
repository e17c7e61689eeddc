// npm run bench:soak [-- --quick] [--server-one-cpu] [--connections 150] [--duration 180] [--warmup 15] [--users 100] [--rate <req/s>] [--only <kind>] [--postgres <url>]
// A bounded mixed read/write load on the built server: it starts
// apps/server/dist/main.js on 127.0.0.1 with a fresh DATA_DIR (the embedded
// catalog seeds itself on first start; --postgres <url> runs it on a new
// database of that PostgreSQL server instead of SQLite, dropped afterwards),
// loads the demo data (seed:demo), creates a pool of members and logs them in,
// then runs autocannon with --connections connections (default 150) for
// --duration seconds (default 180; --quick: 20), after --warmup seconds of the
// same load on the same connections (default 15; --quick: 5) whose figures
// are shown apart (a cold start fills caches, compiles code and accepts the
// connections). About 30 % of the requests
// are writes by the pool (library PUTs with ratings and reviews, likes,
// comments, diary entries), the rest reads (home, browse with filters and
// sorts, search, game pages and their reviews, profiles, libraries, reviews),
// half of them signed in. The load respects the per-member spam brakes (10
// comments and 60 likes a minute), which are not what is measured here.
// Prints the requests, req/s, errors (non-2xx by status, socket errors and
// timeouts), p50/p90/p99 latency overall and per kind of request, and the
// server's RSS at the start, middle and end of the load. With taskset, the
// server's event loop runs on CPU 0 and the load on CPU 1, with the server's
// other threads (V8's garbage-collection helpers, libuv's pool, the SQLite
// checkpoint thread): on a two-core host they take whichever core is free,
// and the load leaves most of CPU 1 free (about a fifth of it is used);
// pinned to CPU 0 with the event loop, a major GC's concurrent marking took
// that core from it for ~100 ms every few seconds. --server-one-cpu keeps
// all of the server on CPU 0 (as this bench did until 2026-11-26), for
// comparison. Traffic goes to 127.0.0.1 only. Prints figures, asserts
// nothing; stops by itself.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { loadConfig } from '../../apps/server/dist/config.js';
import { createDb } from '../../apps/server/dist/db/database.js';
import { hashPassword } from '../../apps/server/dist/modules/auth/passwords.js';
import { emailKey, usernameKey, usersRepo } from '../../apps/server/dist/modules/users/users.repo.js';
import { freshDatabase, hasTaskset, moveHelperThreads, referenceWorkMs, seedDemo, startServer } from './bench-server.mjs';
import { fmt, percentiles } from './stats.mjs';
// Benchmarks never reach for the real Wikidata (the servers they start inherit this).
process.env.WIKIDATA_SYNC ??= 'off';

const ROOT = path.resolve(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const QUICK = args.includes('--quick');
const SERVER_ONE_CPU = args.includes('--server-one-cpu');
const CONNECTIONS = Number(option('connections', 150));
const DURATION = Number(option('duration', QUICK ? 20 : 180));
/** Seconds of the same load before the measured run, so a cold start (caches, JIT) is reported apart from the steady state. */
const WARMUP = Number(option('warmup', QUICK ? 5 : 15));
const USERS = Number(option('users', Math.min(CONNECTIONS, 100)));
const PG_URL = option('postgres', undefined);
/**
 * --rate <req/s>: offer this many requests a second in all (spread over the
 * connections) instead of each connection sending its next request as soon
 * as the last is answered. That closed loop measures the server saturated —
 * every answer then waits for the ~150 ahead of it, so latency is
 * connections ÷ throughput whatever the code does; a fixed rate below
 * capacity measures what a visitor waits at that traffic.
 */
const RATE = option('rate', undefined) === undefined ? undefined : Number(option('rate', undefined));
const PASSWORD = 'Soak-Secret-123';
/** The login route allows 20 a minute per address: the pool signs in from 127.0.0.2, 127.0.0.3, … (to 127.0.0.1). */
const LOGINS_PER_ADDRESS = 15;
/** Per member and minute, kept under the server's own brakes (10 comments, 60 likes). */
const BUDGET = { comment: 8, like: 50 };
/** The mix, in percent: 30 writes, 70 reads. */
const MIX = [
  ['write: library PUT', 14],
  ['write: like', 7],
  ['write: comment', 3],
  ['write: diary POST', 6],
  ['read: home', 8],
  ['read: browse', 14],
  ['read: search', 10],
  ['read: game page', 12],
  ['read: game reviews', 5],
  ['read: profile', 7],
  ['read: library', 4],
  ['read: review', 6],
  ['read: trending reviews', 4],
];
if (!(CONNECTIONS > 0 && DURATION > 0 && USERS > 0 && WARMUP >= 0)) throw new Error('--connections, --duration, --users and --warmup take positive numbers');
if (RATE !== undefined && !(RATE > 0)) throw new Error('--rate takes a positive number of requests a second');
if (MIX.reduce((sum, [, share]) => sum + share, 0) !== 100) throw new Error('the mix must add up to 100');
/** --only <text>: just the kinds of request whose name contains it (e.g. "write: like"), to see what one kind costs. */
const ONLY = option('only', undefined);
if (ONLY !== undefined) {
  const kept = MIX.filter(([kind]) => kind.includes(ONLY));
  if (kept.length === 0) throw new Error(`--only ${ONLY}: no kind of request matches (${MIX.map(([kind]) => kind).join(', ')})`);
  const total = kept.reduce((sum, [, share]) => sum + share, 0);
  MIX.splice(0, MIX.length, ...kept.map(([kind, share], i) => [kind, i === kept.length - 1 ? 100 - kept.slice(0, -1).reduce((sum, [, s]) => sum + Math.round((s / total) * 100), 0) : Math.round((share / total) * 100)]));
}

let seed = 20_250_101;
const rand = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
const pick = (list) => list[Math.floor(rand() * list.length)];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (kb) => (kb / 1024).toFixed(0);

// ─── Server ──────────────────────────────────────────────────────────────────

/** VmRSS of a process, in kB. */
const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
/**
 * CPU seconds a process (all its threads) and its main thread have used so far:
 * per answer, the cost of the mix whatever else runs on the machine (a shared
 * VM's wall-clock figures wander by a quarter from run to run; these less).
 */
const cpuOf = (pid) => {
  const ticks = (file) => {
    const fields = fs.readFileSync(file, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  };
  try {
    return { all: ticks(`/proc/${pid}/stat`), main: ticks(`/proc/${pid}/task/${pid}/stat`) };
  } catch {
    return { all: NaN, main: NaN };
  }
};
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

// ─── Data ────────────────────────────────────────────────────────────────────

/** The pool's accounts, straight in the database (sign-up is not what is measured), all with one password. */
async function createPool(env) {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent', JWT_SECRET: 'unused-here-unused-here-unused-here-0000' });
  const db = createDb(config.database);
  const hash = await hashPassword(PASSWORD);
  const now = Date.now();
  const names = [];
  try {
    for (let i = 1; i <= USERS; i += 1) {
      const username = `soak_${String(i).padStart(4, '0')}`;
      const email = `${username}@example.com`;
      await usersRepo.insert(db.kysely, {
        username,
        username_key: usernameKey(username),
        email,
        email_key: emailKey(email),
        password_hash: hash,
        avatar: null,
        bio: `Soak tester ${i}`,
        suspended_reason: null,
        suspended_at: null,
        created_at: now,
        updated_at: now,
        activated_at: now,
        last_login_at: null,
        state: 'active',
      });
      names.push(username);
    }
  } finally {
    await db.destroy();
  }
  return names;
}

/** POST /api/auth/login from a given loopback address. */
function login(port, localAddress, identifier) {
  const body = JSON.stringify({ identifier, password: PASSWORD });
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, localAddress, method: 'POST', path: '/api/auth/login', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(text).token) : reject(new Error(`login ${identifier}: ${res.statusCode} ${text}`))));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function logInPool(port, names) {
  const members = [];
  for (let i = 0; i < names.length; i += 1) {
    const address = `127.0.0.${2 + Math.floor(i / LOGINS_PER_ADDRESS)}`;
    members.push({ username: names[i], token: await login(port, address, names[i]), comments: [], likes: [] });
  }
  return members;
}

async function getJson(base, url) {
  const res = await fetch(base + url);
  if (!res.ok) throw new Error(`${url} → ${res.status}`);
  return res.json();
}

/** What the requests point at: popular games, filters, search words, members with reviews. */
async function discover(base) {
  const games = [];
  for (let page = 1; page <= 5; page += 1) games.push(...(await getJson(base, `/api/igdb/games?limit=60&page=${page}`)));
  const platforms = (await getJson(base, '/api/igdb/platforms?feat=1')).map((p) => p.slug);
  const genres = (await getJson(base, '/api/igdb/genres')).map((g) => g.slug);
  const reviews = [];
  for (const list of ['trending', 'feat']) {
    for (let page = 1; page <= 5; page += 1) reviews.push(...(await getJson(base, `/api/library/reviews/${list}?limit=60&page=${page}`)));
  }
  const unique = [...new Map(reviews.map((r) => [r._id, { id: r._id, username: r.user.username, slug: r.game.slug }])).values()];
  if (games.length === 0 || unique.length === 0) throw new Error(`Nothing to load: ${games.length} games, ${unique.length} reviews`);
  const words = [...new Set(games.flatMap((g) => g.name.toLowerCase().split(/[^a-z0-9]+/)).filter((w) => w.length >= 3))];
  return { slugs: games.map((g) => g.slug), platforms: platforms.length ? platforms : ['any'], genres: genres.length ? genres : ['any'], reviews: unique, authors: [...new Set(unique.map((r) => r.username))], words };
}

// ─── Load ────────────────────────────────────────────────────────────────────

const REVIEW_TEXT = [
  'Played it through over a weekend; the second half drags a little but the ending lands.',
  'A **classic**. Tight controls, great music.\n\nThe last level is *brutal*.',
  'Not for me: too grindy. The art is lovely though.',
  'Replayed on the handheld, still holds up.',
];
const COMMENTS = ['Agreed!', 'The ending got me too.', 'Did you try the hard mode?', 'Nice review 👍'];
const SORTS = ['popularity', 'rating', 'release', 'name'];
const DAY = 86_400_000;

function plan(data, members) {
  const cumulative = [];
  let total = 0;
  for (const [kind, share] of MIX) cumulative.push([kind, (total += share)]);
  const drawKind = () => {
    const r = rand() * 100;
    return cumulative.find(([, upTo]) => r < upTo)[0];
  };
  /** Writes that must not race with themselves (one member's first PUT of a game twice at once), with when they started. */
  const inFlight = new Map();
  const busy = (key) => {
    const since = inFlight.get(key);
    return since !== undefined && performance.now() - since < 15_000;
  };
  const withBudget = (kind) => {
    const now = Date.now();
    for (let tries = 0; tries < 8; tries += 1) {
      const member = pick(members);
      const times = member[kind === 'comment' ? 'comments' : 'likes'];
      while (times.length && times[0] < now - 60_000) times.shift();
      if (times.length < BUDGET[kind]) {
        times.push(now);
        return member;
      }
    }
    return null;
  };
  const freeGame = (member) => {
    for (let tries = 0; tries < 8; tries += 1) {
      const slug = pick(data.slugs);
      if (!busy(`${member.username}:${slug}`)) return slug;
    }
    return null;
  };
  // Many people, not one client: each member has an address of their own and visitors one of 500, named to the
  // server (behind TRUST_PROXY) as a proxy would, so the per-client budgets count each apart.
  const addressOf = (member) => `10.88.${Math.floor(members.indexOf(member) / 250)}.${(members.indexOf(member) % 250) + 1}`;
  const visitorAddress = () => `10.99.${Math.floor(rand() * 2)}.${1 + Math.floor(rand() * 250)}`;
  const json = (method, url, member, body, lock) => ({
    method,
    path: url,
    headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json', 'x-forwarded-for': addressOf(member) },
    body: JSON.stringify(body),
    lock,
  });
  const read = (url) => {
    const member = rand() < 0.5 ? pick(members) : null;
    return { method: 'GET', path: url, headers: member ? { authorization: `Bearer ${member.token}`, 'x-forwarded-for': addressOf(member) } : { 'x-forwarded-for': visitorAddress() } };
  };
  const write = (kind) => {
    if (kind === 'write: like') {
      const member = withBudget('like');
      if (member) {
        const review = pick(data.reviews);
        return json('POST', '/api/like', member, { entityId: String(review.id), liked: rand() < 0.6 }, `${member.username}:like:${review.id}`);
      }
      kind = 'write: library PUT';
    }
    if (kind === 'write: comment') {
      const member = withBudget('comment');
      if (member) {
        const review = pick(data.reviews);
        return json('POST', `/api/users/${review.username}/reviews/${review.slug}/comments`, member, { body: pick(COMMENTS) });
      }
      kind = 'write: library PUT';
    }
    const member = pick(members);
    const slug = freeGame(member);
    if (slug === null) return null;
    const lock = `${member.username}:${slug}`;
    if (kind === 'write: diary POST') {
      const playedOn = new Date(Date.now() - Math.floor(rand() * 700) * DAY).toISOString().slice(0, 10);
      // A session says something (hours, a note, or a finish): an empty one is refused (400, issue 38).
      const event = pick(['played', 'started', 'finished']);
      const note = rand() < 0.3 ? pick(COMMENTS) : null;
      const hours = event === 'finished' || note ? (rand() < 0.5 ? 1 + Math.floor(rand() * 6) : null) : 1 + Math.floor(rand() * 6);
      return json('POST', `/api/users/${member.username}/diary`, member, { game: slug, playedOn, event, rating: rand() < 0.5 ? 1 + Math.floor(rand() * 10) : null, note, hours }, lock);
    }
    const reviewed = rand() < 0.4;
    return json('PUT', `/api/users/${member.username}/library/${slug}`, member, { status: 1 + Math.floor(rand() * 4), rating: 1 + Math.floor(rand() * 10), review: reviewed ? pick(REVIEW_TEXT) : null, hours: rand() < 0.5 ? Math.floor(rand() * 200) : null }, lock);
  };
  const next = () => {
    const kind = drawKind();
    if (kind.startsWith('write')) {
      const req = write(kind);
      if (req) return { kind: req.path === '/api/like' ? 'write: like' : req.method === 'PUT' ? 'write: library PUT' : req.path.endsWith('/diary') ? 'write: diary POST' : 'write: comment', req };
      return { kind: 'read: home', req: read('/api/home') };
    }
    const review = pick(data.reviews);
    switch (kind) {
      case 'read: home':
        return { kind, req: read('/api/home') };
      case 'read: browse': {
        const query = [`sort=${pick(SORTS)}`, `page=${1 + Math.floor(rand() * 5)}`];
        if (rand() < 0.6) query.push(`platform=${pick(data.platforms)}`);
        if (rand() < 0.4) query.push(`genre=${pick(data.genres)}`);
        if (rand() < 0.3) {
          const from = 1980 + Math.floor(rand() * 35);
          query.push(`releaseDate=${from}-${from + 4}`);
        }
        return { kind, req: read(`/api/igdb/games?${query.join('&')}`) };
      }
      case 'read: search': {
        const q = rand() < 0.3 ? `${pick(data.words)} ${pick(data.words)}` : pick(data.words).slice(0, 3 + Math.floor(rand() * 6));
        return { kind, req: read(`/api/igdb/search?q=${encodeURIComponent(q)}`) };
      }
      case 'read: game page':
        return { kind, req: read(`/api/igdb/games/${rand() < 0.5 ? review.slug : pick(data.slugs)}`) };
      case 'read: game reviews':
        return { kind, req: read(`/api/igdb/games/${review.slug}/reviews`) };
      case 'read: profile':
        return { kind, req: read(`/api/users/${rand() < 0.7 ? pick(data.authors) : pick(members).username}`) };
      case 'read: library':
        return { kind, req: read(`/api/users/${rand() < 0.7 ? pick(data.authors) : pick(members).username}/library?sort=${pick(['updated', 'rating', 'name'])}`) };
      case 'read: review':
        return { kind, req: read(`/api/users/${review.username}/reviews/${review.slug}`) };
      default:
        return { kind, req: read('/api/library/reviews/trending?limit=12') };
    }
  };
  return { next, inFlight };
}

/**
 * One load of WARMUP + DURATION seconds on the same sockets: the warm-up is
 * the first WARMUP seconds of it, so the measured part starts on connections
 * that are already open (150 sockets opened at once into a busy server take
 * 150 turns of its event loop to be accepted — a benchmark's artefact, not
 * the steady state). Each answer is recorded with when it was sent (seconds
 * from the start), its kind, latency and status; socket errors and timeouts
 * with when they happened. `marks` run at given seconds (CPU and memory
 * samples).
 */
async function runLoad(base, data, members, seconds, marks) {
  const timers = marks.map(({ at, run }) => setTimeout(run, at * 1000));
  try {
    return RATE ? await runOpenLoad(base, data, members, seconds) : await runClosedLoad(base, data, members, seconds);
  } finally {
    for (const timer of timers) clearTimeout(timer);
  }
}

/**
 * An open load: requests start at a steady RATE a second whatever the answers
 * do (autocannon's own rate sends each connection's share in a burst at the
 * top of every second), through at most CONNECTIONS keep-alive sockets; one
 * that finds them all busy waits for one. Latency runs from when a request
 * was due, so time spent queued behind a slow server counts.
 */
async function runOpenLoad(base, data, members, seconds) {
  const { next, inFlight } = plan(data, members);
  const answers = [];
  const failures = [];
  const { hostname, port } = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const loadStart = performance.now();
  const total = Math.round(RATE * seconds);
  let sent = 0;
  const pending = new Set();
  const fire = (due) => {
    const { kind, req } = next();
    if (req.lock) inFlight.set(req.lock, due);
    const body = req.body;
    const at = (due - loadStart) / 1000;
    const done = new Promise((resolve) => {
      const finish = (status, error) => {
        const ms = performance.now() - due;
        if (req.lock) inFlight.delete(req.lock);
        if (error) failures.push({ at, code: error });
        else answers.push({ kind, at, ms, status, path: `${req.method} ${req.path}` });
        resolve();
      };
      const request = http.request({ host: hostname, port, agent, method: req.method, path: req.path, headers: { ...req.headers, ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) }, timeout: 10_000 }, (res) => {
        res.resume();
        res.on('end', () => finish(res.statusCode));
        res.on('error', (e) => finish(0, e.code ?? e.message));
      });
      request.on('timeout', () => {
        request.destroy();
        finish(0, 'timeout');
      });
      request.on('error', (e) => finish(0, e.code ?? e.message));
      request.end(body);
    });
    pending.add(done);
    done.then(() => pending.delete(done));
  };
  await new Promise((resolve) => {
    const tick = setInterval(() => {
      const now = performance.now();
      // Every request whose time has come, each stamped with when it was due.
      while (sent < total && loadStart + (sent * 1000) / RATE <= now) {
        fire(loadStart + (sent * 1000) / RATE);
        sent += 1;
      }
      if (sent >= total) {
        clearInterval(tick);
        resolve();
      }
    }, 2);
  });
  await Promise.all(pending);
  agent.destroy();
  return { answers, failures };
}

async function runClosedLoad(base, data, members, seconds) {
  const { next, inFlight } = plan(data, members);
  const answers = [];
  const failures = [];
  const loadStart = performance.now();
  const instance = autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        setupRequest: (_req, context) => {
          const { kind, req } = next();
          context.kind = kind;
          context.path = `${req.method} ${req.path}`;
          context.lock = req.lock;
          context.sent = performance.now();
          if (req.lock) inFlight.set(req.lock, context.sent);
          return { method: req.method, path: req.path, headers: req.headers, ...(req.body ? { body: req.body } : {}) };
        },
        onResponse: (status, _body, context) => {
          answers.push({ kind: context.kind, at: (context.sent - loadStart) / 1000, ms: performance.now() - context.sent, status, path: context.path });
          if (context.lock) inFlight.delete(context.lock);
        },
      },
    ],
  });
  instance.on('reqError', (error) => {
    const message = error?.code ?? error?.message ?? String(error);
    failures.push({ at: (performance.now() - loadStart) / 1000, code: message === 'request timed out' ? 'timeout' : message });
  });
  await instance;
  return { answers, failures };
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** The figures of the answers sent in [from, to) seconds of the load, overall and per kind. */
function summarize({ answers, failures }, from, to) {
  const within = answers.filter((a) => a.at >= from && a.at < to);
  const times = within.map((a) => a.ms).sort((a, b) => a - b);
  const statuses = {};
  const byKind = new Map(MIX.map(([kind]) => [kind, { times: [], statuses: {} }]));
  for (const a of within) {
    statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    // A write can stand in for another (a like over the member's budget becomes a library PUT), also one --only left out.
    if (!byKind.has(a.kind)) byKind.set(a.kind, { times: [], statuses: {} });
    const kind = byKind.get(a.kind);
    kind.times.push(a.ms);
    kind.statuses[a.status] = (kind.statuses[a.status] ?? 0) + 1;
  }
  const socketErrors = {};
  let timeouts = 0;
  for (const f of failures.filter((f) => f.at >= from && f.at < to)) {
    if (f.code === 'timeout') timeouts += 1;
    else socketErrors[f.code] = (socketErrors[f.code] ?? 0) + 1;
  }
  return {
    answered: within.length,
    writes: within.filter((a) => a.kind.startsWith('write')).length,
    perSecond: within.length / (to - from),
    non2xx: Object.entries(statuses).filter(([status]) => !status.startsWith('2')),
    socketErrors,
    timeouts,
    latency: { p50: quantile(times, 0.5), p90: quantile(times, 0.9), p99: quantile(times, 0.99), max: times.at(-1) ?? 0 },
    byKind,
    slowest: within.filter((a) => a.ms > 1000).map((a) => ({ ...a, at: a.at - from })),
  };
}

/** Throughput and p99 of each whole `size`-second window of [from, to). */
function byWindow(load, from, to, size) {
  const windows = [];
  for (let start = from; start + size <= to; start += size) {
    const s = summarize(load, start, start + size);
    windows.push({ perSecond: s.perSecond, p99: s.latency.p99 });
  }
  return windows;
}

const ms = (n) => `${Math.round(n)} ms`;

// ─── Main ────────────────────────────────────────────────────────────────────

async function main() {
  if (!fs.existsSync(path.join(ROOT, 'apps/server/dist/main.js'))) throw new Error('Build first: npm run build -w packages/shared && npm run build -w apps/server');
  const database = await freshDatabase(PG_URL, 'vgl_bench_soak');
  let server;
  // Whatever happens, the run ends: setup may take a few minutes (catalog, demo data), the load DURATION.
  const watchdog = setTimeout(
    async () => {
      console.error('bench:soak: out of time, stopping');
      await server?.stop();
      await database.drop().catch(() => {});
      process.exit(1);
    },
    (WARMUP + DURATION + 900) * 1000,
  );
  watchdog.unref();
  try {
    let started = Date.now();
    const referenceBefore = referenceWorkMs();
    process.stderr.write(`starting the server on ${database.label}${hasTaskset ? ' (CPU 0)' : ''}; the catalog seeds itself…\n`);
    // As operators run it behind a proxy (TRUST_PROXY), with the per-client budgets on and counted but set above what the
    // simulated people ask (each of the 100 members makes ~10 reads a second here, more than a person would).
    server = await startServer({ ...database.env, TRUST_PROXY: 'loopback', RATE_LIMIT_READS_PER_MINUTE: '1000000', RATE_LIMIT_SEARCH_PER_MINUTE: '1000000' });
    process.stderr.write(`  ready in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
    started = Date.now();
    const demo = seedDemo(database.env);
    process.stderr.write(`  ${demo || 'demo data loaded'} (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
    started = Date.now();
    const names = await createPool(database.env);
    const members = await logInPool(server.port, names);
    process.stderr.write(`  ${members.length} members created and signed in (${((Date.now() - started) / 1000).toFixed(0)} s)\n`);
    const data = await discover(server.url);
    if (hasTaskset) spawnSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
    // After the logins, so libuv's pool (password hashing) exists to be moved.
    if (hasTaskset && !SERVER_ONE_CPU) moveHelperThreads(server.pid, 1);
    const rss = { before: rssOf(server.pid), start: NaN, middle: NaN, end: NaN, peak: 0 };
    let cpuBefore = cpuOf(server.pid);
    let loadCpuBefore = process.cpuUsage();
    let sampler;
    process.stderr.write(`load: ${CONNECTIONS} connections for ${WARMUP} s of warm-up, then ${DURATION} s measured on the same connections…\n`);
    const marks = [
      {
        at: WARMUP,
        run: () => {
          rss.start = rssOf(server.pid);
          cpuBefore = cpuOf(server.pid);
          loadCpuBefore = process.cpuUsage();
          sampler = setInterval(() => (rss.peak = Math.max(rss.peak, rssOf(server.pid))), 1000);
        },
      },
      { at: WARMUP + DURATION / 2, run: () => (rss.middle = rssOf(server.pid)) },
    ];
    const load = await runLoad(server.url, data, members, WARMUP + DURATION, marks);
    rss.end = rssOf(server.pid);
    const cpuAfter = cpuOf(server.pid);
    const loadCpu = process.cpuUsage(loadCpuBefore);
    clearInterval(sampler);
    rss.peak = Math.max(rss.peak, rss.end);
    // Memory after the load (issue 41: back near idle): 10 s, 30 s and 60 s after its end.
    const after = [];
    for (const at of [10, 30, 60]) {
      await sleep((at - (after.at(-1)?.at ?? 0)) * 1000);
      after.push({ at, rss: rssOf(server.pid) });
    }

    const m = summarize(load, WARMUP, WARMUP + DURATION);
    // SOAK_DUMP=<file>: every answer (sent at, latency, kind), to look at a run second by second.
    if (process.env.SOAK_DUMP) fs.writeFileSync(process.env.SOAK_DUMP, JSON.stringify({ end: Date.now(), seconds: WARMUP + DURATION, answers: load.answers.map((a) => [a.at, a.ms, a.kind]) }));
    const errorsOf = (f) => `${f.non2xx.length ? f.non2xx.map(([status, n]) => `${status} × ${n}`).join(', ') : '0'} non-2xx, ${Object.values(f.socketErrors).reduce((n, c) => n + c, 0)} socket errors, ${f.timeouts} timeouts`;
    console.log(
      `\nSoak — ${database.label}, ${CONNECTIONS} connections${RATE ? ` offering ${RATE} req/s in all` : ' (closed loop: each sends again as soon as answered)'}, ${DURATION} s, ${os.cpus().length} CPUs (${!hasTaskset ? 'no taskset: server and load share the CPUs' : SERVER_ONE_CPU ? 'all of the server on CPU 0, load on CPU 1' : "server's event loop on CPU 0; its other threads and the load on CPU 1"}), ` +
        `${members.length} members writing, demo data loaded; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}\n`,
    );
    if (WARMUP > 0) {
      const w = summarize(load, 0, WARMUP);
      console.log(
        `warm-up    first ${WARMUP} s, not counted below: ${w.answered.toLocaleString('en-US')} answered, ${errorsOf(w)}, ` +
          `p50 ${ms(w.latency.p50)}, p99 ${ms(w.latency.p99)}, max ${ms(w.latency.max)} (${w.slowest.length} over 1 s); RSS ${mb(rss.before)} → ${mb(rss.start)} MB`,
      );
    }
    console.log(`requests   ${m.answered.toLocaleString('en-US')} answered (${m.writes.toLocaleString('en-US')} writes, ${((m.writes / Math.max(m.answered, 1)) * 100).toFixed(0)} %), ${m.perSecond.toFixed(0)} req/s`);
    console.log(`errors     ${errorsOf(m)}${Object.keys(m.socketErrors).length ? ` (${Object.entries(m.socketErrors).map(([code, n]) => `${code} × ${n}`).join(', ')})` : ''}`);
    console.log(`latency    p50 ${ms(m.latency.p50)}, p90 ${ms(m.latency.p90)}, p99 ${ms(m.latency.p99)}, max ${ms(m.latency.max)}`);
    const perAnswer = (key) => (((cpuAfter[key] - cpuBefore[key]) * 1e6) / Math.max(m.answered, 1)).toFixed(0);
    console.log(`server CPU ${perAnswer('all')} µs an answer (main thread ${perAnswer('main')} µs; the rest is V8's GC helpers, libuv's thread pool and the checkpoint thread)`);
    console.log(`load CPU   ${(((loadCpu.user + loadCpu.system) / 1e6 / DURATION) * 100).toFixed(0)} % of a core (this process, making the requests and timing the answers)`);
    console.log(`server RSS start ${mb(rss.start)} MB, middle ${mb(rss.middle)} MB, end ${mb(rss.end)} MB (peak ${mb(rss.peak)} MB; after the load ${after.map((a) => `${mb(a.rss)} MB at ${a.at} s`).join(', ')}; idle before it ${mb(rss.before)} MB)`);
    const windows = byWindow(load, WARMUP, WARMUP + DURATION, 15);
    if (windows.length > 1) {
      const range = (values) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;
      console.log(`by 15 s    ${range(windows.map((w) => w.perSecond))} req/s, p99 ${range(windows.map((w) => w.p99))} ms (the same mix of requests in every window)`);
    }
    const serverLog = server.log;
    await server.stop();
    server = undefined;
    console.log(`machine    reference work on CPU 0 took ${referenceBefore.toFixed(0)} ms before the run and ${referenceWorkMs().toFixed(0)} ms after (the same work every run, median of 3: a slower machine takes longer, and every figure above moves with it)`);
    console.log('\n| request | share | answered | p50 ms | p90 ms | p99 ms | non-2xx |');
    console.log('|---|---:|---:|---:|---:|---:|---|');
    for (const [kind, stats] of m.byKind) {
      if (stats.times.length === 0) continue;
      const p = percentiles(stats.times);
      const sorted = [...stats.times].sort((a, b) => a - b);
      const bad = Object.entries(stats.statuses).filter(([status]) => !status.startsWith('2'));
      console.log(
        `| ${kind} | ${((stats.times.length / Math.max(m.answered, 1)) * 100).toFixed(1)} % | ${stats.times.length.toLocaleString('en-US')} | ${fmt(p.p50)} | ${fmt(quantile(sorted, 0.9))} | ${fmt(p.p99)} | ${bad.length ? bad.map(([status, n]) => `${status} × ${n}`).join(', ') : '0'} |`,
      );
    }
    if (m.slowest.length) {
      const seconds = new Map();
      for (const s of m.slowest) seconds.set(Math.floor(s.at), (seconds.get(Math.floor(s.at)) ?? 0) + 1);
      console.log(`\n${m.slowest.length} answers took over 1 s; sent in second ${[...seconds].map(([at, n]) => `${at} (${n})`).join(', ')} of the measured load. The slowest:`);
      for (const s of m.slowest.sort((a, b) => b.ms - a.ms).slice(0, 5)) console.log(`  ${(s.ms / 1000).toFixed(1)} s at ${s.at.toFixed(1)} s: ${s.status} ${s.path.slice(0, 120)}`);
    }
    if (serverLog.errors.length) {
      console.log(`\nThe server logged ${serverLog.errors.length} error(s); the first:`);
      for (const line of serverLog.errors.slice(0, 5)) console.log(`  ${line.slice(0, 400)}`);
    }
  } finally {
    await server?.stop();
    await database.drop();
    clearTimeout(watchdog);
  }
}

await main();

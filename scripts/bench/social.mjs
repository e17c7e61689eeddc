// npm run bench:social [-- --quick] [--keep] [--stats-only]
// Builds a social graph (100,000 users, 5,000,000 activities; --quick: 10,000
// and 500,000) on SQLite and, when BENCH_DATABASE_URL or TEST_DATABASE_URL
// points at a PostgreSQL server, on PostgreSQL; then prints p50/p95/p99 (ms)
// of the feed (first page and a deep page), the feed's unread check and
// notifications (page 1 and the unread count) through the HTTP API, for
// viewers following 10, 200, 1,000 or 5,000 people, 500 mostly idle people,
// and for the most followed accounts, next to the same service calls timed
// directly. Prints figures, asserts nothing.
//
// The data: activity per user is log-normal (a third of accounts idle), who
// is followed is Zipf-like and leans to the active (celebrities), most people
// follow 10–200, one in a hundred 1,000–5,000. Activities are sessions
// (added, then maybe rated and reviewed), likes and comments on reviews and
// follows, newest ids newest in time; notifications come from the likes,
// comments and follows, and from comment likes; counts on users, entries and
// comments match the rows. Only reviews are library entries (a feed row
// joins its entry by primary key either way). Generated once, loaded into
// both databases with secondary indexes built after the load and
// foreign-key checks off; PostgreSQL is then VACUUM ANALYZEd (autovacuum's
// steady state), SQLite is not analysed (the server never does it).
// Each first-page request starts from an unseen feed, so it pays the
// write of users.feed_seen_id; the deep page is the one ten cursors down.
// Then the stats page and the year in review, for heavy and typical members
// (libraries and play journals from social.stats.mjs), and the page of a
// list of theirs. --stats-only times only those.
// --keep leaves the databases in place to look at plans afterwards.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../apps/server/dist/app.js';
import { loadConfig } from '../../apps/server/dist/config.js';
import { createDb } from '../../apps/server/dist/db/database.js';
import { migrateToLatest } from '../../apps/server/dist/db/migrate.js';
import { feedPage } from '../../apps/server/dist/modules/activity/activity.repo.js';
import { createActivityService } from '../../apps/server/dist/modules/activity/activity.service.js';
import { signUserToken } from '../../apps/server/dist/modules/auth/jwt.js';
import { createNotificationsService } from '../../apps/server/dist/modules/notifications/notifications.service.js';
import { fmt, percentiles } from './stats.mjs';
import { STATS_TABLES, generateJournals, journalSummary, journalTables, measureStats } from './social.stats.mjs';
// Benchmarks never reach for the real Wikidata (the servers they start inherit this).
process.env.WIKIDATA_SYNC ??= 'off';

const QUICK = process.argv.includes('--quick');
const KEEP = process.argv.includes('--keep');
/** Only the stats and list rows (the same data is generated and loaded; the feed and notification cases are skipped). */
const STATS_ONLY = process.argv.includes('--stats-only');
const USERS = QUICK ? 10_000 : 100_000;
const ACTIVITIES = QUICK ? 500_000 : 5_000_000;
const GAMES = QUICK ? 5_000 : 20_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const VIEWERS_PER_PROFILE = 30;
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const SECRET = 'bench-secret-bench-secret-bench-secret!!';
const PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hiZW5jaGJlbmNo$0000000000000000000000000000000000000000000';
const DAY = 86_400_000;
const END = Date.UTC(2026, 0, 1);
const START = END - 730 * DAY;

const PROFILES = [
  { label: 'follows 10', follows: 10 },
  { label: 'follows 200', follows: 200 },
  { label: 'follows 1,000', follows: 1_000 },
  { label: `follows ${Math.min(5_000, USERS / 4).toLocaleString('en-US')}`, follows: Math.min(5_000, USERS / 4) },
  { label: 'follows 500, mostly idle', follows: 500, idle: true },
];

// ─── Generation (deterministic) ──────────────────────────────────────────────

let state = 0x9e3779b9;
/** mulberry32 */
function rand() {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const gauss = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
const below = (n) => Math.floor(rand() * n);

/** Walker's alias method: draws index i with probability weights[i] / sum. */
function sampler(weights) {
  const n = weights.length;
  const sum = weights.reduce((a, b) => a + b, 0);
  const prob = new Float64Array(n);
  const alias = new Int32Array(n);
  const scaled = Float64Array.from(weights, (w) => (w * n) / sum);
  const small = [];
  const large = [];
  scaled.forEach((p, i) => (p < 1 ? small : large).push(i));
  while (small.length && large.length) {
    const s = small.pop();
    const l = large.pop();
    prob[s] = scaled[s];
    alias[s] = l;
    scaled[l] += scaled[s] - 1;
    (scaled[l] < 1 ? small : large).push(l);
  }
  for (const i of [...small, ...large]) prob[i] = 1;
  return () => {
    const i = below(n);
    return rand() < prob[i] ? i : alias[i];
  };
}

/** A growable column of numbers. */
class Column {
  constructor(Type = Int32Array, capacity = 1024) {
    this.Type = Type;
    this.data = new Type(capacity);
    this.length = 0;
  }
  push(v) {
    if (this.length === this.data.length) {
      const bigger = new this.Type(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = v;
  }
  get(i) {
    return this.data[i];
  }
}

const VERBS = ['added', 'status', 'rated', 'reviewed', 'liked', 'commented', 'followed'];
const KINDS = ['review_liked', 'comment_liked', 'commented', 'followed'];
/** Packs (user, review or comment) pairs into one safe integer. */
const PAIR = 2 ** 24;
const V = Object.fromEntries(VERBS.map((v, i) => [v, i]));
const K = Object.fromEntries(KINDS.map((k, i) => [k, i]));

function generate() {
  // Users: index u is id u + 1. The first viewers are the benchmark's viewer profiles.
  const viewers = PROFILES.map((p, i) => ({ ...p, ids: Array.from({ length: VIEWERS_PER_PROFILE }, (_, j) => i * VIEWERS_PER_PROFILE + j + 1) }));
  const viewerCount = PROFILES.length * VIEWERS_PER_PROFILE;
  const idle = new Uint8Array(USERS);
  const activityWeight = new Float64Array(USERS);
  const suspended = new Uint8Array(USERS);
  for (let u = 0; u < USERS; u += 1) {
    idle[u] = u >= viewerCount && rand() < 0.35 ? 1 : 0;
    activityWeight[u] = idle[u] ? 0.01 : Math.exp(1.5 * gauss());
    suspended[u] = u >= viewerCount && rand() < 0.002 ? 1 : 0;
  }
  // Who gets followed: Zipf-like over a ranking that favours the active.
  const score = Float64Array.from(activityWeight, (w) => w * Math.exp(gauss()));
  const order = Array.from({ length: USERS }, (_, u) => u).sort((a, b) => score[b] - score[a]);
  const popularity = new Float64Array(USERS);
  order.forEach((u, rank) => (popularity[u] = 1 / (rank + 1) ** 0.6));
  const pickActor = sampler(activityWeight);
  const pickFollowee = sampler(popularity);
  const idleUsers = Int32Array.from(order.filter((u) => idle[u]));
  const gamePopularity = Float64Array.from({ length: GAMES }, (_, g) => 1 / (g + 1) ** 0.8);
  const pickGame = sampler(gamePopularity);

  // The follow graph, as sorted followee lists per follower (CSR).
  const followingCount = new Int32Array(USERS);
  for (let u = 0; u < USERS; u += 1) {
    const profile = u < viewerCount ? PROFILES[Math.floor(u / VIEWERS_PER_PROFILE)] : null;
    const r = rand();
    followingCount[u] = profile
      ? profile.follows
      : r < 0.04
        ? below(10)
        : r < 0.99
          ? Math.floor(Math.exp(Math.log(10) + rand() * Math.log(20)))
          : Math.min(Math.floor(Math.exp(Math.log(1000) + rand() * Math.log(5))), USERS / 4);
  }
  const followStart = new Int32Array(USERS + 1);
  for (let u = 0; u < USERS; u += 1) followStart[u + 1] = followStart[u] + followingCount[u];
  const followees = new Int32Array(followStart[USERS]);
  const followersCount = new Int32Array(USERS);
  const mark = new Int32Array(USERS);
  for (let u = 0; u < USERS; u += 1) {
    const profile = u < viewerCount ? PROFILES[Math.floor(u / VIEWERS_PER_PROFILE)] : null;
    let n = 0;
    while (n < followingCount[u]) {
      const v = profile?.idle && rand() < 0.9 ? idleUsers[below(idleUsers.length)] : pickFollowee();
      if (v === u || mark[v] === u + 1) continue;
      mark[v] = u + 1;
      followees[followStart[u] + n++] = v;
      followersCount[v] += 1;
    }
    followees.subarray(followStart[u], followStart[u + 1]).sort();
  }

  // Reviews (library entries with a review) that likes and comments point at:
  // some written before the activity log starts, the rest by 'reviewed'.
  const entryUser = new Column();
  const entryGame = new Column();
  const entryCreated = new Column(Float64Array);
  const entryLikes = new Column();
  const entryComments = new Column();
  const entryKeys = new Set();
  const lastReview = new Int32Array(USERS).fill(-1);
  const previousReview = new Column();
  const addEntry = (u, g, at) => {
    const key = u * GAMES + g;
    if (entryKeys.has(key)) return -1;
    entryKeys.add(key);
    const e = entryUser.length;
    entryUser.push(u);
    entryGame.push(g);
    entryCreated.push(at);
    entryLikes.push(0);
    entryComments.push(0);
    previousReview.push(lastReview[u]);
    lastReview[u] = e;
    return e;
  };
  for (let i = 0; i < USERS / 2; i += 1) addEntry(pickFollowee(), pickGame(), START - below(365) * DAY);
  const pickReview = () => {
    let e = lastReview[pickFollowee()];
    if (e < 0) return entryUser.length - 1 - below(Math.min(entryUser.length, 50_000));
    for (let steps = below(3); steps > 0 && previousReview.get(e) >= 0; steps -= 1) e = previousReview.get(e);
    return e;
  };
  const reviewLikes = new Set();
  const commentLikes = new Set();

  const commentEntry = new Column();
  const commentUser = new Column();
  const commentCreated = new Column(Float64Array);
  const commentLikesCount = new Column();

  const actor = new Int32Array(ACTIVITIES);
  const verb = new Uint8Array(ACTIVITIES);
  const game = new Int32Array(ACTIVITIES).fill(-1);
  const entry = new Int32Array(ACTIVITIES).fill(-1);
  const comment = new Int32Array(ACTIVITIES).fill(-1);
  const target = new Int32Array(ACTIVITIES).fill(-1);
  const value = new Int8Array(ACTIVITIES);
  const created = new Float64Array(ACTIVITIES);

  const nUser = new Column();
  const nActor = new Column();
  const nKind = new Column(Uint8Array);
  const nEntry = new Column();
  const nComment = new Column();
  const nCreated = new Column(Float64Array);
  const notify = (u, a, kind, e, c, at) => {
    if (u === a) return;
    nUser.push(u);
    nActor.push(a);
    nKind.push(K[kind]);
    nEntry.push(e);
    nComment.push(c);
    nCreated.push(at);
  };

  let i = 0;
  const push = (a, v, at, { g = -1, e = -1, c = -1, t = -1, val = 0 } = {}) => {
    if (i >= ACTIVITIES) return;
    actor[i] = a;
    verb[i] = V[v];
    game[i] = g;
    entry[i] = e;
    comment[i] = c;
    target[i] = t;
    value[i] = val;
    created[i] = at;
    i += 1;
  };
  while (i < ACTIVITIES) {
    const at = START + Math.floor((i / ACTIVITIES) * (END - START - DAY));
    const a = pickActor();
    if (suspended[a] && rand() < 0.9) continue;
    const r = rand();
    if (r < 0.55) {
      const g = pickGame();
      push(a, 'added', at, { g, val: 1 + below(4) });
      if (rand() < 0.5) push(a, 'rated', at + 1, { g, val: 1 + below(10) });
      if (rand() < 0.1) {
        const e = addEntry(a, g, at + 2);
        if (e >= 0) push(a, 'reviewed', at + 2, { g, e });
      }
    } else if (r < 0.67) {
      push(a, 'status', at, { g: pickGame(), val: 1 + below(4) });
    } else if (r < 0.83) {
      const e = pickReview();
      const key = a * PAIR + e;
      if (entryUser.get(e) === a || reviewLikes.has(key)) continue;
      reviewLikes.add(key);
      entryLikes.data[e] += 1;
      push(a, 'liked', at, { g: entryGame.get(e), e });
      notify(entryUser.get(e), a, 'review_liked', e, -1, at);
    } else if (r < 0.9) {
      const e = pickReview();
      const c = commentUser.length;
      commentEntry.push(e);
      commentUser.push(a);
      commentCreated.push(at);
      commentLikesCount.push(0);
      entryComments.data[e] += 1;
      push(a, 'commented', at, { g: entryGame.get(e), e, c });
      notify(entryUser.get(e), a, 'commented', e, c, at);
    } else if (r < 0.96) {
      const n = followingCount[a];
      if (n === 0) continue;
      const t = followees[followStart[a] + below(n)];
      push(a, 'followed', at, { t });
      notify(t, a, 'followed', -1, -1, at);
    } else {
      if (commentUser.length === 0) continue;
      const c = commentUser.length - 1 - below(Math.min(commentUser.length, 20_000));
      const key = a * PAIR + c;
      if (commentUser.get(c) === a || commentLikes.has(key)) continue;
      commentLikes.add(key);
      commentLikesCount.data[c] += 1;
      notify(commentUser.get(c), a, 'comment_liked', commentEntry.get(c), c, at);
    }
  }

  // Reading habits: most read their notifications within days, some within
  // months, one in ten never; the first page of the feed was seen lately.
  const readUntil = new Float64Array(USERS);
  const feedSeen = new Int32Array(USERS);
  for (let u = 0; u < USERS; u += 1) {
    const r = rand();
    readUntil[u] = Math.floor(r < 0.6 ? END + Math.log(1 - rand()) * 2 * DAY : r < 0.9 ? END + Math.log(1 - rand()) * 60 * DAY : 0);
    feedSeen[u] = Math.max(0, ACTIVITIES - below(ACTIVITIES / 100));
  }
  const nRead = new Float64Array(nUser.length);
  for (let n = 0; n < nUser.length; n += 1) {
    const at = nCreated.get(n);
    const until = readUntil[nUser.get(n)];
    nRead[n] = at <= until ? Math.min(until, at + Math.floor(rand() * DAY)) : -1;
  }

  const likePairs = (set, width) => [...set].map((key) => [Math.floor(key / width), key % width]).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  return {
    viewers,
    users: { count: USERS, suspended, followingCount, followersCount, feedSeen },
    follows: { start: followStart, followees },
    entries: { user: entryUser, game: entryGame, created: entryCreated, likes: entryLikes, comments: entryComments },
    comments: { entry: commentEntry, user: commentUser, created: commentCreated, likes: commentLikesCount },
    reviewLikes: likePairs(reviewLikes, PAIR),
    commentLikes: likePairs(commentLikes, PAIR),
    activities: { count: i, actor, verb, game, entry, comment, target, value, created },
    notifications: { count: nUser.length, user: nUser, actor: nActor, kind: nKind, entry: nEntry, comment: nComment, created: nCreated, read: nRead },
  };
}

// ─── Rows, the same for both databases (ids are 1-based) ─────────────────────

const id = (index) => (index < 0 ? null : index + 1);
const nullable = (v) => (v < 0 ? null : v);

/** Every table to load: its columns (with PostgreSQL array types), row count and row builder. */
function tables(data) {
  const { users, follows, entries, comments, activities: act, notifications: n } = data;
  return [
    {
      name: 'games',
      columns: [['id', 'int4'], ['slug', 'text'], ['name', 'text'], ['cover_image_id', 'text'], ['release_year', 'int4'], ['popularity', 'float4'], ['source', 'text'], ['created_at', 'int8'], ['updated_at', 'int8']],
      count: GAMES,
      row: (g) => [g + 1, `bench-${g}`, `Bench Game ${g}`, `co${g.toString(36)}`, 1980 + (g % 45), GAMES - g, 'igdb', START, START],
    },
    {
      name: 'users',
      columns: [
        ['id', 'int4'], ['username', 'text'], ['username_key', 'text'], ['email', 'text'], ['email_key', 'text'], ['password_hash', 'text'], ['role', 'text'], ['state', 'text'],
        ['suspended_at', 'int8'], ['created_at', 'int8'], ['updated_at', 'int8'], ['activated_at', 'int8'], ['followers_count', 'int4'], ['following_count', 'int4'], ['feed_seen_id', 'int4'],
      ],
      count: users.count,
      row: (u) => [
        u + 1, `u${u + 1}`, `u${u + 1}`, `u${u + 1}@bench.test`, `u${u + 1}@bench.test`, PASSWORD_HASH, 'user', users.suspended[u] ? 'suspended' : 'active',
        users.suspended[u] ? END : null, START - DAY, START - DAY, START - DAY, users.followersCount[u], users.followingCount[u], users.feedSeen[u],
      ],
    },
    {
      name: 'follows',
      columns: [['follower_id', 'int4'], ['followee_id', 'int4'], ['created_at', 'int8']],
      count: follows.followees.length,
      rows: function* () {
        for (let u = 0; u < users.count; u += 1) {
          for (let j = follows.start[u]; j < follows.start[u + 1]; j += 1) yield [u + 1, follows.followees[j] + 1, START + ((u * 7919 + j) % 700) * DAY];
        }
      },
    },
    {
      name: 'library_entries',
      columns: [
        ['id', 'int4'], ['user_id', 'int4'], ['game_id', 'int4'], ['status', 'int4'], ['rating', 'int4'], ['review', 'text'], ['review_slug', 'text'], ['review_created_at', 'int8'],
        ['review_updated_at', 'int8'], ['likes_count', 'int4'], ['comments_count', 'int4'], ['created_at', 'int8'], ['updated_at', 'int8'],
      ],
      count: entries.user.length,
      row: (e) => {
        const at = entries.created.get(e);
        return [e + 1, entries.user.get(e) + 1, entries.game.get(e) + 1, 2, 1 + (e % 10), `Review ${e}: played it through, worth a look.`, `bench-game-${entries.game.get(e)}`, at, at, entries.likes.get(e), entries.comments.get(e), at, at];
      },
    },
    {
      name: 'review_likes',
      columns: [['user_id', 'int4'], ['entry_id', 'int4'], ['created_at', 'int8']],
      count: data.reviewLikes.length,
      row: (j) => [data.reviewLikes[j][0] + 1, data.reviewLikes[j][1] + 1, END - DAY],
    },
    {
      name: 'comments',
      columns: [['id', 'int4'], ['entry_id', 'int4'], ['user_id', 'int4'], ['body', 'text'], ['likes_count', 'int4'], ['created_at', 'int8'], ['updated_at', 'int8']],
      count: comments.user.length,
      row: (c) => [c + 1, comments.entry.get(c) + 1, comments.user.get(c) + 1, `Comment ${c}: agreed, the second half drags a little though.`, comments.likes.get(c), comments.created.get(c), comments.created.get(c)],
    },
    {
      name: 'comment_likes',
      columns: [['user_id', 'int4'], ['comment_id', 'int4'], ['created_at', 'int8']],
      count: data.commentLikes.length,
      row: (j) => [data.commentLikes[j][0] + 1, data.commentLikes[j][1] + 1, END - DAY],
    },
    {
      name: 'activities',
      columns: [['id', 'int4'], ['actor_id', 'int4'], ['verb', 'text'], ['game_id', 'int4'], ['entry_id', 'int4'], ['comment_id', 'int4'], ['target_user_id', 'int4'], ['value', 'int4'], ['created_at', 'int8']],
      count: act.count,
      row: (i) => [i + 1, act.actor[i] + 1, VERBS[act.verb[i]], id(act.game[i]), id(act.entry[i]), id(act.comment[i]), id(act.target[i]), act.value[i] || null, act.created[i]],
    },
    {
      name: 'notifications',
      columns: [['id', 'int4'], ['user_id', 'int4'], ['actor_id', 'int4'], ['kind', 'text'], ['entry_id', 'int4'], ['comment_id', 'int4'], ['created_at', 'int8'], ['read_at', 'int8']],
      count: n.count,
      row: (j) => [j + 1, n.user.get(j) + 1, n.actor.get(j) + 1, KINDS[n.kind.get(j)], id(n.entry.get(j)), id(n.comment.get(j)), n.created.get(j), nullable(n.read[j])],
    },
    ...journalTables(data, { games: GAMES, start: START }),
  ];
}

function* rowsOf(table) {
  if (table.rows) yield* table.rows();
  else for (let j = 0; j < table.count; j += 1) yield table.row(j);
}

// ─── Loading ─────────────────────────────────────────────────────────────────

const BIG = ['follows', 'library_entries', 'review_likes', 'comments', 'comment_likes', 'activities', 'notifications', ...STATS_TABLES];
const seconds = (since) => (Date.now() - since) / 1000;

function loadSqlite(db, data) {
  const s = db.sqlite;
  const times = {};
  s.pragma('foreign_keys = OFF');
  s.pragma('journal_mode = OFF');
  s.pragma('synchronous = OFF');
  s.pragma('cache_size = -1000000');
  const indexes = s.prepare(`select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${BIG.map(() => '?').join(',')})`).all(...BIG);
  for (const index of indexes) s.exec(`drop index ${index.name}`);
  for (const table of tables(data)) {
    const started = Date.now();
    const insert = s.prepare(`insert into ${table.name} (${table.columns.map((c) => c[0]).join(', ')}) values (${table.columns.map(() => '?').join(', ')})`);
    s.transaction(() => {
      for (const row of rowsOf(table)) insert.run(row);
    })();
    times[table.name] = seconds(started);
  }
  const started = Date.now();
  for (const index of indexes) s.exec(index.sql);
  times['indexes'] = seconds(started);
  // No ANALYZE: the server never runs it on SQLite, so its plans must hold without statistics.
  s.pragma('cache_size = -2000');
  s.pragma('synchronous = NORMAL');
  s.pragma('journal_mode = WAL');
  s.pragma('foreign_keys = ON');
  return times;
}

async function loadPostgres(url, data) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const times = {};
  // Bulk load of consistent data: no foreign-key triggers, no per-commit flush.
  await client.query(`set session_replication_role = replica; set synchronous_commit = off; set maintenance_work_mem = '512MB'`);
  const { rows: indexes } = await client.query(
    `select indexname, indexdef from pg_indexes i where schemaname = 'public' and tablename = any($1) and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [BIG],
  );
  for (const index of indexes) await client.query(`drop index ${index.indexname}`);
  for (const table of tables(data)) {
    const started = Date.now();
    const names = table.columns.map((c) => c[0]).join(', ');
    const insert = `insert into ${table.name} (${names}) select * from unnest(${table.columns.map((c, j) => `$${j + 1}::${c[1]}[]`).join(', ')})`;
    let batch = table.columns.map(() => []);
    const flush = async () => {
      if (batch[0].length > 0) await client.query(insert, batch);
      batch = table.columns.map(() => []);
    };
    for (const row of rowsOf(table)) {
      for (let j = 0; j < row.length; j += 1) batch[j].push(row[j]);
      if (batch[0].length === 20_000) await flush();
    }
    await flush();
    times[table.name] = seconds(started);
  }
  let started = Date.now();
  for (const index of indexes) await client.query(index.indexdef);
  for (const table of ['games', 'users', 'library_entries', 'comments', 'activities', 'notifications', 'diary_entries', 'lists']) {
    await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
  }
  times['indexes'] = seconds(started);
  started = Date.now();
  await client.query('vacuum analyze');
  times['analyze'] = seconds(started);
  await client.end();
  return times;
}

// ─── Benchmark ───────────────────────────────────────────────────────────────

async function freshDatabase(kind) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vgl-bench-social-'));
  const removeDir = async () => fs.rmSync(dir, { recursive: true, force: true });
  if (kind === 'sqlite') return { env: { DATA_DIR: dir }, kept: path.join(dir, 'vgl.sqlite'), keep: async () => {}, drop: removeDir };
  const name = `vgl_bench_social_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    env: { DATA_DIR: dir, DATABASE_URL: url.href },
    kept: url.href,
    keep: removeDir,
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      await removeDir();
    },
  };
}

/** Times fn over inputs, running prepare (untimed) before each. */
async function timeEach(inputs, fn, prepare) {
  const samples = [];
  for (const input of inputs) {
    if (prepare) await prepare(input);
    const start = process.hrtime.bigint();
    await fn(input);
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return percentiles(samples);
}

async function benchOne(kind, data) {
  const database = await freshDatabase(kind);
  const config = loadConfig({ ...database.env, LOG_LEVEL: 'silent', JWT_SECRET: SECRET });
  const db = createDb(config.database);
  try {
    return await measure(kind, database, config, db, data);
  } finally {
    await db.destroy();
    if (KEEP) {
      await database.keep();
      process.stderr.write(`  kept: ${database.kept}\n`);
    } else await database.drop();
  }
}

async function measure(kind, database, config, db, data) {
  await migrateToLatest(db);
  const started = Date.now();
  const loadTimes = kind === 'sqlite' ? loadSqlite(db, data) : await loadPostgres(database.url, data);
  const loadSeconds = seconds(started);
  process.stderr.write(`  loaded in ${loadSeconds.toFixed(0)} s (${Object.entries(loadTimes).map(([t, s]) => `${t} ${s.toFixed(1)}`).join(', ')})\n`);

  const app = await buildApp({ config, db, logger: false, rateLimits: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${app.server.address().port}`;
  const k = db.kysely;
  const activity = createActivityService(db);
  const notifications = createNotificationsService(db);
  const findUser = (userId) => k.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const forgetSeen = (userId) => k.updateTable('users').set({ feed_seen_id: 0 }).where('id', '=', userId).execute();

  // Viewer profiles, plus the most followed accounts (who get the most notifications).
  const celebrities = (await k.selectFrom('users').select('id').where('id', '>', PROFILES.length * VIEWERS_PER_PROFILE).orderBy('followers_count', 'desc').limit(VIEWERS_PER_PROFILE).execute()).map((r) => r.id);
  const profiles = STATS_ONLY ? [] : [...data.viewers, { label: 'most followed', ids: celebrities }];
  const rows = [];
  for (const profile of profiles) {
    process.stderr.write(`  ${profile.label}…\n`);
    const viewers = [];
    for (const userId of profile.ids) {
      const user = await findUser(userId);
      // The cursor ten pages down, as a reader scrolling would send it.
      let cursor;
      for (let page = 0; page < 10; page += 1) {
        const next = (await feedPage(k, db.dialect, user.id, user.following_count, cursor, 20)).nextCursor;
        if (next === null) break;
        cursor = next;
      }
      viewers.push({ user, cursor, headers: { authorization: `Bearer ${await signUserToken(user, SECRET)}` } });
    }
    const inputs = Array.from({ length: RUNS }, (_, i) => viewers[i % viewers.length]);
    const get = async (v, url) => {
      const res = await fetch(base + url, { headers: v.headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url} → ${res.status}`);
    };
    const deep = (v) => (v.cursor ? `?before=${v.cursor}` : '');
    const cases = [
      ['feed, first page', (v) => get(v, '/api/activity'), (v) => activity.feed({ ...v.user, feed_seen_id: 0 }, undefined, 20), (v) => forgetSeen(v.user.id)],
      ['feed, page 11', (v) => get(v, `/api/activity${deep(v)}`), (v) => activity.feed(v.user, v.cursor, 20)],
      ['feed unread check', (v) => get(v, '/api/activity/isunread'), (v) => activity.isUnread(v.user)],
      ['notifications, page 1', (v) => get(v, '/api/notifications'), (v) => notifications.list(v.user, 1, 20)],
      ['notifications unread', (v) => get(v, '/api/notifications/unread'), (v) => notifications.unread(v.user)],
    ];
    for (const [label, api, direct, prepare] of cases) {
      for (const v of viewers) {
        await api(v);
        await direct(v);
      }
      const apiTimes = await timeEach(inputs, api, prepare);
      const dbTimes = await timeEach(inputs, direct);
      rows.push([profile.label, label, apiTimes, dbTimes]);
    }
  }
  // A second server on the same database, as after a restart (its own pool, nothing kept in memory).
  const reopen = async () => {
    const againDb = createDb(config.database);
    const againApp = await buildApp({ config, db: againDb, logger: false, rateLimits: false });
    await againApp.listen({ port: 0, host: '127.0.0.1' });
    return {
      db: againDb,
      base: `http://127.0.0.1:${againApp.server.address().port}`,
      close: async () => {
        await againApp.close(); // closes againDb too
      },
    };
  };
  rows.push(...(await measureStats({ data, db, base, runs: RUNS, timeEach, reopen })));
  await app.close();
  return { kind, loadSeconds, loadTimes, rows };
}

const started = Date.now();
const data = generate();
data.journal = generateJournals(data, { rand, users: USERS, games: GAMES });
const generateSeconds = seconds(started);
const maxFollowers = data.users.followersCount.reduce((a, b) => Math.max(a, b), 0);
const perActor = new Int32Array(USERS);
for (let i = 0; i < data.activities.count; i += 1) perActor[data.activities.actor[i]] += 1;
const perRecipient = new Int32Array(USERS);
for (let j = 0; j < data.notifications.count; j += 1) perRecipient[data.notifications.user.get(j)] += 1;
const summary =
  `${USERS.toLocaleString('en-US')} users, ${data.follows.followees.length.toLocaleString('en-US')} follows (most followed: ${maxFollowers.toLocaleString('en-US')}), ` +
  `${data.activities.count.toLocaleString('en-US')} activities (most by one user: ${perActor.reduce((a, b) => Math.max(a, b), 0).toLocaleString('en-US')}; ` +
  `${perActor.filter((n) => n === 0).length.toLocaleString('en-US')} users with none), ${data.notifications.count.toLocaleString('en-US')} notifications ` +
  `(most for one user: ${perRecipient.reduce((a, b) => Math.max(a, b), 0).toLocaleString('en-US')}), ${data.entries.user.length.toLocaleString('en-US')} reviews, ` +
  `${data.comments.user.length.toLocaleString('en-US')} comments, ${GAMES.toLocaleString('en-US')} games; ${journalSummary(data)}`;
process.stderr.write(`generated in ${generateSeconds.toFixed(0)} s: ${summary}\n`);

const results = [];
for (const kind of ['sqlite', ...(PG_URL ? ['postgres'] : [])]) {
  process.stderr.write(`loading ${kind}…\n`);
  results.push(await benchOne(kind, data));
}
if (!PG_URL) process.stderr.write('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to include it.\n');

console.log(`\nSocial benchmark — ${os.cpus().length} cores; ${summary}.`);
console.log(`${RUNS} requests per row over ${VIEWERS_PER_PROFILE} viewers per profile, times in ms (API = HTTP on 127.0.0.1 with a bearer token; DB = the same service calls made directly)\n`);
console.log('| database | viewers | request | API p50 | API p95 | API p99 | DB p50 | DB p95 | DB p99 |');
console.log('|---|---|---|---:|---:|---:|---:|---:|---:|');
for (const r of results) {
  for (const [profile, label, api, raw] of r.rows) {
    console.log(`| ${r.kind} | ${profile} | ${label} | ${fmt(api.p50)} | ${fmt(api.p95)} | ${fmt(api.p99)} | ${fmt(raw.p50)} | ${fmt(raw.p95)} | ${fmt(raw.p99)} |`);
  }
}
console.log(`\nGenerated in ${generateSeconds.toFixed(0)} s. Load times: ` + results.map((r) => `${r.kind} ${r.loadSeconds.toFixed(0)} s (${Object.entries(r.loadTimes).map(([t, s]) => `${t} ${s.toFixed(1)}`).join(', ')})`).join('; '));

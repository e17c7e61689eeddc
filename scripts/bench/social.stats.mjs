// The stats part of npm run bench:social: libraries and play journals for
// every generated user (5,000,000 library and diary rows in all; --quick:
// 500,000), and the timing of the stats page and the year in review through
// the API for heavy and typical members. social.mjs generates, loads and
// reports; this file only adds its rows and its cases.
//
// The data: library sizes are log-normal (median ~11 games, a third of the
// users idle with a few), a third of the games only wanted (no diary), the
// rest played in sessions of 15 minutes to 4 hours on one of 12 platforms
// (a fifth without one), beaten ones ending in a "finished" session; 60%
// rated. Journals span 2024–2025. On top, BENCH_MEMBERS heavy members (3,000
// games, ~10,000 sessions over ten years, 2016–2025) and as many typical
// ones (40 games, ~100 sessions) are the ones timed. Lists: one user in
// eight has a list of up to 20 of their games; each timed member has one
// (heavy: 250 games, the most a list holds; typical: 20), whose page is timed.
import { createLibraryService } from '../../apps/server/dist/modules/library/library.service.js';
import { createActivityService } from '../../apps/server/dist/modules/activity/activity.service.js';
import { createStatsService } from '../../apps/server/dist/modules/stats/stats.service.js';
import { createListsService } from '../../apps/server/dist/modules/lists/lists.service.js';

/** The library's parts in member_stats_versions: one bucket of games (0024), or the whole library before it (0018's 0 and 1). */
const STATS_BUCKETS = await import('../../apps/server/dist/db/migrations/0024_stats_buckets.js').then((m) => m.STATS_BUCKETS, () => null);
const ENTRIES_PARTS = STATS_BUCKETS === null ? [0] : Array.from({ length: STATS_BUCKETS }, (_, b) => -1 - b);
const LISTED_PARTS = STATS_BUCKETS === null ? [1] : Array.from({ length: STATS_BUCKETS }, (_, b) => -101 - b);

const DAY = 86_400_000;
/** Every generated list's slug (one list per member). */
const listSlug = 'played-and-loved';
/** Heavy members timed (and as many typical ones): 20 heavy members' parts (~18,000 rows each) fit the stats cache together. */
const BENCH_MEMBERS = 20;
/** Platform and genre ids far from anything a migration might insert. */
const PLATFORM_BASE = 900_000;
const GENRE_BASE = 900_000;
const PLATFORMS = 12;
const GENRES = 23;

/** Tables social.mjs must load without their secondary indexes (built after the load). */
export const STATS_TABLES = ['library_entry_platforms', 'diary_entries', 'game_genres', 'lists', 'list_games'];
/** Games in the timed members' lists: a heavy member's is full (LIST_LIMITS.gamesPerList), a typical one's short. */
const LIST_GAMES = { heavy: 250, typical: 20 };
/** One user in LISTS_EVERY has a list of up to 20 of their games, so the lists tables are not only the timed members'. */
const LISTS_EVERY = 8;

class Column {
  constructor(Type, capacity = 1 << 16) {
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
}

const isoDay = (() => {
  const cache = new Map();
  return (dayNumber) => {
    let s = cache.get(dayNumber);
    if (s === undefined) cache.set(dayNumber, (s = new Date(dayNumber * DAY).toISOString().slice(0, 10)));
    return s;
  };
})();

/**
 * Libraries and journals for every user. `rand` is social.mjs's seeded
 * generator (so the whole data set stays deterministic); the review entries
 * it made already hold some (user, game) pairs, which are left alone.
 */
export function generateJournals(data, { rand, users, games }) {
  const gauss = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  const below = (n) => Math.floor(rand() * n);
  const taken = new Set();
  for (let e = 0; e < data.entries.user.length; e += 1) taken.add(data.entries.user.data[e] * games + data.entries.game.data[e]);

  // The timed members: active users from the end of the id range (never feed viewers).
  const members = { heavy: [], typical: [] };
  for (let u = users - 1; u >= 0 && members.typical.length < BENCH_MEMBERS; u -= 1) {
    if (data.users.suspended[u]) continue;
    (members.heavy.length < BENCH_MEMBERS ? members.heavy : members.typical).push(u);
  }
  const role = new Map([...members.heavy.map((u) => [u, 'heavy']), ...members.typical.map((u) => [u, 'typical'])]);

  const lists = { user: new Column(Int32Array), first: new Column(Int32Array), count: new Column(Int16Array) };
  const entry = { user: new Column(Int32Array), game: new Column(Int32Array), status: new Column(Uint8Array), rating: new Column(Uint8Array), started: new Column(Int32Array), finished: new Column(Int32Array), platform: new Column(Int8Array) };
  const diary = { entry: new Column(Int32Array), day: new Column(Int32Array), minutes: new Column(Int16Array), platform: new Column(Int8Array), finished: new Column(Uint8Array) };
  const journalStart = Math.floor(Date.UTC(2024, 0, 1) / DAY);
  const heavyStart = Math.floor(Date.UTC(2016, 0, 1) / DAY);
  const lastDay = Math.floor(Date.UTC(2025, 11, 31) / DAY);
  // Tuned so that the whole population gives ~5,000,000 library and diary rows at 100,000 users.
  const libraryMu = Math.log(10.9);

  for (let u = 0; u < users; u += 1) {
    const kind = role.get(u);
    const size = kind === 'heavy' ? Math.min(3_000, Math.floor(games * 0.6)) : kind === 'typical' ? 40 : Math.min(Math.floor(games / 4), Math.round(Math.exp(libraryMu + 1.1 * gauss()) * (rand() < 0.33 ? 0.2 : 1)));
    const first = kind === 'heavy' ? heavyStart : journalStart;
    const span = lastDay - first;
    const mine = new Set();
    const firstEntry = entry.user.length;
    for (let i = 0; i < size; i += 1) {
      let g = below(games);
      for (let tries = 0; (mine.has(g) || taken.has(u * games + g)) && tries < 20; tries += 1) g = below(games);
      if (mine.has(g) || taken.has(u * games + g)) continue;
      mine.add(g);
      const r = rand();
      const status = r < 0.3 ? 4 : r < 0.6 ? 2 : r < 0.8 ? 1 : 3;
      const platform = rand() < 0.8 ? below(PLATFORMS) : -1;
      const e = entry.user.length;
      entry.user.push(u);
      entry.game.push(g);
      entry.status.push(status);
      entry.rating.push(rand() < 0.6 ? 1 + below(10) : 0);
      entry.platform.push(platform);
      let started = -1;
      let finished = -1;
      if (status !== 4) {
        const sessions = kind === 'heavy' ? 1 + below(9) : 1 + Math.floor(-Math.log(1 - rand()) * 2.3);
        let day = first + below(Math.max(1, span - sessions * 3));
        started = day;
        for (let s = 0; s < sessions && day <= lastDay; s += 1) {
          diary.entry.push(e);
          diary.day.push(day);
          diary.minutes.push(15 + below(226));
          diary.platform.push(rand() < 0.8 ? platform : -1);
          diary.finished.push(status === 2 && s === sessions - 1 ? 1 : 0);
          if (status === 2 && s === sessions - 1) finished = day;
          day += below(4);
        }
      }
      entry.started.push(started);
      entry.finished.push(finished);
    }
    // The first games of the library, in order (no draws from rand: the rest of the data stays as it was).
    const inLibrary = entry.user.length - firstEntry;
    const listed = kind ? Math.min(LIST_GAMES[kind], inLibrary) : u % LISTS_EVERY === 0 ? Math.min(20, inLibrary) : 0;
    if (listed > 0) {
      lists.user.push(u);
      lists.first.push(firstEntry);
      lists.count.push(listed);
    }
  }
  return { members, entry, diary, lists };
}

/** The rows to load, in social.mjs's table format; library entry ids continue after the reviews'. */
export function journalTables(data, { games, start }) {
  const { entry, diary, lists } = data.journal;
  const firstId = data.entries.user.length + 1;
  const day = (n) => (n < 0 ? null : isoDay(n));
  return [
    {
      name: 'platforms',
      columns: [['id', 'int4'], ['slug', 'text'], ['name', 'text']],
      count: PLATFORMS,
      row: (p) => [PLATFORM_BASE + p, `bench-platform-${p}`, `Bench Platform ${p}`],
    },
    {
      name: 'genres',
      columns: [['id', 'int4'], ['slug', 'text'], ['name', 'text']],
      count: GENRES,
      row: (g) => [GENRE_BASE + g, `bench-genre-${g}`, `Bench Genre ${g}`],
    },
    {
      name: 'game_genres',
      columns: [['game_id', 'int4'], ['genre_id', 'int4']],
      count: games * 2,
      // Two different genres per game.
      row: (j) => [Math.floor(j / 2) + 1, GENRE_BASE + ((Math.floor(j / 2) * 7 + (j % 2) * 5) % GENRES)],
    },
    {
      name: 'library_entries',
      columns: [['id', 'int4'], ['user_id', 'int4'], ['game_id', 'int4'], ['status', 'int4'], ['rating', 'int4'], ['started_on', 'text'], ['finished_on', 'text'], ['created_at', 'int8'], ['updated_at', 'int8']],
      count: entry.user.length,
      row: (e) => [
        firstId + e, entry.user.data[e] + 1, entry.game.data[e] + 1, entry.status.data[e], entry.rating.data[e] || null, day(entry.started.data[e]), day(entry.finished.data[e]), start, start,
      ],
    },
    {
      name: 'library_entry_platforms',
      columns: [['entry_id', 'int4'], ['platform_id', 'int4']],
      rows: function* () {
        for (let e = 0; e < entry.user.length; e += 1) if (entry.platform.data[e] >= 0) yield [firstId + e, PLATFORM_BASE + entry.platform.data[e]];
      },
    },
    {
      name: 'lists',
      columns: [['id', 'int4'], ['user_id', 'int4'], ['slug', 'text'], ['title', 'text'], ['description', 'text'], ['ranked', 'int4'], ['is_public', 'int4'], ['created_at', 'int8'], ['updated_at', 'int8']],
      count: lists.user.length,
      row: (l) => [l + 1, lists.user.data[l] + 1, listSlug, 'Played and loved', 'The ones I would play again.', l % 2, 1, start, start],
    },
    {
      name: 'list_games',
      columns: [['list_id', 'int4'], ['game_id', 'int4'], ['position', 'int4'], ['note', 'text'], ['added_at', 'int8']],
      rows: function* () {
        for (let l = 0; l < lists.user.length; l += 1) {
          for (let i = 0; i < lists.count.data[l]; i += 1) yield [l + 1, entry.game.data[lists.first.data[l] + i] + 1, i + 1, i % 5 === 0 ? 'Still the best.' : null, start];
        }
      },
    },
    {
      name: 'diary_entries',
      columns: [['id', 'int4'], ['user_id', 'int4'], ['entry_id', 'int4'], ['game_id', 'int4'], ['played_on', 'text'], ['event', 'text'], ['minutes_played', 'int4'], ['platform_id', 'int4'], ['replay', 'int4'], ['created_at', 'int8']],
      count: diary.entry.length,
      row: (d) => {
        const e = diary.entry.data[d];
        const platform = diary.platform.data[d];
        return [d + 1, entry.user.data[e] + 1, firstId + e, entry.game.data[e] + 1, isoDay(diary.day.data[d]), diary.finished.data[d] ? 'finished' : 'played', diary.minutes.data[d], platform < 0 ? null : PLATFORM_BASE + platform, 0, start];
      },
    },
  ];
}

/** "1,234,567 library entries and 2,345,678 diary entries (heavy members: …)". */
export function journalSummary(data) {
  const { entry, diary, members } = data.journal;
  const perUser = new Map();
  for (let d = 0; d < diary.entry.length; d += 1) {
    const u = entry.user.data[diary.entry.data[d]];
    perUser.set(u, (perUser.get(u) ?? 0) + 1);
  }
  const sessions = (list) => Math.round(list.reduce((sum, u) => sum + (perUser.get(u) ?? 0), 0) / list.length).toLocaleString('en-US');
  return (
    `${entry.user.length.toLocaleString('en-US')} more library entries and ${diary.entry.length.toLocaleString('en-US')} diary entries ` +
    `(${(entry.user.length + diary.entry.length + data.entries.user.length).toLocaleString('en-US')} library and diary rows; ` +
    `heavy members ~${sessions(members.heavy)} sessions, typical ~${sessions(members.typical)})`
  );
}

/**
 * Times the stats page (all time and one year), the year in review and
 * the page of their list for the heavy and typical members: through HTTP without a token (the pages
 * are public) and as direct service calls; as a page is seen again (its
 * answer kept), right after the member logged a session, rated a game or
 * added one (the parts it changed read again), with every part read again,
 * the very first view after the server started, and (given `reopen`, which
 * starts another server on the same database) the first view after a
 * restart, when the answers just counted are stored (0026).
 */
export async function measureStats({ data, db, base, runs, timeEach, reopen }) {
  const activity = createActivityService(db);
  const library = createLibraryService(db, activity);
  const stats = createStatsService(db, library);
  const lists = createListsService(db, { library, activity });
  const rows = [];
  for (const [label, members] of [['stats: heavy member', data.journal.members.heavy], ['stats: typical member', data.journal.members.typical]]) {
    process.stderr.write(`  ${label}…\n`);
    const users = members.map((u) => `u${u + 1}`);
    const inputs = Array.from({ length: runs }, (_, i) => users[i % users.length]);
    const get = async (url) => {
      const res = await fetch(base + url);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url} → ${res.status}`);
    };
    // Before each timed request (untimed): the counters of the parts a write would move, so what was kept of them is read again.
    // A session logged in 2025 moves that year's diary; a rating, the library's entries; a game new to the library (logged in 2025)
    // also its listed platforms; "every part read again" moves them all (the games' catalog facts stay kept).
    const ids = new Map(members.map((u) => [`u${u + 1}`, u + 1]));
    const bump = (parts) => (u) =>
      db.kysely
        .insertInto('member_stats_versions')
        .values(parts.map((part) => ({ user_id: ids.get(u), part, version: 1 })))
        .onConflict((oc) => oc.columns(['user_id', 'part']).doUpdateSet((eb) => ({ version: eb('member_stats_versions.version', '+', 1) })))
        .execute();
    // One game's parts: its bucket of the library (0024; before it, the whole library).
    const session = bump([2025]);
    const rating = bump([ENTRIES_PARTS[0]]);
    const newGame = bump([ENTRIES_PARTS[0], LISTED_PARTS[0], 2025]);
    const everything = bump([...ENTRIES_PARTS, ...LISTED_PARTS, ...Array.from({ length: 10 }, (_, i) => 2016 + i)]);
    const allTime = [(u) => get(`/api/users/${u}/stats`), (u) => stats.stats(null, u, null)];
    const year = [(u) => get(`/api/users/${u}/stats?year=2025`), (u) => stats.stats(null, u, 2025)];
    const review = [(u) => get(`/api/users/${u}/year/2025`), (u) => stats.yearInReview(null, u, 2025)];
    const listGames = label.includes('heavy') ? LIST_GAMES.heavy : LIST_GAMES.typical;
    const cases = [
      [`list page (${listGames} games)`, (u) => get(`/api/users/${u}/lists/${listSlug}`), (u) => lists.get(null, u, listSlug)],
      ['stats, all time', ...allTime],
      ['stats, 2025', ...year],
      ['year in review 2025', ...review],
      ['stats, all time, after a session', ...allTime, session],
      ['stats, 2025, after a session', ...year, session],
      ['year in review 2025, after a session', ...review, session],
      ['stats, all time, after a rating', ...allTime, rating],
      ['year in review 2025, after a rating', ...review, rating],
      ['stats, all time, after a new game', ...allTime, newGame],
      ['year in review 2025, after a new game', ...review, newGame],
      ['stats, all time, every part read again', ...allTime, everything],
      ['year in review 2025, every part read again', ...review, everything],
    ];
    // The very first view of each member since the server started (nothing kept, not even the games' catalog facts):
    // half the members through the API, the other half directly, each once.
    const half = Math.floor(users.length / 2);
    rows.push([label, 'stats, all time, first view', await timeEach(users.slice(0, half), allTime[0]), await timeEach(users.slice(half), allTime[1])]);
    // The first view after a restart (or on another instance): a new server and database pool, nothing kept in memory, the answers
    // just counted stored in member_stats_answers (0026; written after each answer was sent, so given a moment to land).
    if (reopen) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const again = await reopen();
      try {
        const againStats = createStatsService(again.db, library);
        const viaApi = async (u) => {
          const res = await fetch(`${again.base}/api/users/${u}/stats`);
          await res.arrayBuffer();
          if (!res.ok) throw new Error(`stats of ${u} → ${res.status}`);
        };
        // One untimed request for a member not timed first (the new server's first request and pool connections).
        await viaApi('u1');
        await againStats.stats(null, 'u1', null);
        rows.push([label, 'stats, all time, first view after a restart', await timeEach(users.slice(0, half), viaApi), await timeEach(users.slice(half), (u) => againStats.stats(null, u, null))]);
      } finally {
        await again.close();
      }
    }
    for (const [request, api, direct, prepare] of cases) {
      for (const u of users) {
        await api(u);
        await direct(u);
      }
      rows.push([label, request, await timeEach(inputs, api, prepare), await timeEach(inputs, direct, prepare)]);
    }
  }
  return rows;
}

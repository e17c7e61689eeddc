import { createHash } from 'node:crypto';
import type { MemberStats, YearHighlights, YearInReview } from '@vgl/shared/stats';
import type { Db } from '../../db/database.js';
import { STATS_BUCKETS } from '../../db/migrations/0024_stats_buckets.js';
import { PLAYS_PART_BASE } from '../../db/migrations/0052_play_stats.js';
import type { LibraryService } from '../library/library.service.js';
import type { UserRow } from '../users/users.repo.js';
import { createStatsCache, type StatsCache } from './stats.cache.js';
import { computeStats, periodRows, playedIn, type DiaryPart, type PlayedEntry } from './stats.compute.js';
import { createGameFacts, FACTS_MAX_AGE_MS, type GameFactsCache } from './stats.facts.js';
import { presentStatsGame } from './stats.presenter.js';
import { bucketOf, statsRepo, type DiaryGameRow, type FinishedPlayRow } from './stats.repo.js';

type Actor = UserRow | null;

/** The parts member_stats_versions counts besides the diary's years: per bucket of games (0024). */
const BUCKETS = Array.from({ length: STATS_BUCKETS }, (_, b) => b);
const entriesPartOf = (bucket: number) => -1 - bucket;
const listedPartOf = (bucket: number) => -101 - bucket;
/** The plays a member finished in a year (0052). */
const playsPartOf = (year: number) => PLAYS_PART_BASE - year;

/**
 * What an answer is made of, in its signature: answers kept or stored (0026) under another shape — before
 * plays were counted (issue 38), or by the previous release during a rolling upgrade — are never served.
 */
const ANSWER_SHAPE = 'plays-1';

/**
 * How long an answer stored in member_stats_answers may be used (catalog
 * edits move no counter): the games' facts are kept as long (stats.facts.ts),
 * so a stored answer is never staler than one counted from kept facts.
 */
export const STORED_ANSWER_MAX_AGE_MS = FACTS_MAX_AGE_MS;

/**
 * Per database, shared by every service made on it (the API's and the link
 * previews'): the members' parts, bounded by their rows (a member with 3,000
 * games and 10,000 sessions holds ~12,000, a couple of MB); the answers
 * made from them, bounded by their number, apart so that many members'
 * parts coming and going never push out the answers themselves; and the
 * games' catalog facts (stats.facts.ts).
 */
const PARTS_MAX_ROWS = 500_000;
const ANSWERS_MAX = 5_000;
const caches = new WeakMap<Db, { parts: StatsCache; answers: StatsCache; facts: GameFactsCache }>();
const cachesFor = (db: Db) => {
  let found = caches.get(db);
  if (!found) {
    found = { parts: createStatsCache(Date.now, PARTS_MAX_ROWS), answers: createStatsCache(Date.now, ANSWERS_MAX), facts: createGameFacts(db.kysely) };
    caches.set(db, found);
  }
  return found;
};

/** Platform ids by game. */
function groupByGame(rows: { game_id: number; platform_id: number }[]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const row of rows) {
    const list = out.get(row.game_id);
    if (list) list.push(row.platform_id);
    else out.set(row.game_id, [row.platform_id]);
  }
  return out;
}

/** Each value's rows, by their key (every key given, none left out). */
function groupBy<K, R, T>(keys: K[], rows: R[], keyOf: (row: R) => K, value: (row: R) => T): Map<K, T[]> {
  const out = new Map<K, T[]>(keys.map((key) => [key, []]));
  for (const row of rows) out.get(keyOf(row))?.push(value(row));
  return out;
}

/**
 * A member's stats and year in review. They are counted from parts — each
 * year of the diary, and the library's entries and the platforms they list
 * in 32 buckets of games (0024) — read with queries that touch only that
 * member's rows and kept while the part's counter in member_stats_versions
 * is unchanged (triggers move it on every write). So the pages always agree
 * with what was just logged; logging a session re-reads one year of one
 * diary, and rating or adding a game one bucket (~1/32) of the library, not
 * a whole history. A first view reads each kind of part in one query. Who may
 * see them is the profile's rule (library.ownerFor): an unknown, pending or
 * suspended member is a 404, except a suspended member to themself.
 */
export function createStatsService(db: Db, library: Pick<LibraryService, 'ownerFor'>) {
  const k = db.kysely;
  const { parts: cache, answers, facts } = cachesFor(db);
  const versionOf = (versions: Map<number, number>, part: number) => String(versions.get(part) ?? 0);

  /**
   * The kept parts for these ids, each under its counter; the missing ones
   * read together (`read` answers every id it is given), so a first view
   * costs a few queries, not one per part, and a write re-reads its parts only.
   */
  async function partsOf<T>(ids: number[], keyOf: (id: number) => string, version: (id: number) => string, read: (missing: number[]) => Promise<Map<number, T>>, weight: (value: T) => number) {
    const found = ids.map((id) => cache.peek<T>(keyOf(id), version(id), Number.POSITIVE_INFINITY));
    const missing = ids.filter((_, i) => found[i] === undefined);
    if (missing.length === 0) return found as T[];
    const fresh = await read(missing);
    return ids.map((id, i) => {
      if (found[i] !== undefined) return found[i];
      const value = fresh.get(id)!;
      cache.set(keyOf(id), version(id), value, weight(value));
      return value;
    });
  }

  /** The member's library entries (status, rating, dates, reviews), by bucket of games. */
  const entriesParts = (owner: UserRow, versions: Map<number, number>) =>
    partsOf(
      BUCKETS,
      (b) => `entries:${owner.id}:${b}`,
      (b) => versionOf(versions, entriesPartOf(b)),
      async (missing) => {
        // A first view (nothing kept of the member) on PostgreSQL reads the games' facts at the same time, on another connection;
        // after an import (every bucket moved) the facts are still kept.
        const firstView = db.dialect === 'postgres' && missing.length === STATS_BUCKETS && !BUCKETS.some((b) => cache.has(`entries:${owner.id}:${b}`));
        const [rows] = await Promise.all([statsRepo.libraryEntries(k, owner.id, missing), firstView ? facts.ofMember(owner.id) : null]);
        return groupBy(missing, rows, (e) => bucketOf(e.game_id), (e) => e);
      },
      (rows) => rows.length,
    );

  /** The platforms each entry lists, by game, by bucket of games. */
  const listedParts = (owner: UserRow, versions: Map<number, number>) =>
    partsOf(
      BUCKETS,
      (b) => `listed:${owner.id}:${b}`,
      (b) => versionOf(versions, listedPartOf(b)),
      async (missing) => {
        const byBucket = groupBy(missing, await statsRepo.libraryPlatforms(k, owner.id, missing), (p) => bucketOf(p.game_id), (p) => p);
        return new Map([...byBucket].map(([b, rows]) => [b, groupByGame(rows)]));
      },
      (part) => part.size,
    );

  /** Years of the diary; several missing ones (a first view) are read in one range. */
  const diaryParts = (owner: UserRow, versions: Map<number, number>, years: number[]) =>
    partsOf(
      years,
      (y) => `diary:${owner.id}:${y}`,
      (y) => versionOf(versions, y),
      async (missing): Promise<Map<number, DiaryPart>> => {
        const [from, until] = [Math.min(...missing), Math.max(...missing)];
        const [days, games] = await Promise.all([statsRepo.diaryDays(k, owner.id, from, until), statsRepo.diaryGames(k, owner.id, from, until)]);
        const out = new Map(missing.map((y): [number, DiaryPart] => [y, { days: [], games: [] }]));
        for (const d of days) out.get(Number(d.day.slice(0, 4)))?.days.push(d);
        for (const g of games) out.get(g.year)?.games.push(g);
        return out;
      },
      (part) => part.days.length + part.games.length,
    );

  /** Years of finished plays (0052), read as the diary's are. */
  const playsParts = (owner: UserRow, versions: Map<number, number>, years: number[]) =>
    partsOf(
      years,
      (y) => `plays:${owner.id}:${y}`,
      (y) => versionOf(versions, playsPartOf(y)),
      async (missing): Promise<Map<number, FinishedPlayRow[]>> => {
        const out = new Map(missing.map((y): [number, FinishedPlayRow[]] => [y, []]));
        for (const { year, ...play } of await statsRepo.finishedPlays(k, owner.id, Math.min(...missing), Math.max(...missing))) out.get(year)?.push(play);
        return out;
      },
      (rows) => rows.length,
    );

  /** A period's stats, with the rows the year in review also reads. */
  async function statsOf(owner: UserRow, versions: Map<number, number>, year: number | null) {
    const [years, playYears] = await Promise.all([statsRepo.years(k, owner.id), year === null ? statsRepo.playYears(k, owner.id) : [year]]);
    const diaryYears = year === null ? [...years].reverse() : [year];
    const [entries, listedBuckets, diary, playParts] = await Promise.all([
      entriesParts(owner, versions),
      listedParts(owner, versions),
      diaryParts(owner, versions, diaryYears),
      playsParts(owner, versions, playYears),
    ]);
    const library = entries.flat();
    const plays = playParts.flat();
    // Buckets split the games, so a game's platforms are in its bucket's part.
    const listed = { get: (gameId: number) => listedBuckets[bucketOf(gameId)]!.get(gameId) };
    const played = playedIn(year, library, diary, plays);
    const rows = periodRows(owner.username, year, { library, played, diary, years, plays }, await facts.of(played.map((e) => e.game_id)), listed);
    const platformIds = [...new Set([...rows.games.flatMap((g) => (g.platformId === null ? [] : [g.platformId])), ...rows.entryPlatforms.map((p) => p.platform_id)])];
    const platforms = new Map((await statsRepo.platformNames(k, platformIds)).map((p) => [p.id, { slug: p.slug, name: p.name }]));
    return { stats: computeStats({ ...rows, platforms }), games: rows.games, entries: rows.entries };
  }

  /**
   * The answer kept for this member and question while their username and
   * every counter of theirs are unchanged (a year's answer also lists the
   * years with data, so any diary change redoes it — from the parts kept,
   * which is cheap). The counters are read first: an answer is never kept
   * under newer counters than its data. Not kept in this process, it is
   * looked up in member_stats_answers (0026) — what this or another
   * instance counted before, under the same fingerprint of the counters,
   * for at most STORED_ANSWER_MAX_AGE_MS — so a restart does not count
   * again; a new answer is stored there after it is sent.
   */
  async function answer<T>(owner: UserRow, key: string, compute: (versions: Map<number, number>) => Promise<T>): Promise<T> {
    const cacheKey = `${owner.id}:${key}`;
    // Nothing kept here of this answer (a restart, another instance): the stored one is read beside the counters.
    const known = answers.has(cacheKey);
    const [versions, early] = await Promise.all([statsRepo.versions(k, owner.id), known ? undefined : statsRepo.storedAnswer(k, owner.id, key)]);
    const parts = [...versions.keys()].sort((a, b) => a - b);
    const signature = [ANSWER_SHAPE, owner.username, ...parts.map((p) => `${p}:${versionOf(versions, p)}`)].join('|');
    const kept = answers.peek<T>(cacheKey, signature);
    if (kept !== undefined) return kept;
    const fingerprint = createHash('sha256').update(signature).digest('base64url');
    const stored = known ? await statsRepo.storedAnswer(k, owner.id, key) : early;
    if (stored && stored.fingerprint === fingerprint && Date.now() - Number(stored.computed_at) < STORED_ANSWER_MAX_AGE_MS) {
      const value = JSON.parse(stored.payload) as T;
      answers.set(cacheKey, signature, value, 1);
      return value;
    }
    const value = await compute(versions);
    answers.set(cacheKey, signature, value, 1);
    // After the answer is sent (setImmediate: SQLite writes on this thread) and not awaited; a failed write (the member deleted,
    // the database closing) only means counting again later.
    const computedAt = Date.now();
    setImmediate(() => {
      statsRepo.storeAnswer(k, { user_id: owner.id, question: key, fingerprint, payload: JSON.stringify(value), computed_at: computedAt }).catch(() => undefined);
    });
    return value;
  }

  /** Best rated game played that year: highest rating, then the most minutes, then the name. */
  function bestRated(entries: PlayedEntry[], games: DiaryGameRow[]): YearHighlights['bestRated'] {
    const minutes = new Map<number, number>();
    for (const g of games) minutes.set(g.gameId, (minutes.get(g.gameId) ?? 0) + g.minutes);
    const best = entries
      .filter((e) => e.rating !== null)
      .sort((a, b) => b.rating! - a.rating! || (minutes.get(b.game_id) ?? 0) - (minutes.get(a.game_id) ?? 0) || a.name.localeCompare(b.name))[0];
    return best ? { game: presentStatsGame(best), rating: best.rating! } : null;
  }

  /** The year's stats and its highlights. */
  async function review(owner: UserRow, versions: Map<number, number>, year: number): Promise<YearInReview> {
    const [{ stats, games, entries }, first, last] = await Promise.all([
      statsOf(owner, versions, year),
      statsRepo.edgeSession(k, owner.id, year, 'first'),
      statsRepo.edgeSession(k, owner.id, year, 'last'),
    ]);
    const dated = (row: typeof first) => (row ? { game: presentStatsGame(row), playedOn: row.played_on } : null);
    return {
      stats: { ...stats, year },
      highlights: {
        firstGame: dated(first),
        lastGame: dated(last),
        bestRated: bestRated(entries, games),
        mostPlayed: stats.mostPlayed[0] ?? null,
      },
    };
  }

  return {
    async stats(actor: Actor, username: string, year: number | null): Promise<MemberStats> {
      const owner = await library.ownerFor(actor, username, 'read');
      return answer(owner, `stats:${year ?? 'all'}`, async (versions) => (await statsOf(owner, versions, year)).stats);
    },

    async yearInReview(actor: Actor, username: string, year: number): Promise<YearInReview> {
      const owner = await library.ownerFor(actor, username, 'read');
      return answer(owner, `year:${year}`, (versions) => review(owner, versions, year));
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;

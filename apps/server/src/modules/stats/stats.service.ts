import type { MemberStats, YearHighlights, YearInReview } from '@vgl/shared/stats';
import type { Db } from '../../db/database.js';
import type { LibraryService } from '../library/library.service.js';
import type { UserRow } from '../users/users.repo.js';
import { createStatsCache, type StatsCache } from './stats.cache.js';
import { computeStats, periodRows, playedIn, type DiaryPart, type PlayedEntry } from './stats.compute.js';
import { createGameFacts, type GameFactsCache } from './stats.facts.js';
import { presentStatsGame } from './stats.presenter.js';
import { statsRepo, type DiaryGameRow } from './stats.repo.js';

type Actor = UserRow | null;

/** The parts member_stats_versions counts besides the diary's years (0018). */
const PART = { library: 0, listedPlatforms: 1 } as const;

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

/** Rows by their game. */
function groupBy<R extends { game_id: number }, T>(rows: R[], value: (row: R) => T): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const row of rows) {
    const list = out.get(row.game_id);
    if (list) list.push(value(row));
    else out.set(row.game_id, [value(row)]);
  }
  return out;
}

/**
 * A member's stats and year in review. They are counted from parts — each
 * year of the diary, the library's entries, the platforms they list — read with
 * queries that touch only that member's rows and kept while the part's
 * counter in member_stats_versions is unchanged (triggers move it on every
 * write). So the pages always agree with what was just logged, and logging
 * a session re-reads one year of one diary, not a whole history. Who may
 * see them is the profile's rule (library.ownerFor): an unknown, pending or
 * suspended member is a 404, except a suspended member to themself.
 */
export function createStatsService(db: Db, library: Pick<LibraryService, 'ownerFor'>) {
  const k = db.kysely;
  const { parts: cache, answers, facts } = cachesFor(db);
  const versionOf = (versions: Map<number, number>, part: number) => String(versions.get(part) ?? 0);

  /** Part 0: the member's library entries (status, rating, dates, reviews); exact while its counter holds. */
  const entriesPart = (owner: UserRow, versions: Map<number, number>) =>
    cache.get(
      `entries:${owner.id}`,
      versionOf(versions, PART.library),
      () => statsRepo.libraryEntries(k, owner.id),
      (rows) => rows.length,
      Number.POSITIVE_INFINITY,
    );

  /** Part 1: the platforms each entry lists, by game. */
  const listedPart = (owner: UserRow, versions: Map<number, number>) =>
    cache.get(
      `listed:${owner.id}`,
      versionOf(versions, PART.listedPlatforms),
      async () => groupBy(await statsRepo.libraryPlatforms(k, owner.id), (p) => p.platform_id),
      (part) => part.size,
      Number.POSITIVE_INFINITY,
    );

  const diaryPart = (owner: UserRow, versions: Map<number, number>, year: number) =>
    cache.get(
      `diary:${owner.id}:${year}`,
      versionOf(versions, year),
      async (): Promise<DiaryPart> => {
        const [days, games] = await Promise.all([statsRepo.diaryDays(k, owner.id, year), statsRepo.diaryGames(k, owner.id, year)]);
        return { days, games };
      },
      (part) => part.days.length + part.games.length,
      Number.POSITIVE_INFINITY,
    );

  /** A period's stats, with the rows the year in review also reads. */
  async function statsOf(owner: UserRow, versions: Map<number, number>, year: number | null) {
    const years = await statsRepo.years(k, owner.id);
    const diaryYears = year === null ? [...years].reverse() : [year];
    const [library, listed, ...diary] = await Promise.all([
      entriesPart(owner, versions),
      listedPart(owner, versions),
      ...diaryYears.map((y) => diaryPart(owner, versions, y)),
    ]);
    const played = playedIn(year, library, diary);
    const rows = periodRows(owner.username, year, { library, played, diary, years }, await facts.of(played.map((e) => e.game_id)), listed);
    const platformIds = [...new Set([...rows.games.flatMap((g) => (g.platformId === null ? [] : [g.platformId])), ...rows.entryPlatforms.map((p) => p.platform_id)])];
    const platforms = new Map((await statsRepo.platformNames(k, platformIds)).map((p) => [p.id, { slug: p.slug, name: p.name }]));
    return { stats: computeStats({ ...rows, platforms }), games: rows.games, entries: rows.entries };
  }

  /**
   * The answer kept for this member and question while their username and
   * every counter of theirs are unchanged (a year's answer also lists the
   * years with data, so any diary change redoes it — from the parts kept,
   * which is cheap). The counters are read first: an answer is never kept
   * under newer counters than its data.
   */
  async function answer<T>(owner: UserRow, key: string, compute: (versions: Map<number, number>) => Promise<T>): Promise<T> {
    const versions = await statsRepo.versions(k, owner.id);
    const parts = [...versions.keys()].sort((a, b) => a - b);
    const signature = [owner.username, ...parts.map((p) => `${p}:${versionOf(versions, p)}`)].join('|');
    return answers.get(`${owner.id}:${key}`, signature, () => compute(versions), () => 1);
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

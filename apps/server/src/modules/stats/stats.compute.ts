import { PLAY_STATUS } from '@vgl/shared';
import { STATS_LIMITS, decadeLabel, hoursOf, type MemberStats, type MostPlayedGame, type PlatformBucket, type StatsBucket, type StatsPeriodPoint, type StatsStreak } from '@vgl/shared/stats';
import { presentStatsGame } from './stats.presenter.js';
import type { DiaryDayRow, DiaryGameRow, FinishedPlayRow, LibraryEntryRow } from './stats.repo.js';

/*
 * The numbers of a member's stats from the parts the service keeps (each
 * year of the diary aggregated per day and per game and platform, the
 * library's entries and listed platforms) and the catalog facts of the games
 * played: pure functions, so each definition of STATS_DEFINITIONS is tested
 * on its own.
 */

/** What stats show of a game from the catalog: its facts and genres. */
export interface GameFacts {
  slug: string;
  name: string;
  cover_image_id: string | null;
  release_year: number | null;
  genres: { slug: string; name: string }[];
}

/** A library entry with its game's catalog facts. */
export type PlayedEntry = LibraryEntryRow & Omit<GameFacts, 'genres'>;

/** One year of the diary. */
export interface DiaryPart {
  days: DiaryDayRow[];
  games: DiaryGameRow[];
}

/** What computeStats reads: a period's diary rows, its played entries and their breakdowns. */
export interface StatsRows {
  username: string;
  year: number | null;
  days: DiaryDayRow[];
  games: DiaryGameRow[];
  /** The games played in the period (STATS_DEFINITIONS.played). */
  entries: PlayedEntry[];
  genres: { slug: string; name: string; games: number }[];
  entryPlatforms: { game_id: number; platform_id: number }[];
  platforms: Map<number, { slug: string; name: string }>;
  reviews: number;
  years: number[];
  /** The games with a play (first or replay) finished in the period, and how many plays and replays were finished (STATS_DEFINITIONS.plays). */
  finishedGames: Set<number>;
  playsFinished: number;
  replaysFinished: number;
}

/** The games of these finished plays (a play's entry gone meanwhile is left out: its game is no longer in the library). */
export function gamesOfPlays(library: Pick<LibraryEntryRow, 'id' | 'game_id'>[], plays: FinishedPlayRow[]): Set<number> {
  if (plays.length === 0) return new Set();
  const gameOf = new Map(library.map((e) => [e.id, e.game_id]));
  const out = new Set<number>();
  for (const play of plays) {
    const game = gameOf.get(play.entryId);
    if (game !== undefined) out.add(game);
  }
  return out;
}

/** The statuses that say a game was played (all time counts them without a diary): all but Want to play. */
const PLAYED_STATUSES = new Set<number>([PLAY_STATUS.playing, PLAY_STATUS.beaten, PLAY_STATUS.abandoned, PLAY_STATUS.played, PLAY_STATUS.shelved]);

/** The entries of the games played in a period (STATS_DEFINITIONS.played), given the period's diary and the plays finished in it. */
export function playedIn(year: number | null, library: LibraryEntryRow[], diary: DiaryPart[], plays: FinishedPlayRow[] = []): LibraryEntryRow[] {
  // A game replayed and finished in the period was played in it, even with no session logged (a play logged with its dates only).
  const logged = gamesOfPlays(library, plays);
  for (const part of diary) for (const g of part.games) logged.add(g.gameId);
  const prefix = `${year}-`;
  const inPeriod = (day: string | null) => day !== null && (year === null || day.startsWith(prefix));
  return library.filter(
    (e) =>
      logged.has(e.game_id) ||
      inPeriod(e.started_on) ||
      inPeriod(e.finished_on) ||
      (year === null && e.status !== null && PLAYED_STATUSES.has(e.status)),
  );
}

/**
 * A period's rows: the diary of its year (or of every year, oldest first),
 * the played entries with their games' facts, and the library's numbers.
 */
export function periodRows(
  username: string,
  year: number | null,
  parts: { library: LibraryEntryRow[]; played: LibraryEntryRow[]; diary: DiaryPart[]; years: number[]; plays?: FinishedPlayRow[] },
  facts: Map<number, GameFacts>,
  listed: Pick<Map<number, number[]>, 'get'>,
): Omit<StatsRows, 'platforms'> {
  const { library, played, diary, years, plays = [] } = parts;
  const entries: PlayedEntry[] = [];
  const genreCounts = new Map<string, { slug: string; name: string; games: number }>();
  const entryPlatforms: { game_id: number; platform_id: number }[] = [];
  for (const e of played) {
    // A game gone from the catalog meanwhile has no facts: it is left out until the next answer.
    const f = facts.get(e.game_id);
    if (!f) continue;
    // Built field by field: spreading two rows of different shapes is several times slower, and all time does it thousands of times.
    entries.push({
      id: e.id,
      game_id: e.game_id,
      status: e.status,
      rating: e.rating,
      started_on: e.started_on,
      finished_on: e.finished_on,
      review_created_at: e.review_created_at,
      has_review: e.has_review,
      slug: f.slug,
      name: f.name,
      cover_image_id: f.cover_image_id,
      release_year: f.release_year,
    });
    for (const g of f.genres) {
      const bucket = genreCounts.get(g.slug);
      if (bucket) bucket.games += 1;
      else genreCounts.set(g.slug, { slug: g.slug, name: g.name, games: 1 });
    }
    for (const platform_id of listed.get(e.game_id) ?? []) entryPlatforms.push({ game_id: e.game_id, platform_id });
  }
  const genres = [...genreCounts.values()]
    .sort((a, b) => b.games - a.games || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, STATS_LIMITS.breakdown);
  const window = year === null ? null : { from: Date.UTC(year, 0, 1), to: Date.UTC(year + 1, 0, 1) };
  const reviews = library.filter(
    (e) => Number(e.has_review) === 1 && (window === null || (e.review_created_at !== null && e.review_created_at >= window.from && e.review_created_at < window.to)),
  ).length;
  return {
    username,
    year,
    days: diary.flatMap((d) => d.days),
    games: diary.flatMap((d) => d.games),
    entries,
    genres,
    entryPlatforms,
    reviews,
    years,
    finishedGames: gamesOfPlays(library, plays),
    playsFinished: plays.length,
    replaysFinished: plays.filter((p) => p.replay).length,
  };
}

const DAY_MS = 86_400_000;
/** "2024-03-01" → days since 1970 (parsed by hand: a heavy member's all time has thousands of days). */
const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS;

/** The most consecutive days in a list of days (oldest first, each once). */
export function longestStreak(days: string[]): StatsStreak {
  let best: StatsStreak = { days: 0, from: null, to: null };
  let start = 0;
  let previous = Number.NaN;
  for (let i = 0; i < days.length; i += 1) {
    const current = dayNumber(days[i]!);
    if (current - previous !== 1) start = i;
    previous = current;
    const length = i - start + 1;
    if (length > best.days) best = { days: length, from: days[start]!, to: days[i]! };
  }
  return best;
}

/** Month by month for a year (all twelve), else year by year from the first year with data to the last. */
export function timeline(days: DiaryDayRow[], year: number | null): StatsPeriodPoint[] {
  const minutes = new Map<string, number>();
  const sessions = new Map<string, number>();
  const keyOf = (day: string) => (year === null ? day.slice(0, 4) : day.slice(0, 7));
  for (const d of days) {
    const key = keyOf(d.day);
    minutes.set(key, (minutes.get(key) ?? 0) + d.minutes);
    sessions.set(key, (sessions.get(key) ?? 0) + d.sessions);
  }
  let periods: string[];
  if (year !== null) periods = Array.from({ length: 12 }, (_, m) => `${year}-${String(m + 1).padStart(2, '0')}`);
  else if (days.length === 0) periods = [];
  else {
    const first = Number(days[0]!.day.slice(0, 4));
    const last = Number(days.at(-1)!.day.slice(0, 4));
    periods = Array.from({ length: last - first + 1 }, (_, i) => String(first + i));
  }
  return periods.map((period) => ({ period, sessions: sessions.get(period) ?? 0, hours: hoursOf(minutes.get(period) ?? 0) }));
}

/** Games per release decade, oldest first, "Unknown" last. */
export function byDecade(entries: Pick<PlayedEntry, 'release_year'>[]): StatsBucket[] {
  const counts = new Map<number | null, number>();
  for (const e of entries) {
    const decade = e.release_year === null ? null : Math.floor(e.release_year / 10) * 10;
    counts.set(decade, (counts.get(decade) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a - b))
    .map(([decade, games]) => ({ key: decade === null ? null : String(decade), label: decadeLabel(decade), games }));
}

/** Counts of ratings 1–10 of the played games. */
export function ratingCounts(entries: Pick<PlayedEntry, 'rating'>[]): number[] {
  const counts = Array.from({ length: 10 }, () => 0);
  for (const e of entries) if (e.rating !== null && e.rating >= 1 && e.rating <= 10) counts[e.rating - 1]! += 1;
  return counts;
}

interface GameTime {
  sessions: number;
  minutes: number;
  finished: boolean;
  platforms: Set<number>;
}

export function perGame(games: DiaryGameRow[]): Map<number, GameTime> {
  const out = new Map<number, GameTime>();
  for (const row of games) {
    const game = out.get(row.gameId) ?? { sessions: 0, minutes: 0, finished: false, platforms: new Set<number>() };
    game.sessions += row.sessions;
    game.minutes += row.minutes;
    game.finished ||= row.finished;
    if (row.platformId !== null) game.platforms.add(row.platformId);
    out.set(row.gameId, game);
  }
  return out;
}

const NOT_SAID = 'Not said';

/** See STATS_DEFINITIONS.platforms: session platforms first, else the entry's, else "Not said". */
export function byPlatform(rows: StatsRows, times: Map<number, GameTime>): PlatformBucket[] {
  const listed = new Map<number, number[]>();
  for (const p of rows.entryPlatforms) listed.set(p.game_id, [...(listed.get(p.game_id) ?? []), p.platform_id]);
  const buckets = new Map<number | null, { games: Set<number>; sessions: number; minutes: number }>();
  const bucket = (id: number | null) => {
    let b = buckets.get(id);
    if (!b) buckets.set(id, (b = { games: new Set(), sessions: 0, minutes: 0 }));
    return b;
  };
  const placed = new Map<number, number[]>();
  for (const entry of rows.entries) {
    const played = times.get(entry.game_id)?.platforms;
    const on = played && played.size > 0 ? [...played] : (listed.get(entry.game_id) ?? []);
    placed.set(entry.game_id, on);
    if (on.length === 0) bucket(null).games.add(entry.game_id);
    for (const id of on) bucket(id).games.add(entry.game_id);
  }
  for (const row of rows.games) {
    // A session that names no platform is the game's where the game sits on one platform only; otherwise (none, or
    // several) it stays "Not said", and so does its game: a group never has hours without a game (issue 38 showed
    // "Not said: 0 games · 14.5 h" for a game placed on its library platform).
    const on = placed.get(row.gameId);
    // A game gone from the catalog meanwhile is not among the entries: its sessions have no game to show them with.
    if (on === undefined) continue;
    const id = row.platformId ?? (on.length === 1 ? on[0]! : null);
    const b = bucket(id);
    if (id === null) b.games.add(row.gameId);
    b.sessions += row.sessions;
    b.minutes += row.minutes;
  }
  const sorted = [...buckets.entries()]
    // Belt and braces: a group is shown only with its games.
    .filter(([, b]) => b.games.size > 0)
    .map(([id, b]) => ({ id, ...b, label: id === null ? NOT_SAID : (rows.platforms.get(id)?.name ?? 'Unknown platform') }))
    .sort((a, b) => b.games.size - a.games.size || b.minutes - a.minutes || a.label.localeCompare(b.label));
  const present = (b: (typeof sorted)[number], key: string | null, label: string): PlatformBucket => ({
    key,
    label,
    games: b.games.size,
    sessions: b.sessions,
    hours: hoursOf(b.minutes),
  });
  const shown = sorted.slice(0, STATS_LIMITS.breakdown).map((b) => present(b, b.id === null ? null : (rows.platforms.get(b.id)?.slug ?? null), b.label));
  const rest = sorted.slice(STATS_LIMITS.breakdown);
  if (rest.length > 0) {
    const other = { id: null, label: 'Other', games: new Set(rest.flatMap((b) => [...b.games])), sessions: 0, minutes: 0 };
    for (const b of rest) {
      other.sessions += b.sessions;
      other.minutes += b.minutes;
    }
    shown.push(present(other, 'other', 'Other'));
  }
  return shown;
}

/** Most hours, then most sessions, then by name; only games with a session in the period. */
export function mostPlayed(entries: PlayedEntry[], times: Map<number, GameTime>, limit: number): MostPlayedGame[] {
  return entries
    .flatMap((entry) => {
      const time = times.get(entry.game_id);
      return time && time.sessions > 0 ? [{ entry, time }] : [];
    })
    .sort((a, b) => b.time.minutes - a.time.minutes || b.time.sessions - a.time.sessions || a.entry.name.localeCompare(b.entry.name))
    .slice(0, limit)
    .map(({ entry, time }) => ({ game: presentStatsGame(entry), hours: hoursOf(time.minutes), sessions: time.sessions }));
}

export function computeStats(rows: StatsRows): MemberStats {
  const times = perGame(rows.games);
  const { entries, year } = rows;
  const range = year === null ? null : { from: `${year}-01-01`, to: `${year}-12-31` };
  const finishedIn = (day: string | null) => day !== null && (range === null || (day >= range.from && day <= range.to));
  const beaten = entries.filter(
    (e) =>
      times.get(e.game_id)?.finished === true ||
      finishedIn(e.finished_on) ||
      rows.finishedGames.has(e.game_id) ||
      (year === null && e.status === PLAY_STATUS.beaten),
  ).length;
  const minutes = rows.days.reduce((sum, d) => sum + d.minutes, 0);
  return {
    username: rows.username,
    year,
    totals: {
      played: entries.length,
      beaten,
      abandoned: entries.filter((e) => e.status === PLAY_STATUS.abandoned).length,
      playsFinished: rows.playsFinished,
      replaysFinished: rows.replaysFinished,
      sessions: rows.days.reduce((sum, d) => sum + d.sessions, 0),
      hours: hoursOf(minutes),
      daysPlayed: rows.days.length,
      reviews: rows.reviews,
    },
    byPlatform: byPlatform(rows, times),
    byGenre: rows.genres.map((g) => ({ key: g.slug, label: g.name, games: g.games })),
    byDecade: byDecade(entries),
    ratings: ratingCounts(entries),
    mostPlayed: mostPlayed(entries, times, STATS_LIMITS.mostPlayed),
    longestStreak: longestStreak(rows.days.map((d) => d.day)),
    timeline: timeline(rows.days, year),
    years: rows.years,
  };
}

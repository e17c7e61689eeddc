import { matchWords } from '@vgl/shared';
import type { GameLine } from './catalog.line.js';

/*
 * How well known each game of a catalog file is, when the file does not say
 * (the embedded catalog has no ratings, visits or sitelinks). Stored on the
 * scale every source uses: 10 per nat of how many people know the game
 * (search-relevance.ts fame(); IGDB stores 10·ln(1 + ratings)). Read from
 * what the file tells about each game and about the others:
 *
 * - released widely: each platform a game came out on (ln of their count);
 * - documented: a known developer (GameDataBase knows mostly the games
 *   people remember), a publisher, a day of release, other regions' titles;
 * - built upon: how many later titles of the file hold its whole name —
 *   sequels, re-releases and compilations are named after famous games
 *   ("Super Mario Bros." is in nine titles). A title names the first game
 *   of that name before it: the 1986 Castlevania, not the 1999 one (a later
 *   game of the same name is a remake or a port). A name is only as famous
 *   as the game behind it is documented: "Zelda", a one-platform Amstrad CPC
 *   game with no publisher, is in 28 titles because of another game.
 */

const BASE = 1;
const PER_PLATFORM = 1.2;
const DEVELOPER = 0.8;
const PUBLISHER = 0.4;
const DAY_OF_RELEASE = 0.4;
const PER_OTHER_NAME = 0.5;
const BUILT_UPON = 1;
/** A numbered sequel ("Super Mario Bros. 3", "Final Fantasy VII") counts again: a series goes on only after games people bought. */
const SEQUEL = 1.5;
/** How documented a game must be for the titles named after it to count in full. */
const DOCUMENTED = 1.5;
/** The estimates stay below what real signals give the best-known games (IGDB's most visited: 1000–2000). */
const MOST = 100;
/** Longer names are not what other titles are named after. */
const LONGEST_NAME = 8;

/** For each game, its popularity: the file's own when it gives one, else the estimate above. */
export function estimatePopularity(games: GameLine[]): number[] {
  const open = games.map((g) => g.popularity === undefined);
  const namedBy = open.some(Boolean) ? titlesNaming(games, open) : games.map(() => ({ titles: 0, sequels: 0 }));
  return games.map((game, i) => {
    if (game.popularity !== undefined) return game.popularity;
    const documented =
      PER_PLATFORM * Math.log(Math.max(1, new Set(game.platforms).size)) +
      (game.developers.length > 0 ? DEVELOPER : 0) +
      (game.publishers.length > 0 ? PUBLISHER : 0) +
      (game.releaseDate ? DAY_OF_RELEASE : 0) +
      PER_OTHER_NAME * Math.log1p(game.altNames.length);
    const { titles, sequels } = namedBy[i]!;
    const builtUpon = (BUILT_UPON * Math.log1p(titles) + SEQUEL * Math.log1p(sequels)) * Math.min(1, documented / DOCUMENTED);
    return Math.min(MOST, Math.round(10 * (BASE + documented + builtUpon) * 10) / 10);
  });
}

/** For each game to estimate, how many titles of the file from its year or later hold its whole name (numerals folded: "II" is "2"), and how many of them follow it with a number. */
function titlesNaming(games: GameLine[], open: boolean[]): { titles: number; sequels: number }[] {
  const words = games.map((g) => matchWords(g.name));
  const byName = new Map<string, number[]>();
  words.forEach((w, i) => {
    if (!open[i] || w.length === 0 || w.length > LONGEST_NAME) return;
    const key = w.join(' ');
    byName.set(key, [...(byName.get(key) ?? []), i]);
  });
  const counts = games.map(() => ({ titles: 0, sequels: 0 }));
  // Undated games are neither before nor after any other.
  const years = games.map((g) => (g.releaseDate ? Number(g.releaseDate.slice(0, 4)) : (g.year ?? Number.NaN)));
  words.forEach((title, j) => {
    // A title is named after the longest names it holds: "Super Mario Bros. 3" after Super Mario Bros., not Mario Bros.
    const found: { from: number; to: number; key: string }[] = [];
    for (let from = 0; from < title.length; from += 1) {
      for (let to = from + 1; to <= Math.min(title.length, from + LONGEST_NAME); to += 1) {
        if (from === 0 && to === title.length) continue;
        const key = title.slice(from, to).join(' ');
        if (byName.has(key)) found.push({ from, to, key });
      }
    }
    const named = new Map<string, boolean>();
    for (const a of found) {
      if (found.some((b) => b !== a && b.from <= a.from && b.to >= a.to)) continue;
      named.set(a.key, named.get(a.key) === true || /^\d+$/.test(title[a.to] ?? ''));
    }
    for (const [key, sequel] of named) {
      for (const i of firstOfName(byName.get(key)!, years, years[j]!)) {
        counts[i]!.titles += 1;
        if (sequel) counts[i]!.sequels += 1;
      }
    }
  });
  return counts;
}

/** Of the games of one name, the one a title of `year` is named after: the earliest dated no later than it; all of them when none is dated. */
function firstOfName(games: number[], years: number[], year: number): number[] {
  const dated = games.filter((i) => !Number.isNaN(years[i]!));
  if (dated.length === 0) return games;
  const before = dated.filter((i) => Number.isNaN(year) || years[i]! <= year);
  if (before.length === 0) return [];
  return [before.reduce((a, b) => (years[b]! < years[a]! ? b : a))];
}

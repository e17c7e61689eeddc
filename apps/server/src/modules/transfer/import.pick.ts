import { looseDistance, numbersOf, titleKeys, type TitleKeys } from './import.titles.js';

// Which catalog game a file's title names, once the catalog's games of that title are known (import.match.ts finds them).

export interface GameRef {
  id: number;
  slug: string;
  name: string;
  year: number | null;
  popularity: number;
}

/** What matching made of a row: the game it will be imported as, or why it needs a look first. */
export interface MatchResult {
  game: GameRef | null;
  /** Why the row is left out unless the member picks a game (a year far from the catalog's, several games of that title, a title found only loosely). */
  flag: string | null;
  /** Flagged rows: the game it nearly matched. */
  suggestion: GameRef | null;
}

export const matched = (game: GameRef): MatchResult => ({ game, flag: null, suggestion: null });
const flagged = (flag: string, suggestion: GameRef): MatchResult => ({ game: null, flag, suggestion });
export const NOT_FOUND: MatchResult = { game: null, flag: null, suggestion: null };

/** A catalog game of the file's title. */
interface Candidate {
  game: GameRef;
  /** By the game's own name, not an alternative one. */
  primary: boolean;
  /** Spelt as the file spells it (not only equivalent: "Final Fantasy VII" for "Final Fantasy VII", not for "Final Fantasy 7"). */
  written: boolean;
  /**
   * Found by an alternative name while the game's own name has other
   * numbers: a catalog that merged a sequel into another game ("Final
   * Fantasy VI" under "Final Fantasy I: II") must not take the row.
   */
  otherNumber: boolean;
}

/** Games by the equivalent key (import.titles.ts) of their name or of an alternative name. */
export class TitleIndex {
  /** Per key, its games and, per title of the file, those games as that title's candidates (worked out once). */
  private readonly byKey = new Map<string, { games: Map<number, { game: GameRef; primary: boolean; name: string }>; candidates: Map<string, Candidate[]> }>();
  private readonly keys = new Map<string, TitleKeys>();

  /** A title's keys, once per distinct title or name (a 200,000-row file repeats most of them). */
  private keysOf(title: string): TitleKeys {
    let keys = this.keys.get(title);
    if (keys === undefined) this.keys.set(title, (keys = titleKeys(title)));
    return keys;
  }

  /** The equivalent key: the same key is the same title. */
  keyOf(title: string): string {
    return this.keysOf(title).equivalent;
  }

  add(name: string, game: GameRef, primary: boolean): void {
    const key = this.keyOf(name);
    if (!key) return;
    const bucket = this.byKey.get(key) ?? { games: new Map(), candidates: new Map() };
    if (!bucket.games.get(game.id)?.primary) {
      bucket.games.set(game.id, { game, primary, name });
      bucket.candidates.clear();
    }
    this.byKey.set(key, bucket);
  }

  candidates(title: string): Candidate[] {
    const key = this.keyOf(title);
    const bucket = this.byKey.get(key);
    if (!bucket) return [];
    const known = bucket.candidates.get(title);
    if (known) return known;
    const written = this.keysOf(title).written;
    const numbers = numbersOf(key);
    const found = [...bucket.games.values()].map(({ game, primary, name }) => ({
      game,
      primary,
      written: this.keysOf(name).written === written,
      otherNumber: !primary && numbersOf(this.keyOf(game.name)) !== numbers,
    }));
    bucket.candidates.set(title, found);
    return found;
  }
}

/**
 * Years a release may differ by and still be the same game: regions and
 * catalogs disagree by a year; a port or a region's release a few years
 * later is the same game when the platform agrees too. Further apart is a
 * different game of the same name (Portal 2007 is not Portal 1986).
 */
export const YEAR_TOLERANCE = 1;
const YEAR_TOLERANCE_SAME_PLATFORM = 3;

/**
 * The game a title (and year, and platforms) names: by year within a
 * tolerance, platforms breaking ties; one game of that title when the file
 * gives no year. A title whose games are all far from the file's year,
 * shared by several games the file cannot tell apart, or known only as
 * another name of a game with other numbers, is flagged with the likeliest
 * game as a suggestion, never taken silently.
 */
export function pickByTitle(title: string, candidates: Candidate[], year: number | null, platformIds: number[], platformsOf: (gameId: number) => Set<number>): MatchResult {
  if (candidates.length === 0) return NOT_FOUND;
  const sure = candidates.filter((c) => !c.otherNumber);
  if (sure.length === 0) {
    const likeliest = [...candidates].sort((a, b) => b.game.popularity - a.game.popularity || a.game.id - b.game.id)[0]!.game;
    return flagged(`The catalog has ${title} only as another name of ${likeliest.name}, a title with another number`, likeliest);
  }
  const onPlatform = (c: Candidate) => platformIds.some((id) => platformsOf(c.game.id).has(id));
  const ranked = [...sure].sort(
    (a, b) =>
      Number(b.primary) - Number(a.primary) ||
      Number(b.written) - Number(a.written) ||
      Number(onPlatform(b)) - Number(onPlatform(a)) ||
      b.game.popularity - a.game.popularity ||
      a.game.id - b.game.id,
  );
  const name = ranked[0]!.game.name;
  if (year !== null) {
    const gap = (c: Candidate) => (c.game.year === null ? Infinity : Math.abs(c.game.year - year));
    const byGap = [...ranked].sort((a, b) => gap(a) - gap(b));
    const close = byGap.find((c) => gap(c) === 0) ?? byGap.find((c) => gap(c) <= YEAR_TOLERANCE) ?? byGap.find((c) => gap(c) <= YEAR_TOLERANCE_SAME_PLATFORM && onPlatform(c));
    if (close) return matched(close.game);
    const undated = ranked.filter((c) => c.game.year === null);
    if (undated.length === 1 && ranked.length === 1) return matched(undated[0]!.game);
    const nearest = byGap[0]!.game;
    return flagged(
      nearest.year === null
        ? `The file says ${year}; the catalog's ${nearest.name} has no year`
        : `The file says ${year}; the catalog's ${nearest.name} is from ${nearest.year}${ranked.length > 1 ? ` (${ranked.length} games have this title)` : ''}`,
      nearest,
    );
  }
  const primary = ranked.filter((c) => c.primary);
  const pool = primary.length > 0 ? primary : ranked;
  if (pool.length === 1) return matched(pool[0]!.game);
  // Games spelt otherwise are other games when one is spelt as the file spells it: "Mega Man II" (Game Boy) is not "Mega Man 2" (NES).
  const spelt = pool.filter((c) => c.written);
  if (spelt.length === 1) return matched(spelt[0]!.game);
  const onTheirPlatform = platformIds.length > 0 ? pool.filter(onPlatform) : [];
  if (onTheirPlatform.length === 1) return matched(onTheirPlatform[0]!.game);
  return flagged(`${pool.length} games are called ${name}; the file gives no year that tells them apart`, pool[0]!.game);
}

/** A game and one of its names (its own or an alternative one), as a search finds it. */
export interface NamedGame {
  game: GameRef;
  name: string;
}

/**
 * A title the file spells otherwise (its words reordered, or within a
 * longer title) is never taken, only suggested: the nearest of the games a
 * loose search found for it, by the fewest
 * added words, then the most popular; none when the title is a single word
 * (any title holding it would do) or when the nearest adds more words than
 * the title has.
 */
export function nearestLoose(title: string, found: NamedGame[], keyOf: (title: string) => string): NamedGame | null {
  const key = keyOf(title);
  const size = key.split(' ').length;
  if (size < 2) return null;
  let best: { match: NamedGame; distance: number } | null = null;
  for (const match of found) {
    const distance = looseDistance(key, keyOf(match.name));
    if (distance === null || distance > size) continue;
    if (!best || distance < best.distance || (distance === best.distance && match.game.popularity > best.match.game.popularity)) best = { match, distance };
  }
  return best?.match ?? null;
}

export const looselyFlagged = (title: string, near: NamedGame): MatchResult =>
  flagged(
    `Not in the catalog as ${title}; the nearest title is ${near.name}${near.name === near.game.name ? '' : ` (${near.game.name})`}`,
    near.game,
  );

import { searchWords } from '@vgl/shared';

/**
 * How well one title answers a search, from its words alone. The database
 * only finds the matches (FTS5 / tsvector) in popularity order; the few
 * hundred most popular are ordered here, the same way on both databases.
 *
 * It asks what a person means by a search: every word found in the name
 * beats a match through an alternative name; the whole name typed beats
 * part of it; the words in the name's own order, and at its start, beat the
 * same words scattered; a short name that is mostly the search beats a long
 * one that merely contains it (BM25's length normalisation, for titles).
 */
export interface SearchTerms {
  words: string[];
  /** The last word is still being typed ("son" finds "Sonic"). */
  lastIsPrefix: boolean;
}

const ALL_IN_NAME = 4;
const WHOLE_NAME = 4;
const IN_ORDER = 1;
const AT_START = 0.5;
const PER_EXTRA_WORD = 0.35;
const MOST_FOR_LENGTH = 2.5;
/** A match only through an alternative name counts this much of the same match in the name. */
const ALTERNATIVE_NAME = 0.5;
/** Weight of ln(1 + popularity): a very popular game may pass a slightly better-worded one. */
const POPULARITY = 0.6;
/** At most this much for completing a half-typed last word the way most matching titles do. */
const LIKELY_COMPLETION = 2;
/** Weight of ln(1 + how many other matches name this title): sequels and re-releases build on famous games. */
const NAMED_BY_OTHERS = 0.8;

function matches(terms: SearchTerms, index: number, word: string): boolean {
  const term = terms.words[index]!;
  return word === term || (terms.lastIsPrefix && index === terms.words.length - 1 && word.startsWith(term));
}

/** Where the search's words stand one after another in the name, or -1. */
function phraseAt(terms: SearchTerms, name: string[]): number {
  for (let start = 0; start + terms.words.length <= name.length; start += 1) {
    if (terms.words.every((_, i) => matches(terms, i, name[start + i]!))) return start;
  }
  return -1;
}

/** 0 when not every search word is in the title; otherwise higher for a closer match. */
export function titleScore(terms: SearchTerms, title: string): number {
  const name = searchWords(title);
  if (!terms.words.every((_, i) => name.some((word) => matches(terms, i, word)))) return 0;
  const at = phraseAt(terms, name);
  const extra = Math.max(0, name.length - terms.words.length);
  // "super mar" is not the whole of "Super Marathon" yet: only a last word typed out completes a name.
  const typedOut = at >= 0 && name[at + terms.words.length - 1] === terms.words[terms.words.length - 1];
  return (
    ALL_IN_NAME +
    (at === 0 && extra === 0 && typedOut ? WHOLE_NAME : 0) +
    (at >= 0 ? IN_ORDER : 0) +
    (at === 0 ? AT_START : 0) -
    Math.min(MOST_FOR_LENGTH, extra * PER_EXTRA_WORD)
  );
}

export interface SearchCandidate {
  id: number;
  name: string;
  popularity: number;
  alternativeNames: string[];
}

/** `inName`: titleScore of the game's name, when the caller has it already. */
export function relevance(terms: SearchTerms, game: SearchCandidate, inName = titleScore(terms, game.name)): number {
  const inAlternative = Math.max(0, ...game.alternativeNames.map((alt) => titleScore(terms, alt))) * ALTERNATIVE_NAME;
  return Math.max(inName, inAlternative) + Math.log1p(Math.max(0, game.popularity)) * POPULARITY;
}

/**
 * While the last word is being typed, the word it becomes in each title:
 * "mar" is "mario" in forty matching titles and "marathon" in one, so
 * someone typing "super mar" more likely means Mario (a phone keyboard's
 * guess). Returns each candidate's bonus, up to LIKELY_COMPLETION for the
 * commonest completion among the candidates; none when the word is whole.
 */
function completionBonuses(terms: SearchTerms, candidates: SearchCandidate[]): number[] {
  if (!terms.lastIsPrefix) return candidates.map(() => 0);
  const last = terms.words[terms.words.length - 1]!;
  const completions = candidates.map((game) => searchWords(game.name).find((word) => word.startsWith(last)));
  const counts = new Map<string, number>();
  for (const word of completions) if (word) counts.set(word, (counts.get(word) ?? 0) + 1);
  const most = Math.max(0, ...counts.values());
  if (counts.size < 2) return candidates.map(() => 0);
  return completions.map((word) => (word ? (LIKELY_COMPLETION * counts.get(word)!) / most : 0));
}

/**
 * How many of the other matches contain each title whole ("Super Mario
 * World 2: Yoshi's Island", "Super Mario Advance 2: Super Mario World" name
 * Super Mario World): a game that sequels and re-releases are named after
 * is a known one, a signal the embedded catalog's rough popularity lacks.
 */
function namedByOthers(candidates: SearchCandidate[]): number[] {
  const names = candidates.map((game) => ` ${searchWords(game.name).join(' ')} `);
  return names.map((name, i) => names.reduce((n, other, j) => n + (j !== i && other.length > name.length && other.includes(name) ? 1 : 0), 0));
}

/** Best first; ties keep the popularity order the candidates came in. `nameScores`: titleScore of each name, if known. */
export function rankByRelevance(terms: SearchTerms, candidates: SearchCandidate[], nameScores?: number[]): number[] {
  const completion = completionBonuses(terms, candidates);
  const named = namedByOthers(candidates);
  return candidates
    .map((game, order) => ({
      id: game.id,
      order,
      score: relevance(terms, game, nameScores?.[order]) + completion[order]! + Math.log1p(named[order]!) * NAMED_BY_OTHERS,
    }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map((game) => game.id);
}

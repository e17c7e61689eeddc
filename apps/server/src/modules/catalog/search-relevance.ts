import { numeralWord, searchWords, titleSpellings } from '@vgl/shared';

/**
 * Which game a search means. The database only finds the matches (FTS5 /
 * tsvector) in popularity order; the few hundred most popular are ordered
 * here, the same way on both databases, by how well the words answer each
 * title plus how well known the game is:
 *
 * - the words: every word found beats a match through an alternative name;
 *   the whole name (or the whole of its main title or subtitle) typed beats
 *   part of it; the words in the name's order, and at its start, beat the
 *   same words scattered; a name with few words besides the search beats a
 *   long one. Every spelling of the title counts (@vgl/shared
 *   titleSpellings): "7" for "VII", "pacman", "ff7", "alttp".
 * - how well known: the natural log of how many people know the game, read
 *   from the popularity every source stores on one scale, 10 per unit
 *   (IGDB: 10·ln(1 + ratings); Wikidata: from sitelinks; the embedded
 *   catalog: catalog.popularity.ts). A famous game whose name holds the
 *   search beats an obscure one whose whole name it is ("zelda" is The
 *   Legend of Zelda before the Amstrad CPC "Zelda") once it is known to
 *   about e^3 times as many people; popularity never outweighs a word that
 *   is missing, because the database only finds titles with every word.
 */
export interface SearchTerms {
  /** The words searched, folded as the index folds them (matchWords: "vii" → "7", "&" → "and"). */
  words: string[];
  /** The last word is still being typed ("son" finds "Sonic"). */
  lastIsPrefix: boolean;
  /** The last word as typed, when folding changed it: "v" while "vii" is typed. */
  lastTyped?: string;
}

const ALL_WORDS = 4;
const WHOLE_NAME = 2;
const WHOLE_PART = 1;
const IN_ORDER = 1;
const AT_START = 0.5;
const PER_EXTRA_WORD = 0.35;
const MOST_FOR_LENGTH = 2.5;
/** What a match only through an alternative name (a regional title, an alias) costs against the same match in the name. */
const ALTERNATIVE_NAME = 1.5;
/** Short words a longer name may hold without being much longer to the reader ("The Legend of Zelda" is two words longer than "Zelda"). */
const FILLER = new Set(['the', 'of', 'a', 'an', 'and', 'to', 'in', 'on', 'no', 'de']);
/** At most this much for completing a half-typed last word the way most matching titles do. */
const LIKELY_COMPLETION = 2;
/** A game known to e^KNOWN times the obscurest is one people may mean by part of its name. */
const KNOWN = 3;

/** How well known a game is, in nats, from its stored popularity (10 per nat up to 100; IGDB's most visited, 1000–2000, a little above). */
export function fame(popularity: number): number {
  const p = Math.max(0, popularity);
  return p <= 100 ? p / 10 : 10 + Math.log(p / 100) / 2;
}

/** One way a title is written: its words (as matched and as written) and how many words each of its parts has. */
interface Spelling {
  words: string[];
  written?: string[];
  parts: number[];
  /** An initialism of a main title or subtitle: typed whole, it is that part, not the whole name. */
  partOnly?: boolean;
}

export interface TitleMatch {
  score: number;
  /** The search is a whole name, a whole main title or subtitle, or an initialism of one: what a person types for a game they mean. */
  whole: boolean;
  /** Every word of the search is a whole word of the title: the last one is not still being typed ("cel" of "Celeste"). */
  complete: boolean;
}

function matches(terms: SearchTerms, index: number, spelling: Spelling, at: number): boolean {
  const word = spelling.words[at]!;
  const term = terms.words[index]!;
  if (word === term) return true;
  if (!terms.lastIsPrefix || index !== terms.words.length - 1) return false;
  const typed = terms.lastTyped ?? term;
  return word.startsWith(term) || (spelling.written?.[at] ?? word).startsWith(typed);
}

/** Where the search's words stand one after another in the spelling, or -1. */
function phraseAt(terms: SearchTerms, spelling: Spelling): number {
  for (let start = 0; start + terms.words.length <= spelling.words.length; start += 1) {
    if (terms.words.every((_, i) => matches(terms, i, spelling, start + i))) return start;
  }
  return -1;
}

function spellingMatch(terms: SearchTerms, spelling: Spelling): TitleMatch | undefined {
  const n = terms.words.length;
  if (!terms.words.every((_, i) => spelling.words.some((_, at) => matches(terms, i, spelling, at)))) return undefined;
  const at = phraseAt(terms, spelling);
  // "super mar" is not the whole of "Super Marathon" yet: only a last word typed out completes a name.
  const typedOut = at >= 0 && spelling.words[at + n - 1] === terms.words[n - 1];
  const whole = typedOut && at === 0 && spelling.words.length === n;
  let start = 0;
  let wholePart = false;
  for (const length of spelling.parts) {
    wholePart ||= typedOut && at === start && length === n;
    start += length;
  }
  const meaningful = (words: string[]) => words.filter((w) => !FILLER.has(w)).length;
  const extra = Math.max(0, meaningful(spelling.words) - meaningful(terms.words));
  const score =
    ALL_WORDS +
    (at >= 0 ? IN_ORDER : 0) +
    (at === 0 ? AT_START : 0) -
    Math.min(MOST_FOR_LENGTH, extra * PER_EXTRA_WORD);
  const asPart = spelling.partOnly ? whole : wholePart;
  const last = terms.lastTyped ?? terms.words[n - 1];
  const complete = terms.words.every((term, i) => spelling.words.some((w, at) => w === term || (i === n - 1 && (spelling.written?.[at] ?? w) === last)));
  return { score: score + (whole && !spelling.partOnly ? WHOLE_NAME : asPart ? WHOLE_PART : 0), whole: whole || wholePart, complete };
}

/** Every spelling of a title worth comparing with this search. `initialisms`: the game's own name, not an alternative one. */
function spellingsOf(terms: SearchTerms, title: string, initialisms: boolean): Spelling[] {
  const spelt = titleSpellings(title);
  const spellings: Spelling[] = [{ words: spelt.words, written: spelt.written, parts: spelt.segments }];
  for (const words of spelt.respelled) spellings.push({ words, parts: [words.length] });
  if (!initialisms) return spellings;
  // An initialism of the whole title is as good as its whole name; of a main title or subtitle, as that part.
  for (const typed of spelt.initialisms) spellings.push({ words: typed.words, parts: [typed.words.length], partOnly: !typed.whole });
  // A title without a number is the first of its series: "final fantasy 1" is Final Fantasy.
  if (terms.words.includes('1') && spelt.words.length > 0 && !spelt.words.some((w) => /^\d+$/.test(w))) {
    const main = spelt.segments[0]!;
    const words = [...spelt.words.slice(0, main), '1', ...spelt.words.slice(main)];
    spellings.push({ words, parts: [main + 1, ...spelt.segments.slice(1)] });
  }
  return spellings;
}

/** How well a title answers a search, from its words alone; undefined when some word is in none of its spellings. */
export function titleMatch(terms: SearchTerms, title: string, { alternative = false } = {}): TitleMatch | undefined {
  let best: TitleMatch | undefined;
  for (const spelling of spellingsOf(terms, title, !alternative)) {
    const found = spellingMatch(terms, spelling);
    if (found && (!best || found.score > best.score)) best = found;
  }
  if (best && alternative) best.score -= ALTERNATIVE_NAME;
  return best;
}

export interface SearchCandidate {
  id: number;
  name: string;
  popularity: number;
  alternativeNames: string[];
}

export interface RankedGame {
  id: number;
  score: number;
  match: TitleMatch | undefined;
  fame: number;
}

/** The better of the name's match (`inName`) and the alternative names' matches. */
function bestMatch(terms: SearchTerms, game: SearchCandidate, inName: TitleMatch | undefined): TitleMatch | undefined {
  let best = inName;
  for (const alt of game.alternativeNames) {
    const found = titleMatch(terms, alt, { alternative: true });
    if (found && (!best || found.score > best.score)) best = found;
  }
  return best;
}

/**
 * Whether a ranked game is one a person may mean: their words are a whole name of it, or it is well known.
 * While the last word is still being typed, nothing is judged yet: the type-ahead shows its suggestions.
 */
export const meant = (game: RankedGame): boolean =>
  game.match !== undefined && (game.match.whole || game.fame >= KNOWN || !game.match.complete);

/**
 * Whether a game found by a corrected search is one the person may mean. A correction is a guess, and
 * one word of a name is easily near another word: "witcher" is one letter from "watcher" and two from
 * "witch", whole names of obscure games. So: a well-known game, or a whole name that also holds a word
 * typed exactly ("chrono triger" → Chrono Trigger).
 */
export const meantAfterCorrection = (game: RankedGame, keptAWord: boolean): boolean =>
  game.match !== undefined && (game.fame >= KNOWN || (game.match.whole && keptAWord));

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
  const typed = terms.lastTyped ?? last;
  // As matched: "Mega Man II" and "Mega Man 2" both complete "ii" to 2.
  const completionOf = (name: string) => {
    for (const word of searchWords(name)) if (word.startsWith(typed) || numeralWord(word).startsWith(last)) return numeralWord(word);
    return undefined;
  };
  const completions = candidates.map((game) => completionOf(game.name));
  const counts = new Map<string, number>();
  for (const word of completions) if (word) counts.set(word, (counts.get(word) ?? 0) + 1);
  const most = Math.max(0, ...counts.values());
  if (counts.size < 2) return candidates.map(() => 0);
  return completions.map((word) => (word ? (LIKELY_COMPLETION * counts.get(word)!) / most : 0));
}

/** Best first; ties keep the popularity order the candidates came in. `nameMatches`: titleMatch of each name, if known. */
export function rankByRelevance(terms: SearchTerms, candidates: SearchCandidate[], nameMatches?: (TitleMatch | undefined)[]): RankedGame[] {
  const completion = completionBonuses(terms, candidates);
  return candidates
    .map((game, order) => {
      const match = bestMatch(terms, game, nameMatches ? nameMatches[order] : titleMatch(terms, game.name));
      const known = fame(game.popularity);
      return { id: game.id, order, match, fame: known, score: (match?.score ?? 0) + known + completion[order]! };
    })
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ id, score, match, fame }) => ({ id, score, match, fame }));
}

import { searchWords } from './slug.js';

/*
 * What a search and the catalog's search index treat as the same words, so
 * that "final fantasy 7", "FF7" and "ffvii" find Final Fantasy VII and
 * "dungeons and dragons" finds "Dungeons & Dragons" on both databases. The
 * index stores each title's other spellings as hidden terms (indexTerms);
 * a query is folded the same way (matchWords); the ranking compares a query
 * with every spelling of a title (titleSpellings). No list of special
 * queries: every rule applies to every title.
 */

/** Roman numerals up to XXXIX: sequels and episodes, never words ("mix", "civ" and "did" hold other letters). */
const ROMAN = /^x{0,3}(ix|iv|v?i{0,3})$/;
const ROMAN_DIGITS: Record<string, number> = { i: 1, v: 5, x: 10 };

/** The value of a lower-case Roman numeral from I to XXXIX, else undefined. */
export function romanValue(word: string): number | undefined {
  if (!word || !ROMAN.test(word)) return undefined;
  let total = 0;
  for (let i = 0; i < word.length; i += 1) {
    const value = ROMAN_DIGITS[word[i]!]!;
    total += value < (ROMAN_DIGITS[word[i + 1] ?? ''] ?? 0) ? -value : value;
  }
  return total;
}

/** A word as searched: a Roman numeral as its Arabic number ("vii" → "7"), any other word as it is. */
export function numeralWord(word: string): string {
  const value = romanValue(word);
  return value === undefined ? word : String(value);
}

const isNumber = (word: string) => /^\d+$/.test(word);

/** Search words with the equivalences folded: "&" is "and", Roman numerals are Arabic ("Final Fantasy VII & More" → final fantasy 7 and more). */
export function matchWords(text: string): string[] {
  return searchWords(text.replace(/&/g, ' and ')).map(numeralWord);
}

/** A title's parts as people name them: "The Legend of Zelda: A Link to the Past" → the main title and its subtitle. */
const SEGMENT_BREAK = /\s*[:~–—|/]\s*|\s+-\s+/u;
/** Inside one written word, these join parts people also type as one ("Pac-Man", "Baldur's", "S.T.A.L.K.E.R."). */
const JOINED_PARTS = /^[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)+$/u;
/** Letters with stops between them stand for one word ("S.T.A.L.K.E.R."); an apostrophe keeps a word whole ("Baldur's"). */
const ONE_WORD = /['’]|^(?:\p{L}\.)+\p{L}$/u;
const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;
const ARTICLES = new Set(['the', 'a', 'an']);
/** Initialisms longer than this are not typed ("tlozalttp"). */
const MOST_INITIALS = 8;

interface Word {
  /** As matched: folded, numerals Arabic. */
  word: string;
  /** As written, folded (a Roman numeral stays Roman): "vii". */
  raw: string;
}

/** One written word (folded, case kept) as search words, and as people also type it: "Pac-Man" → pac man / pacman; "StarCraft" → starcraft / star craft. */
function spellingsOf(chunk: string): { words: Word[]; joined?: string; split?: string[]; oneWord: boolean } {
  const lower = chunk.toLowerCase();
  // Most written words are plain letters or digits: no rule but numerals and capitals applies to them.
  const plain = /^[a-z0-9]+$/.test(lower);
  const raw = plain ? [lower] : lower.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const words = raw.map((w) => ({ word: numeralWord(w), raw: w }));
  // A capital inside a word starts a word of its own in people's minds ("EarthBound", "SimCity").
  const camel = raw.length === 1 && /\p{Ll}\p{Lu}/u.test(chunk) ? chunk.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').toLowerCase().split(' ') : undefined;
  if (plain) return { words, ...(camel ? { split: camel } : {}), oneWord: false };
  const core = chunk.replace(EDGE_PUNCTUATION, '');
  const joined = raw.length > 1 && JOINED_PARTS.test(core) ? raw.join('') : undefined;
  return { words, ...(joined ? { joined } : {}), ...(camel && camel.length > 1 ? { split: camel } : {}), oneWord: joined !== undefined && ONE_WORD.test(core) };
}

/** The initialisms of some words as typed: "Final Fantasy VII" → ff7, ffvii, and [ff, 7] for "ff 7"; "Metal Gear Solid" → mgs, mgs1. */
function initialismsOf(words: Word[]): string[][] {
  const letters = words.filter((w) => !isNumber(w.word)).map((w) => w.word[0]!);
  if (letters.length < 2 || letters.length > MOST_INITIALS) return [];
  const numbers = words.filter((w) => isNumber(w.word)).map((w) => w.word);
  if (numbers.length === 0) {
    // A title without a number is the first of its series to people who type "mgs1" or "ff1".
    return [...(letters.length >= 3 ? [[letters.join('')]] : []), [`${letters.join('')}1`]];
  }
  const arabic = words.map((w) => (isNumber(w.word) ? w.word : w.word[0])).join('');
  const roman = words.map((w) => (isNumber(w.word) ? w.raw : w.word[0])).join('');
  // "gta 5" as two words; "ff 7" would make "ff" a word of half the catalog's Final Fight and Fatal Fury titles.
  return [[arabic], ...(roman !== arabic ? [[roman]] : []), ...(letters.length >= 3 ? [[letters.join(''), ...numbers]] : [])];
}

export interface TitleSpellings {
  /** The title's words as matched (matchWords). */
  words: string[];
  /** The same words as written, folded: a Roman numeral stays Roman ("vii"), for a word still being typed ("final fantasy v"). */
  written: string[];
  /** How many words each part of the title has (main title, subtitles), in order. */
  segments: number[];
  /** The same words written as people also type them: parts joined ("pacman", "baldurs"), capitals split ("earth bound"). */
  respelled: string[][];
  /** Initialisms as typed (["ff7"], ["gta", "5"], ["alttp"]); `whole` when of the whole title, else of one of its parts. */
  initialisms: { words: string[]; whole: boolean }[];
}

/** Every way people write a title in a search box, by rule (see the top of this file). */
export function titleSpellings(title: string): TitleSpellings {
  // Folded once (accents off, case kept for the capitals rule), as searchWords folds.
  const parts = title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/&/g, ' and ').split(SEGMENT_BREAK);
  const words: string[] = [];
  const written: string[] = [];
  const segments: number[] = [];
  const joined: string[] = [];
  const split: string[] = [];
  let respelledJoin = false;
  let respelledSplit = false;
  // Words as initialisms see them: "Baldur's" and "S.T.A.L.K.E.R." are one word, "Half-Life" two.
  const initialWords: Word[][] = [];
  for (const part of parts) {
    const mine: Word[] = [];
    let count = 0;
    for (const chunk of part.split(/\s+/)) {
      const spelt = spellingsOf(chunk);
      if (spelt.words.length === 0) continue;
      for (const w of spelt.words) {
        words.push(w.word);
        written.push(w.raw);
      }
      count += spelt.words.length;
      joined.push(...(spelt.joined ? [spelt.joined] : spelt.words.map((w) => w.word)));
      split.push(...(spelt.split ?? spelt.words.map((w) => w.word)));
      respelledJoin ||= spelt.joined !== undefined;
      respelledSplit ||= spelt.split !== undefined;
      mine.push(...(spelt.oneWord ? [{ word: spelt.joined!, raw: spelt.joined! }] : spelt.words));
    }
    if (count === 0) continue;
    segments.push(count);
    initialWords.push(mine);
  }
  const initialisms: TitleSpellings['initialisms'] = [];
  const seen = new Set<string>();
  const add = (of: Word[], whole: boolean) => {
    // "The Legend of Zelda" is also typed "loz".
    const typings = [...initialismsOf(of), ...(of.length > 2 && ARTICLES.has(of[0]!.word) ? initialismsOf(of.slice(1)) : [])];
    for (const typed of typings) {
      const key = typed.join(' ');
      if (seen.has(key)) continue;
      seen.add(key);
      initialisms.push({ words: typed, whole });
    }
  };
  add(initialWords.flat(), true);
  if (initialWords.length > 1) for (const part of initialWords) add(part, false);
  return {
    words,
    written,
    segments,
    respelled: [...(respelledJoin ? [joined] : []), ...(respelledSplit ? [split] : [])],
    initialisms,
  };
}

/**
 * The terms a title adds to the search index beyond its own words: numbers
 * for its Roman numerals, "and" for "&", its joined and split spellings and
 * (for a game's own name, `initialisms`) its initialisms, and "1" when it
 * has no number (people type "final fantasy 1"). Space-separated.
 */
export function indexTerms(title: string, { initialisms = true } = {}): string {
  const spelt = titleSpellings(title);
  const own = new Set(searchWords(title));
  const terms = new Set<string>();
  for (const word of [...spelt.words, ...spelt.respelled.flat()]) if (!own.has(word)) terms.add(word);
  if (initialisms) {
    for (const typed of spelt.initialisms) for (const word of typed.words) if (!own.has(word)) terms.add(word);
    if (spelt.words.length > 0 && !spelt.words.some(isNumber)) terms.add('1');
  }
  return [...terms].join(' ');
}

import { slugify } from '@vgl/shared';

/*
 * When two titles are the same title, for matching a file's games: case,
 * accents ("Pokemon" = "Pokémon"), punctuation, "&" = "and", apostrophes,
 * a leading "The", a trailing "Version" ("Pokémon: Blue Version" is
 * "Pokemon Blue") and Roman or Arabic numerals ("Final Fantasy VII" =
 * "Final Fantasy 7") do not matter. Numerals are whole words; a lone "I"
 * or "V" is one only at the end of the title or of its part before a
 * subtitle ("Final Fantasy I: II", "Grand Theft Auto V"), never in "I Am
 * Setsuna" or "V-Rally"; a lone "X" stays a letter ("Mega Man X" is not
 * the tenth Mega Man, nor "Pokémon X").
 */

const ROMAN = /^(x{0,3})(ix|iv|v?i{0,3})$/;
const ROMAN_VALUES: Record<string, number> = { i: 1, v: 5, x: 10 };

/** The value of a Roman numeral word from 1 to 39, else null. */
function romanValue(word: string): number | null {
  if (!word || !ROMAN.test(word)) return null;
  let total = 0;
  for (let i = 0; i < word.length; i++) {
    const value = ROMAN_VALUES[word[i]!]!;
    const next = ROMAN_VALUES[word[i + 1] ?? ''] ?? 0;
    total += value < next ? -value : value;
  }
  return total;
}

/** 1–39 in Roman numerals, for searching an index that holds the title as written. */
function toRoman(n: number): string {
  return 'x'.repeat(Math.floor(n / 10)) + ['', 'i', 'ii', 'iii', 'iv', 'v', 'vi', 'vii', 'viii', 'ix'][n % 10]!;
}

/** A subtitle starts after a colon, a spaced dash or a slash. */
const SUBTITLE = /\s*:\s*|\s+[-–—]\s+|\s+\/\s+/;
const NOT_A_WORD = /[^\p{L}\p{N}]+/u;
const MARKS = /[\u0300-\u036f]/g;
const APOSTROPHES = /['’`]/g;

/** The words of a title folded as searchWords folds them (case, accents, punctuation), "&" as "and"; `apostrophes` kept as breaks, as the index keeps them. */
function foldedParts(title: string, apostrophes: 'break' | 'drop'): string[][] {
  let folded = title.normalize('NFKD').replace(MARKS, '').toLowerCase();
  if (folded.includes('&')) folded = folded.replace(/&/g, ' and ');
  if (apostrophes === 'drop') folded = folded.replace(APOSTROPHES, '');
  // Most titles have no subtitle: one part, without the split.
  const parts = /[:/\-–—]/.test(folded) ? folded.split(SUBTITLE) : [folded];
  return parts.map((part) => part.split(NOT_A_WORD).filter(Boolean));
}

const MAY_BE_ROMAN = new Set(['i', 'v', 'x']);

/** Words with the numerals as numbers, each part of the title on its own (see the note at the top). */
function numbered(parts: string[][]): string[] {
  const out: string[] = [];
  for (const words of parts) {
    for (let i = 0; i < words.length; i++) {
      const word = words[i]!;
      const lone = word.length === 1;
      if (!MAY_BE_ROMAN.has(word[0]!) || (lone && (word === 'x' || i !== words.length - 1 || words.length < 2))) {
        out.push(word);
        continue;
      }
      const value = romanValue(word);
      out.push(value === null ? word : String(value));
    }
  }
  return out;
}

/** Without a leading "the" and a trailing "version", which do not make another title. */
function trimmed(words: string[]): string[] {
  const start = words[0] === 'the' && words.length > 1 ? 1 : 0;
  const end = words.at(-1) === 'version' && words.length - start > 2 ? words.length - 1 : words.length;
  return start === 0 && end === words.length ? words : words.slice(start, end);
}

/** A title's keys, worked out in one pass (a large file has tens of thousands of titles, the catalog's names as many). */
export interface TitleKeys {
  /** As written, folded (case, accents, punctuation, "&", apostrophes): the same key means the same spelling. */
  written: string;
  /** With every equivalence applied (numerals, "the", "version"): the same key means the same title. */
  equivalent: string;
}

export function titleKeys(title: string): TitleKeys {
  const written = foldedParts(title, 'drop');
  return { written: written.flat().join(' '), equivalent: trimmed(numbered(written)).join(' ') };
}

export const writtenKey = (title: string): string => titleKeys(title).written;
export const equivalentKey = (title: string): string => titleKeys(title).equivalent;

/** The numbers in a title's key ("final fantasy 1 2" → "1 2"): a game of another number is another game. */
export const numbersOf = (key: string): string => {
  if (!/\d/.test(key)) return '';
  return key
    .split(' ')
    .filter((word) => /^\d+$/.test(word))
    .sort()
    .join(' ');
};

/** What the search index is asked for a title: its words as the index splits them and as numbered (7 or vii), no leading "the" nor trailing "version". */
export function searchPhrases(title: string): string[] {
  const words = trimmed(numbered(foldedParts(title, 'break')));
  const roman = words.map((word) => (/^\d+$/.test(word) && Number(word) >= 1 && Number(word) <= 39 && !word.startsWith('0') ? toRoman(Number(word)) : word));
  return [...new Set([words, roman].map((list) => list.join(' ')).filter(Boolean))];
}

/**
 * Catalog slugs the title may have (as written; its numerals either way
 * and without a trailing "Version" when it has them), for exact lookups
 * before any search. A missing "The" is left to the search: a slug per
 * spelling for every title of a large file costs more than it saves.
 */
export function slugVariants(title: string): string[] {
  const own = slugify(title);
  const keys = titleKeys(title);
  if (keys.written === keys.equivalent && !/\d/.test(keys.equivalent)) return own ? [own] : [];
  return [...new Set([own, ...searchPhrases(title).map(slugify)].filter(Boolean))];
}

/**
 * How far a catalog title is from the file's when it is not the same
 * title: the same words in another order, or the file's words within a
 * longer title ("Zelda Ocarina of Time"), as the number of words the
 * catalog's title adds; null when it is neither, or its numbers differ.
 */
export function looseDistance(fileKey: string, catalogKey: string): number | null {
  if (numbersOf(fileKey) !== numbersOf(catalogKey)) return null;
  const counts = new Map<string, number>();
  const catalogWords = catalogKey.split(' ');
  for (const word of catalogWords) counts.set(word, (counts.get(word) ?? 0) + 1);
  const fileWords = fileKey.split(' ');
  for (const word of fileWords) {
    const left = counts.get(word) ?? 0;
    if (left === 0) return null;
    counts.set(word, left - 1);
  }
  return catalogWords.length - fileWords.length;
}

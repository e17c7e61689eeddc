// Title clean-up for catalog sources. Slugs follow the app's own rule (packages/shared, built by npm install/test).
import { slugify } from '../../packages/shared/dist/index.js';

export { slugify };

/** "Sonic - The Hedgehog (Japan, Rev 1) [cr X]" → "Sonic: The Hedgehog". */
export function titleOf(description) {
  let title = String(description).trim();
  for (let previous = ''; previous !== title; ) {
    previous = title;
    title = title.replace(/\s*(\([^()]*\)|\[[^[\]]*\])\s*$/, '').trim();
  }
  return title.replace(/\s+-\s+/g, ': ').replace(/\s{2,}/g, ' ').trim();
}

/** A whole word that is a number: Arabic ("2", "1942") or Roman ("II", "vi", "XIII"; up to 39). */
export const NUMBER_WORD = /^(\d+|(?=[ivx])x{0,3}(ix|iv|v?i{0,3}))$/i;

/**
 * The key under which two spellings of one title meet: "The Legend of Zelda" = "Legend of Zelda, The",
 * "Street Fighter II" = "StreetFighter II". Words run together, except two numbers side by side: "Final
 * Fantasy I: II" is not "Final Fantasy III", nor "Formula 1 97" "Formula 197". (Single letters stay
 * together: "S.W.I.V." = "SWIV".) catalog.seed.ts on the server makes the same key.
 */
export function mergeKey(title) {
  const words = slugify(title.replace(/^(.*),\s*(the|a|an)$/i, '$2 $1')).split('-').filter(Boolean);
  return words.map((w, i) => (i > 0 && numbersApart(words[i - 1], w) ? `-${w}` : w)).join('');
}

const numbersApart = (a, b) => NUMBER_WORD.test(a) && NUMBER_WORD.test(b) && (a.length > 1 || b.length > 1 || (/\d/.test(a) && /\d/.test(b)));

/** Roman numerals as numbers: "VI" → 6 ("X" → 10); Arabic ones as they are. */
export function numberValue(word) {
  if (/^\d+$/.test(word)) return Number(word);
  const values = { i: 1, v: 5, x: 10 };
  const letters = word.toLowerCase().split('');
  return letters.reduce((sum, c, i) => sum + (values[c] < (values[letters[i + 1]] ?? 0) ? -values[c] : values[c]), 0);
}

/**
 * A title's numbers, as whole words, and its other words: "Final Fantasy I: II" → { words: "final fantasy",
 * numbers: [1, 2] }. A lone "I"/"1" after the title's other words counts as none ("Zelda no Densetsu 1" is the
 * first game, as "Zelda no Densetsu" is). Letters of an acronym ("S.W.I.V.") are no numbers.
 */
export function titleNumbers(title) {
  const words = slugify(title.replace(/^(.*),\s*(the|a|an)$/i, '$2 $1')).split('-').filter(Boolean);
  const acronym = (i) => words[i].length === 1 && (words[i - 1]?.length === 1 || words[i + 1]?.length === 1) && !/\d/.test(words[i]);
  const numbers = [];
  const rest = [];
  words.forEach((w, i) => {
    if (i > 0 && NUMBER_WORD.test(w) && !acronym(i)) numbers.push(numberValue(w));
    else rest.push(w);
  });
  return { words: rest.join(' '), numbers: numbers.length === 1 && numbers[0] === 1 ? [] : numbers };
}

/** Whether two titles are one title with different numbers: "Final Fantasy III" and "Final Fantasy VI", "Street Fighter" and "Street Fighter II". */
export function differentNumbers(a, b) {
  const x = titleNumbers(a);
  const y = titleNumbers(b);
  return x.words === y.words && x.words !== '' && x.numbers.join(',') !== y.numbers.join(',');
}

/**
 * A title's sequel numbers, as it writes them: Roman ("VI", upper case) or Arabic up to 20, as whole words after
 * its first; not a version ("v1.5", "Version 2.0"), a decimal, an edition year ("'92", "2001") or a size ("64").
 * A lone 1 or I counts as none: "Final Fantasy I: II" → [1, 2], "Zelda no Densetsu 1" → [].
 */
export function sequelNumbers(title) {
  const plain = String(title)
    .normalize('NFKC')
    .replace(/\b(v|ver|version|rev|revision|release)\.?\s*\d+([.,]\d+)*\b/gi, ' ')
    .replace(/\d+([.,]\d+)+/g, ' ')
    .replace(/['’]\d\d\b/g, ' ');
  const numbers = [];
  // Whole words after the first; of a hyphenated one ("I-II", "F-14", "X-Games") only when each part is a number.
  const numeral = (part) => /^\d{1,2}$/.test(part) || (/^[IVX]{1,5}$/.test(part) && NUMBER_WORD.test(part));
  for (const word of plain.split(/[^\p{L}\p{N}‐-]+/u).filter(Boolean).slice(1)) {
    const parts = word.split(/[-‐]/);
    if (!parts.every(numeral)) continue;
    for (const part of parts) {
      const value = numberValue(part);
      if (value >= 1 && value <= 20) numbers.push(value);
    }
  }
  return numbers.length === 1 && numbers[0] === 1 ? [] : numbers;
}

const LATIN_ONLY = /^[\p{Script=Latin}\p{N}\p{P}\p{S}\p{Zs}]*$/u;

/**
 * Whether two titles are one series' different numbers: the same words with other sequel numbers ("Final
 * Fantasy VI" and "Final Fantasy I: II", "Street Fighter II" and "Street Fighter"), or the words of one
 * beginning the other's, both numbered ("Final Fantasy IV: Easy Type" and "Final Fantasy II"). A subtitle
 * standing for the number is no other sequel: "Leisure Suit Larry Goes Looking for Love" is Leisure Suit
 * Larry II, "Barbarian: The Dungeon of Drax" Barbarian II.
 */
export function otherSequel(a, b) {
  if (!LATIN_ONLY.test(a) || !LATIN_ONLY.test(b)) return false; // "Ａ列車で行こう２" is no English title of "A Ressha de Ikou II"
  const [m, n] = [sequelNumbers(a), sequelNumbers(b)];
  if (m.join(',') === n.join(',')) return false;
  const [x, y] = [titleNumbers(a).words, titleNumbers(b).words];
  if (!x || !y) return false;
  if (x === y) return true;
  return (x.startsWith(`${y} `) || y.startsWith(`${x} `)) && m.length > 0 && n.length > 0;
}

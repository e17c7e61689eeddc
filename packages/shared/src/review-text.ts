import { REVIEW_TEXT } from './limits.js';

/**
 * Displayed review text (SPEC §5, §9): sanitising, a small markdown subset and
 * the collapsed excerpt. The output is plain data, never HTML: the web app
 * turns nodes into React elements, so "<script>" in a review stays text.
 *
 * AST: a review is a list of blocks; a block is a paragraph or a quote (the
 * consecutive "> " lines); each block holds lines (single newlines are line
 * breaks); each line is a list of runs of text with the formatting that
 * applies to it. Nesting is flattened: "***x***" is one run { bold, italic }.
 *
 *   [{ type: 'paragraph', lines: [[{ text: 'so ' }, { text: 'good', bold: true }]] }]
 */

export interface ReviewInline {
  text: string;
  bold?: true;
  italic?: true;
  strike?: true;
}

/** One line of a block; empty for a blank line inside a quote (a lone ">"). */
export type ReviewLine = ReviewInline[];

export interface ReviewBlock {
  type: 'paragraph' | 'quote';
  lines: ReviewLine[];
}

// Invisible characters people paste in (often to dodge word limits or spoof text):
// soft hyphen, Mongolian vowel separator, zero-width space/non-joiner/joiner,
// direction marks, bidi embeddings and isolates, word joiner and invisible
// operators, BOM; and C0 controls other than tab and newline.
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u00AD\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]/g;
const LINE_BREAK = /\r\n?|[\u0085\u2028\u2029]/g;
const WORD = /\S+/g;
/** "> text", or a lone ">" for an empty line inside a quote. */
const QUOTE_LINE = /^>(?: |$)/;
const ELLIPSIS = '…';

/** Zero-width characters stripped, newlines as LF, trimmed, words over 40 characters cut with "…" (SPEC §5). */
export function sanitizeReviewText(raw: string): string {
  return raw
    .replace(INVISIBLE, '')
    .replace(LINE_BREAK, '\n')
    .replace(WORD, (word) => {
      // Code points, not UTF-16 units, so an emoji is never split into half a surrogate pair.
      const chars = Array.from(word);
      return chars.length > REVIEW_TEXT.maxWordLength ? chars.slice(0, REVIEW_TEXT.maxWordLength).join('') + ELLIPSIS : word;
    })
    .trim();
}

/** Blocks of the sanitised text: "> " lines form quotes, blank lines separate paragraphs. */
export function parseReviewText(raw: string): ReviewBlock[] {
  const blocks: ReviewBlock[] = [];
  // A blank line ends the block; the next line starts a new one even of the same type.
  let afterBlank = true;
  for (const line of sanitizeReviewText(raw).split('\n')) {
    if (line.trim() === '') {
      afterBlank = true;
      continue;
    }
    const quoted = QUOTE_LINE.test(line);
    const type = quoted ? 'quote' : 'paragraph';
    let current = blocks.at(-1);
    if (afterBlank || current?.type !== type) {
      current = { type, lines: [] };
      blocks.push(current);
    }
    current.lines.push(parseInline(quoted ? line.slice(2) : line).runs);
    afterBlank = false;
  }
  return blocks;
}

/**
 * The text to show first (SPEC §4, §9): over 900 characters, the words that fit
 * in 600 characters plus "…"; otherwise everything. Formatting cut in half is
 * closed again ("**so good and…" → "**so good and**…") so the excerpt keeps
 * its bold rather than showing stray asterisks.
 */
export function reviewExcerpt(raw: string): { text: string; collapsed: boolean } {
  const text = sanitizeReviewText(raw);
  const chars = Array.from(text);
  if (chars.length <= REVIEW_TEXT.collapseOver) return { text, collapsed: false };
  let cut: number = REVIEW_TEXT.excerptLength;
  if (!isSpace(chars[cut])) {
    // The 601st character continues a word: end before that word instead.
    const lastSpace = chars.slice(0, cut).findLastIndex((ch) => isSpace(ch));
    if (lastSpace > 0) cut = lastSpace;
  }
  let excerpt = withoutTrailingEmptyQuoteLines(chars.slice(0, cut).join('').trimEnd());
  // A word already cut by the 40-character rule ends in "…": one ellipsis is enough.
  if (excerpt.endsWith(ELLIPSIS)) excerpt = excerpt.slice(0, -ELLIPSIS.length);
  return { text: excerpt + closersFor(text, excerpt) + ELLIPSIS, collapsed: true };
}

function withoutTrailingEmptyQuoteLines(text: string): string {
  let result = text;
  for (let last = lastLine(result); /^>\s*$/.test(last); last = lastLine(result)) {
    result = result.slice(0, result.length - last.length).trimEnd();
  }
  return result;
}

const lastLine = (text: string) => text.slice(text.lastIndexOf('\n') + 1);

/** The markers that close formatting opened in the excerpt's last line but closed only after the cut, innermost first. */
function closersFor(full: string, excerpt: string): string {
  const lineStart = excerpt.lastIndexOf('\n') + 1;
  const lineEnd = full.indexOf('\n', lineStart);
  const fullLine = full.slice(lineStart, lineEnd === -1 ? undefined : lineEnd);
  const prefix = QUOTE_LINE.test(fullLine) ? 2 : 0;
  const cutAt = excerpt.length - lineStart - prefix;
  return parseInline(fullLine.slice(prefix))
    .pairs.filter((pair) => pair.open + pair.marker.length < cutAt && pair.close >= cutAt)
    .sort((a, b) => b.open - a.open)
    .map((pair) => pair.marker)
    .join('');
}

// ---- inline formatting: **bold**, *italic*, _italic_, ~~strikethrough~~ ----

type Flag = 'bold' | 'italic' | 'strike';
type Flags = Partial<Record<Flag, true>>;

interface Marker {
  text: '**' | '*' | '_' | '~~';
  flag: Flag;
}

/** A matched opener and closer, as positions in the line (used to close formatting cut by the excerpt). */
interface Pair {
  open: number;
  close: number;
  marker: Marker['text'];
}

const BOLD: Marker = { text: '**', flag: 'bold' };
const STAR_ITALIC: Marker = { text: '*', flag: 'italic' };
const UNDERSCORE_ITALIC: Marker = { text: '_', flag: 'italic' };
const STRIKE: Marker = { text: '~~', flag: 'strike' };

const isSpace = (ch: string | undefined) => ch === undefined || /\s/.test(ch);
const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);

function runLength(s: string, at: number, end: number): number {
  let k = at;
  while (k < end && s[k] === s[at]) k++;
  return k - at;
}

function parseInline(line: string): { runs: ReviewInline[]; pairs: Pair[] } {
  const runs: ReviewInline[] = [];
  const pairs: Pair[] = [];
  parseSpan(line, 0, line.length, {}, runs, pairs);
  return { runs, pairs };
}

/**
 * Formatting spans one line. An opener is followed by a non-space, a closer
 * preceded by one; the first closer after the opener wins and what lies
 * between is parsed again with the flag added. A marker without a partner
 * stays literal text.
 */
function parseSpan(s: string, start: number, end: number, flags: Flags, out: ReviewInline[], pairs: Pair[]): void {
  // Closers are collected once per span and marker, so a line full of unmatched
  // markers costs a binary search per marker rather than a scan to the end.
  const closers = new Map<Marker, Closers>();
  const closerAfter = (marker: Marker, run: number): number => {
    let found = closers.get(marker);
    if (!found) closers.set(marker, (found = collectClosers(s, start, end, marker)));
    return found.closes[firstAfter(found.runStarts, run)] ?? -1;
  };

  let literal = '';
  let i = start;
  while (i < end) {
    const ch = s[i]!;
    if (ch !== '*' && ch !== '_' && ch !== '~') {
      literal += ch;
      i++;
      continue;
    }
    const len = runLength(s, i, end);
    const opening = openingAt(s, i, len, end, closerAfter);
    if (opening) {
      const { marker, close } = opening;
      pushRun(out, literal, flags);
      literal = '';
      pairs.push({ open: i, close, marker: marker.text });
      parseSpan(s, i + marker.text.length, close, { ...flags, [marker.flag]: true }, out, pairs);
      i = close + marker.text.length;
    } else {
      literal += s.slice(i, i + len);
      i += len;
    }
  }
  pushRun(out, literal, flags);
}

/**
 * What a run of `len` marker characters at `at` opens, with its closer. In
 * "***" the marker that closes later is the outer one: "***x** y*" is
 * italic around bold, "***x* y**" bold around italic.
 */
function openingAt(
  s: string,
  at: number,
  len: number,
  end: number,
  closerAfter: (marker: Marker, run: number) => number,
): { marker: Marker; close: number } | null {
  const next = at + len;
  if (next >= end || isSpace(s[next])) return null;
  const ch = s[at];
  let marker: Marker;
  if (ch === '*' && len >= 3) {
    const bold = closerAfter(BOLD, at);
    const italic = closerAfter(STAR_ITALIC, at);
    if (italic >= 0 && (bold < 0 || bold < italic)) return { marker: STAR_ITALIC, close: italic };
    return bold >= 0 ? { marker: BOLD, close: bold } : null;
  }
  if (ch === '*') marker = len === 2 ? BOLD : STAR_ITALIC;
  // snake_case_words are not italic: "_" must not follow a letter or digit.
  else if (ch === '_' && len === 1 && !isWordChar(s[at - 1])) marker = UNDERSCORE_ITALIC;
  else if (ch === '~' && len >= 2) marker = STRIKE;
  else return null;
  const close = closerAfter(marker, at);
  return close >= 0 ? { marker, close } : null;
}

/** Runs of the marker's character that can close it: where each run starts and where its closer begins. */
interface Closers {
  runStarts: number[];
  closes: number[];
}

/**
 * A closer takes the last characters of its run, so "***" closes bold after
 * an italic's "*"; "**" never closes an italic "*" (it belongs to a bold
 * inside it); "_" must not be followed by a letter or digit.
 */
function collectClosers(s: string, start: number, end: number, marker: Marker): Closers {
  const ch = marker.text[0];
  const n = marker.text.length;
  const found: Closers = { runStarts: [], closes: [] };
  let j = start;
  while (j < end) {
    if (s[j] !== ch) {
      j++;
      continue;
    }
    const len = runLength(s, j, end);
    const close = j + len - n;
    const fits = ch === '_' ? len === 1 && !isWordChar(s[j + 1]) : ch === '*' && n === 1 ? len !== 2 : len >= n;
    if (fits && j > start && !isSpace(s[close - 1])) {
      found.runStarts.push(j);
      found.closes.push(close);
    }
    j += len;
  }
  return found;
}

/** Index of the first value greater than `value` in an ascending list (its length when none is). */
function firstAfter(sorted: number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! > value) high = mid;
    else low = mid + 1;
  }
  return low;
}

function pushRun(out: ReviewInline[], text: string, flags: Flags): void {
  if (!text) return;
  const last = out[out.length - 1];
  if (last && last.bold === flags.bold && last.italic === flags.italic && last.strike === flags.strike) last.text += text;
  else out.push({ text, ...flags });
}

/**
 * Review or comment text as plain words, at most `max` characters (whole
 * words, then "…"): for notifications and the activity feed, which quote a
 * comment in a sentence where `**bold**` markers would show as asterisks.
 */
export function plainExcerpt(raw: string, max = 140): string {
  const text = parseReviewText(raw)
    .map((block) => block.lines.map((line) => line.map((run) => run.text).join('')).join(' '))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length <= max ? text : `${text.slice(0, max).replace(/\s+\S*$/, '')}…`;
}

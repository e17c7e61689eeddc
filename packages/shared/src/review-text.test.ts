import { describe, expect, it } from 'vitest';
import { REVIEW_TEXT } from './limits.js';
import { parseReviewText, plainExcerpt, reviewExcerpt, sanitizeReviewText, type ReviewBlock } from './review-text.js';

/** The one line of a one-paragraph review. */
const lineOf = (raw: string) => {
  const blocks = parseReviewText(raw);
  expect(blocks).toHaveLength(1);
  expect(blocks[0]!.lines).toHaveLength(1);
  return blocks[0]!.lines[0];
};

/** The text a reader sees, block by block, line by line. */
const plain = (blocks: ReviewBlock[]) => blocks.map((block) => block.lines.map((line) => line.map((run) => run.text).join('')));

/** `count` characters of short words, ending in a letter (so trimming leaves the length alone). */
const words = (count: number) => `${'abcd '.repeat(Math.ceil(count / 5)).slice(0, count - 1)}z`;

describe('sanitizeReviewText (SPEC §5)', () => {
  it('strips zero-width and other invisible format characters', () => {
    expect(sanitizeReviewText('a\u200Bb\u200Cc\u200Dd\u2060e\uFEFFf')).toBe('abcdef');
    expect(sanitizeReviewText('soft\u00ADhyphen, \u202Eevil\u202C and \u2066isolate\u2069')).toBe('softhyphen, evil and isolate');
  });

  it('trims, counting invisible characters as nothing', () => {
    expect(sanitizeReviewText('  \n\u200B great game \t\n ')).toBe('great game');
    expect(sanitizeReviewText('\u200B\u200B')).toBe('');
  });

  it('normalises CRLF and lone CR to LF', () => {
    expect(sanitizeReviewText('one\r\ntwo\rthree\nfour')).toBe('one\ntwo\nthree\nfour');
  });

  it('keeps a 40-character word and cuts a 41-character one to 40 plus "…"', () => {
    const forty = 'x'.repeat(REVIEW_TEXT.maxWordLength);
    expect(sanitizeReviewText(`a ${forty} b`)).toBe(`a ${forty} b`);
    expect(sanitizeReviewText(`a ${forty}y b`)).toBe(`a ${forty}… b`);
  });

  it('counts a word in characters, not UTF-16 units, so emoji are never split', () => {
    const emoji = '🎮'.repeat(41);
    expect(sanitizeReviewText(emoji)).toBe(`${'🎮'.repeat(40)}…`);
  });

  it('does not let zero-width characters hide a long word', () => {
    expect(sanitizeReviewText('y'.repeat(30) + '\u200B' + 'y'.repeat(30))).toBe(`${'y'.repeat(40)}…`);
  });
});

describe('parseReviewText blocks (SPEC §5)', () => {
  it('gives nothing for an empty or invisible review', () => {
    expect(parseReviewText('')).toEqual([]);
    expect(parseReviewText(' \u200B \n\n ')).toEqual([]);
  });

  it('separates paragraphs by blank lines and keeps single newlines as line breaks', () => {
    expect(parseReviewText('one\ntwo\n\n\n  \nthree')).toEqual([
      { type: 'paragraph', lines: [[{ text: 'one' }], [{ text: 'two' }]] },
      { type: 'paragraph', lines: [[{ text: 'three' }]] },
    ]);
  });

  it('makes consecutive "> " lines one quote, each line its own line', () => {
    expect(parseReviewText('> first\n> second\n>\n> third')).toEqual([
      { type: 'quote', lines: [[{ text: 'first' }], [{ text: 'second' }], [], [{ text: 'third' }]] },
    ]);
  });

  it('ends a quote at a line without the prefix, and at a blank line', () => {
    expect(parseReviewText('intro\n> quoted\nreply\n\n> again\n\n> apart')).toEqual([
      { type: 'paragraph', lines: [[{ text: 'intro' }]] },
      { type: 'quote', lines: [[{ text: 'quoted' }]] },
      { type: 'paragraph', lines: [[{ text: 'reply' }]] },
      { type: 'quote', lines: [[{ text: 'again' }]] },
      { type: 'quote', lines: [[{ text: 'apart' }]] },
    ]);
  });

  it('needs the space after ">": ">text" and "3 > 2" are plain text', () => {
    expect(parseReviewText('>text\n3 > 2')).toEqual([{ type: 'paragraph', lines: [[{ text: '>text' }], [{ text: '3 > 2' }]] }]);
  });

  it('formats inside quotes', () => {
    expect(parseReviewText('> **so** good')).toEqual([{ type: 'quote', lines: [[{ text: 'so', bold: true }, { text: ' good' }]] }]);
  });

  it('keeps HTML as literal text: <script> is never markup', () => {
    expect(parseReviewText('<script>alert(1)</script>')).toEqual([
      { type: 'paragraph', lines: [[{ text: '<script>alert(1)</script>' }]] },
    ]);
    expect(lineOf('**<img src=x onerror=alert(1)>**')).toEqual([{ text: '<img src=x onerror=alert(1)>', bold: true }]);
  });

  it('parses the sanitised text', () => {
    expect(plain(parseReviewText(` \u200Bfine\r\n${'z'.repeat(45)} `))).toEqual([['fine', `${'z'.repeat(40)}…`]]);
  });
});

describe('parseReviewText inline formatting (SPEC §5)', () => {
  it('reads **bold**, *italic*, _italic_ and ~~strikethrough~~', () => {
    expect(lineOf('a **b** c *d* e _f_ g ~~h~~')).toEqual([
      { text: 'a ' },
      { text: 'b', bold: true },
      { text: ' c ' },
      { text: 'd', italic: true },
      { text: ' e ' },
      { text: 'f', italic: true },
      { text: ' g ' },
      { text: 'h', strike: true },
    ]);
  });

  it('nests: ***x*** is bold and italic', () => {
    expect(lineOf('***x***')).toEqual([{ text: 'x', bold: true, italic: true }]);
  });

  it('nests different markers inside each other', () => {
    expect(lineOf('**a *b* c**')).toEqual([
      { text: 'a ', bold: true },
      { text: 'b', bold: true, italic: true },
      { text: ' c', bold: true },
    ]);
    expect(lineOf('*a **b** c*')).toEqual([
      { text: 'a ', italic: true },
      { text: 'b', italic: true, bold: true },
      { text: ' c', italic: true },
    ]);
    expect(lineOf('~~**gone** for good~~')).toEqual([
      { text: 'gone', strike: true, bold: true },
      { text: ' for good', strike: true },
    ]);
  });

  it('makes the marker that closes later the outer one in "***"', () => {
    expect(lineOf('***x** y*')).toEqual([
      { text: 'x', italic: true, bold: true },
      { text: ' y', italic: true },
    ]);
    expect(lineOf('***x* y**')).toEqual([
      { text: 'x', bold: true, italic: true },
      { text: ' y', bold: true },
    ]);
  });

  it('keeps unmatched markers as literal text', () => {
    expect(lineOf('**never closed')).toEqual([{ text: '**never closed' }]);
    expect(lineOf('a *b')).toEqual([{ text: 'a *b' }]);
    expect(lineOf('~single~ tilde')).toEqual([{ text: '~single~ tilde' }]);
    expect(lineOf('**a*')).toEqual([{ text: '**a*' }]);
  });

  it('needs a non-space right inside the markers', () => {
    expect(lineOf('2 * 3 * 4')).toEqual([{ text: '2 * 3 * 4' }]);
    expect(lineOf('** spaced **')).toEqual([{ text: '** spaced **' }]);
    expect(lineOf('****')).toEqual([{ text: '****' }]);
  });

  it('leaves underscores inside words alone', () => {
    expect(lineOf('snake_case_name')).toEqual([{ text: 'snake_case_name' }]);
    expect(lineOf('__init__')).toEqual([{ text: '__init__' }]);
  });

  it('does not carry formatting across a line break', () => {
    expect(parseReviewText('**one\ntwo**')).toEqual([{ type: 'paragraph', lines: [[{ text: '**one' }], [{ text: 'two**' }]] }]);
  });

  it('parses a long line of unmatched markers quickly', () => {
    const started = performance.now();
    parseReviewText('*a _b ~~c '.repeat(1_000));
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('reviewExcerpt (SPEC §4, §9)', () => {
  it('shows a review of exactly 900 characters whole', () => {
    const text = words(REVIEW_TEXT.collapseOver);
    expect(text).toHaveLength(900);
    expect(reviewExcerpt(text)).toEqual({ text, collapsed: false });
  });

  it('collapses a review of 901 characters', () => {
    const text = words(901);
    const excerpt = reviewExcerpt(text);
    expect(excerpt.collapsed).toBe(true);
    expect(excerpt.text.endsWith('…')).toBe(true);
    expect(excerpt.text.length).toBeLessThanOrEqual(REVIEW_TEXT.excerptLength + 1);
  });

  it('measures the sanitised text: invisible characters and outer spaces do not count', () => {
    expect(reviewExcerpt(`  ${words(900)}\u200B\u200B  `).collapsed).toBe(false);
  });

  it('cuts at the last word boundary within 600 characters', () => {
    // 600 characters ending in a space, then a word that would run past 600.
    const text = `${'a'.repeat(39)} `.repeat(15) + 'longword ' + words(400);
    const { text: excerpt } = reviewExcerpt(text);
    expect(excerpt).toBe(`${`${'a'.repeat(39)} `.repeat(15).trimEnd()}…`);
  });

  it('keeps a word that ends exactly at character 600', () => {
    const head = `${'b'.repeat(39)} `.repeat(14) + 'c'.repeat(40);
    expect(head).toHaveLength(600);
    expect(reviewExcerpt(`${head} ${words(400)}`).text).toBe(`${head}…`);
  });

  it('closes formatting the cut leaves open, so no stray "**" shows', () => {
    const text = `${words(560)} **this part is bold and it goes on well past the cut** ${words(400)}`;
    const { text: excerpt } = reviewExcerpt(text);
    expect(excerpt.endsWith('**…')).toBe(true);
    const lastLine = parseReviewText(excerpt).at(-1)!.lines.at(-1)!;
    expect(lastLine.at(-2)).toMatchObject({ bold: true });
    expect(lastLine.at(-1)).toEqual({ text: '…' });
    expect(lastLine.map((run) => run.text).join('')).not.toContain('*');
  });

  it('closes nested formatting innermost first', () => {
    const text = `${words(560)} ~~gone *and forgotten by everyone who played it* later~~ ${words(400)}`;
    const { text: excerpt } = reviewExcerpt(text);
    expect(excerpt.endsWith('*~~…')).toBe(true);
    const lastLine = parseReviewText(excerpt).at(-1)!.lines.at(-1)!;
    expect(lastLine.at(-2)).toMatchObject({ strike: true, italic: true });
  });

  it('keeps quotes intact and never ends on an empty quote line', () => {
    // The cut falls right after "\n>\n>": those empty quote lines go.
    const text = `${words(595)}\n>\n> ${words(400)}`;
    expect(reviewExcerpt(text).text).toBe(`${words(595)}…`);
    const quoted = reviewExcerpt(`${words(500)}\n> ${words(500)}`).text;
    expect(parseReviewText(quoted).map((block) => block.type)).toEqual(['paragraph', 'quote']);
  });

  it('uses one ellipsis when the cut falls after a word already shortened', () => {
    // 559 characters, then a 50-character word that sanitising makes 41, ending at character 600.
    const text = `${`${'d'.repeat(39)} `.repeat(13)}${'f'.repeat(38)} ${'e'.repeat(50)} ${words(400)}`;
    const { text: excerpt } = reviewExcerpt(text);
    expect(excerpt.endsWith(`${'e'.repeat(40)}…`)).toBe(true);
    expect(excerpt.endsWith('……')).toBe(false);
  });
});

describe('plainExcerpt (comments quoted in notifications and the feed)', () => {
  it('drops formatting markers and cuts at a whole word', () => {
    expect(plainExcerpt('the **Star Road** is _great_')).toBe('the Star Road is great');
    expect(plainExcerpt('> quoted\nline two')).toBe('quoted line two');
    expect(plainExcerpt('one two three four', 9)).toBe('one two…');
  });
});

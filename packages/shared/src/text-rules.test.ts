import { describe, expect, it } from 'vitest';
import { hasVisibleText, plainLine, stripInvisible } from './text-rules.js';

describe('text rules', () => {
  it('finds nothing visible in zero-width, bidi, filler and control characters', () => {
    for (const blank of ['', '   ', '\u200B', '\u202E\u2066\u200F', '\u3164\u115F', '\u2800', '\uFEFF\u2060', '\u0000\u0007', '\u200D\u200C']) {
      expect(hasVisibleText(blank), JSON.stringify(blank)).toBe(false);
    }
  });

  it('sees letters, digits, punctuation and emoji in any script', () => {
    for (const text of ['a', '7', '?', '😀', 'ألعاب', '漢字', '\u200Bx\u200B', '👩\u200D💻']) expect(hasVisibleText(text), text).toBe(true);
  });

  it('keeps line breaks, tabs and the joiners emoji need when stripping', () => {
    expect(stripInvisible('a\u200B\nb\tc\u202Ed')).toBe('a\nb\tcd');
    expect(stripInvisible('👩\u200D💻')).toBe('👩\u200D💻');
  });

  it('makes one plain line for titles and previews: no bidi override can turn the rest around', () => {
    expect(plainLine('  My \u202Egnp.exe\u202C\n\nfavourites\u200B ')).toBe('My gnp.exe favourites');
    expect(plainLine('ألعابي المفضلة')).toBe('ألعابي المفضلة');
  });
});

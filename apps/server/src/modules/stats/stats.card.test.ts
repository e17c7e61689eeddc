import type { YearInReview } from '@vgl/shared/stats';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cardSvg, cardVersion, clip, createCardRenderer, escapeXml } from './stats.card.js';

const NASTY = `</text><script>alert(1)</script> & "Bros." 'n' \u0001\u001f\ud800 ${'Long '.repeat(30)}`;
const game = (name: string) => ({ slug: 'x', name, cover: null, release_year: 1990 });

function review(name: string, username = 'ann_01'): YearInReview {
  const timeline = Array.from({ length: 12 }, (_, m) => ({ period: `2024-${String(m + 1).padStart(2, '0')}`, sessions: m, hours: m * 1.5 }));
  return {
    stats: {
      username,
      year: 2024,
      totals: { played: 12, beaten: 3, abandoned: 1, playsFinished: 4, replaysFinished: 1, sessions: 66, hours: 99, daysPlayed: 40, reviews: 2 },
      byPlatform: [],
      byGenre: [{ key: 'platform', label: `Platform <&> ${name}`, games: 4 }],
      byDecade: [],
      ratings: Array.from({ length: 10 }, () => 0),
      mostPlayed: [{ game: game(name), hours: 20.5, sessions: 9 }],
      longestStreak: { days: 6, from: '2024-01-01', to: '2024-01-06' },
      timeline,
      years: [2024],
    },
    highlights: { firstGame: null, lastGame: null, bestRated: { game: game(name), rating: 9 }, mostPlayed: { game: game(name), hours: 20.5, sessions: 9 } },
  };
}

describe('the year in review card', () => {
  it('escapes every text and drops what XML cannot hold', () => {
    expect(escapeXml(`<a href="x">&'`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;');
    expect(escapeXml('a\u0000b\u0007c\ud800d\u{1F3AE}')).toBe('abcd\u{1F3AE}');
    const svg = cardSvg(review(NASTY));
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('</text><script');
    expect(svg).toContain('&lt;/text&gt;&lt;script&gt;');
    // eslint-disable-next-line no-control-regex
    expect(svg).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
  });

  it('cuts long names short', () => {
    expect(clip('Super Mario World', 40)).toBe('Super Mario World');
    expect(clip('x'.repeat(60), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(cardSvg(review('y'.repeat(300)))).not.toContain('y'.repeat(41));
  });

  it('draws a 1200×630 PNG, even from hostile text, and keeps it by its version', async () => {
    const cards = createCardRenderer();
    const data = review(NASTY);
    const png = await cards.render(data);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);
    expect(await cards.render(data)).toBe(png);
    expect(cardVersion(review('Other'))).not.toBe(cardVersion(data));
  });
});

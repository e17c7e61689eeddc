import { describe, expect, it } from 'vitest';
import { canonicalUrl, gameMetaDescription, metaDescription, pageTitle, reviewMetaDescription } from './meta.js';
import { searchHref } from './search.js';

describe('page metadata (SPEC §2)', () => {
  it('titles a page "{title} | VGL"', () => {
    expect(pageTitle('Error 404')).toBe('Error 404 | VGL');
  });

  it('falls back to the tagline', () => {
    expect(pageTitle()).toBe('Track Your Gaming Journey');
    expect(pageTitle('   ')).toBe('Track Your Gaming Journey');
  });

  it('builds the canonical link from origin, "/" and path', () => {
    expect(canonicalUrl('https://vgl.example', '/games/halo')).toBe('https://vgl.example/games/halo');
    expect(canonicalUrl('https://vgl.example/', '/')).toBe('https://vgl.example/');
    expect(canonicalUrl('http://localhost:3000', 'u/alice/')).toBe('http://localhost:3000/u/alice');
  });
});

describe('link preview descriptions', () => {
  it('keeps short text and cuts long text at a word, with "…"', () => {
    expect(metaDescription('  A   short\nline. ')).toBe('A short line.');
    const long = metaDescription('word '.repeat(100));
    expect(long.length).toBeLessThanOrEqual(201);
    expect(long).toMatch(/word…$/);
  });

  it("describes a game by its summary, else by name and year", () => {
    expect(gameMetaDescription({ name: 'Halo', summary: 'Master Chief fights.' })).toBe('Master Chief fights.');
    expect(gameMetaDescription({ name: 'Halo', summary: null, first_release_date: 1_005_004_800 })).toBe(
      'Halo (2001) on VGL: rate it, review it and add it to your library.',
    );
    expect(gameMetaDescription({ name: 'Pong', release_year: 1972 })).toBe('Pong (1972) on VGL: rate it, review it and add it to your library.');
    expect(gameMetaDescription({ name: 'Mystery' })).toBe('Mystery on VGL: rate it, review it and add it to your library.');
  });

  it('describes a review as plain text, without markdown markers', () => {
    expect(reviewMetaDescription('A **classic**\u200b *game*.\n\n> It is dangerous to go alone')).toBe('A classic game. It is dangerous to go alone');
  });
});

describe('search form target (SPEC §2)', () => {
  it('submits to /search/?q={encoded}&p=1', () => {
    expect(searchHref('zelda & link')).toBe('/search/?q=zelda%20%26%20link&p=1');
  });

  it('does nothing for an empty query', () => {
    expect(searchHref('')).toBeNull();
    expect(searchHref('   ')).toBeNull();
  });
});

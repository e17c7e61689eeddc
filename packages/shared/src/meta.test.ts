import { describe, expect, it } from 'vitest';
import { canonicalUrl, pageTitle } from './meta.js';
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

describe('search form target (SPEC §2)', () => {
  it('submits to /search/?q={encoded}&p=1', () => {
    expect(searchHref('zelda & link')).toBe('/search/?q=zelda%20%26%20link&p=1');
  });

  it('does nothing for an empty query', () => {
    expect(searchHref('')).toBeNull();
    expect(searchHref('   ')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { rankByRelevance, titleScore, type SearchCandidate, type SearchTerms } from './search-relevance.js';

const terms = (query: string, lastIsPrefix = false): SearchTerms => ({ words: query.split(' '), lastIsPrefix });
let nextId = 1;
const game = (name: string, popularity = 10, alternativeNames: string[] = []): SearchCandidate => ({ id: nextId++, name, popularity, alternativeNames });
const ranked = (query: SearchTerms, games: SearchCandidate[]) => rankByRelevance(query, games).map((id) => games.find((g) => g.id === id)!.name);

describe('search relevance', () => {
  it('scores 0 when a word of the search is not in the title, ignoring case, accents and punctuation', () => {
    expect(titleScore(terms('zelda'), 'Super Mario World')).toBe(0);
    expect(titleScore(terms('pokemon red'), 'Pokémon: Red!')).toBeGreaterThan(0);
  });

  it('puts the whole name typed above longer names that contain it', () => {
    expect(ranked(terms('tetris'), [game('Tetris Plus 2: The Tetris Collection'), game('Tetris Attack'), game('Tetris')])).toEqual([
      'Tetris',
      'Tetris Attack',
      'Tetris Plus 2: The Tetris Collection',
    ]);
  });

  it('puts the words in their typed order above the same words scattered', () => {
    expect(ranked(terms('street fighter'), [game('Fighter in the Street'), game('Street Fighter Alpha')])).toEqual([
      'Street Fighter Alpha',
      'Fighter in the Street',
    ]);
  });

  it('matches the last word as a prefix only while it is being typed', () => {
    expect(titleScore(terms('son', true), 'Sonic the Hedgehog')).toBeGreaterThan(0);
    expect(titleScore(terms('son'), 'Sonic the Hedgehog')).toBe(0);
  });

  it('counts a match through an alternative name, below the same match in a name', () => {
    const japanese = game('The Legend of Zelda', 10, ['Zeruda no Densetsu']);
    expect(ranked(terms('zeruda'), [japanese, game('Zeruda')])).toEqual(['Zeruda', 'The Legend of Zelda']);
  });

  it('lets popularity decide between titles that answer equally well', () => {
    expect(ranked(terms('zelda'), [game('Zelda II: The Adventure of Link', 60), game('The Legend of Zelda', 90)])).toEqual([
      'The Legend of Zelda',
      'Zelda II: The Adventure of Link',
    ]);
    expect(ranked(terms('mario'), [game('Mario Kart', 10), game('Mario Golf', 200)])).toEqual(['Mario Golf', 'Mario Kart']);
  });

  it('while a word is typed, completes it the way most matching titles do', () => {
    const games = [game('Super Marathon', 13), game('Super Maruo', 12), game('Super Mario World', 13), game('Super Mario Land', 15), game('Super Mario Kart', 14)];
    expect(ranked(terms('super mar', true), games).slice(0, 3).sort()).toEqual(['Super Mario Kart', 'Super Mario Land', 'Super Mario World']);
    // Typed out, the whole name still wins.
    expect(ranked(terms('super marathon', true), games)[0]).toBe('Super Marathon');
  });

  it('keeps the popularity order on ties', () => {
    const games = [game('Space Strike 1'), game('Space Strike 2'), game('Space Strike 3')];
    expect(ranked(terms('space strike'), games)).toEqual(['Space Strike 1', 'Space Strike 2', 'Space Strike 3']);
  });
});

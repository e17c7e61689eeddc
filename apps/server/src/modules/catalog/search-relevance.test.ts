import { matchWords, searchWords } from '@vgl/shared';
import { describe, expect, it } from 'vitest';
import { fame, meant, rankByRelevance, titleMatch, type SearchCandidate, type SearchTerms } from './search-relevance.js';

/** A search as CatalogSearch makes it: words folded as the index folds them, the last one as typed. */
const terms = (query: string, lastIsPrefix = false): SearchTerms => {
  const words = matchWords(query);
  const typed = searchWords(query.replace(/&/g, ' and ')).at(-1)!;
  return { words, lastIsPrefix, ...(typed !== words.at(-1) ? { lastTyped: typed } : {}) };
};
let nextId = 1;
const game = (name: string, popularity = 10, alternativeNames: string[] = []): SearchCandidate => ({ id: nextId++, name, popularity, alternativeNames });
const ranked = (query: SearchTerms, games: SearchCandidate[]) => rankByRelevance(query, games).map((r) => games.find((g) => g.id === r.id)!.name);
const score = (query: string, title: string) => titleMatch(terms(query), title)?.score ?? 0;

describe('search relevance', () => {
  it('finds no match when a word of the search is not in the title, ignoring case, accents and punctuation', () => {
    expect(titleMatch(terms('zelda'), 'Super Mario World')).toBeUndefined();
    expect(score('pokemon red', 'Pokémon: Red!')).toBeGreaterThan(0);
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
    expect(titleMatch(terms('son', true), 'Sonic the Hedgehog')).toBeDefined();
    expect(titleMatch(terms('son'), 'Sonic the Hedgehog')).toBeUndefined();
    // "final fantasy v" on its way to "vii": the Roman numeral being typed is not yet 5.
    expect(titleMatch(terms('final fantasy v', true), 'Final Fantasy VII')).toBeDefined();
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
    expect(ranked(terms('mario'), [game('Mario Kart', 10), game('Mario Golf', 30)])).toEqual(['Mario Golf', 'Mario Kart']);
  });

  it('puts a famous game whose name holds the search above an obscure one whose whole name it is', () => {
    expect(ranked(terms('zelda'), [game('Zelda', 10), game('The Legend of Zelda', 60)])[0]).toBe('The Legend of Zelda');
    expect(ranked(terms('mario'), [game('Mario', 10), game('Super Mario Bros.', 80), game('Mario Kart 64', 25)])[0]).toBe('Super Mario Bros.');
    // Equally known, the whole name wins: "portal" is Portal, not Portal 2.
    expect(ranked(terms('portal'), [game('Portal 2', 78), game('Portal', 76)])[0]).toBe('Portal');
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

describe('search equivalences in the ranking', () => {
  const whole = (query: string, title: string) => titleMatch(terms(query), title)?.whole ?? false;

  it('reads Roman and Arabic numerals as one', () => {
    expect(whole('final fantasy 7', 'Final Fantasy VII')).toBe(true);
    expect(whole('final fantasy vii', 'Final Fantasy 7')).toBe(true);
    expect(ranked(terms('street fighter 2'), [game('Street Fighter 2', 19), game('Street Fighter II: The World Warrior', 39), game('Street Fighter II', 55)])[0]).toBe(
      'Street Fighter II',
    );
  });

  it('reads "&" as "and", and joined or split words as typed', () => {
    expect(whole('dungeons and dragons', 'Dungeons & Dragons')).toBe(true);
    expect(whole('rock & roll racing', 'Rock n Roll Racing')).toBe(false);
    expect(whole('pacman', 'Pac-Man')).toBe(true);
    expect(whole('baldurs gate 3', "Baldur's Gate 3")).toBe(true);
    expect(whole('earth bound', 'EarthBound')).toBe(true);
  });

  it('finds a title by the initials of its words with its number, as the whole title or one of its parts', () => {
    for (const [query, title] of [
      ['ff7', 'Final Fantasy VII'],
      ['ffvii', 'Final Fantasy VII'],
      ['smb3', 'Super Mario Bros. 3'],
      ['sf2', 'Street Fighter II'],
      ['mk64', 'Mario Kart 64'],
      ['gta v', 'Grand Theft Auto V'],
      ['hl2', 'Half-Life 2'],
      ['bg3', "Baldur's Gate 3"],
      ['tw3', 'The Witcher 3'],
    ]) {
      expect(whole(query!, title!), `${query} → ${title}`).toBe(true);
    }
    // Of a part: "alttp" is A Link to the Past, "sotn" Symphony of the Night.
    expect(whole('alttp', 'The Legend of Zelda: A Link to the Past')).toBe(true);
    expect(whole('sotn', 'Castlevania: Symphony of the Night')).toBe(true);
    // An initialism of the whole title beats the same initialism of a part.
    expect(ranked(terms('tloz'), [game('The Legend of Zelda: A Link to the Past', 60), game('The Legend of Zelda', 60)])[0]).toBe('The Legend of Zelda');
  });

  it('reads a title without a number as the first of its series', () => {
    expect(ranked(terms('final fantasy 1'), [game('Final Fantasy II', 40), game('Final Fantasy', 40), game('Final Fantasy Tactics', 40)])[0]).toBe('Final Fantasy');
    expect(whole('mgs1', 'Metal Gear Solid')).toBe(true);
  });

  it('says when the best match is probably not the game meant: part of an obscure name', () => {
    const best = (query: string, games: SearchCandidate[]) => rankByRelevance(terms(query), games)[0]!;
    expect(meant(best('celeste', [game('Marie Celeste', 19)]))).toBe(false);
    expect(meant(best('marie celeste', [game('Marie Celeste', 19)]))).toBe(true);
    expect(meant(best('zelda', [game('The Legend of Zelda', 60)]))).toBe(true);
    // Still typing: no verdict on "cel" before it becomes "celeste".
    expect(meant(rankByRelevance(terms('cel', true), [game('Marie Celeste', 19)])[0]!)).toBe(true);
    expect(meant(rankByRelevance(terms('celeste', true), [game('Marie Celeste', 19)])[0]!)).toBe(false);
  });

  it('reads popularity as how well known a game is: 10 per nat, IGDB’s most visited a little above the rest', () => {
    expect(fame(0)).toBe(0);
    expect(fame(80)).toBeCloseTo(8);
    expect(fame(1000)).toBeGreaterThan(fame(100));
    expect(fame(2000) - fame(1000)).toBeLessThan(1);
  });
});

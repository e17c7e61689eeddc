import { describe, expect, it } from 'vitest';
import { indexTerms, matchWords, romanValue, titleSpellings } from './search-words.js';

const initialisms = (title: string) => titleSpellings(title).initialisms.map((i) => i.words.join(' '));
const terms = (title: string) => indexTerms(title).split(' ');

describe('search words', () => {
  it('reads Roman numerals up to XXXIX, and no word that only looks like one', () => {
    expect(['i', 'ii', 'iv', 'vii', 'ix', 'xiv', 'xix', 'xxxix'].map(romanValue)).toEqual([1, 2, 4, 7, 9, 14, 19, 39]);
    expect(['mix', 'civ', 'did', 'iiii', 'vv', 'xl', '', 'x1'].map(romanValue)).toEqual(Array(8).fill(undefined));
  });

  it('folds a search as the index does: "&" is "and", Roman numerals Arabic, accents and punctuation off', () => {
    expect(matchWords('Final Fantasy VII & Pokémon: Red!')).toEqual(['final', 'fantasy', '7', 'and', 'pokemon', 'red']);
    expect(matchWords('Street Fighter Ⅱ')).toEqual(['street', 'fighter', '2']);
  });

  it('spells initialisms with the number both ways, of the whole title and of each part', () => {
    expect(initialisms('Final Fantasy VII')).toEqual(['ff7', 'ffvii']);
    expect(initialisms('Grand Theft Auto V')).toEqual(['gta5', 'gtav', 'gta 5']);
    expect(initialisms('Super Mario Bros. 3')).toEqual(['smb3', 'smb 3']);
    expect(initialisms('Mario Kart 64')).toEqual(['mk64']);
    expect(initialisms('Left 4 Dead 2')).toEqual(['l4d2']);
    expect(initialisms("Baldur's Gate 3")).toEqual(['bg3']);
    expect(initialisms('Half-Life 2')).toEqual(['hl2']);
    expect(initialisms('S.T.A.L.K.E.R.: Shadow of Chernobyl')).toContain('ssoc');
    const zelda = titleSpellings('The Legend of Zelda: A Link to the Past').initialisms;
    expect(zelda.filter((i) => !i.whole).map((i) => i.words.join(' '))).toEqual(expect.arrayContaining(['tloz', 'loz', 'alttp', 'lttp']));
    expect(initialisms('Castlevania: Symphony of the Night')).toContain('sotn');
    // A title without a number is the first of its series; two letters alone are no initialism people type.
    expect(initialisms('Metal Gear Solid')).toEqual(['mgs', 'mgs1']);
    expect(initialisms('Final Fantasy')).toEqual(['ff1']);
    expect(initialisms('Tetris')).toEqual([]);
  });

  it('respells words joined by punctuation and words inside capitals', () => {
    expect(titleSpellings('Pac-Man').respelled).toEqual([['pacman']]);
    expect(titleSpellings('EarthBound').respelled).toEqual([['earth', 'bound']]);
    expect(titleSpellings('Street Fighter II: The World Warrior').segments).toEqual([3, 3]);
  });

  it('gives the index the terms a title lacks: numbers, "and", respellings, initialisms, "1" for a first game', () => {
    expect(terms('Final Fantasy VII')).toEqual(['7', 'ff7', 'ffvii']);
    expect(terms('Dungeons & Dragons')).toEqual(expect.arrayContaining(['and', '1']));
    expect(terms('Pac-Man')).toEqual(expect.arrayContaining(['pacman', '1']));
    expect(indexTerms('Tetris')).toBe('1');
    expect(indexTerms('Zelda no Densetsu: Kamigami no Triforce', { initialisms: false })).toBe('');
  });
});

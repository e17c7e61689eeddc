import { describe, expect, it } from 'vitest';
import { equivalentKey, looseDistance, numbersOf, searchPhrases, slugVariants, writtenKey } from './import.titles.js';

describe('title equivalence for matching a file’s games', () => {
  it('folds case, accents, punctuation, "&" and apostrophes', () => {
    expect(equivalentKey('Pokémon: Red!')).toBe(equivalentKey('pokemon red'));
    expect(equivalentKey('Banjo & Kazooie')).toBe(equivalentKey('Banjo and Kazooie'));
    expect(equivalentKey("Assassin's Creed")).toBe(equivalentKey('Assassins Creed'));
    expect(equivalentKey('GoldenEye 007')).toBe(equivalentKey('Goldeneye 007'));
  });

  it('reads Roman numerals as numbers, whole words only', () => {
    expect(equivalentKey('Final Fantasy VII')).toBe('final fantasy 7');
    expect(equivalentKey('Final Fantasy 7')).toBe('final fantasy 7');
    expect(equivalentKey('Street Fighter II: The World Warrior')).toBe('street fighter 2 the world warrior');
    expect(equivalentKey('Final Fantasy XIV')).toBe('final fantasy 14');
    expect(equivalentKey('Vib-Ribbon')).toBe('vib ribbon');
    expect(equivalentKey('Civilization')).toBe('civilization');
  });

  it('takes a lone I or V for a number only at the end of the title or before a subtitle, and never a lone X', () => {
    expect(equivalentKey('Final Fantasy I: II')).toBe('final fantasy 1 2');
    expect(equivalentKey('Grand Theft Auto V')).toBe('grand theft auto 5');
    expect(equivalentKey('Rocky I - The Game')).toBe('rocky 1 the game');
    expect(equivalentKey('I Am Setsuna')).toBe('i am setsuna');
    expect(equivalentKey('V-Rally')).toBe('v rally');
    expect(equivalentKey('Mega Man X')).toBe('mega man x');
    expect(equivalentKey('Pokémon X')).toBe('pokemon x');
    // "VI" is six, never "I" and something.
    expect(equivalentKey('Final Fantasy VI')).toBe('final fantasy 6');
    expect(equivalentKey('Final Fantasy VI')).not.toBe(equivalentKey('Final Fantasy I: II'));
  });

  it('leaves out a leading "The" and a trailing "Version"', () => {
    expect(equivalentKey('The Legend of Zelda')).toBe(equivalentKey('Legend of Zelda'));
    expect(equivalentKey('Pokémon: Blue Version')).toBe(equivalentKey('Pokemon Blue'));
    expect(equivalentKey('The Version')).toBe('version');
    expect(writtenKey('The Legend of Zelda')).not.toBe(writtenKey('Legend of Zelda'));
  });

  it('knows a title’s numbers', () => {
    expect(numbersOf(equivalentKey('Final Fantasy I: II'))).toBe('1 2');
    expect(numbersOf(equivalentKey('Pocket Monsters Ao'))).toBe('');
  });

  it('asks the index for both numerals, and the catalog for the slugs they would have', () => {
    expect(searchPhrases('Final Fantasy 7')).toEqual(['final fantasy 7', 'final fantasy vii']);
    expect(searchPhrases('The Legend of Zelda')).toEqual(['legend of zelda']);
    expect(searchPhrases('GoldenEye 007')).toEqual(['goldeneye 007']);
    expect(slugVariants('Final Fantasy 7')).toEqual(expect.arrayContaining(['final-fantasy-7', 'final-fantasy-vii']));
    expect(slugVariants('Pokémon: Blue Version')).toEqual(['pokemon-blue-version', 'pokemon-blue']);
  });

  it('measures a loose title by the words the catalog’s adds, and never across numbers', () => {
    expect(looseDistance(equivalentKey('007 GoldenEye'), equivalentKey('GoldenEye 007'))).toBe(0);
    expect(looseDistance(equivalentKey('Zelda Ocarina of Time'), equivalentKey('The Legend of Zelda: Ocarina of Time'))).toBe(2);
    expect(looseDistance(equivalentKey('Mega Man 10'), equivalentKey('Mega Man X'))).toBeNull();
    expect(looseDistance(equivalentKey('Final Fantasy VI'), equivalentKey('Final Fantasy VI: Advance 2'))).toBeNull();
    expect(looseDistance(equivalentKey('Super Mario Kart'), equivalentKey('Mario Kart'))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { editDistance, Vocabulary } from './vocabulary.js';

describe('typo correction', () => {
  const vocabulary = new Vocabulary();
  for (const word of ['zelda', 'zelda', 'legend', 'mario', 'maria', 'metroid', 'pokemon', 'castlevania']) vocabulary.add(word);

  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('zelad', 'zelda', 2)).toBe(1);
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
  });

  it('corrects one typo in a short word and two in a long one', () => {
    expect(vocabulary.correct('zelad')).toBe('zelda');
    expect(vocabulary.correct('metriod')).toBe('metroid');
    expect(vocabulary.correct('castelvanai')).toBe('castlevania');
  });

  it('prefers the more frequent word on a tie and gives up when nothing is close', () => {
    vocabulary.add('mario');
    expect(vocabulary.correct('marip')).toBe('mario');
    expect(vocabulary.correct('qwxyz')).toBeUndefined();
  });
});

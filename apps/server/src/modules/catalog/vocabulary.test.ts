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

describe('word counts', () => {
  const vocabulary = new Vocabulary();
  for (const word of ['dragon', 'dragon', 'dragonfly', 'drag', 'dream', 'dr']) vocabulary.add(word);
  vocabulary.add('dragoon', 0); // from an alternative name only

  it('counts the games that hold a word, or words that start with it', () => {
    expect(vocabulary.games('dragon', false)).toBe(2);
    expect(vocabulary.games('dragon', true)).toBe(3);
    expect(vocabulary.games('drag', true)).toBe(4);
    expect(vocabulary.games('dr', true)).toBe(5);
    expect(vocabulary.games('zelda', true)).toBe(0);
    expect(vocabulary.has('dragoon')).toBe(true);
  });

  it('counts words added after a prefix was asked for', () => {
    vocabulary.add('dragster');
    expect(vocabulary.games('drag', true)).toBe(5);
  });
});

describe('completions', () => {
  const vocabulary = new Vocabulary();
  for (const word of ['strike', 'striker', 'strikers', 'string', 'stride', 'zelda']) vocabulary.add(word);

  it('lists the known words a prefix can become, or gives up when there are too many', () => {
    expect(vocabulary.completions('strike', 5)).toEqual(['strike', 'striker', 'strikers']);
    expect(vocabulary.completions('str', 5)).toEqual(['stride', 'strike', 'striker', 'strikers', 'string']);
    expect(vocabulary.completions('str', 4)).toBeUndefined();
    expect(vocabulary.completions('qq', 5)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { CLAIMS_OF_OTHER_GAMES, classifyGame, type GameKind } from './seed-demo.kinds.js';
import { randomSource } from './seed-demo.plan.js';
import { commentText, demoWriter, diaryNote, type GameFacts } from './seed-demo.text.js';


const game = (name: string, kind: GameKind): GameFacts => ({ name, platform: 'Amstrad CPC', year: 1988, kind });

/** Every text the demo could write about this game: reviews of every mood, long and short, comments and diary notes. */
function everythingAbout(facts: GameFacts): string[] {
  const random = randomSource(7);
  const writer = demoWriter(random);
  const texts: string[] = [];
  for (let i = 0; i < 40; i++) {
    for (const rating of [2, 6, 9]) texts.push(writer.shortReview(facts, rating, false), writer.longReview(facts, rating));
    texts.push(writer.shortReview(facts, 4, true), commentText(facts, random.pick), diaryNote(facts, random.pick));
  }
  return texts;
}

const sentences = (review: string) => review.split(/\n\n|(?<=[.!?])\s+/).filter((s) => s.length > 0);

describe('seed:demo texts', () => {
  it('tell the kind of game from its genres, its themes or, in the embedded catalog, unmistakable title words', () => {
    expect(classifyGame({ name: 'Othello' })).toBe('board');
    expect(classifyGame({ name: 'Battle Chess' })).toBe('board');
    expect(classifyGame({ name: 'Columns' })).toBe('puzzle');
    expect(classifyGame({ name: 'Tetris' })).toBe('puzzle');
    expect(classifyGame({ name: 'Shanghai' })).toBe('puzzle');
    expect(classifyGame({ name: 'Pole Position' })).toBe('racing');
    expect(classifyGame({ name: 'California Games' })).toBe('sports');
    expect(classifyGame({ name: 'Sim City' })).toBe('strategy');
    // A title says nothing: the text claims nothing.
    expect(classifyGame({ name: 'Pac-Man' })).toBe('neutral');
    expect(classifyGame({ name: 'Demo Quest 7' })).toBe('neutral');
    // Genres win over the title, and a puzzle at all is a puzzle.
    expect(classifyGame({ name: 'Chess Quest', genres: ['shooter'] })).toBe('action');
    expect(classifyGame({ name: 'Blocks', genres: ['platform', 'puzzle'] })).toBe('puzzle');
    expect(classifyGame({ name: 'Saga', genres: ['role-playing-rpg', 'hack-and-slash-beat-em-up'] })).toBe('story');
    expect(classifyGame({ name: 'Nameless', themes: ['action'] })).toBe('action');
  });

  it('never give a puzzle, board or unknown game combat, a camera, a story, levels or bosses', () => {
    for (const facts of [game('Othello', 'board'), game('Columns', 'puzzle'), game('Pac-Man', 'neutral')]) {
      for (const text of everythingAbout(facts)) expect(text, facts.name).not.toMatch(CLAIMS_OF_OTHER_GAMES);
    }
  });

  it('may speak of enemies and stages where the game has them', () => {
    const texts = everythingAbout(game('Contra', 'action')).join(' ');
    expect(texts).toMatch(/enem/i);
    expect(texts).toMatch(/stage/i);
  });

  it('write 25 reviews of the same kind of game in which no sentence appears twice', () => {
    const writer = demoWriter(randomSource(20_240_601));
    const reviews = Array.from({ length: 25 }, (_, i) => {
      const facts = game(`Demo Quest ${i + 1}`, 'neutral');
      if (i < 6) return writer.longReview(facts, [9, 8, 10, 6, 9, 7][i]!);
      return writer.shortReview(facts, [9, 6, 3, 8, 5][i % 5]!, i % 4 === 0);
    });
    const all = reviews.flatMap((review, i) => sentences(review.replaceAll(`Demo Quest ${i + 1}`, '{game}')).map((s) => ({ s, i })));
    const seen = new Map<string, number>();
    for (const { s, i } of all) {
      expect(seen.has(s) && seen.get(s) !== i ? s : null).toBeNull();
      seen.set(s, i);
    }
  });

  it('keep long reviews long and formatted, for every kind of game and every rating', () => {
    const writer = demoWriter(randomSource(3));
    for (const kind of ['neutral', 'puzzle', 'board', 'action', 'story', 'racing', 'sports', 'strategy'] as const) {
      for (const rating of [3, 6, 9]) {
        const review = writer.longReview(game('X', kind), rating);
        expect(review.length, review).toBeGreaterThan(900);
        expect(review).toMatch(/\*\*[^*]+\*\*/);
        expect(review).toMatch(/(^|[^*])\*[^*\s][^*]*\*([^*]|$)/);
        expect(review).toMatch(/\n> /);
      }
    }
  });
});

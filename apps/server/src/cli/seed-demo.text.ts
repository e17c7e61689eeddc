/**
 * The people and words of `seed:demo`: twelve clearly marked demo accounts,
 * and opinions put together from the sentences of seed-demo.words.ts that
 * fit the kind of game (seed-demo.kinds.ts), with its name, platform and
 * year. Plain data, no database: seed-demo.ts decides who writes what, and when.
 */
import type { GameKind } from './seed-demo.kinds.js';
import { CLOSERS, COMMENTS, DETAILS, DIARY_NOTES, LONG, OPENERS, type Band, type Mood } from './seed-demo.words.js';

export interface DemoPersona {
  name: string;
  /** After "Demo account — ". */
  about: string;
  /** Added to every rating this person gives (a harsh or generous critic). */
  bias: number;
}

export const DEMO_PERSONAS: DemoPersona[] = [
  { name: 'ada', about: 'Puzzle games and anything with a good map. Generous with stars.', bias: 1 },
  { name: 'bruno', about: 'Fighting games on a stick, shoot-em-ups on a pad.', bias: 0 },
  { name: 'chloe', about: 'RPG marathoner. Will finish every side quest.', bias: 0 },
  { name: 'dmitri', about: "Arcade purist. One credit or it doesn't count.", bias: -1 },
  { name: 'esme', about: 'Cozy games, platformers and the occasional horror night.', bias: 1 },
  { name: 'farid', about: 'Retro collector, plays everything on original hardware.', bias: 0 },
  { name: 'grace', about: 'Speedrunner in training: short games, many resets.', bias: -1 },
  { name: 'hiro', about: 'Strategy and tactics, ideally with a soundtrack worth humming.', bias: 0 },
  { name: 'ines', about: 'Backlog archaeologist, working through the nineties.', bias: 0 },
  { name: 'jonas', about: "Co-op first. If my brother can't join, I'm not interested.", bias: 1 },
  { name: 'kemi', about: 'Writes long reviews, mostly about level design.', bias: 0 },
  { name: 'luca', about: 'Racing, sports and whatever is on sale this week.', bias: -1 },
];

export const DEMO_USERNAME_PREFIX = 'demo_';
export const DEMO_EMAIL_DOMAIN = 'demo.invalid';
export const DEMO_BIO_PREFIX = 'Demo account — ';

/** What a text may mention about a game. */
export interface GameFacts {
  name: string;
  platform: string | null;
  year: number | null;
  /** What its texts may speak of (seed-demo.kinds.ts); neutral claims nothing. */
  kind: GameKind;
}

export type Choose = <T>(list: readonly T[]) => T;
export type { Band };

function fill(template: string, game: GameFacts): string {
  return template
    .replaceAll('{game}', game.name)
    .replaceAll('{platform}', game.platform ?? 'the original hardware')
    .replaceAll('{year}', game.year ? String(game.year) : 'its day')
    .replaceAll('{decade}', game.year ? `the ${String(Math.floor(game.year / 10) * 10).slice(2)}s` : 'back then');
}

/** A kind's own texts, then the neutral ones every game may use. */
const withNeutral = <T>(byKind: Record<GameKind, readonly T[]>, kind: GameKind): readonly T[] =>
  kind === 'neutral' ? byKind.neutral : [...byKind[kind], ...byKind.neutral];

/** SPEC §4 collapses a review over 900 characters: a long demo review is one of those. */
const LONG_REVIEW_MIN = 900;

export const bandOf = (rating: number | null): Band => (rating === null ? 'mid' : rating >= 8 ? 'high' : rating >= 5 ? 'mid' : 'low');

export interface WriterRandom {
  shuffle<T>(list: readonly T[]): T[];
  chance(p: number): boolean;
}

/**
 * Writes the demo's reviews so that no two read alike: a sentence is used
 * once, in any review of any game, until every sentence that could stand in
 * its place has been used too (only then may it come back).
 */
export function demoWriter(random: WriterRandom) {
  const used = new Set<string>();
  const draw = (pool: readonly string[]): string => {
    let fresh = pool.filter((text) => !used.has(text));
    if (fresh.length === 0) {
      for (const text of pool) used.delete(text);
      fresh = [...pool];
    }
    const text = random.shuffle(fresh)[0]!;
    used.add(text);
    return text;
  };
  const detail = (kind: GameKind, tone: 'good' | 'bad') => draw(kind === 'neutral' ? DETAILS.neutral[tone] : [...DETAILS[kind][tone], ...DETAILS.neutral[tone]]);

  return {
    /** Two or three sentences: how it went, one thing about the game, and sometimes a last word. */
    shortReview(game: GameFacts, rating: number | null, abandoned: boolean): string {
      const mood: Mood = abandoned ? 'abandoned' : bandOf(rating);
      const tone = mood === 'high' || (mood === 'mid' && random.chance(0.5)) ? 'good' : 'bad';
      const sentences = [draw(OPENERS[mood]), detail(game.kind, tone)];
      if (random.chance(0.6)) sentences.push(draw(CLOSERS[mood]));
      return fill(sentences.join(' '), game);
    },

    /** Well over 900 characters, in paragraphs: every intro has *italic*, every design paragraph **bold**, and one is a "> " quote. */
    longReview(game: GameFacts, rating: number | null): string {
      const band = bandOf(rating);
      const kind = game.kind;
      const paragraphs = [draw(LONG.intro), draw(LONG.design[kind]), draw(withNeutral(LONG.quote, kind)), draw(LONG.aside), draw(withNeutral(LONG.criticism, kind))];
      const ending = [draw(LONG.presentation), draw(LONG.closing[band])];
      const length = () => fill([...paragraphs, ...ending].join('\n\n'), game).length;
      // Long means long: another aside while it is not.
      while (length() <= LONG_REVIEW_MIN) paragraphs.push(draw(LONG.aside));
      return fill([...paragraphs, ...ending].join('\n\n'), game);
    },
  };
}

export type DemoWriter = ReturnType<typeof demoWriter>;

/** A reply under a review of this game. */
export const commentText = (game: GameFacts, pick: Choose) => fill(pick(withNeutral(COMMENTS, game.kind)), game);

/** A diary note about a session of this game. */
export const diaryNote = (game: GameFacts, pick: Choose) => pick(withNeutral(DIARY_NOTES, game.kind));

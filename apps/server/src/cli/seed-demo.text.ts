/**
 * The people and words of `seed:demo`: twelve clearly marked demo accounts and
 * short opinions built from templates and a game's name, platform and year.
 * Plain data, no database: seed-demo.ts decides who writes what, and when.
 */

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

/** What a template may mention about a game. */
export interface GameFacts {
  name: string;
  platform: string | null;
  year: number | null;
}

export type Choose = <T>(list: readonly T[]) => T;

function fill(template: string, game: GameFacts): string {
  return template
    .replaceAll('{game}', game.name)
    .replaceAll('{platform}', game.platform ?? 'the original hardware')
    .replaceAll('{year}', game.year ? String(game.year) : 'its day')
    .replaceAll('{decade}', game.year ? `the ${String(Math.floor(game.year / 10) * 10).slice(2)}s` : 'back then');
}

const SHORT = {
  high: [
    '{game} still holds up. The controls feel **tight** on {platform}, and I kept going for one more stage far longer than I planned.',
    'Finally got around to {game}. It is easy to see why people still talk about it: every level teaches you something new.',
    'I expected a museum piece from {year} and came away with a new favourite. The pacing is *excellent* from start to finish.',
    'Short, sharp and confident. {game} knows exactly what it wants to be and never wastes your time.',
    'The kind of game that makes you put the phone down. Great feel, great sound, and secrets everywhere.',
  ],
  mid: [
    '{game} has great ideas buried under some rough edges. The second half drags, but the highlights are worth it.',
    'Fun in short bursts. I liked the music more than the game itself, to be honest.',
    'Solid, if a little dated. On {platform} today you need some patience with the save system.',
    'A good evening or two. Nothing here blew me away, but nothing annoyed me either.',
  ],
  low: [
    'I wanted to love {game}, but the difficulty spikes felt unfair rather than challenging.',
    'Not for me. The controls on {platform} fought me the whole way and the story never grabbed me.',
    'Some charm, lots of frustration. Maybe you had to be there in {year}.',
  ],
  abandoned: [
    'Dropped {game} around the halfway point. The first hour is great; after that it repeats itself.',
    'Shelved it for now. Too much backtracking for my taste, but I can see the appeal.',
    'I gave {game} three evenings. The ideas are there, the patience on my side was not.',
  ],
};

const LONG = {
  intro: [
    'I first played {game} years ago and came back to it on {platform} this month to see whether it deserves its reputation. Short answer: *mostly* yes.',
    'Some games from {decade} are better remembered than replayed. I went into {game} half expecting to be disappointed, and spent the next two weeks thinking about *little else*.',
    '{game} came out in {year}, and you can tell, but not in the way I feared. It is lean, direct and *surprisingly generous* once it clicks.',
  ],
  design: [
    'What surprised me most is how **readable** everything is. Enemies telegraph their attacks, the layouts guide your eye without signposts, and when you fail it almost always feels like your own fault. For a game of its age that is rare, and plenty of newer releases could learn from it.',
    'The level design is the star. Each area introduces one idea, lets you play with it safely, then combines it with something you learned earlier. By the end the game trusts you completely, and **that trust is earned**.',
    'Mechanically it is simple: move, jump, attack, repeat. The magic is in the **rhythm**. Stages alternate between tension and rest so well that I never once felt worn out, even during long sessions.',
  ],
  quote: [
    "> Just one more try, then I'm going to bed.\n> Me, at least a dozen times.",
    '> The best part of a hard game is the moment it stops being hard.\n> A friend, watching me finally beat the last stage.',
    '> If you can see it, you can probably reach it.\n> The rule I learned on the second world, and it never lied.',
  ],
  criticism: [
    'It is not perfect. The last stretch leans on repetition, a couple of bosses outstay their welcome, and the save system assumes you have a whole afternoon to spare. I checked a guide once or twice, which broke the spell a little.',
    'My complaints are small but real: the camera sometimes hides what is coming, the difficulty jumps in the final third, and a few late puzzles rely on trial and error rather than logic.',
    'If anything holds it back, it is the story, which is thin even by the standards of {decade}. Nobody plays {game} for the plot, but a little more personality in the cutscenes would have gone a long way.',
  ],
  sound: [
    'The soundtrack deserves its own paragraph. A few tunes have been stuck in my head all week, and the sound effects do a lot of the work in making every hit feel *heavy*.',
    'Presentation-wise it still looks lovely on {platform}. The palette is bold, animations are expressive, and the music loops are short but never grating.',
  ],
  closing: {
    high: [
      'If you have never played it, **start here**. If you have, it is worth a revisit: it is better than you remember.',
      'An easy recommendation. Clear an evening, turn the lights down and give {game} the attention it deserves.',
    ],
    mid: [
      'Worth playing once, especially if you are curious where a lot of later ideas came from. Just go in with a bit of patience.',
      'Not an all-time favourite for me, but I am glad I finally played it, and I understand why others love it more.',
    ],
    low: [
      'I respect what it was going for, but I cannot recommend it today unless you have a soft spot for {decade}.',
      'History matters, and {game} is part of it. As something to play in a free evening, though, it did not work for me.',
    ],
  },
};

export type Band = 'high' | 'mid' | 'low';
export const bandOf = (rating: number | null): Band => (rating === null ? 'mid' : rating >= 8 ? 'high' : rating >= 5 ? 'mid' : 'low');

/** A few sentences: what most people write. */
export function shortReview(game: GameFacts, rating: number | null, abandoned: boolean, pick: Choose): string {
  return fill(pick(abandoned ? SHORT.abandoned : SHORT[bandOf(rating)]), game);
}

/** Well over 900 characters, in paragraphs: every intro has *italic*, every design paragraph **bold**, and one is a "> " quote. */
export function longReview(game: GameFacts, rating: number | null, pick: Choose): string {
  const band = bandOf(rating);
  const paragraphs = [pick(LONG.intro), pick(LONG.design), pick(LONG.quote), pick(LONG.criticism), pick(LONG.sound), pick(LONG.closing[band])];
  return paragraphs.map((p) => fill(p, game)).join('\n\n');
}

const COMMENTS = [
  "Great write-up. You've convinced me to give {game} another go.",
  'The point about the music is spot on.',
  "Hard disagree on the ending, but I see where you're coming from.",
  'Did you play it on {platform} too? I always wondered how that version holds up.',
  'Adding this to my want-to-play list.',
  'That quote is painfully relatable.',
  'I bounced off it as a kid. Maybe it is time to try again.',
  'Half a star higher for me, otherwise completely agreed.',
  'How long did it take you? I keep putting it off because I think it is huge.',
  'This is exactly why I keep coming back to games from {decade}.',
];

export const commentText = (game: GameFacts, pick: Choose) => fill(pick(COMMENTS), game);

const DIARY_NOTES = [
  'Cleared the first few stages.',
  'Short session before work.',
  'Stuck on the same boss for an hour. Tomorrow.',
  'Played with a friend all evening.',
  'Found a secret area I never knew existed.',
  'Finally figured out the map. Everything makes sense now.',
];

export const diaryNote = (pick: Choose) => pick(DIARY_NOTES);

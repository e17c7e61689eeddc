/**
 * What kind of game a demo review may talk about, from what the catalog
 * really knows. IGDB games have genres and themes; the embedded catalog has
 * only a title, platforms and a year, so a few unmistakable words in the
 * title (chess, Tetris, rally, baseball…) are used, and everything else is
 * `neutral`: its texts claim nothing a game might not have (no enemies,
 * camera, story, levels or bosses).
 */
export type GameKind = 'puzzle' | 'board' | 'story' | 'racing' | 'sports' | 'action' | 'strategy' | 'neutral';

export interface KindClues {
  name: string;
  /** IGDB genre slugs, when the catalog has them. */
  genres?: readonly string[];
  /** IGDB theme slugs, when the catalog has them. */
  themes?: readonly string[];
}

/*
 * By genre, in this order: a game that is a board or puzzle game at all
 * gets texts that claim nothing else (a puzzle-platformer's review then
 * never invents a boss); a story comes next, since its texts may also
 * speak of combat.
 */
const BY_GENRE: [GameKind, readonly string[]][] = [
  ['board', ['card-and-board-game']],
  ['puzzle', ['puzzle', 'quiz-trivia']],
  ['story', ['role-playing-rpg', 'adventure', 'point-and-click', 'visual-novel']],
  ['racing', ['racing']],
  ['sports', ['sport']],
  ['action', ['platform', 'shooter', 'fighting', 'hack-and-slash-beat-em-up', 'arcade']],
  ['strategy', ['strategy', 'real-time-strategy-rts', 'turn-based-strategy-tbs', 'tactical', 'simulator', 'moba']],
];

const BY_THEME: [GameKind, readonly string[]][] = [
  ['strategy', ['4x-explore-expand-exploit-and-exterminate', 'business']],
  ['action', ['action', 'warfare']],
];

/** Title words that leave no doubt; anything else stays neutral. */
const BY_TITLE: [GameKind, RegExp][] = [
  // Played against someone (the computer or a friend) on a board or with cards.
  ['board', /\b(chess|shogi|othello|reversi|backgammon|checkers|draughts|poker|blackjack|mah-?jongg?)\b/i],
  // Played alone against the rules (Shanghai is mahjong solitaire).
  ['puzzle', /\b(solitaire|shanghai|quiz|trivia|crossword|sudoku|picross|puzzle|puzznic|tetris|columns|klax|puyo|dr\.? mario|lemmings)\b/i],
  ['racing', /\b(racing|racer|rally|grand prix|pole position|out ?run|kart|motocross|speedway|formula (one|1))\b/i],
  ['sports', /\b(soccer|football|baseball|tennis|golf|basketball|hockey|bowling|volleyball|decathlon|olympics?|(winter|summer|california|world) games)\b/i],
  ['strategy', /\b(sim ?city|simulator|tycoon)\b/i],
];

export function classifyGame({ name, genres = [], themes = [] }: KindClues): GameKind {
  for (const [kind, slugs] of BY_GENRE) if (genres.some((g) => slugs.includes(g))) return kind;
  for (const [kind, slugs] of BY_THEME) if (themes.some((t) => slugs.includes(t))) return kind;
  for (const [kind, words] of BY_TITLE) if (words.test(name)) return kind;
  return 'neutral';
}

/**
 * What the texts for a puzzle, board or neutral game never speak of: things
 * such a game may well not have. The tests hold every such text to it.
 */
export const CLAIMS_OF_OTHER_GAMES =
  /camera|enem|boss|\bstor(y|ies)\b|plot|cutscene|combat|fight|attack|weapon|jump|shoot|\bguns?\b|\blevels?\b|stage|secret|backtrack|\bmap\b|\bworld\b|ending|quest|\blives?\b|checkpoint/i;

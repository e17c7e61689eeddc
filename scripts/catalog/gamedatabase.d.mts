// Types of gamedatabase.mjs, for the tests that call it (apps/server/src/modules/catalog/gamedatabase.test.ts).
import type { BuiltGame } from './catalog-builder.mjs';

/** One game of GameDataBase: the rows of one file and ID. */
export interface GameDataBaseGame {
  file: string;
  id: string;
  arcade: boolean;
  platforms: string[];
  sets: Set<string>;
  keys: Set<string>;
  year: number | undefined;
  lastYear: number | undefined;
  developers: string[];
  publishers: string[];
  genres: string[];
  themes: string[];
  rows: number;
}

export interface JoinCount {
  games: number;
  rows: number;
}

export interface JoinReport {
  bySet: JoinCount;
  byTitle: JoinCount;
  /** Undated games with several candidates, left out (counted in unmatchedOther too). */
  ambiguous: JoinCount;
  unmatchedArcade: JoinCount;
  unmatchedOther: JoinCount;
  seedGamesEnriched: number;
}

export const GAMEDATABASE_COMMIT: string;
export const FILE_PLATFORMS: Record<string, string[]>;
export const ARCADE_SET_LISTS: string[];
export function igdbTermsOf(tags: string): { genres: string[]; themes: string[] };
export function parseCsv(text: string): string[][];
export function titleKeys(title: string): string[];
export function readGameDataBase(files: { name: string; text: string }[]): { games: GameDataBaseGame[]; rows: number };
export function joinGameDataBase(
  seedGames: BuiltGame[],
  gdbGames: GameDataBaseGame[],
  options?: { onMatch?: (gdbGame: GameDataBaseGame, seedGame: BuiltGame | undefined) => void },
): JoinReport;
/** GameDataBase "#genre:" values → IGDB genre and theme slugs. */
export const GENRE_MAP: Record<string, { genres?: string[]; themes?: string[] }>;
/** Other GameDataBase tags → an IGDB theme slug. */
export const TAG_THEMES: Record<string, string>;

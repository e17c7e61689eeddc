// Types of catalog-builder.mjs, for the tests that call it (apps/server/src/modules/catalog/seed-builder.test.ts).
import type { DROP_REASONS } from './rules.mjs';

export interface SoftwareList {
  name: string;
  description: string;
  software: Record<string, unknown>[];
}

export interface BuiltGame {
  key: string;
  name: string;
  slug: string;
  /** The year of its first release (of all its entries and their clones, prototypes and bootlegs aside). */
  year: number | undefined;
  lastYear: number | undefined;
  /**
   * Its first release: year, date ("1985-09-13", or a month "1985-10") and the platform it came out on (the
   * one a card shows; `platforms` holds every platform released on that day, or year, when several were).
   */
  first: { year: number; date: string | undefined; platform?: string; platforms: Set<string> } | undefined;
  names: Map<string, number>;
  platforms: Set<string>;
  publishers: Set<string>;
  altNames: Set<string>;
  /** Titles of its releases in Japan (MAME clones "(Japan)"), under which a Japan-only game is this one. */
  japanese: Set<string>;
  /** Whether all its entries were released in Japan only. */
  japanOnly: boolean;
  /** MAME set names of its entries and their clones, as "list:name" ("neogeo:mslug"). */
  sets: Set<string>;
  entries: number;
  dubious?: boolean;
  /** From GameDataBase (gamedatabase.mjs), when it knows the game. */
  developers?: string[];
  genres?: string[];
  themes?: string[];
}

export interface BuildStats {
  lists: number;
  skippedLists: number;
  parents: number;
  dropped: Record<keyof typeof DROP_REASONS, number>;
  dubiousKept: number;
  fileNamesMerged: number;
  /** Games released only in Japan that joined the game they are a release of (joinJapaneseTitles). */
  japaneseTitlesMerged: number;
}

export interface BuiltCatalog {
  games: BuiltGame[];
  localPlatforms: Map<string, string>;
  stats: BuildStats;
}

export const YEAR_WINDOW: number;
export function parseSoftwareList(xml: string): SoftwareList | undefined;
export function buildCatalog(
  lists: SoftwareList[],
  igdbSlugById: Map<number, string>,
  options?: {
    onDrop?: (reason: keyof typeof DROP_REASONS, entry: { list: string; description: string; publisher?: unknown; year?: unknown }) => void;
    /** Hears each game released only in Japan joining the game it is a release of. */
    onMerge?: (from: BuiltGame, into: BuiltGame) => void;
  },
): BuiltCatalog;
export function seedLines(catalog: Pick<BuiltCatalog, 'games' | 'localPlatforms'>): string[];

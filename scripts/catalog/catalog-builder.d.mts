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
  year: number | undefined;
  lastYear: number | undefined;
  releaseDate: string | undefined;
  names: Map<string, number>;
  platforms: Set<string>;
  publishers: Set<string>;
  altNames: Set<string>;
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
  options?: { onDrop?: (reason: keyof typeof DROP_REASONS, entry: { list: string; description: string; publisher?: unknown; year?: unknown }) => void },
): BuiltCatalog;
export function seedLines(catalog: Pick<BuiltCatalog, 'games' | 'localPlatforms'>): string[];

/**
 * What the site may claim about its catalog: how many games (rounded down,
 * so the claim is always true) and where the data comes from (the footer's
 * attribution). The server reports the sources in use (GET /api/home).
 */

/** Where a game came from: the embedded open catalog (MAME's software lists), IGDB, Wikidata, or a file an admin imported. */
export const CATALOG_SOURCES = ['mame', 'igdb', 'wikidata', 'import'] as const;
export type CatalogSource = (typeof CATALOG_SOURCES)[number];

export interface CatalogAttribution {
  name: string;
  url: string;
  /** The data's licence, when it has one worth naming ("CC0"). */
  license: string | null;
}

/** Whom to credit for each source; an imported catalog's origin is unknown, so it has none. */
export const CATALOG_ATTRIBUTIONS: Record<CatalogSource, CatalogAttribution | null> = {
  igdb: { name: 'IGDB', url: 'https://www.igdb.com', license: null },
  wikidata: { name: 'Wikidata', url: 'https://www.wikidata.org', license: 'CC0' },
  mame: { name: 'MAME’s software lists', url: 'https://www.mamedev.org/', license: 'CC0' },
  import: null,
};

/** GameDataBase by PigSaint (CC BY 4.0): the embedded catalog's genres, themes and developers (scripts/catalog/gamedatabase.mjs). */
export const GAMEDATABASE_ATTRIBUTION: CatalogAttribution = { name: 'GameDataBase by PigSaint', url: 'https://github.com/PigSaint/GameDataBase', license: 'CC BY 4.0' };

/** Whom to credit for a source's games: the source, then the data joined to its games (CC BY asks for the credit). */
export function catalogCredits(source: CatalogSource): CatalogAttribution[] {
  const own = CATALOG_ATTRIBUTIONS[source];
  return [...(own ? [own] : []), ...(source === 'mame' ? [GAMEDATABASE_ATTRIBUTION] : [])];
}

/**
 * A count as a claim that stays true: rounded down to its first digit and
 * followed by "+" ("Discover 50,000+ titles" for 51,967; 300,000+ for a
 * full IGDB catalog); below ten, the number itself.
 */
export function roundedDownCount(count: number): string {
  const n = Math.max(0, Math.floor(count));
  if (n < 10) return String(n);
  const unit = 10 ** (String(n).length - 1);
  return `${(Math.floor(n / unit) * unit).toLocaleString('en-US')}+`;
}

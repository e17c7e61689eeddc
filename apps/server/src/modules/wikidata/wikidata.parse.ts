import type { SparqlRow } from './wikidata.client.js';
import type { DIRECT_FACTS} from './wikidata.queries.js';
import { CLASSES, qidOf } from './wikidata.queries.js';

export type WikidataKind = 'game' | 'expansion' | 'dlc' | 'mod' | 'compilation';

/** A publication date statement (P577): when, how precisely (9 year, 10 month, 11 day), and on which platform. */
export interface WikidataDate {
  /** Unix seconds at 00:00 UTC of the day (the first of the month or year when less precise). */
  at: number;
  precision: number;
  platform: string | null;
  preferred: boolean;
}

/** One item as the sync reads it. */
export interface WikidataItem {
  qid: string;
  kind: WikidataKind;
  label: string | null;
  aliases: string[];
  description: string | null;
  sitelinks: number;
  /** schema:dateModified, unix ms. */
  modified: number;
  dates: WikidataDate[];
  platforms: string[];
  genres: string[];
  developers: string[];
  publishers: string[];
  series: string[];
  /** The game an expansion, DLC or mod belongs to (P8646, else P361). */
  parent: string | null;
  /** P5794 is IGDB's slug for the game, not its numeric id. */
  igdbSlugs: string[];
  steam: string[];
  gog: string[];
  mobygames: string[];
}

const blank = (qid: string): WikidataItem => ({
  qid,
  kind: 'game',
  label: null,
  aliases: [],
  description: null,
  sitelinks: 0,
  modified: 0,
  dates: [],
  platforms: [],
  genres: [],
  developers: [],
  publishers: [],
  series: [],
  parent: null,
  igdbSlugs: [],
  steam: [],
  gog: [],
  mobygames: [],
});

/** "2022-02-25T00:00:00Z" (xsd:dateTime, possibly with a sign or a far year) → unix seconds; undefined when unreadable. */
export function unixSecondsOf(value: string): number | undefined {
  const m = /^([+-]?\d{1,6})-(\d{2})-(\d{2})T/.exec(value.trim());
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1940 || year > 2100) return undefined;
  // Wikidata writes year- and month-precision dates with 00 for the unknown parts.
  return Date.UTC(year, Math.max(month, 1) - 1, Math.max(day, 1)) / 1000;
}

type ListFact = 'platforms' | 'genres' | 'developers' | 'publishers' | 'series' | 'igdbSlugs' | 'steam' | 'gog' | 'mobygames';
const LIST_OF: Partial<Record<(typeof DIRECT_FACTS)[keyof typeof DIRECT_FACTS], ListFact>> = {
  platform: 'platforms',
  genre: 'genres',
  developer: 'developers',
  publisher: 'publishers',
  series: 'series',
  igdb: 'igdbSlugs',
  steam: 'steam',
  gog: 'gog',
  mobygames: 'mobygames',
};
const ITEM_VALUED = new Set<ListFact>(['platforms', 'genres', 'developers', 'publishers', 'series']);

const KIND_OF_CLASS = new Map<string, WikidataKind>(Object.entries(CLASSES).map(([kind, qid]) => [qid, kind as WikidataKind]));

/**
 * What a batch's facts say about each item (wikidata.queries.ts itemFacts),
 * in the order the items were asked for. An item that is a video game and
 * also an expansion, DLC, mod or compilation is the latter: it belongs on
 * its parent's page, as IGDB's are.
 */
export function parseItems(qids: string[], rows: SparqlRow[]): WikidataItem[] {
  const items = new Map(qids.map((q) => [q, blank(q)]));
  const classes = new Map<string, Set<string>>();
  const englishLabel = new Set<string>();
  const partOf = new Map<string, string>();
  for (const row of rows) {
    const item = items.get(qidOf(row.item?.value) ?? '');
    const fact = row.fact?.value;
    const value = row.value;
    if (!item || !fact || !value) continue;
    const text = value.value.trim();
    switch (fact) {
      case 'label':
        // An English label wins over the language-neutral one.
        if (value['xml:lang'] === 'en' || !englishLabel.has(item.qid)) item.label = text.slice(0, 200) || item.label;
        if (value['xml:lang'] === 'en') englishLabel.add(item.qid);
        break;
      case 'alias':
        if (text && !item.aliases.includes(text)) item.aliases.push(text.slice(0, 300));
        break;
      case 'description':
        item.description = text.slice(0, 500) || null;
        break;
      case 'sitelinks':
        item.sitelinks = Math.max(0, Math.trunc(Number(text)) || 0);
        break;
      case 'modified':
        item.modified = Date.parse(text) || 0;
        break;
      case 'date': {
        const at = value.type === 'literal' || value.type === 'typed-literal' ? unixSecondsOf(text) : undefined;
        if (at === undefined) break;
        const precision = Number(row.precision?.value ?? 11) || 11;
        const platform = qidOf(row.platform?.value) ?? null;
        const preferred = row.rank?.value.endsWith('PreferredRank') ?? false;
        if (!item.dates.some((d) => d.at === at && d.platform === platform)) item.dates.push({ at, precision, platform, preferred });
        break;
      }
      case 'class': {
        const q = qidOf(text);
        if (q) classes.set(item.qid, (classes.get(item.qid) ?? new Set()).add(q));
        break;
      }
      case 'expansionOf':
        item.parent = qidOf(text) ?? item.parent;
        break;
      case 'partOf': {
        const q = qidOf(text);
        if (q) partOf.set(item.qid, q);
        break;
      }
      default: {
        const list = LIST_OF[fact as keyof typeof LIST_OF];
        if (!list) break;
        const v = ITEM_VALUED.has(list) ? qidOf(text) : text.slice(0, 100);
        if (v && !item[list].includes(v)) item[list].push(v);
      }
    }
  }
  for (const item of items.values()) {
    const own = classes.get(item.qid) ?? new Set<string>();
    const kinds = [...own].map((c) => KIND_OF_CLASS.get(c)).filter((k): k is WikidataKind => k !== undefined);
    item.kind = kinds.find((k) => k !== 'game') ?? 'game';
    if (item.kind !== 'game') item.parent ??= partOf.get(item.qid) ?? null;
    item.dates.sort((a, b) => a.at - b.at);
  }
  return [...items.values()];
}

/**
 * The catalog's release of an item: the year of its earliest publication,
 * and the earliest day-precise date when it falls in that year (a game
 * known only as "2027" has a year and no date).
 */
export function releaseOf(dates: WikidataDate[]): { firstReleaseDate: number | null; releaseYear: number | null } {
  if (dates.length === 0) return { firstReleaseDate: null, releaseYear: null };
  const year = (at: number) => new Date(at * 1000).getUTCFullYear();
  const releaseYear = Math.min(...dates.map((d) => year(d.at)));
  const precise = dates.filter((d) => d.precision >= 11).sort((a, b) => a.at - b.at)[0];
  return { firstReleaseDate: precise && year(precise.at) === releaseYear ? precise.at : null, releaseYear };
}

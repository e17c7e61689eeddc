import {
  FIXTURE_COMPANIES, FIXTURE_SERIES, WIKIDATA_CLASSES, WIKIDATA_GENRES, WIKIDATA_PLATFORMS, WIKIDATA_REGIONS,
  type PlatformKey, type RefEntity, type RegionKey,
} from './wikidata-fixture.entities.js';
import { NAMED_GAMES, REVISION_2_EDITS, REVISION_2_REDIRECTS, type GameKind, type NamedGameRow } from './wikidata-fixture.games.js';
import { TurtleWriter, hexOf, type Claim, type ItemRecord, type Rank, type Value } from './wikidata-fixture.rdf.js';
import { fillerWorld, type FillerStats } from './wikidata-fixture.filler.js';

/*
 * A Wikidata-shaped world for the Wikidata double (wikidata-double.ts):
 * the named games of wikidata-fixture.games.ts plus deterministic synthetic
 * filler up to `games` items, as Turtle in the WDQS data model
 * (wikidata-fixture.rdf.ts). `revision: 2` is the same world one edit cycle
 * later (edits, a merge, a deletion, new items); `items` tells tests what to
 * expect. Everything is a function of (games, seed, revision, now).
 */

export { WIKIDATA_CLASSES, WIKIDATA_GENRES, WIKIDATA_PLATFORMS, WIKIDATA_REGIONS } from './wikidata-fixture.entities.js';
export { WIKIDATA_PREFIXES } from './wikidata-fixture.rdf.js';

export interface WikidataFixtureOptions {
  /** Items in revision 1 (named games first; never fewer than the named ones). */
  games: number;
  seed?: number;
  revision?: 1 | 2;
  /** "Today" for relative dates (upcoming games) and modification times. */
  now?: Date;
  /** Write every filler claim as a statement node too (named games always are; P577 always is). Triples ×3. */
  allStatements?: boolean;
}

/** What a test can assert about a named game, in the fixture's current revision. */
export interface FixtureGame {
  key: string;
  qid: string;
  label: string;
  labelLanguage: 'en' | 'mul';
  kind: GameKind;
  aliases: string[];
  description: string;
  /** Earliest best-rank publication date: YYYY-MM-DD, YYYY-MM or YYYY by precision. */
  date?: string;
  year?: number;
  platforms: string[];
  genres: string[];
  developers: string[];
  publishers: string[];
  series?: string;
  steamAppId?: string;
  igdbSlug?: string;
  gogId?: string;
  mobyId?: string;
  /** QID of the game this expands (P8646). */
  parent?: string;
  sitelinks: number;
  modified: string;
  retro: boolean;
  upcoming: boolean;
}

export interface WikidataFixture {
  revision: 1 | 2;
  now: Date;
  /** The whole dataset as Turtle, in ~1 MB chunks (the first declares the prefixes); streamed, so 110k items stay small in memory. */
  chunks(): Generator<string>;
  /** All chunks joined: convenient for small worlds. */
  readonly turtle: string;
  items: {
    /** Named games present in this revision, by key ('elden-ring', 'witcher-3', …). */
    named: Record<string, FixtureGame>;
    retro: string[];
    upcoming: string[];
    /** Items (games, expansions, DLC, compilations, mods) in this revision. */
    total: number;
    /** Between revisions 1 and 2 (the same lists in both): QIDs edited, created, deleted, merged away. */
    changed: string[];
    added: string[];
    removed: string[];
    redirected: { from: string; to: string }[];
    /** The brand-new title revision 2 brings (nothing in revision 1 or the MAME seed has it). */
    newTitle: { key: string; qid: string; label: string };
    /** Distributions over the filler, filled in once chunks() has been read to the end. */
    stats: FillerStats;
  };
}

const DAY = 86_400_000;
const CLASS_OF: Record<GameKind, string> = {
  game: WIKIDATA_CLASSES.videoGame.qid, expansion: WIKIDATA_CLASSES.expansionPack.qid, dlc: WIKIDATA_CLASSES.dlc.qid,
  compilation: WIKIDATA_CLASSES.compilation.qid, mod: WIKIDATA_CLASSES.mod.qid,
};
const DESCRIBED: Record<GameKind, string> = {
  game: 'video game', expansion: 'expansion pack', dlc: 'downloadable content', compilation: 'video game compilation', mod: 'video game mod',
};

/** QIDs of the named games: the confirmed real ones, else Q930000001, … in table order. */
const NAMED_QIDS = new Map<string, string>();
NAMED_GAMES.filter((row) => !row.qid).forEach((row, i) => NAMED_QIDS.set(row.key, `Q${930_000_001 + i}`));
NAMED_GAMES.filter((row) => row.qid).forEach((row) => NAMED_QIDS.set(row.key, row.qid!));
const qidOf = (key: string) => NAMED_QIDS.get(key) ?? fail(`unknown game key ${key}`);

function fail(message: string): never {
  throw new Error(`wikidata fixture: ${message}`);
}
function ref<T extends RefEntity>(table: Record<string, T>, key: string, what: string): T {
  return table[key] ?? fail(`unknown ${what} ${key}`);
}

/** A parsed date statement of the games table's mini-syntax. */
interface DateSpec {
  time: string;
  precision: 9 | 10 | 11;
  platforms: PlatformKey[];
  region?: RegionKey;
  rank: Rank;
}

export function parseDate(spec: string, now: Date): DateSpec {
  const [when = '', ...rest] = spec.trim().split(/\s+/);
  const rank: Rank = rest.includes('!') ? 'preferred' : rest.includes('~') ? 'deprecated' : 'normal';
  const region = rest.find((t) => t.startsWith('@'))?.slice(1) as RegionKey | undefined;
  const platforms = (rest.find((t) => /^[a-z0-9]/.test(t) && t !== '!' && t !== '~')?.split(',') ?? []) as PlatformKey[];
  let y: number, m: number, d: number, precision: 9 | 10 | 11;
  const rel = /^([+-])(\d+)([dmy])$/.exec(when);
  if (rel) {
    const n = Number(rel[2]) * (rel[1] === '-' ? -1 : 1);
    const at = new Date(now.getTime());
    if (rel[3] === 'd') at.setTime(at.getTime() + n * DAY);
    else if (rel[3] === 'm') at.setUTCMonth(at.getUTCMonth() + n, 1);
    else at.setUTCFullYear(at.getUTCFullYear() + n, 0, 1);
    [y, m, d] = [at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate()];
    precision = rel[3] === 'd' ? 11 : rel[3] === 'm' ? 10 : 9;
  } else {
    const parts = when.split('-').map(Number);
    if (parts.some((n) => !Number.isInteger(n)) || parts.length > 3) fail(`bad date ${spec}`);
    [y = 0, m = 1, d = 1] = parts;
    precision = parts.length === 3 ? 11 : parts.length === 2 ? 10 : 9;
  }
  if (precision < 11) d = 1;
  if (precision < 10) m = 1;
  const time = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}T00:00:00Z`;
  return { time, precision, platforms, ...(region ? { region } : {}), rank };
}

/** YYYY-MM-DD, YYYY-MM or YYYY, as precise as the value. */
export function dateText(value: { time: string; precision: number }): string {
  return value.time.slice(0, value.precision === 11 ? 10 : value.precision === 10 ? 7 : 4);
}

/** The earliest truthy date: preferred statements if any, else normal ones. */
function bestDate(dates: DateSpec[]): DateSpec | undefined {
  const best = dates.some((x) => x.rank === 'preferred') ? 'preferred' : 'normal';
  return dates.filter((x) => x.rank === best).sort((a, b) => a.time.localeCompare(b.time))[0];
}

function namedRecord(row: NamedGameRow, now: Date, edited: boolean): { rec: ItemRecord; game: FixtureGame } {
  const qid = qidOf(row.key);
  const kind = row.kind ?? 'game';
  const dates = row.d.map((spec) => parseDate(spec, now));
  const first = bestDate(dates);
  const claims: Claim[] = [];
  const add = (prop: string, value: Value, rank: Rank = 'normal', qualifiers: Claim['qualifiers'] = []) =>
    claims.push({ prop, value, rank, qualifiers });
  add('P31', { item: CLASS_OF[kind] });
  if (row.alsoGame) add('P31', { item: WIKIDATA_CLASSES.videoGame.qid });
  if (row.of) add('P8646', { item: qidOf(row.of) });
  for (const x of dates) {
    const qualifiers: Claim['qualifiers'] = x.platforms.map((p) => ['P400', { item: ref(WIKIDATA_PLATFORMS, p, 'platform').qid }]);
    if (x.region) qualifiers.push(['P291', { item: ref(WIKIDATA_REGIONS, x.region, 'region').qid }]);
    add('P577', { time: x.time, precision: x.precision }, x.rank, qualifiers);
  }
  const platforms = [...new Set([...dates.filter((x) => x.rank !== 'deprecated').flatMap((x) => x.platforms), ...(row.p ?? [])])];
  const refs = (prop: string, table: Record<string, RefEntity>, keys: string[] | undefined, what: string) =>
    (keys ?? []).map((key) => {
      const entity = ref(table, key, what);
      add(prop, { item: entity.qid });
      return entity.label;
    });
  const platformLabels = refs('P400', WIKIDATA_PLATFORMS, platforms, 'platform');
  const genres = refs('P136', WIKIDATA_GENRES, row.g, 'genre');
  const developers = refs('P178', FIXTURE_COMPANIES, row.dev, 'company');
  const publishers = refs('P123', FIXTURE_COMPANIES, row.pub, 'company');
  const [series] = refs('P179', FIXTURE_SERIES, row.s ? [row.s] : [], 'series');
  const ids: [string, string | undefined][] = [['P5794', row.igdb], ['P1733', row.steam], ['P2725', row.gog], ['P1933', row.moby]];
  for (const [prop, id] of ids) if (id) add(prop, { str: id });
  const year = first ? Number(first.time.slice(0, 4)) : undefined;
  const description = year !== undefined && kind !== 'mod' ? `${year} ${DESCRIBED[kind]}` : DESCRIBED[kind];
  // Revision-1 edit times spread over the past ~2.5 years; an edit in revision 2 lands in the last 5 days.
  const h = parseInt(hexOf(row.key, 8), 16);
  const ago = edited || row.only === 2 ? DAY + (h % (4 * DAY)) : (40 + (h % 900)) * DAY + (h % DAY);
  const modified = new Date(Math.floor((now.getTime() - ago) / 1000) * 1000).toISOString().replace('.000Z', 'Z');
  const labels: ItemRecord['labels'] = [[row.mul ? 'mul' : 'en', row.label]];
  if (row.other) labels.push([row.other[0], row.other[1]]);
  const rec: ItemRecord = {
    qid, labels, aliases: row.aka ?? [], description, claims, full: true, sitelinks: row.sl,
    ...(row.sl > 0 ? { enwiki: row.wiki ?? row.label } : {}), modified, version: 2_000_000_000 + (h % 300_000_000) + (edited ? 400_000_000 : 0),
  };
  const game: FixtureGame = {
    key: row.key, qid, label: row.label, labelLanguage: row.mul ? 'mul' : 'en', kind, aliases: row.aka ?? [], description,
    ...(first ? { date: dateText(first), year } : {}), platforms: platformLabels, genres, developers, publishers,
    ...(series ? { series } : {}), ...(row.steam ? { steamAppId: row.steam } : {}), ...(row.igdb ? { igdbSlug: row.igdb } : {}),
    ...(row.gog ? { gogId: row.gog } : {}), ...(row.moby ? { mobyId: row.moby } : {}), ...(row.of ? { parent: qidOf(row.of) } : {}),
    sitelinks: row.sl, modified, retro: row.retro === true, upcoming: first !== undefined && new Date(first.time) > now,
  };
  return { rec, game };
}

export function wikidataFixture(options: WikidataFixtureOptions): WikidataFixture {
  const revision = options.revision ?? 1;
  const now = options.now ?? new Date();
  const seed = options.seed ?? 1;
  const rows = NAMED_GAMES.filter((row) => row.only === undefined || row.only === revision);
  const edited = new Set(revision === 2 ? Object.keys(REVISION_2_EDITS) : []);
  const named = rows.map((row) => namedRecord(edited.has(row.key) ? { ...row, ...REVISION_2_EDITS[row.key] } : row, now, edited.has(row.key)));
  const redirects = Object.entries(REVISION_2_REDIRECTS).map(([from, to]) => ({ from: qidOf(from), to: qidOf(to) }));
  const fillerCount = Math.max(0, options.games - NAMED_GAMES.filter((row) => row.only !== 2).length);
  const filler = fillerWorld({ count: fillerCount, seed, now, revision, allStatements: options.allStatements ?? false });
  const newRow = NAMED_GAMES.find((row) => row.key === 'lanternfall-legends')!;

  function* chunks(): Generator<string> {
    const writer = new TurtleWriter();
    let parts: string[] = [writer.header()];
    let size = 0;
    const push = (text: string) => {
      parts.push(text);
      size += text.length;
    };
    for (const c of Object.values(WIKIDATA_CLASSES)) push(writer.entity(c));
    for (const table of [WIKIDATA_PLATFORMS, WIKIDATA_GENRES, WIKIDATA_REGIONS, FIXTURE_COMPANIES] as Record<string, RefEntity>[]) {
      for (const entity of Object.values(table)) push(writer.entity(entity));
    }
    for (const s of Object.values(FIXTURE_SERIES)) push(writer.entity(s, ` ; wdt:P31 wd:${WIKIDATA_CLASSES.series.qid}`));
    for (const { rec } of named) push(writer.item(rec));
    if (revision === 2) for (const r of redirects) push(writer.redirect(r.from, r.to));
    for (const text of filler.turtle(writer)) {
      push(text);
      if (size > 1 << 20) {
        yield parts.join('');
        parts = [];
        size = 0;
      }
    }
    yield parts.join('');
  }

  const namedByKey = Object.fromEntries(named.map(({ game }) => [game.key, game]));
  return {
    revision,
    now,
    chunks,
    get turtle() {
      return [...chunks()].join('');
    },
    items: {
      named: namedByKey,
      retro: named.filter(({ game }) => game.retro).map(({ game }) => game.key),
      upcoming: named.filter(({ game }) => game.upcoming).map(({ game }) => game.key),
      total: named.length + filler.count,
      changed: [...Object.keys(REVISION_2_EDITS).map(qidOf), ...filler.changed],
      added: [...NAMED_GAMES.filter((row) => row.only === 2).map((row) => qidOf(row.key)), ...filler.added],
      removed: NAMED_GAMES.filter((row) => row.only === 1 && !(row.key in REVISION_2_REDIRECTS)).map((row) => qidOf(row.key)),
      redirected: redirects,
      newTitle: { key: newRow.key, qid: qidOf(newRow.key), label: newRow.label },
      stats: filler.stats,
    },
  };
}

import { WIKIDATA_CLASSES, WIKIDATA_GENRES, WIKIDATA_PLATFORMS, WIKIDATA_REGIONS, type GenreKey, type PlatformKey } from './wikidata-fixture.entities.js';
import type { Claim, ItemRecord, TurtleWriter } from './wikidata-fixture.rdf.js';

/*
 * Deterministic synthetic games (seeded PRNG) with the shape of Wikidata's
 * ~110,000 video-game items (CATALOG.md §3): 85 % with a publication date,
 * 89 % a platform, 37 % a genre, 74 % an IGDB slug, 56 % a Steam id; a few %
 * expansions/DLC (some also typed video game), compilations and mods;
 * companies shared across games (Zipf-like: a few publish hundreds), long-
 * tailed sitelinks (most 0–2), 2 % with only a "mul" label and 1 % only a
 * Japanese one. Streamed item by item so 110k items need no big buffer.
 *
 * QIDs: Q900000001 + index; companies Q911000001 +, series Q921000001 +.
 * Revision 2 consumes the PRNG exactly as revision 1 does, then edits every
 * 7919th item (alias, genre, date correction or Steam id, in turn), and adds
 * 3 items at the end.
 */

export interface FillerStats {
  items: number;
  withDate: number;
  withPlatform: number;
  withGenre: number;
  withIgdb: number;
  withSteam: number;
  upcoming: number;
  mulOnly: number;
  expansionsOrDlc: number;
}

const EDIT_STRIDE = 7919;
const ADDED_IN_REVISION_2 = 3;
const DAY = 86_400_000;
const fillerQid = (i: number) => `Q${900_000_001 + i}`;

const ADJ = `Crimson Silent Hollow Iron Golden Broken Lost Eternal Savage Frozen Burning Hidden Forgotten Shattered Wild Neon Ancient Cursed
Radiant Sunken Distant Endless Fallen Electric Velvet Paper Tiny Brave Lonely Clockwork Stellar Emerald Obsidian Scarlet Midnight Rusty Quiet
Hyper Super Turbo Pixel Cosmic Royal Phantom Secret Little Mighty Dark Bright Ashen Gilded Azure`.split(/\s+/);
const NOUN = `Knight Dungeon Kingdom Horizon Legend Odyssey Frontier Empire Garden Harbor Station Tower Labyrinth Voyage Circuit Blade Crown
Engine Signal Orchard Archive Outpost Citadel Reef Canyon Colony Express Heist Rally Arena Tactics Saga Chronicles Protocol Rebellion
Sanctuary Expedition Drift Rift Pilgrim Compass Beacon Forge Tide Ember Specter Wanderer Alchemist Golem Falcon Serpent Marauder`.split(/\s+/);
const PLACE = `Atlantis|the Deep|Avalon|the North|the Void|Neo Tokyo|the Badlands|the Moon|Mars|the Abyss|Eldoria|the Ashlands|the Old Gods|Kestrel Bay|
Ironvale|the Seven Seas|the Lost Isles|Duskwood|Starfall|the Sunken City|Valhalla|the Outer Rim`.split(/\|\n?/);
const HERO = `Captain Nova|Professor Pip|Sir Reginald|Luna|Milo|Agent Zero|Baron Grim|Dr. Fizz|Kiki|Rook|Princess Ada|Max Blaster|Old Tom|Zara`.split('|');
const SPORT = `Pro Golf|Super Soccer|Extreme Tennis|Ultimate Hockey|Street Basketball|World Rally|Table Tennis|Bass Fishing|Skate|Snowboard`.split('|');
const KANA = `ドラゴン ナイト スター ファンタジー クエスト ブレイド ソウル ワールド ヒーロー パズル レーサー ストーリー マジック サムライ ニンジャ ロボ モンスター`.split(' ');
const PRE = `Iron Blue Red Black White Silver Moon Sun Star Storm Frost Fire Stone Wolf Raven Oak Pine Cloud River Sky Night Dawn Dusk Bright
Cold Deep High Wild Green Grey Gold Thunder Shadow Crystal Copper Amber Cobalt Maple Cedar`.split(/\s+/);
const POST = `forge peak wave byte bit soft works fox bear gate field light line point spark stone wood hill lake crest vale ridge haven
fall port mark shore hold wind`.split(/\s+/);
const SUFFIX = `Games|Studios|Interactive|Entertainment|Software|Digital|Softworks|Labs|Productions|Game Studio|Co., Ltd.|Publishing`.split('|');
const GENRE_POOL: GenreKey[] = [
  'action', 'action', 'adventure', 'action-adventure', 'rpg', 'rpg', 'arpg', 'platform', 'platform', 'puzzle', 'puzzle', 'fps', 'shooter',
  'shmup', 'fighting', 'racing', 'sports', 'sports', 'strategy', 'rts', 'simulation', 'simulation', 'visual-novel', 'roguelike', 'survival',
  'survival-horror', 'metroidvania', 'sandbox', 'life-sim', 'party', 'rhythm', 'jrpg', 'tactical-rpg', 'beat-em-up', 'maze', 'tbs',
];
/** Platforms by era: [first year, platforms of the time]. */
const ERAS: [number, PlatformKey[]][] = [
  [0, ['a2600', 'arcade']], [1982, ['c64', 'zx', 'arcade', 'a2600', 'msx', 'bbc', 'dos']], [1986, ['nes', 'sms', 'c64', 'amiga', 'dos', 'arcade']],
  [1990, ['snes', 'gen', 'gb', 'amiga', 'dos', 'arcade', 'gg']], [1995, ['ps1', 'n64', 'sat', 'win', 'dos', 'gbc', 'arcade']],
  [2000, ['ps2', 'gc', 'xbox', 'gba', 'win', 'dc']], [2005, ['ps3', 'x360', 'wii', 'ds', 'psp', 'win', 'mac']],
  [2012, ['ps4', 'xone', '3ds', 'vita', 'wiiu', 'win', 'mac', 'linux', 'ios', 'android']],
  [2017, ['ps4', 'xone', 'sw', 'win', 'mac', 'linux', 'ios', 'android']], [2020, ['ps5', 'xsx', 'sw', 'win', 'ps4', 'ios', 'android', 'mac']],
  [2025, ['sw2', 'ps5', 'xsx', 'win', 'sw']],
];

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const slugify = (text: string) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/'/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const iso = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

export function fillerWorld(o: { count: number; seed: number; now: Date; revision: 1 | 2; allStatements: boolean }) {
  const companies = Math.max(40, Math.floor(o.count / 25));
  const series = Math.max(15, Math.floor(o.count / 180));
  const companyName = (i: number) => `${PRE[i % PRE.length]}${POST[Math.floor(i / PRE.length) % POST.length]} ${SUFFIX[Math.floor(i / (PRE.length * POST.length)) % SUFFIX.length]}`;
  const changed: string[] = [];
  for (let i = 11; i < o.count; i += EDIT_STRIDE) changed.push(fillerQid(i));
  const added = Array.from({ length: ADDED_IN_REVISION_2 }, (_, k) => fillerQid(o.count + k));
  const stats: FillerStats = { items: 0, withDate: 0, withPlatform: 0, withGenre: 0, withIgdb: 0, withSteam: 0, upcoming: 0, mulOnly: 0, expansionsOrDlc: 0 };

  function* turtle(writer: TurtleWriter): Generator<string> {
    const rand = mulberry32(o.seed * 7919 + 17);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
    const zipf = (n: number) => Math.floor(n * Math.pow(rand(), 2.2));
    for (let i = 0; i < companies; i++) yield writer.entity({ qid: `Q${911_000_001 + i}`, label: companyName(i) });
    for (let i = 0; i < series; i++) {
      yield writer.entity({ qid: `Q${921_000_001 + i}`, label: `${ADJ[i % ADJ.length]} ${NOUN[Math.floor(i / ADJ.length) % NOUN.length]}` }, ` ; wdt:P31 wd:${WIKIDATA_CLASSES.series.qid}`);
    }
    const slugs = new Map<string, number>();
    const articles = new Set<string>();
    const parents: { qid: string; title: string; year: number }[] = [];
    const nowMs = o.now.getTime();
    const nowYear = o.now.getUTCFullYear();

    const title = (year: number): string => {
      switch (Math.floor(rand() * 9)) {
        case 0: return `${pick(ADJ)} ${pick(NOUN)}`;
        case 1: return `The ${pick(ADJ)} ${pick(NOUN)}`;
        case 2: return `${pick(NOUN)} of ${pick(PLACE)}`;
        case 3: return `${pick(ADJ)} ${pick(NOUN)}: ${pick(NOUN)} of ${pick(PLACE)}`;
        case 4: return `${pick(HERO)}'s ${pick(ADJ)} ${pick(NOUN)}`;
        case 5: return `${pick(NOUN)} ${pick(NOUN)}`;
        case 6: return `${pick(ADJ)} ${pick(NOUN)} ${pick(['II', 'III', 'IV', '2', '3', 'Zero'])}`;
        case 7: return `${pick(SPORT)} ${year}`;
        default: return `${pick(PRE)}${pick(POST)}`;
      }
    };

    const make = (i: number, fresh: boolean): { rec: ItemRecord; flags: Partial<Record<keyof FillerStats, boolean>> } => {
      const qid = fillerQid(i);
      const roll = rand();
      let kind = roll < 0.03 ? 'expansion' : roll < 0.05 ? 'dlc' : roll < 0.055 ? 'compilation' : roll < 0.06 ? 'mod' : 'game';
      if (parents.length === 0 && (kind === 'expansion' || kind === 'dlc')) kind = 'game';
      const alsoGame = rand() < 0.25;
      let year = 1975 + Math.floor((nowYear - 1975 + 1) * Math.pow(rand(), 0.5));
      let name = title(year);
      const claims: Claim[] = [];
      const add = (prop: string, value: Claim['value'], qualifiers: Claim['qualifiers'] = []) => claims.push({ prop, value, rank: 'normal', qualifiers });
      const cls = { game: WIKIDATA_CLASSES.videoGame, expansion: WIKIDATA_CLASSES.expansionPack, dlc: WIKIDATA_CLASSES.dlc, compilation: WIKIDATA_CLASSES.compilation, mod: WIKIDATA_CLASSES.mod }[kind]!;
      add('P31', { item: cls.qid });
      if (kind === 'expansion' || kind === 'dlc') {
        const parent = pick(parents);
        year = Math.max(year, parent.year);
        name = `${parent.title}: ${pick(NOUN)} of ${pick(PLACE)}`;
        if (alsoGame) add('P31', { item: WIKIDATA_CLASSES.videoGame.qid });
        add('P8646', { item: parent.qid });
      }
      const flags: Partial<Record<keyof FillerStats, boolean>> = { expansionsOrDlc: kind === 'expansion' || kind === 'dlc' };
      // Platforms of the era; a Steam id brings Windows along.
      const era = ERAS.filter(([from]) => from <= year).pop()![1];
      const platforms = new Set<PlatformKey>();
      if (rand() < 0.89) {
        const n = Math.min(era.length, rand() < 0.35 ? 2 + Math.floor(rand() * 3) : 1);
        while (platforms.size < n) platforms.add(pick(era));
      }
      const steam = rand() < 0.56;
      if (steam && platforms.size > 0) platforms.add('win');
      // Dates: day precision mostly; some month or year only; past unless upcoming (an upcoming one with year
      // precision may read as this year, as "2025" does for an unreleased game); a second, later release for some platforms.
      const upcoming = rand() < 0.004;
      if (upcoming || rand() < 0.85) {
        const precision = ((r) => (r < 0.75 ? 11 : r < 0.87 ? 10 : 9))(rand());
        let at = upcoming ? nowMs + (20 + Math.floor(rand() * 340)) * DAY : Date.UTC(year, Math.floor(rand() * 12), 1 + Math.floor(rand() * 28));
        if (!upcoming && at > nowMs) at = nowMs - (1 + Math.floor(rand() * 60)) * DAY;
        const list = [...platforms];
        const dates: [number, PlatformKey[]][] = [[at, list.length > 1 && rand() < 0.2 ? list.slice(0, 1) : list]];
        if (dates[0]![1].length < list.length) dates.push([Math.min(at + Math.floor(rand() * 400) * DAY, upcoming ? Infinity : nowMs), list.slice(1)]);
        for (const [ms, plats] of dates) {
          const d = new Date(ms);
          const y = d.getUTCFullYear(), m = precision >= 10 ? d.getUTCMonth() + 1 : 1, day = precision === 11 ? d.getUTCDate() : 1;
          const time = `${y}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}T00:00:00Z`;
          const qualifiers: Claim['qualifiers'] = plats.map((p) => ['P400', { item: WIKIDATA_PLATFORMS[p].qid }]);
          if (rand() < 0.06) qualifiers.push(['P291', { item: pick([WIKIDATA_REGIONS.jp, WIKIDATA_REGIONS.na, WIKIDATA_REGIONS.eu]).qid }]);
          add('P577', { time, precision }, qualifiers);
        }
        year = new Date(at).getUTCFullYear();
        flags.withDate = true;
        flags.upcoming = upcoming;
      }
      for (const p of platforms) add('P400', { item: WIKIDATA_PLATFORMS[p].qid });
      flags.withPlatform = platforms.size > 0;
      if (rand() < 0.37) {
        for (const g of new Set([pick(GENRE_POOL), ...(rand() < 0.3 ? [pick(GENRE_POOL)] : [])])) add('P136', { item: WIKIDATA_GENRES[g].qid });
        flags.withGenre = true;
      }
      const dev = rand() < 0.7 ? zipf(companies) : -1;
      if (dev >= 0) add('P178', { item: `Q${911_000_001 + dev}` });
      if (rand() < 0.55) add('P123', { item: `Q${911_000_001 + (dev >= 0 && rand() < 0.4 ? dev : zipf(companies))}` });
      if (rand() < 0.08) add('P179', { item: `Q${921_000_001 + zipf(series)}` });
      const base = slugify(name) || `game-${i}`;
      if (rand() < 0.74) {
        const seen = slugs.get(base) ?? 0;
        slugs.set(base, seen + 1);
        add('P5794', { str: seen === 0 ? base : `${base}--${seen}` });
        flags.withIgdb = true;
      }
      if (steam) add('P1733', { str: String(4_000_000 + i * 10) });
      flags.withSteam = steam;
      if (steam && rand() < 0.15) add('P2725', { str: `game/${base.replace(/-/g, '_')}` });
      if (rand() < 0.4) add('P1933', { str: base });
      const sitelinks = Math.floor(40 * Math.pow(rand(), 8));
      // One article per item: a second game of the same name gets Wikipedia's disambiguated title.
      const article = sitelinks < 8 ? undefined : [name, `${name} (${year} video game)`].find((t) => !articles.has(t));
      if (article) articles.add(article);
      const lang = rand();
      const labels: ItemRecord['labels'] = lang < 0.02 ? [['mul', name]] : lang < 0.03 ? [['ja', `${pick(KANA)}${pick(KANA)}`]] : [['en', name]];
      if (lang >= 0.03 && rand() < 0.12) labels.push(['de', name]);
      flags.mulOnly = lang < 0.02;
      const words = name.split(/\s+/).filter((w) => /^[A-Z]/.test(w));
      const aliases = rand() < 0.08 && words.length >= 2 ? [words.map((w) => w[0]).join('')] : [];
      const ago = fresh ? DAY + Math.floor(rand() * 2 * DAY) : (35 + Math.floor(rand() * 1000)) * DAY + Math.floor(rand() * DAY);
      const rec: ItemRecord = {
        qid, labels, aliases, claims, full: o.allStatements, sitelinks, ...(article ? { enwiki: article } : {}),
        description: flags.withDate && kind !== 'mod' ? `${year} ${kind === 'game' ? 'video game' : cls.label}` : cls.label,
        modified: iso(nowMs - ago), version: 1_500_000_000 + Math.floor(rand() * 800_000_000),
      };
      if (kind === 'game' && parents.length < 5000) parents.push({ qid, title: name, year });
      else if (kind === 'game') parents[Math.floor(rand() * parents.length)] = { qid, title: name, year };
      return { rec, flags };
    };

    /** Revision 2's edit of an item: one of four kinds of change, each moving dateModified to the last days. */
    const edit = (rec: ItemRecord, i: number) => {
      const turn = Math.floor(i / EDIT_STRIDE) % 4;
      const label = rec.labels[0]![1];
      if (turn === 0) rec.aliases = [...rec.aliases, `${label} (video game)`];
      if (turn === 1) rec.claims.push({ prop: 'P136', value: { item: WIKIDATA_GENRES.puzzle.qid }, rank: 'normal', qualifiers: [] });
      const date = rec.claims.find((c) => c.prop === 'P577');
      if (turn === 2 && date && 'time' in date.value) date.value = { time: `${date.value.time.slice(0, 4)}-06-15T00:00:00Z`, precision: 11 };
      if (turn === 2 && !date) rec.claims.push({ prop: 'P577', value: { time: '2015-06-15T00:00:00Z', precision: 11 }, rank: 'normal', qualifiers: [] });
      if (turn === 3) rec.claims.push({ prop: 'P1733', value: { str: String(4_000_005 + i * 10) }, rank: 'normal', qualifiers: [] });
      rec.modified = iso(o.now.getTime() - DAY - (i % 3) * DAY);
      rec.version += 100_000_000;
    };

    const total = o.count + (o.revision === 2 ? ADDED_IN_REVISION_2 : 0);
    for (let i = 0; i < total; i++) {
      const { rec, flags } = make(i, i >= o.count);
      if (o.revision === 2 && i < o.count && i % EDIT_STRIDE === 11) edit(rec, i);
      stats.items += 1;
      for (const key of Object.keys(flags) as (keyof FillerStats)[]) if (flags[key]) stats[key] += 1;
      yield writer.item(rec);
    }
  }

  return { count: o.count + (o.revision === 2 ? ADDED_IN_REVISION_2 : 0), changed, added, stats, turtle };
}

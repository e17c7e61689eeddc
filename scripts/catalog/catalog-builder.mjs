// The embedded catalog from MAME's software lists, as a function of the lists:
// parse each list, keep its games (rules.mjs), and merge the same game on
// several platforms into one. build-seed.mjs writes the result; the tests
// call it on small lists.
import { XMLParser } from 'fast-xml-parser';
import { igdbPlatformFor, machineName } from './mame-platforms.mjs';
import { DROP_REASONS, GENERIC_TITLES, PLACEHOLDER_PUBLISHER, fileNameTitle, isDubious, isGameList, looksLikeFileName, nonGameReason } from './rules.mjs';
import { differentNumbers, mergeKey, otherSequel, sequelNumbers, slugify, titleNumbers, titleOf } from './titles.mjs';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  htmlEntities: true, // "Pok&#233;mon Tetris" → "Pokémon Tetris"
  isArray: (name) => ['software', 'info', 'part'].includes(name),
});

/** One MAME software list file → { name, description, software[] }, or undefined when it is not a CC0 software list. */
export function parseSoftwareList(xml) {
  if (!xml.includes('license:CC0')) return undefined;
  const doc = parser.parse(xml).softwarelist;
  if (!doc) return undefined;
  return { name: String(doc.name), description: String(doc.description ?? doc.name), software: doc.software ?? [] };
}

/** Two games' years are "close" within this many years (a port, not a remake). */
export const YEAR_WINDOW = 3;
/** A bootleg's title holds an original's (or the reverse) when the shorter key has at least this many letters. */
const MIN_CONTAINED_KEY = 6;

function publishersOf(raw) {
  if (!raw || PLACEHOLDER_PUBLISHER.test(raw.trim())) return [];
  return raw
    .split(/\s+\/\s+/)
    .map((p) => p.replace(/^[^(]*[^\p{ASCII}][^(]*\((.+)\)$/u, '$1').trim()) // "日本語 (Romanised)" → "Romanised"
    .filter((p) => p && !PLACEHOLDER_PUBLISHER.test(p));
}

/** "19850913" → "1985-09-13", "198510xx" → "1985-10": a real calendar date, or its month (the lists hold a few like 19990231). */
function dateOf(year, month, day) {
  if (!/^\d\d$/.test(month ?? '') || Number(month) < 1 || Number(month) > 12) return undefined;
  if (!/^\d\d$/.test(day ?? '')) return `${year}-${month}`;
  const date = `${year}-${month}-${day}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(date) ? date : undefined;
}

const JAPAN = /\b(Japan|JPN|JP)\b/;
/** A release in Japan and nowhere else: "(Japan)", "(Japan, Rev 1)", not "(Japan, USA)". */
const JAPAN_ONLY = /\(Japan(,(?![^)]*\b(USA|Europe|World|Asia|Korea|Brazil|Australia|Taiwan|China|Hong Kong)\b)[^)]*)?\)/;
/** Lists of Japanese machines, whose entries say no region: the Famicom Disk System, PC-88, PC-98, X68000, FM Towns, … */
const JAPAN_ONLY_LISTS = /^(famicom_flop|famicom_cass|pc8801|pc98|x68k|fmtowns|x1_|fm7|fm77av|pc6001|snes_bspack|n64dd|pce$|megacdj)/;
/** Clones that are no release of their own: prototypes, betas, demos, samples. */
const UNRELEASED = /\([^()]*\b(prototype|proto|beta|alpha|sample|demo|preview|debug|kiosk|location test)\b[^()]*\)/i;

/**
 * The releases one list entry records, its own and its clones' (not prototypes, not bootlegs):
 * { year, date ("1985-09-13", "1985-10" or none), japan }. MAME's `release` may name several
 * ("19850913 (JPN), 198510xx (USA)"); a hyphenated date is a crack's, not a release's.
 */
function releasesOf(softwares) {
  const releases = [];
  for (const s of softwares) {
    const description = String(s.description ?? '');
    const japan = JAPAN.test(description.replace(/^[^(]*/, ''));
    if (/^\d{4}$/.test(String(s.year))) releases.push({ year: Number(s.year), date: undefined, japan });
    const info = String((s.info ?? []).find((i) => i.name === 'release')?.value ?? '');
    for (const m of info.matchAll(/(?:^|,)\s*((?:19|20)\d\d)(\d\d|xx|\?\?)(\d\d|xx|\?\?)\b(?:\s*\(([^)]*)\))?/g)) {
      const date = dateOf(m[1], m[2], m[3]);
      if (date) releases.push({ year: Number(m[1]), date, japan: m[4] ? JAPAN.test(m[4]) : japan });
    }
  }
  return releases;
}

/** Sorts releases first to last: by year, then date; a month before a later day, an undated one last in its year. */
const releaseOrder = (r) => (r.date ?? String(r.year)).padEnd(10, '~');
const earliest = (releases) => releases.reduce((a, b) => (releaseOrder(b) < releaseOrder(a) ? b : a), releases[0]);

const REGIONAL_RELEASE = /\((Japan|Korea|China|Taiwan|Asia|USA|Europe|Brazil)\b/;
const words = (title) => new Set(slugify(title).split('-').filter((w) => w.length >= 4));

/**
 * Names worth keeping besides the title: MAME's alt_title and the clones' other
 * titles, when a clone is the same game released elsewhere ("Zelda no Densetsu:
 * Kamigami no Triforce (Japan)") or shares a word with it. The Amstrad CPC lists
 * group unrelated disks as clones, so theirs are not names of the game.
 * Returns { names, japanese }: `japanese` the titles of its releases in Japan, under
 * which it may be another list's entry (joinJapaneseTitles).
 */
function otherNames(list, software, clones, key) {
  const names = [];
  const japanese = [];
  const alt = (software.info ?? []).find((i) => i.name === 'alt_title')?.value;
  const parentTitle = titleOf(software.description);
  if (alt && !otherSequel(titleOf(String(alt)), parentTitle)) names.push(String(alt).trim());
  if (list.startsWith('cpc_')) return { names, japanese };
  const own = words(titleOf(software.description));
  for (const clone of clones) {
    const name = titleOf(clone.description);
    if (!name || mergeKey(name) === key || isDubious(clone) || nonGameReason({ title: name, description: clone.description, publisher: clone.publisher })) continue;
    const elsewhere = REGIONAL_RELEASE.test(String(clone.description));
    // Another number is another game: "Magic Missile 2" on the tape of "Magic Missile 1", "Tetris v1.04" of
    // "Tetris v1.02"; and a sequel number another region gave it ("Gauntlet" in Japan for Gauntlet IV) would
    // find it as the other game. (A game renamed after its first release keeps its other title, see below.)
    if (otherSequel(name, parentTitle) || (!elsewhere && differentNumbers(name, parentTitle))) continue;
    if (elsewhere || [...words(name)].some((w) => own.has(w))) names.push(name);
    if (/\(Japan\b/.test(String(clone.description)) && !UNRELEASED.test(String(clone.description))) japanese.push(name);
  }
  return { names, japanese };
}

const normalizeNameForChoice = (name) => name.replace(/^(.*),\s*(The|A|An)$/i, '$2 $1');

/**
 * The catalog from parsed lists: { games, localPlatforms, stats }.
 * `igdbSlugById`: IGDB platform id → slug (from the reference file).
 */
export function buildCatalog(lists, igdbSlugById, { onDrop = () => {}, onMerge = () => {} } = {}) {
  const stats = { lists: 0, skippedLists: 0, parents: 0, dropped: Object.fromEntries(Object.keys(DROP_REASONS).map((k) => [k, 0])), dubiousKept: 0, fileNamesMerged: 0, japaneseTitlesMerged: 0 };
  const localPlatforms = new Map();
  const entries = [];

  for (const list of lists) {
    const parents = list.software.filter((s) => !s.cloneof);
    if (!isGameList(list.name)) {
      stats.skippedLists += 1;
      stats.parents += parents.length;
      stats.dropped.list += parents.length;
      parents.forEach((s) => onDrop('list', { list: list.name, description: s.description, publisher: s.publisher }));
      continue;
    }
    stats.lists += 1;
    const igdbId = igdbPlatformFor(list.name);
    let platform = igdbId ? igdbSlugById.get(igdbId) : undefined;
    if (!platform) {
      const name = machineName(list.description);
      platform = `mame-${slugify(name)}`;
      localPlatforms.set(platform, name);
    }
    const clonesOf = new Map();
    for (const s of list.software) if (s.cloneof) clonesOf.set(s.cloneof, [...(clonesOf.get(s.cloneof) ?? []), s]);

    for (const s of parents) {
      stats.parents += 1;
      const description = typeof s.description === 'string' ? s.description : String(s.description ?? '');
      const publisher = String(s.publisher ?? '').trim();
      const title = titleOf(description);
      const drop = (reason) => {
        stats.dropped[reason] += 1;
        onDrop(reason, { list: list.name, description, publisher, year: s.year });
      };
      if (!title || title.length > 200) {
        drop('title');
        continue;
      }
      const reason = nonGameReason({ title, description, publisher });
      if (reason) {
        drop(reason);
        continue;
      }
      const fileNamed = looksLikeFileName({ title, year: s.year, publisher });
      const name = fileNamed ? fileNameTitle(title) : title;
      const key = mergeKey(name);
      if (!key) {
        drop('title');
        continue;
      }
      // A NES/SNES game released only in Japan is a Famicom/Super Famicom game in IGDB's terms.
      let entryPlatform = platform;
      const clones = clonesOf.get(s.name) ?? [];
      const famicom = list.name === 'nes' || list.name === 'snes' ? (igdbSlugById.get(list.name === 'nes' ? 99 : 58) ?? platform) : platform;
      if ([s, ...clones].every((c) => /\(Japan/.test(String(c.description)))) entryPlatform = famicom;
      // Its first release, of its own and its clones' (Doom's v1.1 of 1993, not v1.666 of 1994); one in Japan was a
      // Famicom game ("Super Mario Bros. (World)", released "19850913 (JPN), 198510xx (USA)").
      // (The Amstrad CPC lists group unrelated disks as clones: there the entry alone.)
      const kept = [s, ...(list.name.startsWith('cpc_') ? [] : clones.filter((c) => !isDubious(c) && !UNRELEASED.test(String(c.description))))];
      const releases = kept.flatMap((c) => releasesOf([c]).map((r) => ({ ...r, title: titleOf(c.description), description: String(c.description) })));
      const first = releases.length ? earliest(releases) : undefined;
      const firstPlatform = first?.japan ? famicom : entryPlatform;
      // A game renumbered abroad, released in Japan first with a higher number, keeps its first number: the SNES's
      // "Final Fantasy III (USA)" is Final Fantasy VI (America had not had II, III and V). With a lower one Japan
      // had skipped a game: "Teenage Mutant Ninja Turtles 2 (Japan)" stays TMNT III; "Gauntlet" Gauntlet IV.
      const highest = (t) => Math.max(0, ...sequelNumbers(t));
      const localised = first?.japan && JAPAN_ONLY.test(first.description) && !JAPAN_ONLY.test(description);
      const renumbered = !fileNamed && localised && differentNumbers(first.title, name) && highest(name) > 0 && highest(first.title) > highest(name) ? first.title : undefined;
      const gameName = renumbered ?? name;
      const gameKey = renumbered ? mergeKey(renumbered) : key;
      const others = otherNames(list.name, s, clones, gameKey);
      entries.push({
        name: gameName,
        key: gameKey,
        // The year MAME gives the entry: entries chain into games by it (see clusterByYear). What a game shows is
        // its first release (`first`), which a clone may make earlier.
        year: /^\d{4}$/.test(String(s.year)) ? Number(s.year) : undefined,
        first: first ? { year: first.year, date: first.date, platforms: [firstPlatform] } : undefined,
        publishers: publishersOf(publisher),
        platform: entryPlatform,
        platforms: [...new Set([entryPlatform, firstPlatform])],
        altNames: [...(renumbered ? [name] : []), ...others.names],
        japanese: others.japanese,
        // Released in Japan only: on a Japanese computer or the Famicom Disk System, or only "(Japan)" releases.
        japanOnly: JAPAN_ONLY_LISTS.test(list.name) || kept.every((c) => JAPAN_ONLY.test(String(c.description))),
        // MAME's set names of the entry and its clones ("neogeo:mslug"): arcade data (GameDataBase) names games by them.
        sets: [s, ...clones].map((c) => `${list.name}:${c.name}`),
        kind: fileNamed ? 'file' : isDubious({ description, publisher }) ? 'dubious' : 'game',
        source: { list: list.name, description, publisher, year: s.year },
      });
    }
  }

  // 1. Games: one per normalised title and era, across platforms.
  const byKey = groupBy(entries.filter((e) => e.kind === 'game'), (e) => e.key);
  const games = [];
  for (const [key, group] of byKey) games.push(...clusterByYear(group, GENERIC_TITLES.has(key)));
  // 1b. A game that is another's release in Japan is that game: the Famicom Disk System's "Zelda no Densetsu:
  // The Hyrule Fantasy" is The Legend of Zelda, whose Japanese cartridge MAME lists as its clone.
  const absorbed = joinJapaneseTitles(games, { onMerge });
  stats.japaneseTitlesMerged = absorbed.size;
  for (let i = games.length - 1; i >= 0; i -= 1) if (absorbed.has(games[i])) games.splice(i, 1);
  const gamesByKey = groupBy(games, (g) => g.key);
  // A bootleg or file of the absorbed game's title still finds it.
  for (const [gone, keeper] of absorbed) {
    const list = gamesByKey.get(gone.key);
    if (!list) gamesByKey.set(gone.key, [keeper]);
    else if (!list.includes(keeper)) list.push(keeper);
  }

  // 2. File-named entries only add their platform to a game of the same name.
  for (const e of entries.filter((x) => x.kind === 'file')) {
    const target = closest(gamesByKey.get(e.key), e.year);
    if (!target) {
      stats.dropped.file += 1;
      onDrop('file', e.source);
      continue;
    }
    addTo(target, { ...e, name: target.name });
    stats.fileNamesMerged += 1;
  }

  // 3. Bootlegs, hacks and unlicensed copies give way to the original; the rest rank last.
  const keys = [...gamesByKey.keys()];
  const allKeys = `|${keys.join('|')}|`;
  const keySet = new Set(keys);
  // The same title, or one holding the other ("Zelda: A Link to the Past" in "The Legend of Zelda: A Link to the
  // Past", "Donkey Kong" in "Donkey Kong 5: The Journey of Over Time and Space"); generic words do not count.
  const holdsOriginal = (key) =>
    keySet.has(key) ||
    (!GENERIC_TITLES.has(key) && key.length >= MIN_CONTAINED_KEY && allKeys.includes(key)) ||
    substrings(key, MIN_CONTAINED_KEY).some((part) => keySet.has(part) && !GENERIC_TITLES.has(part));
  const survivors = entries.filter((e) => e.kind === 'dubious').filter((e) => {
    if (holdsOriginal(e.key)) {
      stats.dropped.clone += 1;
      onDrop('clone', e.source);
      return false;
    }
    return true;
  });
  for (const group of groupBy(survivors, (e) => e.key).values()) {
    for (const game of clusterByYear(group, false)) {
      game.dubious = true;
      stats.dubiousKept += game.entries;
      games.push(game);
    }
  }

  chooseFirstPlatforms(games);
  // The year shown is the first release's; the slug keeps the year the game was merged by, so addresses stay.
  for (const g of games) {
    g.slugYear = g.year;
    if (g.first && (g.year === undefined || g.first.year < g.year)) g.year = g.first.year;
  }

  // Stable, unique slugs: the name, then the year, then a counter. A game now part of another keeps its slug
  // out of use: the PC's Sangokushi of 1985 is Romance of the Three Kingdoms now, and "sangokushi" is not the
  // GBA's Sangokushi of 2001 (an address, and an older seed's game, would silently change games).
  for (const g of absorbed.keys()) g.slugYear = g.year;
  const sortBySlug = (list) => list.sort((a, b) => a.name.localeCompare(b.name) || (a.slugYear ?? 0) - (b.slugYear ?? 0));
  sortBySlug(games);
  const used = new Set();
  for (const g of sortBySlug([...games, ...absorbed.keys()])) {
    let slug = slugify(g.name) || 'game';
    if (used.has(slug) && g.slugYear) slug = `${slug}-${g.slugYear}`;
    for (let i = 2; used.has(slug); i += 1) slug = `${slugify(g.name)}-${i}`;
    used.add(slug);
    g.slug = slug;
  }
  return { games, localPlatforms, stats };
}

function groupBy(items, keyOf) {
  const map = new Map();
  for (const item of items) {
    const key = keyOf(item);
    const list = map.get(key);
    if (list) list.push(item);
    else map.set(key, [item]);
  }
  return map;
}

function* allSubstrings(key, min) {
  for (let start = 0; start < key.length; start += 1) for (let end = start + min; end <= key.length; end += 1) yield key.slice(start, end);
}
const substrings = (key, min) => (key.length > min ? [...allSubstrings(key, min)].filter((part) => part !== key) : []);

function newGame(e) {
  return {
    key: e.key,
    names: new Map([[e.name, 1]]),
    name: e.name,
    year: e.year,
    lastYear: e.year,
    first: e.first && { ...e.first, platforms: new Set(e.first.platforms) },
    platforms: new Set(e.platforms),
    publishers: new Set(e.publishers),
    altNames: new Set(e.altNames),
    japanese: new Set(e.japanese),
    japanOnly: e.japanOnly,
    sets: new Set(e.sets),
    entries: 1,
  };
}

/** A game's first release is the earliest of its entries' (the platforms of all released that day, or year, when several were). */
function addFirst(game, first) {
  if (!first) return;
  const order = game.first ? releaseOrder(first).localeCompare(releaseOrder(game.first)) : -1;
  if (order < 0) game.first = { ...first, platforms: new Set(first.platforms) };
  else if (order === 0) first.platforms.forEach((p) => game.first.platforms.add(p));
}

/**
 * The platform of each game's first release: of several released the same day (or year: Tetris of 1987 on a
 * dozen computers), one IGDB knows before a local one, then the best-known (most games in the catalog), so
 * the choice never depends on the order the lists were read in.
 */
function chooseFirstPlatforms(games) {
  const count = new Map();
  for (const g of games) for (const p of g.platforms) count.set(p, (count.get(p) ?? 0) + 1);
  const local = (p) => Number(p.startsWith('mame-'));
  for (const g of games) {
    if (!g.first) continue;
    g.first.platform = [...g.first.platforms].sort((a, b) => local(a) - local(b) || count.get(b) - count.get(a) || (a < b ? -1 : 1))[0];
  }
}

function addTo(game, e) {
  e.platforms.forEach((p) => game.platforms.add(p));
  e.publishers.forEach((p) => game.publishers.add(p));
  e.altNames.forEach((n) => game.altNames.add(n));
  e.japanese.forEach((n) => game.japanese.add(n));
  game.japanOnly &&= e.japanOnly;
  e.sets.forEach((n) => game.sets.add(n));
  game.names.set(e.name, (game.names.get(e.name) ?? 0) + 1);
  if (e.year !== undefined) {
    game.year = game.year === undefined ? e.year : Math.min(game.year, e.year);
    game.lastYear = game.lastYear === undefined ? e.year : Math.max(game.lastYear, e.year);
  }
  addFirst(game, e.first);
  game.entries += 1;
}

/** Game `from` (the Japanese release of `into`) becomes part of `into`: its platforms, publishers and releases, its names as other names. */
function absorb(into, from) {
  from.platforms.forEach((p) => into.platforms.add(p));
  from.publishers.forEach((p) => into.publishers.add(p));
  [...from.names.keys(), ...from.altNames].filter((n) => !otherSequel(n, into.name)).forEach((n) => into.altNames.add(n));
  from.sets.forEach((n) => into.sets.add(n));
  if (from.year !== undefined) {
    into.year = into.year === undefined ? from.year : Math.min(into.year, from.year);
    into.lastYear = into.lastYear === undefined ? from.lastYear : Math.max(into.lastYear, from.lastYear);
  }
  addFirst(into, from.first);
  into.entries += from.entries;
  into.altNames.delete(into.name);
}

/** Where a title meets another's Japanese title: its words and numbers ("Zelda no Densetsu 1" = "Zelda no Densetsu"). */
function titleKey(title) {
  const { words: w, numbers } = titleNumbers(title);
  return w ? `${w.replace(/ /g, '')}#${numbers.join(',')}` : '';
}

/**
 * Games released in Japan only that are the Japanese release of a game released elsewhere, as MAME's
 * lists say: game G (Japan only) is game H when one of G's titles is the title of one of H's clones
 * released in Japan ("Zelda no Densetsu 1: The Hyrule Fantasy (Japan)", a clone of the NES's The
 * Legend of Zelda, names the Famicom Disk System's Zelda no Densetsu: The Hyrule Fantasy), their first
 * releases are at most YEAR_WINDOW years apart, a publisher is shared and their names do not differ in number only
 * (the NES's Final Fantasy II is not Final Fantasy IV, released in America as Final Fantasy II). A
 * Japanese title of two games ("Akumajou Dracula": Castlevania, and Super Castlevania IV) names neither;
 * when several games name G by its titles, the nearest in years takes it. H keeps its name; G's become
 * its other names.
 * Returns the absorbed games → the game they are part of; `onMerge(from, into)` hears each.
 */
export function joinJapaneseTitles(games, { onMerge = () => {} } = {}) {
  const byTitle = new Map();
  for (const h of games) {
    if (h.japanOnly) continue;
    for (const title of h.japanese) {
      const key = titleKey(title);
      if (!key || differentNumbers(title, h.name) || otherSequel(title, h.name)) continue;
      const list = byTitle.get(key) ?? [];
      if (!list.includes(h)) list.push(h);
      byTitle.set(key, list);
    }
  }
  // Their first releases within YEAR_WINDOW: the Mega-CD's Captain Tsubasa of 1994 is not the NES's of 1988.
  const meet = (a, b) => a.first !== undefined && b.first !== undefined && Math.abs(a.first.year - b.first.year) <= YEAR_WINDOW;
  const shared = (a, b) => [...a.publishers].some((p) => b.publishers.has(p));
  const absorbed = new Map();
  for (const g of games) {
    if (!g.japanOnly) continue;
    const candidates = new Set();
    for (const name of g.names.keys()) {
      const claimed = byTitle.get(titleKey(name)) ?? [];
      // A Japanese title two games had ("Akumajou Dracula": Castlevania, and Super Castlevania IV) says neither.
      if (claimed.length > 1) continue;
      for (const h of claimed) if (meet(g, h) && shared(g, h) && !differentNumbers(name, h.name) && !otherSequel(name, h.name)) candidates.add(h);
    }
    if (!candidates.size) continue;
    const gap = (h) => Math.abs(h.first.year - g.first.year);
    const into = [...candidates].sort((a, b) => gap(a) - gap(b) || b.platforms.size - a.platforms.size || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))[0];
    absorbed.set(g, into);
  }
  for (const [g, into] of absorbed) {
    absorb(into, g);
    onMerge(g, into);
  }
  return absorbed;
}

/** The game of a group closest in years to `year` (the one on most platforms when the year is unknown). */
function closest(group, year) {
  if (!group?.length) return undefined;
  if (year === undefined) return [...group].sort((a, b) => b.platforms.size - a.platforms.size)[0];
  return group
    .filter((g) => g.year === undefined || (year >= g.year - YEAR_WINDOW && year <= g.lastYear + YEAR_WINDOW))
    .sort((a, b) => b.platforms.size - a.platforms.size)[0];
}

const sharesPublisher = (game, e) => e.publishers.some((p) => game.publishers.has(p));

/**
 * Entries of one title → games: dated entries chain into one game while each
 * is within YEAR_WINDOW years of the last (a port), a later one starts another
 * (a remake); undated entries join the game on most platforms. A generic title
 * ("Chess") also needs a shared publisher.
 */
function clusterByYear(group, generic) {
  const dated = group.filter((e) => e.year !== undefined).sort((a, b) => a.year - b.year);
  const undated = group.filter((e) => e.year === undefined);
  const clusters = [];
  for (const e of dated) {
    const target = clusters.find((c) => e.year - c.lastYear <= YEAR_WINDOW && (!generic || sharesPublisher(c, e)));
    if (target) addTo(target, e);
    else clusters.push(newGame(e));
  }
  for (const e of undated) {
    const candidates = generic ? clusters.filter((c) => sharesPublisher(c, e)) : clusters;
    const target = candidates.length ? candidates.reduce((a, b) => (b.platforms.size > a.platforms.size ? b : a)) : undefined;
    if (target) addTo(target, e);
    else clusters.push(newGame(e));
  }
  for (const c of clusters) {
    c.name = bestName(c.names);
    c.altNames.delete(c.name);
  }
  return clusters;
}

/** The spelling most entries use, preferring "The Legend of Zelda" to "Legend of Zelda, The" and "Tetris" to "TETRIS". */
function bestName(names) {
  const score = (name) => (/[a-z]/.test(name) ? 1000 : 0) + (/,\s*(The|A|An)$/i.test(name) ? 0 : 500) + names.get(name);
  const best = [...names.keys()].sort((a, b) => score(b) - score(a))[0];
  return normalizeNameForChoice(best);
}

/** The seed file's lines: local platforms first, then one game per line (the catalog:import format). */
export function seedLines({ games, localPlatforms }) {
  const used = new Set(games.flatMap((g) => [...g.platforms]));
  return [
    ...[...localPlatforms]
      .filter(([slug]) => used.has(slug))
      .sort()
      .map(([slug, name]) => JSON.stringify({ kind: 'platform', slug, name })),
    ...games.map((g) =>
      JSON.stringify({
        name: g.name,
        slug: g.slug,
        // The first release's date when known, else its year; a date from a later port would say the game is younger than it is.
        ...(g.first?.date?.length === 10 ? { releaseDate: g.first.date } : g.year ? { year: g.year } : {}),
        platforms: [...g.platforms].sort(),
        // Where it came out first, when it is on several: what a card shows (Super Mario Bros. on the Famicom, Doom on DOS).
        ...(g.first && g.platforms.size > 1 ? { firstPlatform: g.first.platform } : {}),
        ...(g.publishers.size ? { publishers: [...g.publishers].slice(0, 4) } : {}),
        // From GameDataBase (gamedatabase.mjs), when it knows the game.
        ...(g.developers?.length ? { developers: g.developers } : {}),
        ...(g.genres?.length ? { genres: g.genres } : {}),
        ...(g.themes?.length ? { themes: g.themes } : {}),
        ...(g.altNames.size ? { altNames: [...g.altNames].slice(0, 4) } : {}),
        // Bootlegs, hacks and unlicensed games without an original in the catalog: last in every order.
        ...(g.dubious ? { popularity: 0 } : {}),
      }),
    ),
  ];
}

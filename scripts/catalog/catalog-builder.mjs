// The embedded catalog from MAME's software lists, as a function of the lists:
// parse each list, keep its games (rules.mjs), and merge the same game on
// several platforms into one. build-seed.mjs writes the result; the tests
// call it on small lists.
import { XMLParser } from 'fast-xml-parser';
import { igdbPlatformFor, machineName } from './mame-platforms.mjs';
import { DROP_REASONS, GENERIC_TITLES, PLACEHOLDER_PUBLISHER, fileNameTitle, isDubious, isGameList, looksLikeFileName, nonGameReason } from './rules.mjs';
import { mergeKey, slugify, titleOf } from './titles.mjs';

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

function releaseDateOf(software) {
  const info = (software.info ?? []).find((i) => i.name === 'release')?.value;
  const m = String(info ?? '').match(/^(\d{4})(\d{2})(\d{2})$/);
  if (!m) return undefined;
  const date = `${m[1]}-${m[2]}-${m[3]}`;
  // Real calendar dates only (the lists hold a few like 19990231).
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(date) ? date : undefined;
}

const REGIONAL_RELEASE = /\((Japan|Korea|China|Taiwan|Asia|USA|Europe|Brazil)\b/;
const words = (title) => new Set(slugify(title).split('-').filter((w) => w.length >= 4));

/**
 * Names worth keeping besides the title: MAME's alt_title and the clones' other
 * titles, when a clone is the same game released elsewhere ("Zelda no Densetsu:
 * Kamigami no Triforce (Japan)") or shares a word with it. The Amstrad CPC lists
 * group unrelated disks as clones, so theirs are not names of the game.
 */
function otherNames(list, software, clones, key) {
  const names = [];
  const alt = (software.info ?? []).find((i) => i.name === 'alt_title')?.value;
  if (alt) names.push(String(alt).trim());
  if (list.startsWith('cpc_')) return names;
  const own = words(titleOf(software.description));
  for (const clone of clones) {
    const name = titleOf(clone.description);
    if (!name || mergeKey(name) === key || isDubious(clone) || nonGameReason({ title: name, description: clone.description, publisher: clone.publisher })) continue;
    if (REGIONAL_RELEASE.test(String(clone.description)) || [...words(name)].some((w) => own.has(w))) names.push(name);
  }
  return names;
}

const normalizeNameForChoice = (name) => name.replace(/^(.*),\s*(The|A|An)$/i, '$2 $1');

/**
 * The catalog from parsed lists: { games, localPlatforms, stats }.
 * `igdbSlugById`: IGDB platform id → slug (from the reference file).
 */
export function buildCatalog(lists, igdbSlugById, { onDrop = () => {} } = {}) {
  const stats = { lists: 0, skippedLists: 0, parents: 0, dropped: Object.fromEntries(Object.keys(DROP_REASONS).map((k) => [k, 0])), dubiousKept: 0, fileNamesMerged: 0 };
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
      if (list.name === 'nes' || list.name === 'snes') {
        if ([s, ...clones].every((c) => /\(Japan/.test(String(c.description)))) entryPlatform = igdbSlugById.get(list.name === 'nes' ? 99 : 58) ?? platform;
      }
      const year = /^\d{4}$/.test(String(s.year)) ? Number(s.year) : undefined;
      entries.push({
        name,
        key,
        year,
        releaseDate: releaseDateOf(s),
        publishers: publishersOf(publisher),
        platform: entryPlatform,
        altNames: otherNames(list.name, s, clones, key),
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
  const gamesByKey = groupBy(games, (g) => g.key);

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

  // Stable, unique slugs: the name, then the year, then a counter.
  games.sort((a, b) => a.name.localeCompare(b.name) || (a.year ?? 0) - (b.year ?? 0));
  const used = new Set();
  for (const g of games) {
    let slug = slugify(g.name) || 'game';
    if (used.has(slug) && g.year) slug = `${slug}-${g.year}`;
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
    releaseDate: e.releaseDate,
    platforms: new Set([e.platform]),
    publishers: new Set(e.publishers),
    altNames: new Set(e.altNames),
    sets: new Set(e.sets),
    entries: 1,
  };
}

function addTo(game, e) {
  game.platforms.add(e.platform);
  e.publishers.forEach((p) => game.publishers.add(p));
  e.altNames.forEach((n) => game.altNames.add(n));
  e.sets.forEach((n) => game.sets.add(n));
  game.names.set(e.name, (game.names.get(e.name) ?? 0) + 1);
  if (e.year !== undefined) {
    game.year = game.year === undefined ? e.year : Math.min(game.year, e.year);
    game.lastYear = game.lastYear === undefined ? e.year : Math.max(game.lastYear, e.year);
  }
  if (e.releaseDate && (!game.releaseDate || e.releaseDate < game.releaseDate)) game.releaseDate = e.releaseDate;
  game.entries += 1;
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
        // The first release's date when known; a date from a later port would say the game is younger than it is.
        ...(g.releaseDate && (g.year === undefined || Number(g.releaseDate.slice(0, 4)) <= g.year) ? { releaseDate: g.releaseDate } : g.year ? { year: g.year } : {}),
        platforms: [...g.platforms].sort(),
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

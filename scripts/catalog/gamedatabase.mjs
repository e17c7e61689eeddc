// Genres, themes, developers and publishers for the embedded catalog from
// PigSaint's GameDataBase (github.com/PigSaint/GameDataBase, CC BY 4.0): one
// CSV a platform, one row a release, tags such as "#genre:rpg>a" and, on
// arcade rows, "#mamerom:<set>>clone". build-seed.mjs reads a checkout of it
// and joins it to the games built from MAME's lists: arcade rows by MAME set
// name, the others by normalised title on the same platform, in the same era.
import { YEAR_WINDOW } from './catalog-builder.mjs';
import { mergeKey, slugify, titleOf } from './titles.mjs';

/** The upstream commit the committed seed was built from (CATALOG.md §4). */
export const GAMEDATABASE_COMMIT = '124e67c04343304725eb643b58b6af228a3a5375';

/** GameDataBase file → the IGDB platform slugs (as the seed names them) its games are on. Arcade files join by set name. */
export const FILE_PLATFORMS = {
  console_nec_cdrom2: ['turbografx-16-slash-pc-engine-cd'],
  console_nec_pcengine_turbografx_supergrafx: ['turbografx16--1', 'supergrafx'],
  console_nec_pcfx: ['pc-fx'],
  console_nintendo_64dd: ['64dd'],
  console_nintendo_bandai_sufamiturbo: ['snes', 'sfam'],
  console_nintendo_famicom_nes: ['nes', 'famicom'],
  console_nintendo_famicomdisksystem: ['fds'],
  console_nintendo_gameboy: ['gb'],
  console_nintendo_gameboyadvance: ['gba'],
  console_nintendo_gameboycolor: ['gbc', 'gb'],
  console_nintendo_nintendo64: ['n64'],
  console_nintendo_satellaview: ['satellaview'],
  console_nintendo_superfamicom_snes: ['snes', 'sfam'],
  console_nintendo_virtualboy: ['virtualboy'],
  console_sega_gamegear: ['gamegear'],
  console_sega_markIII_mastersystem: ['sms'],
  console_sega_megacd_segacd: ['sega-cd'],
  console_sega_megadrive_genesis: ['genesis-slash-megadrive'],
  console_sega_saturn: ['saturn'],
  console_sega_sg1000_sc3000_othellomultivision: ['sg1000'],
  console_sega_super32x: ['sega32'],
  console_snk_neogeopocket_neogeopocketcolor: ['neo-geo-pocket', 'neo-geo-pocket-color'],
};

/** MAME software lists whose set names are MAME's arcade set names (the Neo Geo MVS and Sega ST-V cartridges). */
export const ARCADE_SET_LISTS = ['neogeo', 'stv'];
/** Where else the seed may have an arcade game: the Neo Geo's, under their titles. */
const MVS_PLATFORMS = ['neogeoaes', 'neo-geo-cd'];

/**
 * "#genre:…" values → IGDB genre and theme slugs (data/catalog/igdb-reference.json).
 * The most specific value wins: "rpg>s" is role-playing and tactical. Values
 * with no IGDB counterpart (pachinko, "notagame>application") give nothing.
 */
export const GENRE_MAP = {
  action: { themes: ['action'] },
  'action>platformer': { genres: ['platform'], themes: ['action'] },
  'action>maze': { genres: ['arcade'], themes: ['action'] },
  'action>blockbreaker': { genres: ['arcade'], themes: ['action'] },
  'action>runandgun': { genres: ['shooter'], themes: ['action'] },
  'action>hackandslash': { genres: ['hack-and-slash-beat-em-up'], themes: ['action'] },
  'action>metroidvania': { genres: ['platform', 'adventure'], themes: ['action'] },
  adventure: { genres: ['adventure'] },
  'adventure>pointandclick': { genres: ['point-and-click', 'adventure'] },
  'adventure>visualnovel': { genres: ['visual-novel', 'adventure'] },
  'adventure>survivalhorror': { genres: ['adventure'], themes: ['horror', 'survival'] },
  'adventure>text': { genres: ['adventure'] },
  board: { genres: ['card-and-board-game'] },
  'board>party': { genres: ['card-and-board-game'], themes: ['party'] },
  brawler: { genres: ['hack-and-slash-beat-em-up'], themes: ['action'] },
  fighting: { genres: ['fighting'], themes: ['action'] },
  minigames: { themes: ['party'] },
  'parlor>pinball': { genres: ['pinball'] },
  'parlor>darts': { genres: ['sport'] },
  'parlor>bowling': { genres: ['sport'] },
  'parlor>billiards': { genres: ['sport'] },
  'parlor>mogurataiji': { genres: ['arcade'] },
  quiz: { genres: ['quiz-trivia'] },
  racing: { genres: ['racing'] },
  'racing>combat': { genres: ['racing'], themes: ['action'] },
  rpg: { genres: ['role-playing-rpg'] },
  'rpg>a': { genres: ['role-playing-rpg'], themes: ['action'] },
  'rpg>s': { genres: ['role-playing-rpg', 'tactical'] },
  rhythm: { genres: ['music'] },
  shmup: { genres: ['shooter'], themes: ['action'] },
  shooting: { genres: ['shooter'] },
  puzzle: { genres: ['puzzle'] },
  sim: { genres: ['simulator'] },
  'sim>strategy': { genres: ['strategy'] },
  'sim>cardgame': { genres: ['card-and-board-game'] },
  'sim>date': { genres: ['simulator'], themes: ['romance'] },
  'sim>otome': { genres: ['simulator'], themes: ['romance'] },
  'sim>fishing': { genres: ['simulator', 'sport'] },
  'sim>derby': { genres: ['simulator', 'sport'] },
  'sim>god': { genres: ['simulator', 'strategy'] },
  'sim>building': { genres: ['simulator', 'strategy'] },
  sports: { genres: ['sport'] },
  'notagame>educational': { themes: ['educational'] },
};
/** Other tags that name an IGDB theme. */
export const TAG_THEMES = { 'search:keyword>strip': 'erotic' };

/** "rpg>a:action>platformer>runandgun:puzzle" → ["rpg>a", "action>platformer", "action>runandgun", "puzzle"]. */
function genreValues(value) {
  return value.split(':').flatMap((v) => {
    const [sub, ...children] = v.split('>');
    return children.length ? children.map((c) => `${sub}>${c}`) : [sub];
  });
}

/** A row's tags ("#genre:action>platformer #players:1 …") → { genres, themes } as IGDB slugs, in the order the tags name them. */
export function igdbTermsOf(tags) {
  const genres = new Set();
  const themes = new Set();
  for (const tag of String(tags).split(/\s+/)) {
    const m = /^#([a-z0-9]+)(?::(.*))?$/.exec(tag);
    if (!m) continue;
    const [, name, value = ''] = m;
    if (name === 'genre') {
      for (const v of genreValues(value)) {
        const terms = GENRE_MAP[v] ?? GENRE_MAP[v.split('>')[0]];
        terms?.genres?.forEach((g) => genres.add(g));
        terms?.themes?.forEach((t) => themes.add(t));
      }
    } else if (TAG_THEMES[`${name}:${value}`]) themes.add(TAG_THEMES[`${name}:${value}`]);
  }
  return { genres: [...genres], themes: [...themes] };
}

/** "a,\"b, c\",d" lines → rows of fields (RFC 4180: quoted fields may hold commas, quotes and line breaks). */
export function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

const PLACEHOLDER_COMPANY = /^(|\?+|unknown|n\/a|-+|none)$/i;
/** "Now Production/N-Tech" → ["Now Production", "N-Tech"]. */
const companiesOf = (raw) =>
  String(raw ?? '')
    .split('/')
    .map((c) => c.trim())
    .filter((c) => !PLACEHOLDER_COMPANY.test(c) && slugify(c));

/** "1990-02-27", "1990", "19890-06" (sic) → 1990, 1989; nothing for a date without a year. */
const yearOf = (date) => {
  const m = /^((?:19|20)\d\d)/.exec(String(date ?? '').trim());
  return m ? Number(m[1]) : undefined;
};

/** Japanese long vowels as MAME romanises them: "Jūma Hōkan" → "Juuma Houkan". */
const LONG_VOWELS = { ā: 'aa', ī: 'ii', ū: 'uu', ē: 'ei', ō: 'ou', Ā: 'Aa', Ī: 'Ii', Ū: 'Uu', Ē: 'Ei', Ō: 'Ou', â: 'aa', û: 'uu', ô: 'ou' };
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * A title in another script, as MAME's alt_title has it ("テトリス"), without spaces and
 * punctuation; for "A Week of Garfield ガーフィールドの一週間" (a Latin title, then the
 * Japanese one) the Japanese part too.
 */
function scriptKeys(title) {
  const key = String(title).normalize('NFKC').toLowerCase().replace(/[\s\p{P}\p{S}]/gu, '');
  if (!CJK.test(key)) return [];
  const script = key.replace(/^[a-z0-9]+/, ''); // "digdugiiディグダグii" → "ディグダグii"
  return [`=${key}`, ...(key.length - script.length >= 6 && script.length >= 3 ? [`=${script}`] : [])];
}

/**
 * The keys under which a title may meet a seed game's: a Latin title's merge key
 * (titles.mjs), also with long vowels spelt out and without a leading "The"; a Japanese,
 * Chinese or Korean one in its own script; each part of MAME's "Streets of Rage ~ Bare
 * Knuckle: Ikari no Tekken" on its own.
 */
export function titleKeys(title) {
  const keys = new Set();
  for (const part of String(title ?? '').split(/\s+~\s+/)) {
    const name = titleOf(part.trim().replace(/^\((.*)\)$/, '$1')); // "(Gekido)": unreleased, still its title
    if (!name || name === '=') continue;
    scriptKeys(name).forEach((k) => keys.add(k));
    if (CJK.test(name)) continue; // its Latin letters alone ("II" of "モータルコンバットII") are no title
    const spelt = name.replace(/[āīūēōĀĪŪĒŌâûô]/g, (c) => LONG_VOWELS[c]);
    for (const variant of [name, spelt, spelt.replace(/^the\s+/i, '')]) keys.add(mergeKey(variant));
  }
  keys.delete('');
  return [...keys];
}

const COLUMNS = { title: 'Title', exact: 'Title (exact)', screen: 'Title screen', screenExact: 'Title screen (exact)', id: 'ID', date: 'Release date', developer: 'Developer', publisher: 'Publisher', tags: 'Tags' };

/**
 * GameDataBase's CSV files ({ name: "console_sega_saturn.csv", text }) → its
 * games: one per file and ID (the rows of one game's releases), each with the
 * platforms of its file or the MAME sets of its rows, its title keys, first
 * year, developers, publishers and IGDB genres and themes.
 */
export function readGameDataBase(files) {
  const games = new Map();
  let rows = 0;
  for (const { name, text } of files) {
    const file = name.replace(/\.csv$/, '');
    const arcade = file.startsWith('arcade_');
    const platforms = FILE_PLATFORMS[file];
    if (!arcade && !platforms) continue;
    const [header, ...lines] = parseCsv(text);
    const at = Object.fromEntries(Object.entries(COLUMNS).map(([key, column]) => [key, header.indexOf(column)]));
    if (at.title < 0 || at.id < 0 || at.tags < 0) throw new Error(`${name}: not a GameDataBase file (no Title, ID or Tags column)`);
    for (const fields of lines) {
      rows += 1;
      const get = (key) => (at[key] >= 0 ? (fields[at[key]] ?? '') : '');
      const id = get('id').trim() || mergeKey(get('title'));
      const gameKey = `${file}/${id}`;
      let game = games.get(gameKey);
      if (!game) {
        game = {
          file,
          id,
          arcade,
          platforms: platforms ?? [],
          sets: new Set(),
          keys: new Set(),
          year: undefined,
          lastYear: undefined,
          developers: [],
          publishers: [],
          genres: [],
          themes: [],
          rows: 0,
          rereleasedBy: { developers: [], publishers: [] },
        };
        games.set(gameKey, game);
      }
      game.rows += 1;
      const tags = get('tags');
      for (const m of tags.matchAll(/#mamerom:(\S+)/g)) m[1].split('>').forEach((set) => set && game.sets.add(set));
      const titles = titleKeys(get('title'));
      titles.forEach((key) => game.keys.add(key));
      for (const column of ['exact', 'screen', 'screenExact']) {
        // A title screen's one word ("Special" for "The Best Play Pro Yakyū Special") names too many games.
        const oneWord = !/\S\s+\S/.test(titleOf(get(column)));
        for (const key of titleKeys(get(column))) if (!oneWord || key.startsWith('=') || titles.includes(key)) game.keys.add(key);
      }
      game.keys.add(id.toLowerCase().replace(/[^a-z0-9]/g, ''));
      const year = yearOf(get('date'));
      if (year !== undefined && (game.year === undefined || year < game.year)) game.year = year;
      // A re-release years later ("#rerelease:…", a collection or a budget label) says nothing of the game's era.
      if (year !== undefined && !/#rerelease\b/.test(tags) && (game.lastYear === undefined || year > game.lastYear)) game.lastYear = year;
      const { genres, themes } = igdbTermsOf(tags);
      // Who re-released it (M2 for SEGA AGES, a Virtual Console label) only counts when nothing else says who made it.
      const companies = /#rerelease\b/.test(tags) ? game.rereleasedBy : game;
      for (const [list, values] of [
        [companies.developers, companiesOf(get('developer'))],
        [companies.publishers, companiesOf(get('publisher'))],
        [game.genres, genres],
        [game.themes, themes],
      ]) {
        for (const v of values) if (!list.includes(v)) list.push(v);
      }
      // A Neo Geo MVS game is also on the home Neo Geo and Neo Geo CD, where the seed has it under its title.
      if (/#arcadeboard:snk>mvs\b/.test(tags)) game.platforms = MVS_PLATFORMS;
    }
  }
  for (const game of games.values()) {
    if (!game.developers.length) game.developers = game.rereleasedBy.developers;
    if (!game.publishers.length) game.publishers = game.rereleasedBy.publishers;
    delete game.rereleasedBy;
  }
  return { games: [...games.values()], rows };
}

const MAX = { genres: 4, themes: 3, developers: 4, publishers: 4 };

/**
 * Joins GameDataBase's games to the seed's (catalog-builder's games): an
 * arcade game to the seed game holding one of its MAME sets in a list of
 * arcade sets; another (or an MVS game without such a set) to the seed game
 * of one of its titles on one of its platforms whose years meet its
 * releases' give or take YEAR_WINDOW: the closest when several do, none
 * when several do and it has no date. Fills each matched seed game's
 * `genres`, `themes` and `developers`, and its publishers when MAME gave
 * none; company names take the spelling the seed uses most ("Capcom" for
 * "CAPCOM"). Returns the join report; `onMatch(gdbGame, seedGame |
 * undefined)` hears each decision.
 */
export function joinGameDataBase(seedGames, gdbGames, { onMatch = () => {} } = {}) {
  const bySet = new Map();
  // Title key and platform → seed games, by their names first, then by their other names (MAME's alt_title and clones' titles).
  const byName = new Map();
  const byOtherName = new Map();
  const index = (map, keys, game) => {
    for (const key of keys) {
      for (const platform of game.platforms) {
        const list = map.get(`${key}@${platform}`);
        if (!list) map.set(`${key}@${platform}`, [game]);
        else if (!list.includes(game)) list.push(game);
      }
    }
  };
  for (const game of seedGames) {
    for (const set of game.sets ?? []) {
      const [list, name] = set.split(':');
      if (ARCADE_SET_LISTS.includes(list)) bySet.set(name, game);
    }
    const names = new Set([game.key, ...[game.name, ...(game.names?.keys() ?? [])].flatMap(titleKeys)]);
    index(byName, names, game);
    index(byOtherName, [...game.altNames].flatMap(titleKeys).filter((k) => !names.has(k)), game);
  }

  // Games (one per file and ID) and rows (releases) of GameDataBase, by how they joined.
  const tally = () => ({ games: 0, rows: 0 });
  const report = { bySet: tally(), byTitle: tally(), ambiguous: tally(), unmatchedArcade: tally(), unmatchedOther: tally(), seedGamesEnriched: 0 };
  const count = (what, gdb) => {
    report[what].games += 1;
    report[what].rows += gdb.rows;
  };
  const matches = new Map(); // seed game → GameDataBase games
  // The years of its releases (Japan 1985, USA 1989) meet the seed game's (its first and last, ports included), give or take YEAR_WINDOW.
  const inWindow = (seed, gdb) =>
    gdb.year === undefined || seed.year === undefined || (gdb.year <= (seed.lastYear ?? seed.year) + YEAR_WINDOW && (gdb.lastYear ?? gdb.year) >= seed.year - YEAR_WINDOW);
  const nearest = (map, gdb) => {
    const candidates = new Set();
    for (const key of gdb.keys) for (const platform of gdb.platforms) map.get(`${key}@${platform}`)?.forEach((g) => candidates.add(g));
    return [...candidates].filter((g) => inWindow(g, gdb));
  };
  for (const gdb of gdbGames) {
    let target;
    if (gdb.arcade) target = [...gdb.sets].map((s) => bySet.get(s)).find(Boolean);
    if (target) count('bySet', gdb);
    else if (gdb.platforms.length) {
      const near = nearest(byName, gdb).length ? nearest(byName, gdb) : nearest(byOtherName, gdb);
      if (near.length > 1 && gdb.year === undefined) count('ambiguous', gdb);
      else if (near.length) {
        // Years apart (0 when they overlap); an original before a bootleg; the game on most platforms.
        const gap = (g) => (g.year === undefined || gdb.year === undefined ? YEAR_WINDOW + 1 : Math.max(0, g.year - (gdb.lastYear ?? gdb.year), gdb.year - (g.lastYear ?? g.year)));
        target = near.sort((a, b) => gap(a) - gap(b) || Number(a.dubious ?? false) - Number(b.dubious ?? false) || b.platforms.size - a.platforms.size)[0];
        count('byTitle', gdb);
      }
    }
    onMatch(gdb, target);
    if (!target) {
      if (gdb.arcade) count('unmatchedArcade', gdb);
      else count('unmatchedOther', gdb);
      continue;
    }
    matches.set(target, [...(matches.get(target) ?? []), gdb]);
  }

  const spelling = companySpellings(seedGames, gdbGames);
  for (const [seed, found] of matches) {
    // The first release first: its developer is the game's; later ones ported it.
    found.sort((a, b) => (a.year ?? 9999) - (b.year ?? 9999) || a.file.localeCompare(b.file) || a.id.localeCompare(b.id));
    const pick = (field) => ranked(found.map((g) => g[field]));
    seed.genres = pick('genres').slice(0, MAX.genres);
    seed.themes = pick('themes').slice(0, MAX.themes);
    seed.developers = uniqueCompanies(pick('developers').map(spelling)).slice(0, MAX.developers);
    if (seed.publishers.size === 0) uniqueCompanies(pick('publishers').map(spelling)).slice(0, MAX.publishers).forEach((p) => seed.publishers.add(p));
    report.seedGamesEnriched += 1;
  }
  return report;
}

/** Values of several lists, the ones most lists name first, then in the order they come. */
function ranked(lists) {
  const count = new Map();
  lists.forEach((list) => list.forEach((v) => count.set(v, (count.get(v) ?? 0) + 1)));
  const order = [...count.keys()];
  return order.sort((a, b) => count.get(b) - count.get(a) || order.indexOf(a) - order.indexOf(b));
}

/** One name a company (the catalog keys companies by the slug of their name). */
const uniqueCompanies = (names) => [...new Map(names.map((n) => [slugify(n), n])).values()];

/** A company's name as written most often by MAME's lists, else by GameDataBase: one spelling a company, as the catalog keys them by slug. */
function companySpellings(seedGames, gdbGames) {
  const counts = new Map();
  const add = (name, weight) => {
    const slug = slugify(name);
    const bySpelling = counts.get(slug) ?? new Map();
    bySpelling.set(name, (bySpelling.get(name) ?? 0) + weight);
    counts.set(slug, bySpelling);
  };
  seedGames.forEach((g) => g.publishers.forEach((p) => add(p, 1000)));
  gdbGames.forEach((g) => [...g.developers, ...g.publishers].forEach((c) => add(c, 1)));
  const best = new Map([...counts].map(([slug, bySpelling]) => [slug, [...bySpelling].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0][0]]));
  return (name) => best.get(slugify(name)) ?? name;
}

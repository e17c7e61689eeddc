import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { seedGames } from '../../test/catalog.js';
import { dbKinds } from '../../test/databases.js';
import { CatalogSearch } from './catalog.search.js';
import { SEARCH_INDEX_META_KEY, refreshSearchIndexIfOutdated } from './search-index.js';

/**
 * Issue 34's searches over games shaped as the embedded catalog has them
 * (data/catalog/mame-seed.jsonl.gz: one line per game with its platforms,
 * publishers, GameDataBase's developers and genres, regional titles; no
 * ratings), through the API the search page and the type-ahead both call.
 */
const NES = { platforms: ['nes'], publishers: ['Nintendo'], developers: ['Nintendo EAD'], genres: ['adventure'] };
const GAMES = [
  // Zelda: the famous one, its sequels and re-releases, and an obscure game called just "Zelda".
  { name: 'The Legend of Zelda', releaseDate: '1987-11-15', ...NES, altNames: ['Zelda no Densetsu 1: The Hyrule Fantasy'] },
  { name: 'Zelda', year: 1991, platforms: ['acpc'] },
  { name: 'Zelda II: The Adventure of Link', releaseDate: '1988-09-26', ...NES },
  { name: 'Classic NES Series: The Legend of Zelda', year: 2004, platforms: ['gba'], publishers: ['Nintendo'] },
  { name: 'The Legend of Zelda: A Link to the Past', year: 1992, ...NES, platforms: ['snes'] },
  { name: "The Legend of Zelda: Link's Awakening", year: 1993, ...NES, platforms: ['gb'] },
  { name: 'The Legend of Zelda: Ocarina of Time', year: 1998, ...NES, platforms: ['n64'] },
  { name: 'Zelda: The Wand of Gamelon', year: 1993, platforms: ['philips-cd-i'], publishers: ['Philips'] },
  // Mario.
  { name: 'Mario', platforms: ['c64'] },
  { name: 'Super Mario Bros.', year: 1985, platforms: ['famicom', 'fds', 'nes', 'gba'], publishers: ['Nintendo'], developers: ['Nintendo'], genres: ['platform'], altNames: ['Super Mary'] },
  { name: 'Super Mario Bros. 2', releaseDate: '1986-06-03', platforms: ['fds', 'nes'], publishers: ['Nintendo'], developers: ['Nintendo'], genres: ['platform'] },
  { name: 'Super Mario Bros. 3', releaseDate: '1991-08-29', platforms: ['nes'], publishers: ['Nintendo'], developers: ['Nintendo'], genres: ['platform'] },
  { name: 'Super Mario Bros. Deluxe', year: 1999, platforms: ['gbc'], publishers: ['Nintendo'], developers: ['Nintendo'] },
  { name: 'Mario Bros.', year: 1983, platforms: ['nes', 'atari2600', 'c64', 'zxs'], publishers: ['Nintendo'], developers: ['Nintendo'] },
  { name: 'Dr. Mario', year: 1990, platforms: ['nes', 'gb'], publishers: ['Nintendo'] },
  { name: 'Mario Kart 64', year: 1997, platforms: ['n64'], publishers: ['Nintendo'], developers: ['Nintendo EAD'], genres: ['racing'] },
  // Final Fantasy VII, and a game "FF7" was corrected to before.
  { name: 'Final Fantasy VII', year: 1997, platforms: ['ps'], publishers: ['Sony Computer Entertainment America'] },
  { name: 'Final Fantasy VIII', year: 1999, platforms: ['ps'], publishers: ['Square Electronic Arts'] },
  { name: 'F17 Challenge', year: 1993, platforms: ['amiga'], publishers: ['Team 17'] },
  // Street Fighter II, and a later Saturn game written with an Arabic 2.
  { name: 'Street Fighter II', year: 1993, platforms: ['dos', 'gb', 'sms'], publishers: ['U.S. Gold', 'Nintendo'], developers: ['Capcom'], genres: ['fighting'] },
  { name: 'Street Fighter 2', year: 1998, platforms: ['saturn'], publishers: ['Capcom'] },
  { name: 'Street Fighter II: The World Warrior', year: 1992, platforms: ['amiga', 'snes'], publishers: ['Capcom'], developers: ['Capcom'], genres: ['fighting'] },
  { name: 'Street Fighter II Turbo: Hyper Fighting', year: 1993, platforms: ['snes'], publishers: ['Capcom'], developers: ['Capcom'] },
  { name: "Street Fighter II': Champion Edition", releaseDate: '1993-06-12', platforms: ['turbografx16--1'], publishers: ['Capcom'], developers: ['Capcom'] },
  // What is not in this catalog: The Witcher, Celeste.
  { name: 'Star Watcher', year: 1984, platforms: ['acpc'] },
  { name: 'Marie Celeste', year: 1984, platforms: ['zxs'], publishers: ['Atlantis'], altNames: ['Marie Celeste Adventure'] },
  // Other spellings.
  { name: 'Castlevania: Symphony of the Night', year: 1997, platforms: ['ps'], publishers: ['Konami'] },
  { name: 'Dungeons & Dragons: Tower of Doom', year: 1996, platforms: ['saturn'], publishers: ['Capcom'] },
  { name: 'Pac-Man', year: 1982, platforms: ['arcade', 'nes', 'atari2600', 'c64'], publishers: ['Namco'], developers: ['Namco'] },
];

describe.each(dbKinds)('search finds the game people mean, on %s', (kind) => {
  let t: TestApp;
  const search = async (q: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/igdb/search?q=${encodeURIComponent(q)}&p=1` });
    const names = (res.json() as { name: string }[]).map((g) => g.name);
    return { names, unsure: res.headers['x-search-unsure'] === '1', corrected: res.headers['x-search-corrected'] };
  };
  const first = async (q: string) => (await search(q)).names[0];

  beforeAll(async () => {
    t = await createTestApp(kind);
    await seedGames(t, GAMES);
  });
  afterAll(() => t.close());

  it('puts the famous game first for its everyday name, before an obscure game of exactly that name', async () => {
    expect(await first('zelda')).toBe('The Legend of Zelda');
    expect(await first('mario')).toMatch(/^Super Mario Bros\./);
    expect(await first('street fighter 2')).toBe('Street Fighter II');
  });

  it('reads Roman and Arabic numerals as the same number', async () => {
    expect(await first('final fantasy 7')).toBe('Final Fantasy VII');
    expect(await first('final fantasy vii')).toBe('Final Fantasy VII');
    expect(await first('street fighter ii')).toBe('Street Fighter II');
    // A Roman numeral still being typed: "v" may become "vii".
    expect((await search('final fantasy v')).names).toEqual(expect.arrayContaining(['Final Fantasy VII', 'Final Fantasy VIII']));
  });

  it('finds a game by the initials people type, with its number', async () => {
    for (const [q, name] of [
      ['ff7', 'Final Fantasy VII'],
      ['ffvii', 'Final Fantasy VII'],
      ['sf2', 'Street Fighter II'],
      ['smb3', 'Super Mario Bros. 3'],
      ['mk64', 'Mario Kart 64'],
      ['alttp', 'The Legend of Zelda: A Link to the Past'],
      ['sotn', 'Castlevania: Symphony of the Night'],
      ['tloz', 'The Legend of Zelda'],
    ]) {
      expect(await first(q!), q).toBe(name);
    }
  });

  it('reads "&" as "and", and punctuation as people leave it out', async () => {
    expect(await first('dungeons and dragons')).toBe('Dungeons & Dragons: Tower of Doom');
    expect(await first('dungeons & dragons tower of doom')).toBe('Dungeons & Dragons: Tower of Doom');
    expect(await first('pacman')).toBe('Pac-Man');
    expect(await first('pac man')).toBe('Pac-Man');
  });

  it('puts nothing wrong on top for a game the catalog lacks', async () => {
    // No correction to "watcher": Star Watcher is not what anyone means by "witcher".
    expect(await search('witcher')).toEqual({ names: [], unsure: false, corrected: undefined });
    // "celeste" is part of an obscure title only: the answer says it is probably not the game meant.
    expect(await search('celeste')).toMatchObject({ names: ['Marie Celeste'], unsure: true });
    expect(await search('marie celeste')).toMatchObject({ names: ['Marie Celeste'], unsure: false });
  });

  it('still corrects a typo to a game people mean', async () => {
    expect(await search('zelad')).toMatchObject({ corrected: 'zelda', unsure: false });
    expect(await first('zelad')).toBe('The Legend of Zelda');
  });

  it('indexes a catalog from before the equivalences again at start, once', async () => {
    // An index as an older version left it (here: none at all), and no record of its rules.
    await t.db.kysely.deleteFrom('app_meta').where('key', '=', SEARCH_INDEX_META_KEY).execute();
    await sql`${sql.raw(kind === 'sqlite' ? 'delete from games_fts' : 'update games set search_vector = null')}`.execute(t.db.kysely);
    const search = new CatalogSearch(t.db);
    expect((await search.search('ff7', 3, 0)).ids).toEqual([]);
    expect(await refreshSearchIndexIfOutdated(t.db)).toBe(true);
    expect(await refreshSearchIndexIfOutdated(t.db)).toBe(false);
    expect((await search.search('ff7', 3, 0)).ids).toHaveLength(1);
  });
});

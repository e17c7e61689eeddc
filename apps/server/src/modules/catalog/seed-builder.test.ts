import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalog, parseSoftwareList, seedLines, type BuiltGame, type SoftwareList } from '../../../../../scripts/catalog/catalog-builder.mjs';
import { isDubious, isGameList, looksLikeFileName, nonGameReason } from '../../../../../scripts/catalog/rules.mjs';
import { mergeKey, otherSequel, sequelNumbers } from '../../../../../scripts/catalog/titles.mjs';
import { createTestApp, type TestApp } from '../../test/app.js';
import { dbKinds } from '../../test/databases.js';
import { importCatalogFile, importReference, REFERENCE_FILE, SEED_FILE } from './catalog.import.js';

/*
 * The seed builder (scripts/catalog) on small MAME software lists written
 * here: what it drops, what it marks as a bootleg or hack, and how it merges
 * one game's entries on several platforms.
 */

const reference = JSON.parse(fs.readFileSync(REFERENCE_FILE, 'utf8')) as { platforms: { id: number; slug: string }[] };
const igdbSlugById = new Map(reference.platforms.map((p) => [p.id, p.slug]));

interface Entry {
  name: string;
  description: string;
  year?: string;
  publisher?: string;
  cloneof?: string;
  altTitle?: string;
  /** MAME's `release` info: "19850913", "198510xx", "19850913 (JPN), 198510xx (USA)". */
  release?: string;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A MAME software list file, as Debian's mame-data ships them. */
function listXml(name: string, description: string, entries: Entry[]): string {
  const software = entries
    .map(
      (e) => `\t<software name="${e.name}"${e.cloneof ? ` cloneof="${e.cloneof}"` : ''}>
\t\t<description>${escape(e.description)}</description>
\t\t<year>${e.year ?? '19??'}</year>
\t\t<publisher>${escape(e.publisher ?? '<unknown>')}</publisher>${e.release ? `\n\t\t<info name="release" value="${escape(e.release)}"/>` : ''}${e.altTitle ? `\n\t\t<info name="alt_title" value="${escape(e.altTitle)}"/>` : ''}
\t\t<part name="cart" interface="${name}_cart"><dataarea name="rom" size="1"><rom name="${e.name}.bin" size="1" crc="00000000" sha1="0000000000000000000000000000000000000000"/></dataarea></part>
\t</software>`,
    )
    .join('\n');
  return `<?xml version="1.0"?>
<!DOCTYPE softwarelist SYSTEM "softwarelist.dtd">
<!--
license:CC0-1.0
-->
<softwarelist name="${name}" description="${escape(description)}">
${software}
</softwarelist>
`;
}

const list = (name: string, description: string, entries: Entry[]): SoftwareList => parseSoftwareList(listXml(name, description, entries))!;

const LISTS = [
  list('nes', 'Nintendo Entertainment System cartridges', [
    { name: 'tetris', description: 'Tetris (USA)', year: '1989', publisher: 'Nintendo' },
    { name: 'tetrisj', description: 'Tetris (Japan)', year: '1988', publisher: 'BPS', cloneof: 'tetris' },
    { name: 'zelda', description: 'The Legend of Zelda (USA)', year: '1987', publisher: 'Nintendo' },
    { name: 'zelda3c', description: 'Zelda - A Link to the Past (China)', publisher: 'Waixing' },
    { name: 'smbhack', description: 'Super Mario Bros. (hack)', publisher: 'Nintendo' },
    { name: 'gradius', description: 'Gradius (Japan)', year: '1986', publisher: 'Konami' },
    { name: 'mc6', description: 'Super 1998 3 in 1 (NT-008 PCB)', publisher: '<pirate>' },
    { name: 'smb', description: 'Super Mario Bros. (World)', year: '1985', publisher: 'Nintendo' },
  ]),
  list('snes', 'Nintendo SNES cartridges', [
    { name: 'zelda3', description: 'The Legend of Zelda - A Link to the Past (Europe)', year: '1992', publisher: 'Nintendo' },
    { name: 'zelda3j', description: 'Zelda no Densetsu - Kamigami no Triforce (Japan)', year: '1991', publisher: 'Nintendo', cloneof: 'zelda3' },
    { name: 'pokestad', description: 'Pokemon Stadium (Asia)', publisher: '<unlicensed>' },
  ]),
  list('gameboy', 'Nintendo Game Boy cartridges', [
    { name: 'tetris', description: 'Tetris (World, Rev 1)', year: '1989', publisher: 'Nintendo', altTitle: 'テトリス' },
    { name: 'pokered', description: 'Pokémon - Red Version (Australia, Europe, USA)', year: '1998', publisher: 'Nintendo' },
  ]),
  list('n64', 'Nintendo 64 cartridges', [{ name: 'pokestad', description: 'Pokémon Stadium (Europe, rev 1)', year: '2000', publisher: 'Nintendo' }]),
  list('megadriv', 'Sega Mega Drive/Genesis cartridges', [
    { name: 'pokemon2', description: 'Pokémon II', publisher: '<unlicensed>' },
    { name: 'pokestad', description: 'Pokemon Stadium', publisher: '<unlicensed>' },
  ]),
  list('wscolor', 'Bandai Wonderswan Color cartridges', [{ name: 'tetris', description: 'Tetris (Japan)', year: '2002', publisher: 'Vanguard' }]),
  list('spectrum_cass', 'Sinclair ZX Spectrum cassettes', [
    { name: 'tetris', description: 'Tetris', year: '1988', publisher: 'Mirrorsoft' },
    { name: 'forth', description: 'FORTH', year: '1983', publisher: 'Abersoft' },
    { name: 'chess', description: 'Chess', year: '1983', publisher: 'Sinclair Research' },
    { name: 'compil', description: 'Hate & Renegade III & Tetris', publisher: '<unknown>' },
  ]),
  list('bbc_cass', 'Acorn BBC Micro cassettes', [
    { name: 'chess', description: 'Chess', year: '1982', publisher: 'Acornsoft' },
    { name: 'legzelda', description: 'Legend of Zelda, The', year: '1988', publisher: 'Nintendo' },
  ]),
  list('electron_cass', 'Acorn Electron cassettes', [{ name: 'chess', description: 'Chess', year: '1984', publisher: 'Acornsoft' }]),
  list('apogee', 'Apogee BK-01 cassettes', [
    { name: 'tetris', description: 'TETRIS' },
    { name: 'tetris4', description: 'TETRIS4' },
  ]),
  list('orion_cass', 'Orion 128 cassettes', [{ name: 'tetris3', description: 'TETRIS3$' }]),
  list('mac_hdflop', 'Macintosh High Density Disk images', [
    { name: 'illus55', description: 'Adobe Illustrator 5.5', year: '1994', publisher: 'Adobe' },
    { name: 'pm50', description: 'Aldus PageMaker 5.0 (English)', year: '1993', publisher: 'Aldus' },
    { name: 'atease30', description: 'At Ease 3.0', year: '1995', publisher: 'Apple' },
    { name: 'antk10', description: 'Apple Network Administration Toolkit 1.0', year: '1996', publisher: 'Apple' },
    { name: 'sys71', description: 'System Software 7.1 (US English)', year: '1992', publisher: 'Apple' },
    { name: 'civ', description: "Sid Meier's Civilization", year: '1992', publisher: 'MicroProse' },
  ]),
  list('ibm5170', 'IBM PC/AT floppy disk images', [
    { name: 'freedos13rc3', description: 'FreeDOS 1.3 Release Candidate 3 (bootdisk)', year: '2020', publisher: 'The FreeDOS Project' },
    { name: 'norton', description: 'Norton Utilities 4.5', year: '1988', publisher: 'Peter Norton Computing' },
    { name: 'turbop', description: 'Turbo Pascal 5.5', year: '1989', publisher: 'Borland' },
    { name: 'goldaxe', description: 'Golden Axe (demo)', year: '1990', publisher: 'Sega' },
    { name: 'diag', description: 'IBM Advanced Diagnostics', year: '1984', publisher: 'IBM' },
  ]),
  list('vgmplay', 'Video Game Music Files', [{ name: 'smb', description: 'Super Mario Bros. (Nintendo Entertainment System)', year: '1985', publisher: 'Nintendo' }]),
  list('ekara_japan', 'Takara e-kara (Japan) ECxxxx- series cartridges', [{ name: 'ec1', description: 'Karaoke Hits Vol. 1', year: '2000', publisher: 'Takara' }]),
  list('mephisto_mm2', 'Mephisto MM II Modules', [{ name: 'hg240', description: 'HG 240 Opening Module', year: '1985', publisher: 'Hegener + Glaser' }]),
  list('ti74_cart', 'TI-74 cartridges', [{ name: 'math', description: 'Mathematics', year: '1985', publisher: 'Texas Instruments' }]),
];

describe('seed builder rules', () => {
  it('leaves out lists that hold no games: music, karaoke, chess computer modules, calculators', () => {
    expect(['vgmplay', 'ekara_japan', 'mephisto_mm2', 'chessmstdm', 'ti74_cart', 'psion2', 'sgi_mips', 'amiga_workbench'].filter(isGameList)).toEqual([]);
    expect(['nes', 'snes', 'megadriv', 'spectrum_cass', 'mac_hdflop', 'apple2_flop_clcracked'].every(isGameList)).toBe(true);
  });

  it('names why an entry is not a game', () => {
    const reason = (description: string, publisher = '<unknown>') => nonGameReason({ title: description.replace(/\s*\(.*$/, ''), description, publisher });
    expect(reason('FreeDOS 1.3 Release Candidate 3 (bootdisk)', 'The FreeDOS Project')).toBe('os');
    expect(reason('System Software 7.1 (US English)', 'Apple')).toBe('os');
    expect(reason('At Ease 3.0', 'Apple')).toBe('os');
    expect(reason('Adobe Illustrator 5.5', 'Adobe')).toBe('application');
    expect(reason('Aldus PageMaker 5.0 (English)')).toBe('application');
    expect(reason('Apple Network Administration Toolkit 1.0', 'Apple')).toBe('utility');
    expect(reason('FORTH', 'Acornsoft')).toBe('language');
    expect(reason('Turbo Pascal 5.5', 'Borland')).toBe('application');
    expect(reason('Golden Axe (CES demo)', 'Sega')).toBe('demo');
    expect(reason('IBM Advanced Diagnostics', 'IBM')).toBe('demo');
    expect(reason('Hate & Renegade III & Tetris')).toBe('bundle');
    expect(reason('Super 1998 3 in 1 (NT-008 PCB)')).toBe('bundle');
    expect(reason('Game Boy Advance Video - Shark Tale (USA, rev. 6)')).toBe('media');
    // Games that only look like it.
    expect(reason('Test Drive', 'Accolade')).toBeUndefined();
    expect(reason('Driver 2 Advance (Europe)', 'Atari')).toBeUndefined();
    expect(reason('Mighty Morphin Power Rangers - The Movie (Europe, USA)', 'Sega')).toBeUndefined();
    expect(reason('Syncron (The Superior Collection Vol.1)', 'Superior Software')).toBeUndefined();
    expect(reason('SimLife (Windows 3.x release)', 'Maxis')).toBeUndefined();
  });

  it('tells bootlegs, hacks and unlicensed copies by their publisher or a marker in the title', () => {
    expect(isDubious({ description: 'Zelda - A Link to the Past (China)', publisher: 'Waixing' })).toBe(true);
    expect(isDubious({ description: 'Pokemon Stadium (Asia)', publisher: '<unlicensed>' })).toBe(true);
    expect(isDubious({ description: 'Boulder Dash 2 (Fra) (Hack)', publisher: '<unknown>' })).toBe(true);
    expect(isDubious({ description: 'Squirrel (pirate)', publisher: 'DVS Electronic Co.?' })).toBe(true);
    expect(isDubious({ description: 'Pirate Adventure', publisher: 'Adventure International' })).toBe(false);
    expect(isDubious({ description: "Chuck Yeager's Advanced Flight Trainer (UK, 128K)", publisher: 'Electronic Arts' })).toBe(false);
  });

  it('knows a file name standing in for a title', () => {
    expect(looksLikeFileName({ title: 'TETRIS3$' })).toBe(true);
    expect(looksLikeFileName({ title: 'TETRIS4', year: '19??', publisher: '<unknown>' })).toBe(true);
    expect(looksLikeFileName({ title: '56k_system_master_early' })).toBe(true);
    expect(looksLikeFileName({ title: 'DRAGON.BIN' })).toBe(true);
    expect(looksLikeFileName({ title: 'H.E.R.O.', year: '1984', publisher: 'Activision' })).toBe(false);
    expect(looksLikeFileName({ title: 'IK+', year: '1987', publisher: 'System 3' })).toBe(false);
    expect(looksLikeFileName({ title: 'Tetris' })).toBe(false);
  });
});

describe('seed builder on sample lists', () => {
  const dropped: string[] = [];
  const catalog = buildCatalog(LISTS, igdbSlugById, { onDrop: (reason, e) => dropped.push(`${reason}: ${e.description}`) });
  const named = (name: string) => catalog.games.filter((g) => g.name === name);
  const platformsOf = (g: BuiltGame | undefined) => [...(g?.platforms ?? [])].sort();

  it('drops the applications, systems, languages, utilities, demos and non-game lists', () => {
    const names = catalog.games.map((g) => g.name);
    for (const gone of ['Adobe Illustrator 5.5', 'Aldus PageMaker 5.0', 'At Ease 3.0', 'Apple Network Administration Toolkit 1.0', 'FreeDOS 1.3 Release Candidate 3', 'FORTH', 'Golden Axe', 'Karaoke Hits Vol. 1', 'Mathematics']) {
      expect(names).not.toContain(gone);
    }
    expect(names).toContain("Sid Meier's Civilization");
    expect(catalog.stats.dropped).toMatchObject({ list: 4, os: 3, application: 3, language: 1, demo: 2, bundle: 2 });
  });

  it('merges one game on several platforms, years apart, into one game with all its platforms and its other names', () => {
    const tetris = named('Tetris');
    // 1987–1989 ports are one game; the WonderSwan Color game of 2002 is another.
    expect(tetris).toHaveLength(2);
    const [first, later] = tetris.sort((a, b) => (a.year ?? 0) - (b.year ?? 0));
    // The NES cartridge came out in Japan first (BPS, 1988): a Famicom game too.
    expect(platformsOf(first)).toEqual(['famicom', 'gb', 'mame-apogee-bk-01', 'nes', 'zxs']);
    expect(first!.year).toBe(1988);
    expect([...first!.altNames]).toContain('テトリス');
    expect(platformsOf(later)).toEqual(['wonderswan-color']);
    // A clone released elsewhere under another title lends its name.
    expect([...named('The Legend of Zelda: A Link to the Past')[0]!.altNames]).toContain('Zelda no Densetsu: Kamigami no Triforce');
    // "Legend of Zelda, The" is "The Legend of Zelda".
    expect(platformsOf(named('The Legend of Zelda')[0])).toEqual(['bbcmicro', 'nes']);
  });

  it('adds a file-named entry to the game of that name, and drops the ones that name nothing', () => {
    expect(dropped).toEqual(expect.arrayContaining(['file: TETRIS4', 'file: TETRIS3$']));
    expect(catalog.games.map((g) => g.name)).not.toEqual(expect.arrayContaining(['TETRIS', 'TETRIS4', 'TETRIS3']));
    expect(catalog.stats.fileNamesMerged).toBe(1);
  });

  it('keeps one generic title by different publishers apart', () => {
    const chess = named('Chess').map((g) => platformsOf(g).join(','));
    expect(chess.sort()).toEqual(['acorn-electron,bbcmicro', 'zxs']);
  });

  it('drops bootlegs and hacks of a game the catalog has, and ranks the others last', () => {
    expect(dropped).toEqual(
      expect.arrayContaining(['clone: Zelda - A Link to the Past (China)', 'clone: Pokemon Stadium (Asia)', 'clone: Pokemon Stadium', 'clone: Super Mario Bros. (hack)']),
    );
    expect(platformsOf(named('Pokémon Stadium')[0])).toEqual(['n64']);
    const pokemon2 = named('Pokémon II')[0]!;
    expect(pokemon2.dubious).toBe(true);
    const line = seedLines(catalog).map((l) => JSON.parse(l) as { name: string; popularity?: number }).find((l) => l.name === 'Pokémon II');
    expect(line?.popularity).toBe(0);
  });

  it('files a NES game released only in Japan under the Famicom', () => {
    expect(platformsOf(named('Gradius')[0])).toEqual(['famicom']);
    expect(platformsOf(named('Super Mario Bros.')[0])).toEqual(['nes']);
  });

  it('writes the catalog:import format, with unique slugs', () => {
    const lines = seedLines(catalog).map((l) => JSON.parse(l) as { slug: string; kind?: string });
    const slugs = lines.filter((l) => !l.kind).map((l) => l.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs).toEqual(expect.arrayContaining(['tetris', 'tetris-2002']));
    // The local platform of the Apogee, which IGDB does not know, is declared before its games.
    expect(lines[0]).toEqual({ kind: 'platform', slug: 'mame-apogee-bk-01', name: 'Apogee BK-01' });
  });
});

/*
 * One game per title across regions, and honest labels: lists shaped as MAME's are, with the regional
 * releases, dates and renumberings of the games issue 34 found wrong.
 */
const REGIONAL = [
  list('nes', 'Nintendo Entertainment System cartridges', [
    { name: 'zelda', description: 'The Legend of Zelda (Europe, rev. A)', year: '1987', publisher: 'Nintendo', release: '19871115' },
    { name: 'zeldau', description: 'The Legend of Zelda (USA)', year: '1987', publisher: 'Nintendo', release: '198707xx', cloneof: 'zelda' },
    // The Famicom cartridge of 1994: a later release, under the Japanese title.
    { name: 'zeldaj', description: 'Zelda no Densetsu 1 - The Hyrule Fantasy (Japan)', year: '1994', publisher: 'Nintendo', release: '19940219', cloneof: 'zelda' },
    { name: 'smb', description: 'Super Mario Bros. (Europe, rev. A)', year: '1987', publisher: 'Nintendo', release: '19870515' },
    { name: 'smb1', description: 'Super Mario Bros. (World)', year: '1985', publisher: 'Nintendo', release: '19850913 (JPN), 198510xx (USA), 1987? (Euro)', cloneof: 'smb' },
    { name: 'ffant12', description: 'Final Fantasy I - II (Japan)', year: '1994', publisher: 'Square', release: '19940227' },
    { name: 'ffant2j', description: 'Final Fantasy II (Japan)', year: '1988', publisher: 'Square', release: '19881217' },
    { name: 'akumajo', description: 'Castlevania (USA)', year: '1987', publisher: 'Konami' },
    { name: 'akumajoj', description: 'Akumajou Dracula (Japan)', year: '1993', publisher: 'Konami', cloneof: 'akumajo' },
  ]),
  list('famicom_flop', 'Nintendo Famicom Disk System disk images', [
    { name: 'zelda', description: 'Zelda no Densetsu - The Hyrule Fantasy (v1.1)', year: '1986', publisher: 'Nintendo', release: '19860221', altTitle: 'ゼルダの伝説' },
    // Another publisher: a game of the same name is not the same game.
    { name: 'kidicar', description: 'Hikari Shinwa - Palthena no Kagami', year: '1986', publisher: 'Nintendo' },
  ]),
  list('snes', 'Nintendo SNES cartridges', [
    { name: 'ffant3', description: 'Final Fantasy III (USA, Rev. A)', year: '1994', publisher: 'Square', release: '199410xx' },
    { name: 'ffant6j', description: 'Final Fantasy VI (Japan)', year: '1994', publisher: 'Square', release: '19940402', cloneof: 'ffant3' },
    { name: 'ffant2', description: 'Final Fantasy II (USA, Rev. A)', year: '1991', publisher: 'Square', release: '199111xx' },
    { name: 'ffant4j', description: 'Final Fantasy IV (Japan)', year: '1991', publisher: 'Square', release: '19910719', cloneof: 'ffant2' },
    { name: 'smc4', description: 'Super Castlevania IV (USA)', year: '1991', publisher: 'Konami' },
    { name: 'smc4j', description: 'Akumajou Dracula (Japan)', year: '1991', publisher: 'Konami', cloneof: 'smc4' },
    { name: 'gauntl4', description: 'Gauntlet IV (USA)', year: '1993', publisher: 'Tengen' },
    { name: 'gauntl4j', description: 'Gauntlet (Japan)', year: '1993', publisher: 'Tengen', cloneof: 'gauntl4' },
  ]),
  // The X68000's Akumajou Dracula of 1993 is a game of its own: its title names two games, neither is it.
  list('x68k_flop', 'Sharp X68000 disk images', [{ name: 'akumajo', description: 'Akumajou Dracula', year: '1993', publisher: 'Konami' }]),
  list('ibm5170', 'IBM PC/AT floppy disk images', [
    { name: 'doom', description: 'DOOM (v1.666)', year: '1994', publisher: 'GT Interactive' },
    { name: 'doom11', description: 'DOOM (v1.1)', year: '1993', publisher: 'GT Interactive', cloneof: 'doom' },
  ]),
  list('pc98', 'NEC PC-98 disk images', [{ name: 'doom', description: 'Doom', year: '1994', publisher: 'イマジニア (Imagineer)', release: '19941209' }]),
  list('32x', 'Sega 32X cartridges', [
    { name: 'doom', description: 'Doom (Europe)', year: '1994', publisher: 'Sega' },
    // A prototype says nothing of when the game came out.
    { name: 'doomp9', description: 'Doom (prototype, 19921106)', year: '1992', publisher: 'Sega', cloneof: 'doom' },
  ]),
  list('spectrum_cass', 'Sinclair ZX Spectrum cassettes', [
    { name: 'magicm1', description: 'Magic Missile 1', year: '1989', publisher: 'Zeppelin' },
    { name: 'magicm2', description: 'Magic Missile 2', year: '1989', publisher: 'Zeppelin', cloneof: 'magicm1' },
  ]),
];

describe('one game per title across regions, with its first release', () => {
  const merged: string[] = [];
  const catalog = buildCatalog(REGIONAL, igdbSlugById, { onMerge: (from, into) => merged.push(`${from.name} → ${into.name}`) });
  const named = (name: string) => catalog.games.filter((g) => g.name === name);
  const platformsOf = (g: BuiltGame | undefined) => [...(g?.platforms ?? [])].sort();
  const one = (name: string) => {
    const games = named(name);
    expect(games, name).toHaveLength(1);
    return games[0]!;
  };
  const lines = seedLines(catalog).map((l) => JSON.parse(l) as { name: string; slug: string; year?: number; releaseDate?: string; platforms: string[]; firstPlatform?: string; altNames?: string[] });
  const line = (name: string) => lines.find((l) => l.name === name)!;

  it('numbers keep titles apart: "Final Fantasy I: II" is not "Final Fantasy III", nor "Formula 1 97" "Formula 197"', () => {
    expect(mergeKey('Final Fantasy I: II')).not.toBe(mergeKey('Final Fantasy III'));
    expect(mergeKey('Formula 1 97')).not.toBe(mergeKey('Formula 197'));
    // Spellings still meet.
    expect(mergeKey('Legend of Zelda, The')).toBe(mergeKey('The Legend of Zelda'));
    expect(mergeKey('S.W.I.V.')).toBe(mergeKey('SWIV'));
    expect(mergeKey('Street Fighter II')).toBe(mergeKey('StreetFighter II'));
    expect(sequelNumbers('Final Fantasy I - II')).toEqual([1, 2]);
    expect(sequelNumbers('Dragon Quest I-II')).toEqual([1, 2]);
    // Versions, edition years and names with a number are no sequel numbers.
    for (const title of ['Tetris v1.04', "Hang On GP '95", 'Daytona USA 2001', 'F-14 Tomcat', 'ESPN Winter X-Games Snowboarding 2002', 'Zelda no Densetsu 1']) {
      expect(sequelNumbers(title), title).toEqual([]);
    }
    expect(otherSequel('Street Fighter', 'Street Fighter II')).toBe(true);
    expect(otherSequel('Final Fantasy I: II', 'Final Fantasy VI')).toBe(true);
    expect(otherSequel('Street Fighter II', 'Street Fighter 2')).toBe(false);
    // A subtitle standing for the number is the same game.
    expect(otherSequel('Barbarian II', 'Barbarian: The Dungeon of Drax')).toBe(false);
  });

  it('keeps Final Fantasy VI apart from Final Fantasy I: II, and names it after its first release', () => {
    const ff12 = one('Final Fantasy I: II');
    expect([...ff12.altNames]).toEqual([]);
    expect(platformsOf(ff12)).toEqual(['famicom']);
    // The SNES's "Final Fantasy III (USA)" came out in Japan first, as Final Fantasy VI (America had not had II, III and V).
    const ff6 = line('Final Fantasy VI');
    expect(ff6).toMatchObject({ releaseDate: '1994-04-02', platforms: ['sfam', 'snes'], firstPlatform: 'sfam' });
    expect(ff6.altNames).toEqual(['Final Fantasy III']);
    expect(line('Final Fantasy IV')).toMatchObject({ releaseDate: '1991-07-19', altNames: ['Final Fantasy II'] });
    // The Famicom's Final Fantasy II is not Final Fantasy IV, sold in America as "Final Fantasy II".
    expect(platformsOf(one('Final Fantasy II'))).toEqual(['famicom']);
    expect(named('Final Fantasy III')).toEqual([]);
  });

  it('makes a Japanese release under another title part of its game: The Legend of Zelda on the Famicom Disk System', () => {
    expect(named('Zelda no Densetsu: The Hyrule Fantasy')).toEqual([]);
    const zelda = line('The Legend of Zelda');
    expect(zelda).toMatchObject({ releaseDate: '1986-02-21', platforms: ['fds', 'nes'], firstPlatform: 'fds' });
    expect(zelda.altNames).toEqual(expect.arrayContaining(['Zelda no Densetsu: The Hyrule Fantasy', 'Zelda no Densetsu 1: The Hyrule Fantasy', 'ゼルダの伝説']));
    expect(merged).toEqual(['Zelda no Densetsu: The Hyrule Fantasy → The Legend of Zelda']);
    expect(catalog.stats.japaneseTitlesMerged).toBe(1);
    // A Japanese title two games had (Castlevania's and Super Castlevania IV's) names neither: the X68000 game stays its own.
    expect(platformsOf(one('Akumajou Dracula'))).toEqual(['sharp-x68000']);
    expect(one('Hikari Shinwa: Palthena no Kagami').platforms.size).toBe(1);
  });

  it('keeps sequel numbers of other games out of a game’s other names', () => {
    // "Gauntlet" in Japan would find Gauntlet IV as the arcade Gauntlet; a tape's second game is another game.
    expect([...one('Gauntlet IV').altNames]).toEqual([]);
    expect([...one('Magic Missile 1').altNames]).toEqual([]);
  });

  it('dates a game by its first release and names the platform it came out on', () => {
    // Super Mario Bros.: the Famicom, 13 September 1985 (MAME's NES parent is the European release of 1987).
    expect(line('Super Mario Bros.')).toMatchObject({ releaseDate: '1985-09-13', platforms: ['famicom', 'nes'], firstPlatform: 'famicom' });
    // Doom: DOS, 1993 (version 1.1), not the PC-98 of December 1994, nor a 32X prototype of 1992.
    const doom = line('Doom');
    expect(doom).toMatchObject({ year: 1993, platforms: ['dos', 'pc-9800-series', 'sega32'], firstPlatform: 'dos' });
    expect(doom.releaseDate).toBeUndefined();
    // A game on one platform needs no first platform.
    expect(line('Gauntlet IV').firstPlatform).toBeUndefined();
  });
});

describe('the embedded catalog (data/catalog/mame-seed.jsonl.gz)', () => {
  type Line = { kind?: string; name: string; slug: string; year?: number; releaseDate?: string; platforms: string[]; firstPlatform?: string; altNames?: string[] };
  const seed = zlib
    .gunzipSync(fs.readFileSync(SEED_FILE))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line)
    .filter((l) => !l.kind);
  const bySlug = new Map(seed.map((l) => [l.slug, l]));
  const game = (slug: string) => bySlug.get(slug)!;

  /**
   * Other names of another number, allowed: games renumbered abroad, named after their first release in Japan,
   * keep the title America knew them by (it had not had Final Fantasy II, III and V).
   */
  const RENUMBERED_ABROAD = new Set(['Final Fantasy IV ~ Final Fantasy II', 'Final Fantasy VI ~ Final Fantasy III']);

  it('merges no numbered sequel into another number: no game has another sequel number among its other names', () => {
    const found = seed.flatMap((g) => (g.altNames ?? []).filter((alt) => otherSequel(g.name, alt)).map((alt) => `${g.name} ~ ${alt}`));
    expect(found.filter((f) => !RENUMBERED_ABROAD.has(f))).toEqual([]);
    expect(found.sort()).toEqual([...RENUMBERED_ABROAD].sort());
  });

  it('has one Legend of Zelda, on the Famicom Disk System first, and Final Fantasy VI apart from Final Fantasy I: II', () => {
    expect(bySlug.has('zelda-no-densetsu-the-hyrule-fantasy')).toBe(false);
    expect(game('the-legend-of-zelda')).toMatchObject({ releaseDate: '1986-02-21', platforms: ['fds', 'nes'], firstPlatform: 'fds' });
    expect(game('the-legend-of-zelda').altNames).toContain('Zelda no Densetsu: The Hyrule Fantasy');
    expect(game('final-fantasy-i-ii').altNames ?? []).not.toContain('Final Fantasy VI');
    expect(game('final-fantasy-vi')).toMatchObject({ name: 'Final Fantasy VI', releaseDate: '1994-04-02', firstPlatform: 'sfam' });
  });

  it('dates games by their first release, on the platform it was', () => {
    expect(game('super-mario-bros')).toMatchObject({ releaseDate: '1985-09-13', firstPlatform: 'famicom' });
    expect(game('doom')).toMatchObject({ year: 1993, firstPlatform: 'dos' });
    expect(game('tetris')).toMatchObject({ year: 1987 });
    expect(game('tetris').platforms).toContain(game('tetris').firstPlatform);
    // A first platform is always one of the game's.
    expect(seed.filter((g) => g.firstPlatform !== undefined && !g.platforms.includes(g.firstPlatform)).map((g) => g.slug)).toEqual([]);
  });
});

describe.each(dbKinds)('a catalog built from the sample lists, searched, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await importReference(t.db);
    const file = path.join(t.config.dataDir, 'seed.jsonl');
    fs.writeFileSync(file, `${seedLines(buildCatalog(LISTS, igdbSlugById)).join('\n')}\n`);
    await importCatalogFile(t.db, file, { source: 'mame' });
  });
  afterAll(() => t.close());

  const search = async (q: string) => (await t.app.inject({ method: 'GET', url: `/api/igdb/search?q=${encodeURIComponent(q)}` })).json() as { name: string; slug: string }[];

  it('"tetris" leads with the one Tetris on its five platforms', async () => {
    const [first] = await search('tetris');
    expect(first).toMatchObject({ name: 'Tetris', slug: 'tetris' });
    const game = (await t.app.inject({ method: 'GET', url: '/api/igdb/games/tetris' })).json() as { platforms: { slug: string }[] };
    expect(game.platforms.map((p) => p.slug).sort()).toEqual(['famicom', 'gb', 'mame-apogee-bk-01', 'nes', 'zxs']);
  });

  it('"zelda a link to the past" and "pokemon" lead with the real games', async () => {
    expect((await search('zelda a link to the past'))[0]?.name).toBe('The Legend of Zelda: A Link to the Past');
    const pokemon = (await search('pokemon')).map((g) => g.name);
    expect(pokemon.slice(0, 2).sort()).toEqual(['Pokémon Stadium', 'Pokémon: Red Version']);
    expect(pokemon.at(-1)).toBe('Pokémon II');
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalog, parseSoftwareList, seedLines, type BuiltGame, type SoftwareList } from '../../../../../scripts/catalog/catalog-builder.mjs';
import { isDubious, isGameList, looksLikeFileName, nonGameReason } from '../../../../../scripts/catalog/rules.mjs';
import { createTestApp, type TestApp } from '../../test/app.js';
import { dbKinds } from '../../test/databases.js';
import { importCatalogFile, importReference, REFERENCE_FILE } from './catalog.import.js';

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
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A MAME software list file, as Debian's mame-data ships them. */
function listXml(name: string, description: string, entries: Entry[]): string {
  const software = entries
    .map(
      (e) => `\t<software name="${e.name}"${e.cloneof ? ` cloneof="${e.cloneof}"` : ''}>
\t\t<description>${escape(e.description)}</description>
\t\t<year>${e.year ?? '19??'}</year>
\t\t<publisher>${escape(e.publisher ?? '<unknown>')}</publisher>${e.altTitle ? `\n\t\t<info name="alt_title" value="${escape(e.altTitle)}"/>` : ''}
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
    expect(platformsOf(first)).toEqual(['gb', 'mame-apogee-bk-01', 'nes', 'zxs']);
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

  it('"tetris" leads with the one Tetris on its four platforms', async () => {
    const [first] = await search('tetris');
    expect(first).toMatchObject({ name: 'Tetris', slug: 'tetris' });
    const game = (await t.app.inject({ method: 'GET', url: '/api/igdb/games/tetris' })).json() as { platforms: { slug: string }[] };
    expect(game.platforms.map((p) => p.slug).sort()).toEqual(['gb', 'mame-apogee-bk-01', 'nes', 'zxs']);
  });

  it('"zelda a link to the past" and "pokemon" lead with the real games', async () => {
    expect((await search('zelda a link to the past'))[0]?.name).toBe('The Legend of Zelda: A Link to the Past');
    const pokemon = (await search('pokemon')).map((g) => g.name);
    expect(pokemon.slice(0, 2).sort()).toEqual(['Pokémon Stadium', 'Pokémon: Red Version']);
    expect(pokemon.at(-1)).toBe('Pokémon II');
  });
});

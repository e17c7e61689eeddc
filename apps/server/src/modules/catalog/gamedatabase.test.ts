import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildCatalog, seedLines, type BuiltGame, type SoftwareList } from '../../../../../scripts/catalog/catalog-builder.mjs';
import {
  FILE_PLATFORMS,
  GENRE_MAP,
  TAG_THEMES,
  igdbTermsOf,
  joinGameDataBase,
  parseCsv,
  readGameDataBase,
  titleKeys,
  type GameDataBaseGame,
} from '../../../../../scripts/catalog/gamedatabase.mjs';
import { REFERENCE_FILE } from './catalog.import.js';

/*
 * GameDataBase (PigSaint, CC BY 4.0) joined to the seed at build time
 * (scripts/catalog/gamedatabase.mjs): its genre tags as IGDB genres and
 * themes, and its rows matched to the games built from MAME's lists — arcade
 * rows by MAME set name, the others by title on the same platform and era.
 */

const reference = JSON.parse(fs.readFileSync(REFERENCE_FILE, 'utf8')) as {
  platforms: { id: number; slug: string }[];
  genres: { slug: string }[];
  themes: { slug: string }[];
};
const igdbSlugById = new Map(reference.platforms.map((p) => [p.id, p.slug]));

interface Software {
  name: string;
  description: string;
  year?: string;
  publisher?: string;
  cloneof?: string;
}
const list = (name: string, software: Software[]): SoftwareList => ({ name, description: `${name} cartridges`, software: software.map((s) => ({ publisher: '<unknown>', year: '19??', ...s })) });

const MAME = [
  list('neogeo', [{ name: 'mslug', description: 'Metal Slug - Super Vehicle-001', year: '1996', publisher: 'Nazca' }]),
  list('nes', [
    { name: '1942', description: '1942 (USA)', year: '1986', publisher: 'Capcom' },
    { name: 'galaga', description: 'Galaga - Demons of Death (USA)', year: '1989', publisher: 'Bandai' },
    { name: 'galagaj', description: 'Galaga (Japan)', year: '1985', publisher: 'Namcot', cloneof: 'galaga' },
    { name: 'tetris', description: 'Tetris (USA)', year: '1989', publisher: 'Nintendo' },
  ]),
  list('snes', [{ name: '3x3eyes', description: '3x3 Eyes - Juuma Houkan (Japan)', year: '1995', publisher: '<unknown>' }]),
  list('megadriv', [{ name: 'sor', description: 'Streets of Rage (Europe, USA) ~ Bare Knuckle - Ikari no Tekken (Japan)', year: '1991', publisher: 'Sega' }]),
  list('sms', [{ name: 'wboy', description: 'Wonder Boy (Europe, USA)', year: '1987', publisher: 'Sega' }]),
];

const HEADER = 'Title,Title (exact),Title screen,Title screen (exact),ID,Region,Release date,Developer,Publisher,Tags,MD5,SHA1,SHA256,SHA512';
const csv = (rows: string[]) => [HEADER, ...rows.map((r) => `${r},,,,`)].join('\n');

const GAMEDATABASE = [
  {
    name: 'arcade_snk.csv',
    text: csv([
      'Metal Slug: Super Vehicle-001,=,Metal Slug: Super Vehicle-001,=,metalslug,World,1996-04-19,Nazca,SNK,#players:2:coop #genre:action>runandgun #arcadeboard:snk>mvs #mameparent #mamerom:mslug',
      'Ikari,=,Ikari,=,ikari,Japan,1986,SNK,SNK,#players:2:coop #genre:shooting #mamerom:ikari>ikarijp',
    ]),
  },
  {
    name: 'arcade_capcom.csv',
    // The NES list has a set named "1942" too: the NES game, not the arcade one.
    text: csv(['1942,=,1942,=,1942,Japan,1984-12,CAPCOM,CAPCOM,#players:2:alt #genre:shmup>v #mameparent #mamerom:1942']),
  },
  {
    name: 'console_nintendo_famicom_nes.csv',
    text: csv([
      'Galaga,GALAGA ギャラガ,Galaga,=,galaga,Japan,1985-02-15,NAMCO,NAMCO,#players:2:alt #genre:shmup>v #port:arcade #lang:ja',
      'Galaga: Demons of Death,=,Galaga,=,galaga,USA,1989-09,NAMCO,Bandai,#players:2:alt #genre:shmup>v #port:arcade #lang:en',
      'Galaga,=,Galaga,=,galaga,Japan,2004-05-21,M2,Nintendo,#players:2:alt #genre:shmup>v #rerelease:famicommini #lang:ja',
    ]),
  },
  {
    name: 'console_nintendo_superfamicom_snes.csv',
    text: csv(['3x3 Eyes: Jūma Hōkan,3x3 Eyes 獣魔奉還 サザンアイズ,3x3 Eyes: Jūma Hōkan,=,3x3eyesjuumahoukan,Japan,1995-12-22,Now Production/N-Tech,Banpresto,#players:1 #genre:action:adventure #based:manganime #lang:ja']),
  },
  {
    name: 'console_sega_megadrive_genesis.csv',
    text: csv([
      'Bare Knuckle: Ikari no Tekken,ベア・ナックル 怒りの鉄拳,Bare Knuckle: Ikari no Tekken,=,bareknuckle,Japan,1991-08-02,SEGA,SEGA,#players:2:coop #genre:brawler #lang:ja',
      'Streets of Rage,=,Streets of Rage,=,bareknuckle,USA,1991-09,SEGA,SEGA,#players:2:coop #genre:brawler #lang:en',
    ]),
  },
  {
    name: 'console_nintendo_gameboy.csv',
    // The seed has Tetris on the NES only: the Game Boy's is not joined to it.
    text: csv(['Tetris,テトリス,Tetris,=,tetris,Japan,1989-06-14,Nintendo,Nintendo,#players:2:vs #genre:puzzle>drop #lang:ja']),
  },
  {
    name: 'console_sega_markIII_mastersystem.csv',
    // A Wonder Boy of 1996 is not the 1987 game.
    text: csv(['Wonder Boy,=,Wonder Boy,=,wonderboy,Brazil,1996,Tec Toy,Tec Toy,#players:1 #genre:action>platformer #lang:pt']),
  },
];

describe('GameDataBase genre tags as IGDB genres and themes', () => {
  it('maps each value, the most specific first, and a few other tags to themes', () => {
    expect(igdbTermsOf('#players:1 #genre:rpg>s #lang:ja')).toEqual({ genres: ['role-playing-rpg', 'tactical'], themes: [] });
    expect(igdbTermsOf('#genre:action>runandgun>platformer:shmup>h')).toEqual({ genres: ['shooter', 'platform'], themes: ['action'] });
    expect(igdbTermsOf('#genre:adventure>survivalhorror')).toEqual({ genres: ['adventure'], themes: ['horror', 'survival'] });
    // GameDataBase files strategy under simulation; IGDB does not.
    expect(igdbTermsOf('#genre:sim>strategy')).toEqual({ genres: ['strategy'], themes: [] });
    expect(igdbTermsOf('#genre:fighting:sports>wrestling')).toEqual({ genres: ['fighting', 'sport'], themes: ['action'] });
    expect(igdbTermsOf('#genre:sim>date #lang:ja')).toEqual({ genres: ['simulator'], themes: ['romance'] });
    expect(igdbTermsOf('#genre:board>mahjong #search:keyword>strip')).toEqual({ genres: ['card-and-board-game'], themes: ['erotic'] });
    // A child without a mapping of its own falls back to its parent's.
    expect(igdbTermsOf('#genre:sports>curling')).toEqual({ genres: ['sport'], themes: [] });
    // No IGDB genre for pachinko or an application.
    expect(igdbTermsOf('#genre:parlor>pachinko')).toEqual({ genres: [], themes: [] });
    expect(igdbTermsOf('#genre:notagame>application #mamerom:foo')).toEqual({ genres: [], themes: [] });
  });

  it('names only IGDB genres, themes and platforms the reference file has (the importer resolves them by slug)', () => {
    const genres = new Set(reference.genres.map((g) => g.slug));
    const themes = new Set(reference.themes.map((t) => t.slug));
    const platforms = new Set(reference.platforms.map((p) => p.slug));
    expect(Object.values(GENRE_MAP).flatMap((t) => t.genres ?? []).filter((g) => !genres.has(g))).toEqual([]);
    expect([...Object.values(GENRE_MAP).flatMap((t) => t.themes ?? []), ...Object.values(TAG_THEMES)].filter((t) => !themes.has(t))).toEqual([]);
    expect(Object.values(FILE_PLATFORMS).flat().filter((p) => !platforms.has(p))).toEqual([]);
  });
});

describe('reading GameDataBase', () => {
  it('parses quoted CSV fields', () => {
    expect(parseCsv('a,"b, ""c""",d\r\n"e\nf",g,\n')).toEqual([
      ['a', 'b, "c"', 'd'],
      ['e\nf', 'g', ''],
    ]);
  });

  it('spells a title the ways MAME may: long vowels written out, "~" parts, its Japanese title', () => {
    expect(titleKeys('3x3 Eyes: Jūma Hōkan')).toContain('3x3eyesjuumahoukan');
    expect(titleKeys('Streets of Rage (Europe, USA) ~ Bare Knuckle: Ikari no Tekken')).toEqual(expect.arrayContaining(['streetsofrage', 'bareknuckleikarinotekken']));
    expect(titleKeys('GALAGA ギャラガ')).toEqual(['=galagaギャラガ', '=ギャラガ']);
    // The Latin letters of a Japanese title ("II") are no key of their own.
    expect(titleKeys('モータルコンバットII')).toEqual(['=モータルコンバットii']);
  });

  it('makes one game of a file’s rows with one ID: its sets, first year, companies and genres', () => {
    const { games, rows } = readGameDataBase(GAMEDATABASE);
    expect(rows).toBe(11);
    const galaga = games.find((g) => g.id === 'galaga')!;
    expect(galaga).toMatchObject({ platforms: ['nes', 'famicom'], year: 1985, lastYear: 1989, rows: 3, genres: ['shooter'], themes: ['action'] });
    // The Famicom Mini re-release's M2 and Nintendo are not who made it.
    expect(galaga.developers).toEqual(['NAMCO']);
    expect(galaga.publishers).toEqual(['NAMCO', 'Bandai']);
    expect([...games.find((g) => g.id === 'ikari')!.sets]).toEqual(['ikari', 'ikarijp']);
    expect(games.find((g) => g.id === '3x3eyesjuumahoukan')!.developers).toEqual(['Now Production', 'N-Tech']);
  });
});

describe('GameDataBase joined to the seed', () => {
  const catalog = buildCatalog(MAME, igdbSlugById);
  const { games } = readGameDataBase(GAMEDATABASE);
  const joined: string[] = [];
  const report = joinGameDataBase(catalog.games, games, {
    onMatch: (gdb: GameDataBaseGame, seed: BuiltGame | undefined) => joined.push(`${gdb.file}/${gdb.id} → ${seed?.name ?? '-'}`),
  });
  const game = (name: string) => catalog.games.find((g) => g.name === name)!;

  it('joins an arcade game by its MAME set, in the lists of arcade sets only', () => {
    expect(joined).toContain('arcade_snk/metalslug → Metal Slug: Super Vehicle-001');
    expect(game('Metal Slug: Super Vehicle-001')).toMatchObject({ genres: ['shooter'], themes: ['action'], developers: ['Nazca'] });
    expect(joined).toEqual(expect.arrayContaining(['arcade_capcom/1942 → -', 'arcade_snk/ikari → -']));
    expect(game('1942').genres).toBeUndefined();
  });

  it('joins the others by title on the same platform, whatever the regional title', () => {
    expect(joined).toEqual(
      expect.arrayContaining([
        'console_nintendo_famicom_nes/galaga → Galaga: Demons of Death',
        'console_nintendo_superfamicom_snes/3x3eyesjuumahoukan → 3x3 Eyes: Juuma Houkan',
        'console_sega_megadrive_genesis/bareknuckle → Streets of Rage (Europe, USA) ~ Bare Knuckle: Ikari no Tekken',
      ]),
    );
    expect(game('Streets of Rage (Europe, USA) ~ Bare Knuckle: Ikari no Tekken')).toMatchObject({ genres: ['hack-and-slash-beat-em-up'], themes: ['action'] });
  });

  it('leaves a title alone on another platform or in another era', () => {
    expect(joined).toEqual(expect.arrayContaining(['console_nintendo_gameboy/tetris → -', 'console_sega_markIII_mastersystem/wonderboy → -']));
    expect(game('Tetris').genres).toBeUndefined();
    expect(game('Wonder Boy').genres).toBeUndefined();
  });

  it('adds developers in the spelling the seed uses, and publishers where MAME had none', () => {
    // "SEGA" is the "Sega" MAME names as the publisher; one company.
    expect(game('Streets of Rage (Europe, USA) ~ Bare Knuckle: Ikari no Tekken')).toMatchObject({ developers: ['Sega'], publishers: new Set(['Sega']) });
    expect(game('3x3 Eyes: Juuma Houkan')).toMatchObject({ developers: ['Now Production', 'N-Tech'], publishers: new Set(['Banpresto']) });
    // MAME's publisher stays.
    expect([...game('Galaga: Demons of Death').publishers]).toEqual(['Bandai']);
  });

  it('reports what joined how', () => {
    expect(report).toEqual({
      bySet: { games: 1, rows: 1 },
      byTitle: { games: 3, rows: 6 },
      ambiguous: { games: 0, rows: 0 },
      unmatchedArcade: { games: 2, rows: 2 },
      unmatchedOther: { games: 2, rows: 2 },
      seedGamesEnriched: 4,
    });
  });

  it('writes genres, themes and developers into the seed’s lines', () => {
    const lines = seedLines(catalog).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.find((l) => l.name === '3x3 Eyes: Juuma Houkan')).toEqual({
      name: '3x3 Eyes: Juuma Houkan',
      slug: '3x3-eyes-juuma-houkan',
      year: 1995,
      platforms: ['sfam'],
      publishers: ['Banpresto'],
      developers: ['Now Production', 'N-Tech'],
      genres: ['adventure'],
      themes: ['action'],
    });
    expect(lines.find((l) => l.name === 'Tetris')).not.toHaveProperty('genres');
  });
});

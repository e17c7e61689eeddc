/*
 * The entities a Wikidata-shaped fixture points at: classes, platforms,
 * genres, countries (REAL Wikidata QIDs) and companies and series
 * (synthetic QIDs, except Nintendo).
 *
 * How the real QIDs were confirmed (searches over public code, July 2025
 * snapshot): every platform, genre and class QID below is hard-coded with its
 * name in facenapalm/wikidatabot, a bot that edits Wikidata itself (UVL
 * platform map, PCGamingWiki genre map, Steam instance map), and the common
 * consoles/OSes also in several independent projects (PS4 Q5014725, PS5
 * Q63184502, Xbox Series X|S Q98973368, Switch 2 Q122761124, …). Countries
 * and "worldwide" (Q13780930) come from a project mapping P291 values.
 * "video game compilation" is Q16070115 (NOT Q1326966); "video game mod" is
 * Q865493 — both confirmed the same way. The English LABELS are written from
 * memory of Wikidata's conventions (lower-case genre names, "Microsoft
 * Windows", …) and may differ slightly from the live labels.
 *
 * Synthetic QIDs live far above real ones (real items are < Q140,000,000):
 * Q900000001+ filler games, Q910000001+ companies, Q920000001+ series,
 * Q930000001+ named games whose real QID could not be confirmed.
 */

export interface RefEntity {
  qid: string;
  /** English label. */
  label: string;
  /** A label in another language, which a consumer must not take for English. */
  other?: readonly [lang: string, text: string];
}

/** P31 classes. */
export const WIKIDATA_CLASSES = {
  videoGame: { qid: 'Q7889', label: 'video game', other: ['fr', 'jeu vidéo'] },
  expansionPack: { qid: 'Q209163', label: 'expansion pack' },
  dlc: { qid: 'Q1066707', label: 'downloadable content' },
  compilation: { qid: 'Q16070115', label: 'video game compilation' },
  mod: { qid: 'Q865493', label: 'video game mod' },
  series: { qid: 'Q7058673', label: 'video game series' },
} as const satisfies Record<string, RefEntity>;

/** Gregorian calendar, the calendar model of every time value. */
export const GREGORIAN = 'http://www.wikidata.org/entity/Q1985727';

/** Platforms (P400), all QIDs confirmed as described above. */
export const WIKIDATA_PLATFORMS = {
  win: { qid: 'Q1406', label: 'Microsoft Windows' },
  mac: { qid: 'Q14116', label: 'macOS' },
  linux: { qid: 'Q388', label: 'Linux' },
  ps1: { qid: 'Q10677', label: 'PlayStation', other: ['ja', 'プレイステーション'] },
  ps2: { qid: 'Q10680', label: 'PlayStation 2' },
  ps3: { qid: 'Q10683', label: 'PlayStation 3' },
  ps4: { qid: 'Q5014725', label: 'PlayStation 4', other: ['ja', 'プレイステーション4'] },
  ps5: { qid: 'Q63184502', label: 'PlayStation 5', other: ['ja', 'プレイステーション5'] },
  psp: { qid: 'Q170325', label: 'PlayStation Portable' },
  vita: { qid: 'Q188808', label: 'PlayStation Vita' },
  xbox: { qid: 'Q132020', label: 'Xbox' },
  x360: { qid: 'Q48263', label: 'Xbox 360' },
  xone: { qid: 'Q13361286', label: 'Xbox One' },
  xsx: { qid: 'Q98973368', label: 'Xbox Series X and Series S' },
  gc: { qid: 'Q182172', label: 'GameCube' },
  wii: { qid: 'Q8079', label: 'Wii' },
  wiiu: { qid: 'Q56942', label: 'Wii U' },
  sw: { qid: 'Q19610114', label: 'Nintendo Switch', other: ['ja', 'Nintendo Switch'] },
  sw2: { qid: 'Q122761124', label: 'Nintendo Switch 2' },
  n64: { qid: 'Q184839', label: 'Nintendo 64' },
  nes: { qid: 'Q172742', label: 'Nintendo Entertainment System', other: ['ja', 'ファミリーコンピュータ'] },
  fds: { qid: 'Q135321', label: 'Family Computer Disk System' },
  snes: { qid: 'Q183259', label: 'Super Nintendo Entertainment System' },
  gb: { qid: 'Q186437', label: 'Game Boy' },
  gbc: { qid: 'Q203992', label: 'Game Boy Color' },
  gba: { qid: 'Q188642', label: 'Game Boy Advance' },
  ds: { qid: 'Q170323', label: 'Nintendo DS' },
  '3ds': { qid: 'Q203597', label: 'Nintendo 3DS' },
  gen: { qid: 'Q10676', label: 'Sega Genesis', other: ['fr', 'Mega Drive'] },
  sms: { qid: 'Q209868', label: 'Master System' },
  gg: { qid: 'Q751719', label: 'Game Gear' },
  sat: { qid: 'Q200912', label: 'Sega Saturn' },
  dc: { qid: 'Q184198', label: 'Dreamcast' },
  dos: { qid: 'Q47604', label: 'MS-DOS' },
  arcade: { qid: 'Q192851', label: 'arcade video game machine' },
  c64: { qid: 'Q99775', label: 'Commodore 64' },
  amiga: { qid: 'Q100047', label: 'Amiga' },
  zx: { qid: 'Q23882', label: 'ZX Spectrum' },
  a2600: { qid: 'Q206261', label: 'Atari 2600' },
  bbc: { qid: 'Q749976', label: 'BBC Micro' },
  msx: { qid: 'Q853547', label: 'MSX' },
  ios: { qid: 'Q48493', label: 'iOS' },
  android: { qid: 'Q94', label: 'Android' },
} as const satisfies Record<string, RefEntity>;
export type PlatformKey = keyof typeof WIKIDATA_PLATFORMS;

/** Genres (P136), all QIDs confirmed in facenapalm/wikidatabot's genre map (and others). */
export const WIKIDATA_GENRES = {
  action: { qid: 'Q270948', label: 'action game' },
  adventure: { qid: 'Q23916', label: 'adventure game' },
  'action-adventure': { qid: 'Q343568', label: 'action-adventure game' },
  rpg: { qid: 'Q744038', label: 'role-playing video game', other: ['fr', 'jeu vidéo de rôle'] },
  arpg: { qid: 'Q1422746', label: 'action role-playing game' },
  jrpg: { qid: 'Q5923834', label: 'Japanese role-playing game' },
  'tactical-rpg': { qid: 'Q1529437', label: 'tactical role-playing game' },
  platform: { qid: 'Q828322', label: 'platform game', other: ['fr', 'jeu de plates-formes'] },
  fps: { qid: 'Q185029', label: 'first-person shooter' },
  tps: { qid: 'Q380266', label: 'third-person shooter' },
  shooter: { qid: 'Q4282636', label: 'shooter game' },
  shmup: { qid: 'Q1044478', label: "shoot 'em up" },
  fighting: { qid: 'Q846224', label: 'fighting game' },
  'beat-em-up': { qid: 'Q401831', label: "beat 'em up" },
  'hack-slash': { qid: 'Q1163960', label: 'hack and slash' },
  puzzle: { qid: 'Q54767', label: 'puzzle video game' },
  'falling-block': { qid: 'Q10308060', label: 'falling-block puzzle game' },
  maze: { qid: 'Q13717398', label: 'maze video game' },
  racing: { qid: 'Q860750', label: 'racing video game' },
  sports: { qid: 'Q868217', label: 'sports video game' },
  strategy: { qid: 'Q1150710', label: 'strategy video game' },
  rts: { qid: 'Q208189', label: 'real-time strategy' },
  tbs: { qid: 'Q2176159', label: 'turn-based strategy' },
  '4x': { qid: 'Q603555', label: '4X' },
  simulation: { qid: 'Q1610017', label: 'simulation video game' },
  'life-sim': { qid: 'Q1199309', label: 'life simulation game' },
  farming: { qid: 'Q111149309', label: 'farm life sim' },
  sandbox: { qid: 'Q25397095', label: 'sandbox game' },
  survival: { qid: 'Q21030988', label: 'survival game' },
  'survival-horror': { qid: 'Q333967', label: 'survival horror' },
  stealth: { qid: 'Q858523', label: 'stealth game' },
  metroidvania: { qid: 'Q19643088', label: 'Metroidvania' },
  roguelike: { qid: 'Q1143132', label: 'roguelike' },
  'immersive-sim': { qid: 'Q30680823', label: 'immersive sim' },
  'visual-novel': { qid: 'Q689445', label: 'visual novel' },
  party: { qid: 'Q7888616', label: 'party video game' },
  rhythm: { qid: 'Q2632782', label: 'rhythm game' },
} as const satisfies Record<string, RefEntity>;
export type GenreKey = keyof typeof WIKIDATA_GENRES;

/** Places of publication (P291 qualifier). */
export const WIKIDATA_REGIONS = {
  jp: { qid: 'Q17', label: 'Japan', other: ['ja', '日本'] },
  na: { qid: 'Q49', label: 'North America' },
  us: { qid: 'Q30', label: 'United States' },
  eu: { qid: 'Q46', label: 'Europe' },
  uk: { qid: 'Q145', label: 'United Kingdom' },
  au: { qid: 'Q408', label: 'Australia' },
  ww: { qid: 'Q13780930', label: 'worldwide' },
} as const satisfies Record<string, RefEntity>;
export type RegionKey = keyof typeof WIKIDATA_REGIONS;

/**
 * Companies (P178 developer, P123 publisher): real names, synthetic QIDs in
 * this order (Q910000001, …), except Nintendo's real Q8093. A few carry their
 * Japanese name too.
 */
const COMPANY_NAMES: Record<string, string | readonly [string, string]> = {
  fromsoftware: ['FromSoftware', 'フロム・ソフトウェア'], 'bandai-namco': 'Bandai Namco Entertainment', larian: 'Larian Studios',
  supergiant: 'Supergiant Games', concernedape: 'ConcernedApe', chucklefish: 'Chucklefish', cdpr: 'CD Projekt Red', 'cd-projekt': 'CD Projekt',
  saber: 'Saber Interactive', 'team-cherry': 'Team Cherry', valve: 'Valve Corporation', sierra: 'Sierra Studios', ea: 'Electronic Arts',
  mojang: 'Mojang Studios', xgs: 'Xbox Game Studios', 'maddy-makes-games': 'Maddy Makes Games', zaum: 'ZA/UM', rockstar: 'Rockstar Games',
  'rockstar-north': 'Rockstar North', 'santa-monica': 'Santa Monica Studio', sie: 'Sony Interactive Entertainment',
  scei: 'Sony Computer Entertainment', 'nintendo-epd': 'Nintendo Entertainment Planning & Development', 'nintendo-ead': 'Nintendo EAD',
  'nintendo-rd1': 'Nintendo R&D1', 'nintendo-rd4': 'Nintendo R&D4', 'square-enix': ['Square Enix', 'スクウェア・エニックス'],
  square: ['Square', 'スクウェア'], atlus: 'Atlus', sega: ['Sega', 'セガ'], 'sonic-team': 'Sonic Team', activision: 'Activision',
  bgs: 'Bethesda Game Studios', bethesda: 'Bethesda Softworks', bioware: 'BioWare', mgs: 'Microsoft Game Studios', id: 'id Software',
  capcom: ['Capcom', 'カプコン'], konami: ['Konami', 'コナミ'], namco: ['Namco', 'ナムコ'], taito: 'Taito', midway: 'Midway Games',
  'ape-hal': 'HAL Laboratory', 'naughty-dog': 'Naughty Dog', polyphony: 'Polyphony Digital', 'dma-design': 'DMA Design',
  psygnosis: 'Psygnosis', lucasfilm: 'Lucasfilm Games', acornsoft: 'Acornsoft', broderbund: 'Brøderbund', pajitnov: 'Alexey Pajitnov',
  're-logic': 'Re-Logic', wube: 'Wube Software', obsidian: 'Obsidian Entertainment', 'unknown-worlds': 'Unknown Worlds Entertainment',
  ludeon: 'Ludeon Studios', 'iron-gate': 'Iron Gate AB', 'coffee-stain': 'Coffee Stain Studios', firaxis: 'Firaxis Games', '2k': '2K',
  'colossal-order': 'Colossal Order', paradox: 'Paradox Interactive', 'hello-games': 'Hello Games', pocketpair: 'Pocketpair',
  'massive-monster': 'Massive Monster', devolver: 'Devolver Digital', mintrocket: 'Mintrocket', nexon: 'Nexon',
  'ubisoft-montpellier': 'Ubisoft Montpellier', ubisoft: 'Ubisoft', '4a-games': '4A Games', 'deep-silver': 'Deep Silver',
  warhorse: 'Warhorse Studios', '11bit': '11 bit studios', 'sucker-punch': 'Sucker Punch Productions', insomniac: 'Insomniac Games',
  guerrilla: 'Guerrilla Games', housemarque: 'Housemarque', bungie: 'Bungie', 'toby-fox': 'Toby Fox', playdead: 'Playdead',
  mobius: 'Mobius Digital', annapurna: 'Annapurna Interactive', 'motion-twin': 'Motion Twin', megacrit: 'MegaCrit',
  humble: 'Humble Games', innersloth: 'Innersloth', 'ninja-theory': 'Ninja Theory', kojima: 'Kojima Productions', '505': '505 Games',
  'sora-ltd': 'Sora Ltd.', 'bandai-namco-studios': 'Bandai Namco Studios', mercurysteam: 'MercurySteam', 'monolith-soft': 'Monolith Soft',
  'game-freak': 'Game Freak', neowiz: 'Neowiz', localthunk: 'LocalThunk', playstack: 'Playstack', 'team-asobi': 'Team Asobi',
  'game-science': 'Game Science', sandfall: 'Sandfall Interactive', kepler: 'Kepler Interactive', isometricorp: 'Isometricorp Games',
  finji: 'Finji', tango: 'Tango Gameworks', mossmouth: 'Mossmouth', subset: 'Subset Games', poncle: 'poncle', 'tour-de-pizza': 'Tour De Pizza',
  sabotage: 'Sabotage Studio', playground: 'Playground Games', 'ghost-story': 'Ghost Story Games', 'take-two': 'Take-Two Interactive',
  'ice-frog': 'IceFrog', 'team-fortress-software': 'TF Software', 'intelligent-systems': 'Intelligent Systems', kcej: 'Konami Computer Entertainment Japan',
  'square-soft': 'SquareSoft', 'moonfern': 'Moonfern Studio', 'pixel-pete': 'Peter Pixelmann',
};
export const FIXTURE_COMPANIES: Record<string, RefEntity> = {
  nintendo: { qid: 'Q8093', label: 'Nintendo', other: ['ja', '任天堂'] },
  ...Object.fromEntries(
    Object.entries(COMPANY_NAMES).map(([key, name], i) => {
      const [label, ja] = typeof name === 'string' ? [name, undefined] : name;
      return [key, { qid: `Q${910_000_001 + i}`, label, ...(ja ? { other: ['ja', ja] as const } : {}) }];
    }),
  ),
};

/** Series (P179), synthetic QIDs Q920000001, … in this order; each is an instance of video game series. */
const SERIES_NAMES: Record<string, string> = {
  'elden-ring': 'Elden Ring', 'baldurs-gate': "Baldur's Gate", hades: 'Hades', witcher: 'The Witcher', 'hollow-knight': 'Hollow Knight',
  portal: 'Portal', 'half-life': 'Half-Life', 'red-dead': 'Red Dead', 'god-of-war': 'God of War', zelda: 'The Legend of Zelda',
  'final-fantasy': 'Final Fantasy', persona: 'Persona', 'dark-souls': 'Dark Souls', 'elder-scrolls': 'The Elder Scrolls',
  'mass-effect': 'Mass Effect', doom: 'Doom', mario: 'Super Mario', 'animal-crossing': 'Animal Crossing', gta: 'Grand Theft Auto',
  fallout: 'Fallout', 'monster-hunter': 'Monster Hunter', civilization: 'Civilization', halo: 'Halo', 'mario-kart': 'Mario Kart',
  metroid: 'Metroid', pokemon: 'Pokémon', 'street-fighter': 'Street Fighter', sonic: 'Sonic the Hedgehog', castlevania: 'Castlevania',
  'mega-man': 'Mega Man', 'pac-man': 'Pac-Man', mother: 'Mother', 'metal-gear': 'Metal Gear', crash: 'Crash Bandicoot', mana: 'Mana',
  'resident-evil': 'Resident Evil', 'gran-turismo': 'Gran Turismo', tekken: 'Tekken', 'prince-of-persia': 'Prince of Persia',
  'monkey-island': 'Monkey Island', 'mortal-kombat': 'Mortal Kombat', 'slay-the-spire': 'Slay the Spire', cyberpunk: 'Cyberpunk',
  fable: 'Fable', 'armored-core': 'Armored Core', tetris: 'Tetris', 'donkey-kong': 'Donkey Kong',
};
export const FIXTURE_SERIES: Record<string, RefEntity> = Object.fromEntries(
  Object.entries(SERIES_NAMES).map(([key, label], i) => [key, { qid: `Q${920_000_001 + i}`, label }]),
);

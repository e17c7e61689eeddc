import type { GenreKey, PlatformKey } from './wikidata-fixture.entities.js';

/*
 * The named games of the Wikidata-shaped fixture: real games with facts as
 * true as the author knows them (release dates per platform and region,
 * developers, publishers, genres, series, Steam app ids, IGDB slugs, GOG
 * paths), ~40 retro classics whose titles are also in the MAME-derived seed
 * (data/catalog/mame-seed.jsonl.gz) so a consumer can enrich the existing
 * entry, upcoming games dated RELATIVE to the fixture's `now` (their real
 * dates are not the point: "Upcoming Releases" must fill whenever tests run),
 * and a few rows that exist to change between revisions 1 and 2.
 *
 * `qid` is given only where the real QID was confirmed (public projects that
 * pin Wikidata ids next to Steam ids or names: Elden Ring Q64826862, Witcher 3
 * Q4267401, …); the others get synthetic QIDs Q930000001, … in table order.
 *
 * Date mini-syntax, one P577 statement per string:
 *   '<when> [platform,platform…] [@region] [!|~]'
 *   when: YYYY (year precision 9), YYYY-MM (month, 10), YYYY-MM-DD (day, 11),
 *         +Nd / -Nd (days from now, day precision), +Nm (months from now,
 *         month precision), +Ny (years from now, year precision)
 *   platforms become pq:P400 qualifiers, @region a pq:P291 qualifier;
 *   '!' preferred rank, '~' deprecated rank (a wrong date kept for the record).
 */

export type GameKind = 'game' | 'expansion' | 'dlc' | 'compilation' | 'mod';

export interface NamedGameRow {
  /** A stable handle for tests, e.g. 'elden-ring'. */
  key: string;
  /** The real QID, when confirmed. */
  qid?: string;
  label: string;
  /** The label is language-neutral ("mul"), with no English one, as for many items since 2024. */
  mul?: true;
  /** A label in another language. */
  other?: readonly [lang: string, text: string];
  /** English aliases (skos:altLabel). */
  aka?: string[];
  kind?: GameKind;
  /** An expansion/DLC that is ALSO an instance of video game, as some real items are. */
  alsoGame?: true;
  /** Key of the game this one expands (P8646). */
  of?: string;
  d: string[];
  /** Platforms with no dated release statement. */
  p?: PlatformKey[];
  g?: GenreKey[];
  dev?: string[];
  pub?: string[];
  s?: string;
  steam?: string;
  igdb?: string;
  gog?: string;
  moby?: string;
  /** wikibase:sitelinks, the popularity signal. */
  sl: number;
  /** The English Wikipedia article, when not the label (disambiguated titles). */
  wiki?: string;
  retro?: true;
  /** Present only in this revision: 1 = deleted or merged away in revision 2, 2 = created in revision 2. */
  only?: 1 | 2;
}

const P4 = 'win,ps4,xone';
const ALL9 = 'win,ps4,ps5,xone,xsx';

export const NAMED_GAMES: NamedGameRow[] = [
  // ---------------------------------------------------------------- modern
  { key: 'elden-ring', qid: 'Q64826862', label: 'Elden Ring', other: ['ja', 'エルデンリング'], aka: ['ELDEN RING'], d: [`2022-02-25 ${ALL9}`], g: ['arpg'], dev: ['fromsoftware'], pub: ['bandai-namco'], s: 'elden-ring', steam: '1245620', igdb: 'elden-ring', moby: 'elden-ring', sl: 80 },
  { key: 'shadow-of-the-erdtree', label: 'Elden Ring: Shadow of the Erdtree', kind: 'dlc', of: 'elden-ring', d: [`2024-06-21 ${ALL9}`], g: ['arpg'], dev: ['fromsoftware'], pub: ['bandai-namco'], s: 'elden-ring', steam: '2778580', igdb: 'elden-ring-shadow-of-the-erdtree', sl: 24 },
  { key: 'elden-ring-nightreign', label: 'Elden Ring Nightreign', d: [`2025-05-30 ${ALL9}`], g: ['arpg', 'roguelike'], dev: ['fromsoftware'], pub: ['bandai-namco'], s: 'elden-ring', steam: '2622380', igdb: 'elden-ring-nightreign', sl: 22 },
  { key: 'baldurs-gate-3', qid: 'Q64441774', label: "Baldur's Gate 3", aka: ['BG3', "Baldur's Gate III"], d: ['2023-08-03 win', '2023-09-06 ps5', '2023-09-22 mac', '2023-12-06 xsx'], g: ['rpg', 'tactical-rpg'], dev: ['larian'], pub: ['larian'], s: 'baldurs-gate', steam: '1086940', igdb: 'baldurs-gate-3', gog: 'game/baldurs_gate_3', moby: 'baldurs-gate-3', sl: 60 },
  { key: 'hades', qid: 'Q59756366', label: 'Hades', d: ['2020-09-17 win,mac,sw', '2021-08-13 ps4,ps5,xone,xsx'], g: ['arpg', 'roguelike'], dev: ['supergiant'], pub: ['supergiant'], s: 'hades', steam: '1145360', igdb: 'hades--1', gog: 'game/hades', sl: 45, wiki: 'Hades (video game)' },
  { key: 'hades-ii', label: 'Hades II', aka: ['Hades 2'], d: ['2024-05-06 win', '2025-09-25 win,mac,sw,sw2'], g: ['arpg', 'roguelike'], dev: ['supergiant'], pub: ['supergiant'], s: 'hades', steam: '1145350', igdb: 'hades-ii', sl: 20 },
  { key: 'stardew-valley', qid: 'Q23013817', label: 'Stardew Valley', d: ['2016-02-26 win', '2016-12-13 ps4', '2016-12-14 xone', '2017-10-05 sw', '2018-10-24 ios', '2019-03-14 android'], p: ['mac', 'linux'], g: ['simulation', 'farming', 'rpg'], dev: ['concernedape'], pub: ['concernedape'], steam: '413150', igdb: 'stardew-valley', gog: 'game/stardew_valley', moby: 'stardew-valley', sl: 50 },
  { key: 'witcher-3', qid: 'Q4267401', label: 'The Witcher 3: Wild Hunt', other: ['pl', 'Wiedźmin 3: Dziki Gon'], aka: ['TW3', 'Witcher 3', 'The Witcher III: Wild Hunt'], d: [`2015-05-19 ${P4}`, '2019-10-15 sw', '2022-12-14 ps5,xsx'], g: ['arpg'], dev: ['cdpr'], pub: ['cd-projekt'], s: 'witcher', steam: '292030', igdb: 'the-witcher-3-wild-hunt', gog: 'game/the_witcher_3_wild_hunt', moby: 'the-witcher-3-wild-hunt', sl: 70 },
  { key: 'hearts-of-stone', label: 'The Witcher 3: Wild Hunt – Hearts of Stone', aka: ['Hearts of Stone'], kind: 'expansion', of: 'witcher-3', d: [`2015-10-13 ${P4}`], g: ['arpg'], dev: ['cdpr'], pub: ['cd-projekt'], s: 'witcher', steam: '378648', igdb: 'the-witcher-3-wild-hunt-hearts-of-stone', sl: 12 },
  { key: 'blood-and-wine', label: 'The Witcher 3: Wild Hunt – Blood and Wine', aka: ['Blood and Wine'], kind: 'expansion', alsoGame: true, of: 'witcher-3', d: [`2016-05-31 ${P4}`], g: ['arpg'], dev: ['cdpr'], pub: ['cd-projekt'], s: 'witcher', steam: '378649', igdb: 'the-witcher-3-wild-hunt-blood-and-wine', sl: 14 },
  { key: 'hollow-knight', qid: 'Q29300592', label: 'Hollow Knight', d: ['2017-02-24 win', '2017-04-11 mac,linux', '2018-06-13 sw', '2018-09-25 ps4,xone'], g: ['metroidvania', 'action-adventure'], dev: ['team-cherry'], pub: ['team-cherry'], s: 'hollow-knight', steam: '367520', igdb: 'hollow-knight', gog: 'game/hollow_knight', sl: 40 },
  { key: 'silksong', label: 'Hollow Knight: Silksong', aka: ['Silksong'], d: ['2025-09-04 win,mac,linux,sw,sw2,ps4,ps5,xone,xsx'], g: ['metroidvania', 'action-adventure'], dev: ['team-cherry'], pub: ['team-cherry'], s: 'hollow-knight', steam: '1030300', igdb: 'hollow-knight-silksong', sl: 25 },
  { key: 'portal', label: 'Portal', d: ['2007-10-10 win'], p: ['mac', 'linux', 'x360', 'ps3'], g: ['puzzle', 'platform'], dev: ['valve'], pub: ['valve'], s: 'portal', steam: '400', igdb: 'portal', sl: 55, wiki: 'Portal (video game)' },
  { key: 'portal-2', label: 'Portal 2', d: ['2011-04-18 win,mac', '2011-04-19 ps3,x360 @na'], p: ['linux'], g: ['puzzle', 'platform'], dev: ['valve'], pub: ['valve', 'ea'], s: 'portal', steam: '620', igdb: 'portal-2', moby: 'portal-2', sl: 60 },
  { key: 'minecraft', qid: 'Q49740', label: 'Minecraft', d: ['2011-11-18 win,mac,linux !', '2009-05-17 win'], p: ['ps3', 'ps4', 'x360', 'xone', 'sw', 'wiiu', 'vita', 'ios', 'android'], g: ['sandbox', 'survival'], dev: ['mojang'], pub: ['mojang', 'xgs'], igdb: 'minecraft', sl: 110 },
  { key: 'celeste', label: 'Celeste', d: ['2018-01-25 win,mac,linux,sw,ps4,xone'], g: ['platform'], dev: ['maddy-makes-games'], pub: ['maddy-makes-games'], steam: '504230', igdb: 'celeste', sl: 35, wiki: 'Celeste (video game)' },
  { key: 'disco-elysium', qid: 'Q71693825', label: 'Disco Elysium', d: ['2019-10-15 win', '2021-03-30 ps4,ps5', '2021-10-12 sw,xone,xsx'], p: ['mac'], g: ['rpg'], dev: ['zaum'], pub: ['zaum'], steam: '632470', igdb: 'disco-elysium', gog: 'game/disco_elysium', sl: 40 },
  { key: 'red-dead-redemption-2', qid: 'Q27438121', label: 'Red Dead Redemption 2', aka: ['RDR2'], d: ['2018-10-26 ps4,xone', '2019-11-05 win'], g: ['action-adventure'], dev: ['rockstar'], pub: ['rockstar'], s: 'red-dead', steam: '1174180', igdb: 'red-dead-redemption-2', sl: 70 },
  { key: 'god-of-war-2018', label: 'God of War', d: ['2018-04-20 ps4', '2022-01-14 win'], g: ['action-adventure', 'hack-slash'], dev: ['santa-monica'], pub: ['sie'], s: 'god-of-war', steam: '1593500', igdb: 'god-of-war--1', sl: 60, wiki: 'God of War (2018 video game)' },
  { key: 'god-of-war-2005', label: 'God of War', d: ['2005-03-22 ps2 @na'], g: ['action-adventure', 'hack-slash'], dev: ['santa-monica'], pub: ['scei'], s: 'god-of-war', igdb: 'god-of-war', sl: 45, wiki: 'God of War (2005 video game)' },
  { key: 'god-of-war-ragnarok', qid: 'Q99397916', label: 'God of War Ragnarök', d: ['2022-11-09 ps4,ps5', '2024-09-19 win'], g: ['action-adventure', 'hack-slash'], dev: ['santa-monica'], pub: ['sie'], s: 'god-of-war', steam: '2322010', igdb: 'god-of-war-ragnarok', sl: 40 },
  { key: 'breath-of-the-wild', qid: 'Q17185964', label: 'The Legend of Zelda: Breath of the Wild', other: ['ja', 'ゼルダの伝説 ブレス オブ ザ ワイルド'], aka: ['BotW', 'Zelda: Breath of the Wild'], d: ['2017-03-03 sw,wiiu'], g: ['action-adventure'], dev: ['nintendo-epd'], pub: ['nintendo'], s: 'zelda', igdb: 'the-legend-of-zelda-breath-of-the-wild', sl: 75 },
  { key: 'tears-of-the-kingdom', label: 'The Legend of Zelda: Tears of the Kingdom', aka: ['TotK'], d: ['2023-05-12 sw'], g: ['action-adventure'], dev: ['nintendo-epd'], pub: ['nintendo'], s: 'zelda', igdb: 'the-legend-of-zelda-tears-of-the-kingdom', sl: 45 },
  { key: 'cyberpunk-2077', qid: 'Q3182559', label: 'Cyberpunk 2077', d: [`2020-12-10 ${P4}`, '2022-02-15 ps5,xsx', '2025-06-05 sw2'], p: ['mac'], g: ['arpg'], dev: ['cdpr'], pub: ['cd-projekt'], s: 'cyberpunk', steam: '1091500', igdb: 'cyberpunk-2077', gog: 'game/cyberpunk_2077', sl: 65 },
  { key: 'phantom-liberty', label: 'Cyberpunk 2077: Phantom Liberty', kind: 'expansion', alsoGame: true, of: 'cyberpunk-2077', d: ['2023-09-26 win,ps5,xsx'], g: ['arpg'], dev: ['cdpr'], pub: ['cd-projekt'], s: 'cyberpunk', steam: '2138330', igdb: 'cyberpunk-2077-phantom-liberty', sl: 15 },
  { key: 'ff7-remake', label: 'Final Fantasy VII Remake', other: ['ja', 'ファイナルファンタジーVII リメイク'], aka: ['FF7R'], d: ['2020-04-10 ps4', '2021-06-10 ps5', '2021-12-16 win'], g: ['arpg'], dev: ['square-enix'], pub: ['square-enix'], s: 'final-fantasy', steam: '1462040', igdb: 'final-fantasy-vii-remake', sl: 40 },
  { key: 'ff7-rebirth', label: 'Final Fantasy VII Rebirth', d: ['2024-02-29 ps5', '2025-01-23 win'], g: ['arpg'], dev: ['square-enix'], pub: ['square-enix'], s: 'final-fantasy', steam: '2909400', igdb: 'final-fantasy-vii-rebirth', sl: 28 },
  { key: 'persona-5', label: 'Persona 5', other: ['ja', 'ペルソナ5'], d: ['2016-09-15 ps3,ps4 @jp', '2017-04-04 ps3,ps4 @na'], g: ['jrpg'], dev: ['atlus'], pub: ['atlus', 'deep-silver'], s: 'persona', igdb: 'persona-5', sl: 40 },
  { key: 'persona-5-royal', label: 'Persona 5 Royal', d: ['2019-10-31 ps4 @jp', '2020-03-31 ps4 @ww', `2022-10-21 win,ps5,sw,xone,xsx`], g: ['jrpg'], dev: ['atlus'], pub: ['atlus', 'sega'], s: 'persona', steam: '1687950', igdb: 'persona-5-royal', sl: 25 },
  { key: 'sekiro', qid: 'Q54906424', label: 'Sekiro: Shadows Die Twice', aka: ['Sekiro'], d: [`2019-03-22 ${P4}`], g: ['action-adventure'], dev: ['fromsoftware'], pub: ['activision', 'fromsoftware'], steam: '814380', igdb: 'sekiro-shadows-die-twice', sl: 45 },
  { key: 'dark-souls', label: 'Dark Souls', d: ['2011-09-22 ps3 @jp', '2011-10-04 ps3,x360 @na', '2012-08-24 win'], g: ['arpg'], dev: ['fromsoftware'], pub: ['bandai-namco'], s: 'dark-souls', steam: '211420', igdb: 'dark-souls', sl: 50 },
  { key: 'dark-souls-iii', qid: 'Q20112508', label: 'Dark Souls III', d: ['2016-03-24 ps4,xone @jp', `2016-04-12 ${P4}`], g: ['arpg'], dev: ['fromsoftware'], pub: ['bandai-namco'], s: 'dark-souls', steam: '374320', igdb: 'dark-souls-iii', sl: 40 },
  { key: 'demons-souls', qid: 'Q1153708', label: "Demon's Souls", d: ['2009-02-05 ps3 @jp', '2009-10-06 ps3 @na'], g: ['arpg'], dev: ['fromsoftware'], pub: ['scei', 'atlus'], igdb: 'demons-souls', sl: 35 },
  { key: 'skyrim', label: 'The Elder Scrolls V: Skyrim', aka: ['Skyrim', 'TES V: Skyrim', 'The Elder Scrolls V'], d: ['2011-11-11 win,ps3,x360', '2011-11-01 win ~'], g: ['arpg'], dev: ['bgs'], pub: ['bethesda'], s: 'elder-scrolls', steam: '72850', igdb: 'the-elder-scrolls-v-skyrim', sl: 80 },
  { key: 'skyrim-se', qid: 'Q31602948', label: 'The Elder Scrolls V: Skyrim Special Edition', aka: ['Skyrim Special Edition'], d: [`2016-10-28 ${P4}`], g: ['arpg'], dev: ['bgs'], pub: ['bethesda'], s: 'elder-scrolls', steam: '489830', igdb: 'the-elder-scrolls-v-skyrim-special-edition', sl: 8 },
  { key: 'oblivion', qid: 'Q49607', label: 'The Elder Scrolls IV: Oblivion', aka: ['Oblivion'], d: ['2006-03-20 win,x360', '2007-03-20 ps3 @na'], g: ['arpg'], dev: ['bgs'], pub: ['bethesda', '2k'], s: 'elder-scrolls', steam: '22330', igdb: 'the-elder-scrolls-iv-oblivion', sl: 50 },
  { key: 'mass-effect', label: 'Mass Effect', d: ['2007-11-20 x360', '2008-05-28 win', '2012-12-04 ps3'], g: ['arpg', 'tps'], dev: ['bioware'], pub: ['mgs', 'ea'], s: 'mass-effect', steam: '17460', igdb: 'mass-effect', sl: 50 },
  { key: 'mass-effect-2', label: 'Mass Effect 2', d: ['2010-01-26 win,x360', '2011-01-18 ps3'], g: ['arpg', 'tps'], dev: ['bioware'], pub: ['ea'], s: 'mass-effect', steam: '24980', igdb: 'mass-effect-2', sl: 45 },
  { key: 'mass-effect-le', qid: 'Q101246186', label: 'Mass Effect Legendary Edition', kind: 'compilation', d: [`2021-05-14 ${P4}`], g: ['arpg'], dev: ['bioware'], pub: ['ea'], s: 'mass-effect', steam: '1328670', igdb: 'mass-effect-legendary-edition', sl: 18 },
  { key: 'half-life-2', qid: 'Q193581', label: 'Half-Life 2', aka: ['HL2'], d: ['2004-11-16 win', '2007-10-10 x360,ps3'], p: ['xbox', 'mac', 'linux'], g: ['fps'], dev: ['valve'], pub: ['valve', 'sierra'], s: 'half-life', steam: '220', igdb: 'half-life-2', moby: 'half-life-2', sl: 75 },
  { key: 'half-life', label: 'Half-Life', d: ['1998-11-19 win'], p: ['ps2', 'mac', 'linux'], g: ['fps'], dev: ['valve'], pub: ['sierra'], s: 'half-life', steam: '70', igdb: 'half-life', moby: 'half-life', sl: 65, wiki: 'Half-Life (video game)' },
  { key: 'orange-box', label: 'The Orange Box', kind: 'compilation', d: ['2007-10-10 win,x360', '2007-12-11 ps3'], g: ['fps'], dev: ['valve'], pub: ['valve', 'ea'], igdb: 'the-orange-box', sl: 30 },
  { key: 'doom-2016', label: 'Doom', d: [`2016-05-13 ${P4}`, '2017-11-10 sw'], g: ['fps'], dev: ['id'], pub: ['bethesda'], s: 'doom', steam: '379720', igdb: 'doom--2', sl: 40, wiki: 'Doom (2016 video game)' },
  { key: 'doom-1993', label: 'Doom', aka: ['DOOM', 'The Ultimate Doom'], d: ['1993-12-10 dos'], g: ['fps'], dev: ['id'], pub: ['id'], s: 'doom', steam: '2280', igdb: 'doom', moby: 'doom', sl: 70, wiki: 'Doom (1993 video game)', retro: true },
  { key: 'super-mario-odyssey', qid: 'Q28234671', label: 'Super Mario Odyssey', d: ['2017-10-27 sw'], g: ['platform'], dev: ['nintendo-epd'], pub: ['nintendo'], s: 'mario', igdb: 'super-mario-odyssey', sl: 50 },
  { key: 'animal-crossing-nh', label: 'Animal Crossing: New Horizons', other: ['ja', 'あつまれ どうぶつの森'], aka: ['ACNH'], d: ['2020-03-20 sw'], g: ['life-sim'], dev: ['nintendo-epd'], pub: ['nintendo'], s: 'animal-crossing', igdb: 'animal-crossing-new-horizons', sl: 45 },
  { key: 'gta-v', qid: 'Q17452', label: 'Grand Theft Auto V', aka: ['GTA V', 'GTA 5'], d: ['2013-09-17 ps3,x360', '2014-11-18 ps4,xone', '2015-04-14 win', '2022-03-15 ps5,xsx'], g: ['action-adventure'], dev: ['rockstar-north'], pub: ['rockstar'], s: 'gta', steam: '271590', igdb: 'grand-theft-auto-v', sl: 90 },
  { key: 'terraria', qid: 'Q332697', label: 'Terraria', d: ['2011-05-16 win'], p: ['mac', 'linux', 'ps4', 'xone', 'sw', 'ios', 'android'], g: ['sandbox', 'action-adventure'], dev: ['re-logic'], pub: ['re-logic', '505'], steam: '105600', igdb: 'terraria', sl: 40 },
  { key: 'factorio', qid: 'Q16972008', label: 'Factorio', d: ['2020-08-14 win,mac,linux'], g: ['simulation', 'strategy'], dev: ['wube'], pub: ['wube'], steam: '427520', igdb: 'factorio', sl: 25 },
  { key: 'fallout-4', qid: 'Q10493813', label: 'Fallout 4', d: [`2015-11-10 ${P4}`], g: ['arpg'], dev: ['bgs'], pub: ['bethesda'], s: 'fallout', steam: '377160', igdb: 'fallout-4', sl: 55 },
  { key: 'fallout-new-vegas', qid: 'Q753749', label: 'Fallout: New Vegas', d: ['2010-10-19 win,ps3,x360'], g: ['arpg'], dev: ['obsidian'], pub: ['bethesda'], s: 'fallout', steam: '22380', igdb: 'fallout-new-vegas', sl: 45 },
  { key: 'monster-hunter-world', qid: 'Q30252256', label: 'Monster Hunter: World', d: ['2018-01-26 ps4,xone', '2018-08-09 win'], g: ['arpg'], dev: ['capcom'], pub: ['capcom'], s: 'monster-hunter', steam: '582010', igdb: 'monster-hunter-world', sl: 35 },
  { key: 'monster-hunter-wilds', qid: 'Q123699158', label: 'Monster Hunter Wilds', d: ['2025-02-28 win,ps5,xsx'], g: ['arpg'], dev: ['capcom'], pub: ['capcom'], s: 'monster-hunter', steam: '2246340', igdb: 'monster-hunter-wilds', sl: 20 },
  { key: 'subnautica', qid: 'Q21039915', label: 'Subnautica', d: ['2018-01-23 win,mac', '2018-12-04 ps4,xone'], g: ['survival', 'action-adventure'], dev: ['unknown-worlds'], pub: ['unknown-worlds'], steam: '264710', igdb: 'subnautica', sl: 25 },
  { key: 'rimworld', qid: 'Q19581568', label: 'RimWorld', d: ['2018-10-17 win,mac,linux'], g: ['simulation'], dev: ['ludeon'], pub: ['ludeon'], steam: '294100', igdb: 'rimworld', sl: 20 },
  { key: 'valheim', qid: 'Q105100327', label: 'Valheim', d: ['2021-02-02 win'], g: ['survival'], dev: ['iron-gate'], pub: ['coffee-stain'], steam: '892970', igdb: 'valheim', sl: 25 },
  { key: 'divinity-os2', qid: 'Q20899735', label: 'Divinity: Original Sin II', d: ['2017-09-14 win'], g: ['rpg', 'tactical-rpg'], dev: ['larian'], pub: ['larian'], steam: '435150', igdb: 'divinity-original-sin-ii', sl: 25 },
  { key: 'civilization-vi', qid: 'Q24050047', label: "Sid Meier's Civilization VI", aka: ['Civilization VI', 'Civ 6'], d: ['2016-10-21 win'], g: ['tbs', '4x'], dev: ['firaxis'], pub: ['2k'], s: 'civilization', steam: '289070', igdb: 'sid-meiers-civilization-vi', sl: 40 },
  { key: 'cities-skylines', qid: 'Q18149274', label: 'Cities: Skylines', d: ['2015-03-10 win,mac,linux'], g: ['simulation'], dev: ['colossal-order'], pub: ['paradox'], steam: '255710', igdb: 'cities-skylines', sl: 30 },
  { key: 'stellaris', qid: 'Q20829312', label: 'Stellaris', d: ['2016-05-09 win,mac,linux'], g: ['4x'], dev: ['paradox'], pub: ['paradox'], steam: '281990', igdb: 'stellaris', sl: 25 },
  { key: 'no-mans-sky', qid: 'Q15297043', label: "No Man's Sky", d: ['2016-08-09 ps4 @na', '2016-08-12 win'], g: ['survival', 'action-adventure'], dev: ['hello-games'], pub: ['hello-games', 'sie'], steam: '275850', igdb: 'no-mans-sky', sl: 35 },
  { key: 'palworld', qid: 'Q113989188', label: 'Palworld', d: ['2024-01-19 win,xone,xsx'], g: ['survival'], dev: ['pocketpair'], pub: ['pocketpair'], steam: '1623730', igdb: 'palworld', sl: 30 },
  { key: 'cult-of-the-lamb', qid: 'Q108273566', label: 'Cult of the Lamb', d: ['2022-08-11 win,mac,sw,ps4,ps5,xone,xsx'], g: ['roguelike'], dev: ['massive-monster'], pub: ['devolver'], steam: '1313140', igdb: 'cult-of-the-lamb', sl: 20 },
  { key: 'dave-the-diver', qid: 'Q114995908', label: 'Dave the Diver', d: ['2023-06-28 win,mac', '2023-10-26 sw'], g: ['adventure'], dev: ['mintrocket'], pub: ['nexon'], steam: '1868140', igdb: 'dave-the-diver', sl: 15 },
  { key: 'pop-lost-crown', qid: 'Q119224900', label: 'Prince of Persia: The Lost Crown', d: ['2024-01-18 win,ps4,ps5,sw,xone,xsx'], g: ['metroidvania'], dev: ['ubisoft-montpellier'], pub: ['ubisoft'], s: 'prince-of-persia', steam: '2751000', igdb: 'prince-of-persia-the-lost-crown', sl: 15 },
  { key: 'metro-exodus', qid: 'Q30238508', label: 'Metro Exodus', d: [`2019-02-15 ${P4}`], g: ['fps'], dev: ['4a-games'], pub: ['deep-silver'], steam: '412020', igdb: 'metro-exodus', sl: 30 },
  { key: 'kingdom-come', qid: 'Q15408545', label: 'Kingdom Come: Deliverance', d: [`2018-02-13 ${P4}`], g: ['rpg'], dev: ['warhorse'], pub: ['deep-silver'], steam: '286860', igdb: 'kingdom-come-deliverance', sl: 30 },
  { key: 'frostpunk', qid: 'Q50356175', label: 'Frostpunk', d: ['2018-04-24 win'], g: ['simulation', 'strategy'], dev: ['11bit'], pub: ['11bit'], steam: '323190', igdb: 'frostpunk', sl: 25 },
  { key: 'satisfactory', qid: 'Q62049495', label: 'Satisfactory', d: ['2024-09-10 win'], g: ['simulation'], dev: ['coffee-stain'], pub: ['coffee-stain'], steam: '526870', igdb: 'satisfactory', sl: 15 },
  { key: 'ghost-of-tsushima', qid: 'Q42564798', label: 'Ghost of Tsushima', d: ['2020-07-17 ps4', '2024-05-16 win'], g: ['action-adventure', 'stealth'], dev: ['sucker-punch'], pub: ['sie'], steam: '2215430', igdb: 'ghost-of-tsushima', sl: 40 },
  { key: 'spider-man-2', qid: 'Q108479502', label: "Marvel's Spider-Man 2", d: ['2023-10-20 ps5', '2025-01-30 win'], g: ['action-adventure'], dev: ['insomniac'], pub: ['sie'], steam: '2651280', igdb: 'marvels-spider-man-2', sl: 30 },
  { key: 'horizon-forbidden-west', qid: 'Q96216443', label: 'Horizon Forbidden West', d: ['2022-02-18 ps4,ps5', '2024-03-21 win'], g: ['arpg'], dev: ['guerrilla'], pub: ['sie'], steam: '2420110', igdb: 'horizon-forbidden-west', sl: 35 },
  { key: 'ff16', qid: 'Q112229438', label: 'Final Fantasy XVI', aka: ['FFXVI'], d: ['2023-06-22 ps5', '2024-09-17 win'], g: ['arpg'], dev: ['square-enix'], pub: ['square-enix'], s: 'final-fantasy', steam: '2515020', igdb: 'final-fantasy-xvi', sl: 35 },
  { key: 'returnal', qid: 'Q96240947', label: 'Returnal', d: ['2021-04-30 ps5', '2023-02-15 win'], g: ['roguelike', 'tps'], dev: ['housemarque'], pub: ['sie'], steam: '1649240', igdb: 'returnal', sl: 25 },
  { key: 'tlou-part-i', qid: 'Q113377532', label: 'The Last of Us Part I', d: ['2022-09-02 ps5', '2023-03-28 win'], g: ['action-adventure', 'survival-horror'], dev: ['naughty-dog'], pub: ['sie'], steam: '1888930', igdb: 'the-last-of-us-part-i', sl: 20 },
  { key: 'halo-ce', qid: 'Q276217', label: 'Halo: Combat Evolved', d: ['2001-11-15 xbox', '2003-09-30 win'], p: ['mac'], g: ['fps'], dev: ['bungie'], pub: ['mgs'], s: 'halo', igdb: 'halo-combat-evolved', sl: 50 },
  { key: 'undertale', label: 'Undertale', d: ['2015-09-15 win,mac'], p: ['ps4', 'vita', 'sw', 'xone'], g: ['rpg'], dev: ['toby-fox'], pub: ['toby-fox'], steam: '391540', igdb: 'undertale', sl: 40 },
  { key: 'inside', label: 'Inside', d: ['2016-06-29 xone', '2016-07-07 win'], p: ['ps4', 'sw', 'ios'], g: ['puzzle', 'platform'], dev: ['playdead'], pub: ['playdead'], steam: '304430', igdb: 'inside', sl: 30, wiki: 'Inside (video game)' },
  { key: 'outer-wilds', label: 'Outer Wilds', d: ['2019-05-28 win,xone', '2019-10-15 ps4'], g: ['adventure'], dev: ['mobius'], pub: ['annapurna'], steam: '753640', igdb: 'outer-wilds', sl: 20 },
  { key: 'dead-cells', label: 'Dead Cells', d: ['2018-08-07 win,mac,linux,sw,ps4,xone'], g: ['roguelike', 'metroidvania'], dev: ['motion-twin'], pub: ['motion-twin'], steam: '588650', igdb: 'dead-cells', sl: 20 },
  { key: 'slay-the-spire', label: 'Slay the Spire', d: ['2019-01-23 win,mac,linux'], g: ['roguelike', 'strategy'], dev: ['megacrit'], pub: ['humble'], s: 'slay-the-spire', steam: '646570', igdb: 'slay-the-spire', sl: 18 },
  { key: 'among-us', label: 'Among Us', d: ['2018-06-15 ios,android', '2018-11-16 win'], g: ['party'], dev: ['innersloth'], pub: ['innersloth'], steam: '945360', igdb: 'among-us', sl: 45 },
  { key: 'hellblade', label: "Hellblade: Senua's Sacrifice", d: ['2017-08-08 win,ps4'], g: ['action-adventure'], dev: ['ninja-theory'], pub: ['ninja-theory'], steam: '414340', igdb: 'hellblade-senuas-sacrifice', sl: 25 },
  { key: 'death-stranding', label: 'Death Stranding', d: ['2019-11-08 ps4', '2020-07-14 win'], g: ['action'], dev: ['kojima'], pub: ['sie', '505'], steam: '1190460', igdb: 'death-stranding', sl: 40 },
  { key: 'smash-ultimate', label: 'Super Smash Bros. Ultimate', d: ['2018-12-07 sw'], g: ['fighting'], dev: ['bandai-namco-studios', 'sora-ltd'], pub: ['nintendo'], igdb: 'super-smash-bros-ultimate', sl: 45 },
  { key: 'mario-kart-8-deluxe', label: 'Mario Kart 8 Deluxe', d: ['2017-04-28 sw'], g: ['racing'], dev: ['nintendo-epd'], pub: ['nintendo'], s: 'mario-kart', igdb: 'mario-kart-8-deluxe', sl: 30 },
  { key: 'mk8d-booster-course-pass', label: 'Mario Kart 8 Deluxe – Booster Course Pass', kind: 'dlc', of: 'mario-kart-8-deluxe', d: ['2022-03-18 sw'], g: ['racing'], dev: ['nintendo-epd'], pub: ['nintendo'], s: 'mario-kart', sl: 3 },
  { key: 'metroid-dread', label: 'Metroid Dread', d: ['2021-10-08 sw'], g: ['metroidvania'], dev: ['mercurysteam'], pub: ['nintendo'], s: 'metroid', igdb: 'metroid-dread', sl: 30 },
  { key: 'pokemon-scarlet-violet', label: 'Pokémon Scarlet and Violet', d: ['2022-11-18 sw'], g: ['jrpg'], dev: ['game-freak'], pub: ['nintendo'], s: 'pokemon', sl: 40 },
  { key: 'starfield', label: 'Starfield', d: ['2023-09-06 win,xsx'], g: ['arpg'], dev: ['bgs'], pub: ['bethesda'], steam: '1716740', igdb: 'starfield', sl: 40 },
  { key: 'armored-core-vi', label: 'Armored Core VI: Fires of Rubicon', d: [`2023-08-25 ${ALL9}`], g: ['action', 'tps'], dev: ['fromsoftware'], pub: ['bandai-namco'], s: 'armored-core', steam: '1888160', igdb: 'armored-core-vi-fires-of-rubicon', sl: 25 },
  { key: 'lies-of-p', label: 'Lies of P', d: ['2023-09-19 win,mac,ps4,ps5,xone,xsx'], g: ['arpg'], dev: ['neowiz'], pub: ['neowiz'], steam: '1627720', igdb: 'lies-of-p', sl: 15 },
  { key: 'balatro', label: 'Balatro', d: [`2024-02-20 win,ps4,ps5,sw,xone,xsx`], g: ['roguelike', 'strategy'], dev: ['localthunk'], pub: ['playstack'], steam: '2379780', igdb: 'balatro', sl: 20 },
  { key: 'astro-bot', label: 'Astro Bot', d: ['2024-09-06 ps5'], g: ['platform'], dev: ['team-asobi'], pub: ['sie'], igdb: 'astro-bot', sl: 25 },
  { key: 'black-myth-wukong', label: 'Black Myth: Wukong', d: ['2024-08-20 win,ps5'], g: ['arpg'], dev: ['game-science'], pub: ['game-science'], steam: '2358720', igdb: 'black-myth-wukong', sl: 35 },
  { key: 'metaphor-refantazio', label: 'Metaphor: ReFantazio', d: ['2024-10-11 win,ps4,ps5,xsx'], g: ['jrpg'], dev: ['atlus'], pub: ['sega'], steam: '2679460', igdb: 'metaphor-refantazio', sl: 18 },
  { key: 'clair-obscur', label: 'Clair Obscur: Expedition 33', d: ['2025-04-24 win,ps5,xsx'], g: ['rpg'], dev: ['sandfall'], pub: ['kepler'], steam: '1903340', igdb: 'clair-obscur-expedition-33', sl: 25 },
  { key: 'tunic', label: 'Tunic', d: ['2022-03-16 win,mac,xone,xsx'], g: ['action-adventure'], dev: ['isometricorp'], pub: ['finji'], steam: '553420', igdb: 'tunic', sl: 15, wiki: 'Tunic (video game)' },
  { key: 'gran-turismo-7', label: 'Gran Turismo 7', mul: true, d: ['2022-03-04 ps4,ps5'], g: ['racing'], dev: ['polyphony'], pub: ['sie'], s: 'gran-turismo', igdb: 'gran-turismo-7', sl: 25 },
  { key: 'hi-fi-rush', label: 'Hi-Fi Rush', d: ['2023-01-25 win,xsx'], g: ['action', 'rhythm'], dev: ['tango'], pub: ['bethesda'], steam: '1817230', igdb: 'hi-fi-rush', sl: 20 },
  { key: 'mario-wonder', label: 'Super Mario Bros. Wonder', d: ['2023-10-20 sw'], g: ['platform'], dev: ['nintendo-epd'], pub: ['nintendo'], s: 'mario', igdb: 'super-mario-bros-wonder', sl: 30 },
  { key: 'mario-3d-all-stars', label: 'Super Mario 3D All-Stars', kind: 'compilation', d: ['2020-09-18 sw'], g: ['platform'], dev: ['nintendo-epd'], pub: ['nintendo'], s: 'mario', sl: 20 },
  { key: 'spelunky-2', label: 'Spelunky 2', d: ['2020-09-15 ps4', '2020-09-29 win'], g: ['platform', 'roguelike'], dev: ['mossmouth'], pub: ['mossmouth'], steam: '418530', igdb: 'spelunky-2', sl: 10 },
  { key: 'into-the-breach', label: 'Into the Breach', d: ['2018-02-27 win'], g: ['tbs'], dev: ['subset'], pub: ['subset'], steam: '590380', igdb: 'into-the-breach', sl: 15 },
  { key: 'ftl', label: 'FTL: Faster Than Light', aka: ['FTL'], d: ['2012-09-14 win,mac'], g: ['roguelike', 'strategy'], dev: ['subset'], pub: ['subset'], steam: '212680', igdb: 'ftl-faster-than-light', sl: 20 },
  { key: 'vampire-survivors', label: 'Vampire Survivors', d: ['2022-10-20 win'], g: ['roguelike', 'shmup'], dev: ['poncle'], pub: ['poncle'], steam: '1794680', igdb: 'vampire-survivors', sl: 20 },
  { key: 'pizza-tower', label: 'Pizza Tower', d: ['2023-01-26 win'], g: ['platform'], dev: ['tour-de-pizza'], pub: ['tour-de-pizza'], steam: '2231450', igdb: 'pizza-tower', sl: 10 },
  { key: 'sea-of-stars', label: 'Sea of Stars', d: ['2023-08-29 win,ps4,ps5,sw,xone,xsx'], g: ['rpg'], dev: ['sabotage'], pub: ['sabotage'], steam: '1244090', igdb: 'sea-of-stars', sl: 12 },
  { key: 'dota', label: 'Defense of the Ancients', aka: ['DotA'], kind: 'mod', d: ['2003 win'], g: ['strategy'], dev: ['ice-frog'], sl: 30 },
  { key: 'team-fortress', label: 'Team Fortress', kind: 'mod', d: ['1996 win'], g: ['fps'], dev: ['team-fortress-software'], sl: 8 },
  // ---------------------------------------------------------------- upcoming (relative to now)
  { key: 'gta-vi', label: 'Grand Theft Auto VI', aka: ['GTA VI', 'GTA 6'], d: ['+150d ps5,xsx'], g: ['action-adventure'], dev: ['rockstar-north'], pub: ['rockstar'], s: 'gta', igdb: 'grand-theft-auto-vi', sl: 60 },
  { key: 'witcher-iv', label: 'The Witcher IV', aka: ['The Witcher 4'], d: ['+1y win,ps5,xsx'], g: ['arpg'], dev: ['cdpr'], pub: ['cd-projekt'], s: 'witcher', igdb: 'the-witcher-iv', sl: 20 },
  { key: 'wolverine', label: "Marvel's Wolverine", d: ['+7m ps5'], g: ['action-adventure'], dev: ['insomniac'], pub: ['sie'], sl: 15 },
  { key: 'fable', label: 'Fable', d: ['+100d win,xsx,ps5'], g: ['arpg'], dev: ['playground'], pub: ['xgs'], s: 'fable', igdb: 'fable--1', sl: 12, wiki: 'Fable (upcoming video game)' },
  { key: 'judas', label: 'Judas', d: ['+300d win,ps5,xsx'], g: ['fps', 'immersive-sim'], dev: ['ghost-story'], pub: ['take-two'], igdb: 'judas', sl: 10, wiki: 'Judas (video game)' },
  { key: 'intergalactic', label: 'Intergalactic: The Heretic Prophet', d: ['+1y ps5'], g: ['action-adventure'], dev: ['naughty-dog'], pub: ['sie'], sl: 12 },
  { key: 'slay-the-spire-2', label: 'Slay the Spire 2', d: ['+60d win'], g: ['roguelike', 'strategy'], dev: ['megacrit'], pub: ['megacrit'], s: 'slay-the-spire', igdb: 'slay-the-spire-2', sl: 5 },
  { key: 'onimusha-wots', label: 'Onimusha: Way of the Sword', d: ['+200d win,ps5,xsx'], g: ['action-adventure', 'hack-slash'], dev: ['capcom'], pub: ['capcom'], sl: 8 },
  // ---------------------------------------------------------------- retro classics (also in the MAME-derived seed)
  { key: 'super-mario-bros', label: 'Super Mario Bros.', other: ['ja', 'スーパーマリオブラザーズ'], aka: ['SMB'], d: ['1985-09-13 nes @jp', '1985-10-18 nes @na', '1987-05-15 nes @eu'], g: ['platform'], dev: ['nintendo-rd4'], pub: ['nintendo'], s: 'mario', igdb: 'super-mario-bros', moby: 'super-mario-bros', sl: 100, retro: true },
  { key: 'legend-of-zelda', label: 'The Legend of Zelda', other: ['ja', 'ゼルダの伝説'], d: ['1986-02-21 fds @jp', '1987-08-22 nes @na', '1987-11-15 nes @eu'], g: ['action-adventure'], dev: ['nintendo-rd4'], pub: ['nintendo'], s: 'zelda', igdb: 'the-legend-of-zelda', sl: 70, retro: true },
  { key: 'tetris', label: 'Tetris', other: ['ru', 'Тетрис'], d: ['1984-06-06', '1989-06-14 gb @jp', '1989-07-31 gb @na'], p: ['nes', 'dos'], g: ['falling-block', 'puzzle'], dev: ['pajitnov'], pub: ['nintendo'], s: 'tetris', igdb: 'tetris', sl: 90, retro: true },
  { key: 'street-fighter-ii', label: 'Street Fighter II: The World Warrior', aka: ['Street Fighter II', 'SF2'], d: ['1991-02 arcade @jp', '1992-06-10 snes @jp', '1992-07-15 snes @na'], g: ['fighting'], dev: ['capcom'], pub: ['capcom'], s: 'street-fighter', igdb: 'street-fighter-ii-the-world-warrior', sl: 50, retro: true },
  { key: 'chrono-trigger', label: 'Chrono Trigger', other: ['ja', 'クロノ・トリガー'], d: ['1995-03-11 snes @jp', '1995-08-22 snes @na'], g: ['jrpg'], dev: ['square'], pub: ['square'], igdb: 'chrono-trigger', sl: 45, retro: true },
  { key: 'sonic-1991', label: 'Sonic the Hedgehog', d: ['1991-06-23 gen @na', '1991-07-26 gen @jp'], g: ['platform'], dev: ['sonic-team'], pub: ['sega'], s: 'sonic', igdb: 'sonic-the-hedgehog', sl: 55, wiki: 'Sonic the Hedgehog (1991 video game)', retro: true },
  { key: 'final-fantasy-vii', label: 'Final Fantasy VII', other: ['ja', 'ファイナルファンタジーVII'], aka: ['FF7', 'FFVII'], d: ['1997-01-31 ps1 @jp', '1997-09-07 ps1 @na', '1998-06-24 win'], g: ['jrpg'], dev: ['square'], pub: ['square', 'scei'], s: 'final-fantasy', steam: '39140', igdb: 'final-fantasy-vii', sl: 65, retro: true },
  { key: 'pac-man', label: 'Pac-Man', other: ['ja', 'パックマン'], aka: ['Puck Man'], d: ['1980-05-22 arcade @jp', '1980-10 arcade @na'], g: ['maze'], dev: ['namco'], pub: ['namco', 'midway'], s: 'pac-man', igdb: 'pac-man', sl: 75, wiki: 'Pac-Man', retro: true },
  { key: 'super-metroid', label: 'Super Metroid', d: ['1994-03-19 snes @jp', '1994-04-18 snes @na'], g: ['metroidvania', 'action-adventure'], dev: ['nintendo-rd1', 'intelligent-systems'], pub: ['nintendo'], s: 'metroid', igdb: 'super-metroid', sl: 35, retro: true },
  { key: 'metroid', label: 'Metroid', d: ['1986-08-06 fds @jp', '1987-08-15 nes @na'], g: ['action-adventure'], dev: ['nintendo-rd1'], pub: ['nintendo'], s: 'metroid', igdb: 'metroid', sl: 40, wiki: 'Metroid (video game)', retro: true },
  { key: 'castlevania', label: 'Castlevania', d: ['1986-09-26 fds @jp', '1987-05-01 nes @na'], g: ['platform'], dev: ['konami'], pub: ['konami'], s: 'castlevania', igdb: 'castlevania', sl: 35, wiki: 'Castlevania (1986 video game)', retro: true },
  { key: 'mega-man-2', label: 'Mega Man 2', aka: ['Rockman 2'], d: ['1988-12-24 nes @jp', '1989-06 nes @na'], g: ['platform'], dev: ['capcom'], pub: ['capcom'], s: 'mega-man', igdb: 'mega-man-2', sl: 30, retro: true },
  { key: 'donkey-kong', label: 'Donkey Kong', d: ['1981-07-09 arcade @jp'], p: ['nes', 'a2600'], g: ['platform'], dev: ['nintendo-rd1'], pub: ['nintendo'], s: 'donkey-kong', igdb: 'donkey-kong', sl: 55, wiki: 'Donkey Kong (1981 video game)', retro: true },
  { key: 'galaga', label: 'Galaga', d: ['1981-09 arcade @jp'], g: ['shmup'], dev: ['namco'], pub: ['namco', 'midway'], igdb: 'galaga', sl: 30, retro: true },
  { key: 'space-invaders', label: 'Space Invaders', other: ['ja', 'スペースインベーダー'], d: ['1978 arcade'], p: ['a2600'], g: ['shmup'], dev: ['taito'], pub: ['taito'], igdb: 'space-invaders', sl: 60, retro: true },
  { key: 'super-mario-world', label: 'Super Mario World', d: ['1990-11-21 snes @jp', '1991-08-23 snes @na'], g: ['platform'], dev: ['nintendo-ead'], pub: ['nintendo'], s: 'mario', igdb: 'super-mario-world', sl: 45, retro: true },
  { key: 'super-mario-bros-3', label: 'Super Mario Bros. 3', d: ['1988-10-23 nes @jp', '1990-02-12 nes @na'], g: ['platform'], dev: ['nintendo-ead'], pub: ['nintendo'], s: 'mario', igdb: 'super-mario-bros-3', sl: 45, retro: true },
  { key: 'super-mario-64', label: 'Super Mario 64', d: ['1996-06-23 n64 @jp', '1996-09-29 n64 @na'], g: ['platform'], dev: ['nintendo-ead'], pub: ['nintendo'], s: 'mario', igdb: 'super-mario-64', sl: 60, retro: true },
  { key: 'ocarina-of-time', label: 'The Legend of Zelda: Ocarina of Time', aka: ['Ocarina of Time'], d: ['1998-11-21 n64 @jp', '1998-11-23 n64 @na'], g: ['action-adventure'], dev: ['nintendo-ead'], pub: ['nintendo'], s: 'zelda', igdb: 'the-legend-of-zelda-ocarina-of-time', sl: 55, retro: true },
  { key: 'link-to-the-past', label: 'The Legend of Zelda: A Link to the Past', d: ['1991-11-21 snes @jp', '1992-04-13 snes @na'], g: ['action-adventure'], dev: ['nintendo-ead'], pub: ['nintendo'], s: 'zelda', igdb: 'the-legend-of-zelda-a-link-to-the-past', sl: 40, retro: true },
  { key: 'earthbound', label: 'EarthBound', aka: ['Mother 2'], d: ['1994-08-27 snes @jp', '1995-06-05 snes @na'], g: ['jrpg'], dev: ['ape-hal'], pub: ['nintendo'], s: 'mother', igdb: 'earthbound', sl: 35, retro: true },
  { key: 'metal-gear-solid', label: 'Metal Gear Solid', d: ['1998-09-03 ps1 @jp', '1998-10-21 ps1 @na'], p: ['win'], g: ['stealth'], dev: ['kcej'], pub: ['konami'], s: 'metal-gear', igdb: 'metal-gear-solid', sl: 50, retro: true },
  { key: 'crash-bandicoot', label: 'Crash Bandicoot', d: ['1996-09-09 ps1 @na'], g: ['platform'], dev: ['naughty-dog'], pub: ['scei'], s: 'crash', igdb: 'crash-bandicoot', sl: 40, retro: true },
  { key: 'symphony-of-the-night', label: 'Castlevania: Symphony of the Night', d: ['1997-03-20 ps1 @jp', '1997-10-02 ps1 @na'], g: ['metroidvania'], dev: ['konami'], pub: ['konami'], s: 'castlevania', igdb: 'castlevania-symphony-of-the-night', sl: 35, retro: true },
  { key: 'secret-of-mana', label: 'Secret of Mana', aka: ['Seiken Densetsu 2'], d: ['1993-08-06 snes @jp', '1993-10 snes @na'], g: ['arpg'], dev: ['square'], pub: ['square'], s: 'mana', igdb: 'secret-of-mana', sl: 30, retro: true },
  { key: 'f-zero', label: 'F-Zero', d: ['1990-11-21 snes @jp', '1991-08-23 snes @na'], g: ['racing'], dev: ['nintendo-ead'], pub: ['nintendo'], igdb: 'f-zero', sl: 30, retro: true },
  { key: 'super-mario-kart', label: 'Super Mario Kart', d: ['1992-08-27 snes @jp', '1992-09-01 snes @na'], g: ['racing'], dev: ['nintendo-ead'], pub: ['nintendo'], s: 'mario-kart', igdb: 'super-mario-kart', sl: 35, retro: true },
  { key: 'mario-kart-64', label: 'Mario Kart 64', d: ['1996-12-14 n64 @jp', '1997-02-10 n64 @na'], g: ['racing'], dev: ['nintendo-ead'], pub: ['nintendo'], s: 'mario-kart', igdb: 'mario-kart-64', sl: 35, retro: true },
  { key: 'resident-evil', label: 'Resident Evil', other: ['ja', 'バイオハザード'], aka: ['Biohazard'], d: ['1996-03-22 ps1 @jp', '1996-03-30 ps1 @na'], p: ['sat', 'win'], g: ['survival-horror'], dev: ['capcom'], pub: ['capcom'], s: 'resident-evil', igdb: 'resident-evil', sl: 45, wiki: 'Resident Evil (1996 video game)', retro: true },
  { key: 'gran-turismo', label: 'Gran Turismo', d: ['1997-12-23 ps1 @jp', '1998-05-12 ps1 @na'], g: ['racing'], dev: ['polyphony'], pub: ['scei'], s: 'gran-turismo', igdb: 'gran-turismo', sl: 35, wiki: 'Gran Turismo (1997 video game)', retro: true },
  { key: 'tekken-3', label: 'Tekken 3', d: ['1997-03-20 arcade @jp', '1998-03-26 ps1 @jp'], g: ['fighting'], dev: ['namco'], pub: ['namco'], s: 'tekken', igdb: 'tekken-3', sl: 35, retro: true },
  { key: 'prince-of-persia', label: 'Prince of Persia', d: ['1989-10-03'], p: ['dos', 'amiga', 'snes', 'gen'], g: ['platform'], dev: ['broderbund'], pub: ['broderbund'], s: 'prince-of-persia', igdb: 'prince-of-persia', sl: 40, wiki: 'Prince of Persia (1989 video game)', retro: true },
  { key: 'lemmings', label: 'Lemmings', d: ['1991-02-14 amiga'], p: ['dos', 'snes', 'gen'], g: ['puzzle'], dev: ['dma-design'], pub: ['psygnosis'], igdb: 'lemmings', sl: 35, wiki: 'Lemmings (video game)', retro: true },
  { key: 'monkey-island', label: 'The Secret of Monkey Island', d: ['1990-10 dos'], p: ['amiga'], g: ['adventure'], dev: ['lucasfilm'], pub: ['lucasfilm'], s: 'monkey-island', igdb: 'the-secret-of-monkey-island', sl: 40, retro: true },
  { key: 'final-fantasy', label: 'Final Fantasy', d: ['1987-12-18 nes @jp', '1990-07-12 nes @na'], g: ['jrpg'], dev: ['square'], pub: ['square', 'nintendo'], s: 'final-fantasy', igdb: 'final-fantasy', sl: 45, wiki: 'Final Fantasy (video game)', retro: true },
  { key: 'mortal-kombat', label: 'Mortal Kombat', d: ['1992-10 arcade @na'], p: ['snes', 'gen'], g: ['fighting'], dev: ['midway'], pub: ['midway'], s: 'mortal-kombat', igdb: 'mortal-kombat', sl: 45, wiki: 'Mortal Kombat (1992 video game)', retro: true },
  { key: 'zelda-ii', label: 'Zelda II: The Adventure of Link', d: ['1987-01-14 fds @jp', '1988-12 nes @na'], g: ['arpg'], dev: ['nintendo-rd4'], pub: ['nintendo'], s: 'zelda', igdb: 'zelda-ii-the-adventure-of-link', sl: 30, retro: true },
  { key: 'ms-pac-man', label: 'Ms. Pac-Man', d: ['1982-02 arcade @na'], p: ['a2600'], g: ['maze'], dev: ['midway'], pub: ['midway'], s: 'pac-man', igdb: 'ms-pac-man', sl: 30, retro: true },
  { key: 'elite', label: 'Elite', d: ['1984-09-20 bbc'], p: ['c64', 'zx', 'amiga'], g: ['simulation'], dev: ['acornsoft'], pub: ['acornsoft'], igdb: 'elite', sl: 30, wiki: 'Elite (video game)', retro: true },
  // ---------------------------------------------------------------- rows that change between revisions
  { key: 'celeste-duplicate', label: 'Celeste', aka: ['Celeste (video game)'], d: ['2018 sw'], g: ['platform'], sl: 0, only: 1 },
  { key: 'pixel-pete', label: "Pixel Pete's Big Day", d: ['2009 win'], g: ['platform'], dev: ['pixel-pete'], sl: 0, only: 1 },
  { key: 'lanternfall-legends', label: 'Lanternfall Legends', d: ['-10d win,sw'], g: ['action-adventure'], dev: ['moonfern'], pub: ['moonfern'], steam: '3901230', igdb: 'lanternfall-legends', sl: 1, only: 2 },
  { key: 'lanternfall-sunken-bell', label: 'Lanternfall Legends: The Sunken Bell', kind: 'dlc', of: 'lanternfall-legends', d: ['+45d win,sw'], g: ['action-adventure'], dev: ['moonfern'], pub: ['moonfern'], sl: 0, only: 2 },
];

/**
 * Revision 2, one edit cycle later: per named game, the fields that changed
 * (replacing revision 1's values). Their dateModified moves to the days
 * before `now`; everything else keeps its revision-1 dateModified.
 */
export const REVISION_2_EDITS: Record<string, Partial<NamedGameRow>> = {
  // A new alias.
  'disco-elysium': { aka: ['Disco Elysium – The Final Cut'] },
  // A corrected date: the Switch release was 12 June 2018, not the 13th.
  'hollow-knight': { d: ['2017-02-24 win', '2017-04-11 mac,linux', '2018-06-12 sw', '2018-09-25 ps4,xone'] },
  // A new genre.
  hades: { g: ['arpg', 'roguelike', 'hack-slash'] },
  // A new developer (the Switch port).
  'witcher-3': { dev: ['cdpr', 'saber'] },
  // A new publisher (the original 2016 release).
  'stardew-valley': { pub: ['concernedape', 'chucklefish'] },
  // A delay.
  'gta-vi': { d: ['+330d ps5,xsx'] },
  // The merge target takes the duplicate's alias.
  celeste: { aka: ['Celeste (video game)'] },
};

/** Revision 2 merges these items (key → key): the first becomes `owl:sameAs` the second. */
export const REVISION_2_REDIRECTS: Record<string, string> = { 'celeste-duplicate': 'celeste' };

// MAME software list → IGDB platform id (CATALOG.md). Prefix rules end in "*".
export const MAME_TO_IGDB = [
  ['cpc_*', 25], ['spectrum_*', 26], ['nes', 18], ['famicom_cass', 99], ['famicom_flop', 51], ['snes', 19], ['n64', 4],
  ['gameboy', 33], ['gbcolor', 22], ['gba', 24], ['megadriv', 29], ['genesis', 29], ['32x', 30], ['segacd', 78], ['megacd', 78],
  ['megacdj', 78], ['sms', 64], ['gamegear', 35], ['saturn', 32], ['dc', 23], ['psx', 7], ['pce', 86], ['tg16', 86],
  ['pcecd', 150], ['neogeo', 80], ['neocd', 136], ['ngp', 119], ['ngpc', 120], ['jaguar', 62], ['lynx', 61], ['a2600', 59],
  ['a5200', 66], ['a7800', 60], ['a800', 65], ['a800_*', 65], ['st_flop', 63], ['coleco', 68], ['intv', 67], ['vectrex', 70],
  ['wswan', 57], ['wscolor', 123], ['c64_*', 15], ['amiga*_flop', 16], ['apple2_*', 75], ['ibm5150', 13], ['mac_*', 14],
  ['msx1_*', 27], ['msx2_*', 53], ['pc8801_*', 125], ['pc98', 149], ['pc98_*', 149], ['x68k_flop', 121], ['fmtowns_cd', 118],
  ['bbc_*', 69], ['specpls3_flop', 26], ['spectrum', 26], ['ibm5170', 13], ['ibmpcjr_*', 13], ['apple2gs_*', 115],
  ['archimedes', 116], ['archimedes_*', 116], ['cdi', 117], ['ti99_*', 129], ['electron_*', 134], ['fm7_*', 152],
  ['fm77av', 152], ['dragon_*', 153], ['mo5_*', 156], ['pico', 339], ['zx81_cass', 373], ['vic1001_*', 71], ['x1_*', 77],
  ['pc8801', 125], ['msx1', 27], ['msx2', 53],
];

const asRegex = (pattern) => new RegExp(`^${pattern.replaceAll('*', '.*')}$`);
const RULES = MAME_TO_IGDB.map(([pattern, id]) => [asRegex(pattern), id]);

export function igdbPlatformFor(listName) {
  return RULES.find(([re]) => re.test(listName))?.[1];
}

// Lists that hold no games, or that would only add noise to a game catalog.
const NOT_GAMES = /(rfid|_card$|ereader|irix|sgi|_misc|clcracked|_os9|_flex|vgmplay|chess|karaoke|calc|_apps|apps$|_demos|demos$|hardware|workbench|_hdd|hdd$|_util|util|bios|_rom$|system|_os|diag|test|_cpm|cpm|basic|_prog|office|music|midi|mpu|_pd$)/;

export const isGameList = (listName) => !NOT_GAMES.test(listName);

/** "Luxor ABC 800 cassettes" → "Luxor ABC 800": the machine, not the medium. */
const MEDIA_WORDS =
  /\s+(cartridges?|cassettes?|cassetes|cassette tapes|tapes?|floppy (dis[ck]s?|images)|floppies|diskettes?|dis[ck] images|dis[ck]s?|CD-ROMs?|CD-i discs|CDs|ROMs?|software|memory cards?|quickdisks?|snapshots|hard dis[ck]s?|programs|images|3\.5"|5\.25"|8"|\(.*\))$/i;

export function machineName(listDescription) {
  let name = listDescription.trim();
  for (let previous = ''; previous !== name; ) {
    previous = name;
    name = name.replace(MEDIA_WORDS, '').trim();
  }
  return name;
}

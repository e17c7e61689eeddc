// MAME software list → IGDB platform id (CATALOG.md, and IGDB's platform list in
// data/catalog/igdb-reference.json). Prefix rules end in "*"; the first match wins.
export const MAME_TO_IGDB = [
  ['cpc_*', 25], ['spectrum_*', 26], ['nes', 18], ['nes_*', 18], ['famicom_cass', 99], ['famibox', 99], ['famicom_flop', 51],
  ['snes_bspack', 306], ['snes', 19], ['snes_*', 19], ['n64dd', 416], ['n64', 4], ['ique', 4],
  ['gameboy', 33], ['gbcolor', 22], ['gba', 24], ['megadriv', 29], ['genesis', 29], ['32x', 30], ['segacd', 78], ['megacd', 78],
  ['megacdj', 78], ['sms', 64], ['sg1000', 84], ['sc3000_*', 84], ['gamegear', 35], ['saturn', 32], ['sat_cart', 32], ['dc', 23], ['psx', 7],
  ['pce', 86], ['tg16', 86], ['sgx', 128], ['pcecd', 150], ['pcfx', 274], ['neogeo', 80], ['neocd', 136], ['ngp', 119], ['ngpc', 120],
  ['jaguar', 62], ['lynx', 61], ['a2600', 59], ['a2600_*', 59], ['a5200', 66], ['a7800', 60], ['a800', 65], ['a800_*', 65], ['xegs', 65],
  ['st_*', 63], ['coleco', 68], ['intv', 67], ['intvecs', 67], ['vectrex', 70], ['wswan', 57], ['wscolor', 123], ['c64_*', 15],
  ['c128_*', 15], ['vic10', 15], ['amiga*_flop', 16], ['cd32', 114], ['cdtv', 158], ['apple2_*', 75], ['apple2gs_*', 115],
  ['ibm5150', 13], ['ibm5150_*', 13], ['ibm5170', 13], ['ibm5170_*', 13], ['ibm5140', 13], ['ibmpcjr_*', 13], ['t1000', 13],
  ['mac_*', 14], ['msx1_*', 27], ['msx_*', 27], ['msx2_*', 53], ['msx2p_*', 53], ['msxr_*', 53], ['pc8801', 125], ['pc8801_*', 125],
  ['pc98', 149], ['pc98_*', 149], ['x68k_flop', 121], ['fmtowns_*', 118], ['bbc_*', 69], ['bbcb_*', 69], ['bbcm_*', 69], ['bbcmc_*', 69],
  ['specpls3_flop', 26], ['spectrum', 26], ['archimedes', 116], ['archimedes_*', 116], ['cdi', 117], ['ti99_*', 129],
  ['electron_*', 134], ['fm7_*', 152], ['fm77av', 152], ['dragon_*', 153], ['coco_*', 151], ['mo5_*', 156], ['mo6_*', 156], ['pico', 339],
  ['zx81_cass', 373], ['vic1001_*', 71], ['x1_*', 77], ['pc6001_*', 157], ['pet_*', 90], ['plus4_*', 94], ['astrocde', 91],
  ['channelf', 127], ['videopac', 133], ['odyssey2', 133], ['microvision', 89], ['vboy', 87], ['trs80_*', 126], ['einstein', 155],
  ['pcw', 154], ['pcw16', 154], ['sorcerer_*', 236], ['sol20_cass', 237], ['pokemini', 166], ['gamate', 378], ['gamecom', 379],
  ['casloopy', 380], ['ql_*', 406], ['hyperscan', 407], ['megaduck', 408], ['leapster', 412], ['leapster_explorer_cart', 413],
  ['svision', 415], ['vsmile_cart', 439], ['vsmileb_cart', 439], ['vsmilem_cart', 439], ['svmu', 440], ['arcadia', 473],
  ['pippin', 476], ['3do_m2', 478], ['supracan', 480], ['tutor', 481], ['digiblast_cart', 486], ['uzebox', 504], ['gx4000', 506],
  ['sega_beena_cart', 507], ['scv', 376], ['mz2200_cass', 374], ['nuon', 122], ['vc4000', 138], ['stv', 52], ['megatech', 52],
];

const asRegex = (pattern) => new RegExp(`^${pattern.replaceAll('*', '.*')}$`);
const RULES = MAME_TO_IGDB.map(([pattern, id]) => [asRegex(pattern), id]);

export function igdbPlatformFor(listName) {
  return RULES.find(([re]) => re.test(listName))?.[1];
}

export { isGameList } from './rules.mjs';

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

// What the embedded catalog keeps from MAME's software lists: games, not the
// operating systems, languages, applications, utilities, demos, bundles and
// file names the lists also hold; and what it holds back: bootlegs, hacks,
// pirate and unlicensed clones, which rank below the original or give way to it.
// Pure functions over one list entry, so each rule can be tested on its own.

/** Why an entry is not in the catalog; the keys are what build-seed prints. */
export const DROP_REASONS = {
  list: 'in a list of non-games (music, karaoke, chess modules, calculators, system disks, …)',
  os: 'operating system',
  language: 'programming language',
  application: 'application',
  utility: 'utility or data disk',
  demo: 'demo, test or diagnostic',
  bundle: 'compilation, multicart or magazine disk',
  media: 'video, music or picture disc',
  file: 'disk image named by file',
  title: 'no usable title',
  clone: 'bootleg, hack or unlicensed copy of a game in the catalog',
};

// Lists that hold no games: chess computers' modules, karaoke and music
// cards, books for reading pens, calculators, organisers and option ROMs,
// workstation and business software, hard disk images and the like.
const NOT_GAME_LISTS = [
  /chess|^fidel_|^mephisto_|^saitek_|^novag_/,
  /karaoke|^ekara|^bkrankp|^nes_kstudio|^jpopira/,
  /vgmplay|midi|music|^roland_|^u110_|^r8_card|^rz1_|^bbc_flop_hybrid|^snes_vkun|^sat_vccart/,
  /storyreader|storio|leappad|^snread|^tntell|^lantrans|^lanteach|^k28m2|^sprachmg/,
  /calc|^ti74|^ti95|^cc40|^pb2000c|^casio_rompack|^hx20|^px[48]_|^psion|^pofo|^z88|^wizard_|^tandy200|^trsm100|^pc8201|^x07_|^alphasmart/,
  /^hp\d|^hp_ipc|^hp9k|^sgi|irix|^next|^interpro|^apollo|^jazz$|^lisa|^wicat|^r9751|^e01_flop|^ibm6580|^tdv2324|^waveterm|^pcd_flop|^pcx_flop/,
  /^sdk85|^mpf1|^kim1|^mk14|^z80clock|^tek4052|^aim65|^ssem|^apexc|^tx0|^pdp1|^dim68k|^mpz80|^ht68k|^pt68k/,
  /rfid|_card$|ereader|_os9|_flex|_apps|apps$|_demos|demos$|hardware|workbench|hdd|_util|util|bios|_rom$|_cpm|cpm|_prog|office|mpu|_pd$|^amiga_a\d/,
  /^pce_tourvision|^kpython|^gtfore|^guab/,
];

export const isGameList = (listName) => !NOT_GAME_LISTS.some((re) => re.test(listName));

// Publishers that only ever made software that is not a game (checked on their whole name).
const SOFTWARE_HOUSES =
  /^(Adobe|Aldus|Claris|Quark|Autodesk|Symantec|Central Point Software|Norton|WordPerfect( Corporation)?|Satellite Software International|Lotus( Development)?|Borland|Ashton-Tate|Digital Research|The FreeDOS Project|MicroPro|Sorcim|VisiCorp|Software Publishing Corp(oration)?|Frame Technology|Insignia Solutions|The MathWorks|Fox Software|Ashlar|Manhattan Graphics|Radius|Silicon Graphics|Hewlett-Packard|Psion|Quarterdeck|Phoenix Technologies|Caere|Berkeley Softworks|GeoWorks|Computer Concepts|Watford Electronics|Slogger|Solidisk|Beebugsoft|Chicago B128 Users Group|Verlag Heinz Heise|ADAM News Network|Northern Illiana ADAM Users? Group|Santa Cruz Operation|SCO|Novell|Wang|Data General|Intel|Zilog|Motorola|Micro ?soft Press|Peachtree( Software)?|Information Unlimited Software|Stoneware|Beagle Bros|Ultrasoft Utilities)$/i;

const OS = new RegExp(
  [
    String.raw`\b(MS|PC|DR|Free|Novell|Pro|GS\/|TRS|New|L|Multi|Apple|Atari|Amiga|Super|Smart|Disk|Disc|Net|Star)[- ]?DOS\b`,
    String.raw`\bDOS (\d|Plus|System Master)|\bDOS$|\b[A-Za-z]+-?DOS\b|\bDos \d|\bPCOS\b|\bNitrOS-9\b|\bTurboDos\b`,
    String.raw`\bDisk Operating System\b`,
    String.raw`\b(CP\/M|MP\/M|CP\/M-86|Concurrent (CP\/M|DOS)|OS\/2|OS-9|OS9|Xenix|XENIX|Unix|UNIX|Minix|MINIX|Linux|IRIX|RISC OS|GS\/OS|GEOS|GEM (Desktop|Draw|Paint|Write|Collection)|Workbench|Kickstart|AmigaOS|System Software|System Update|System Tools|System Master|Mac ?OS|KanjiTalk|HangulTalk|At Ease|A\/UX|NeXTSTEP|OpenStep|BeOS|QNX|Coherent|UCSD|p-System|Human68[kK]|Towns ?OS|SymbOS|Contiki|FLEX \d|OS-\d|TOS \d|Windows (\d|NT|95|98|ME|Me|2000|XP|for Workgroups|Version)|Microsoft Windows|Win-OS\/2|DESQview|Deskmate|DeskMate)\b`,
  ].join('|'),
);

const LANGUAGE = new RegExp(
  [
    String.raw`\b(BASIC|Basic (Compiler|Interpreter|\d)|[A-Z][a-z]+ Basic|FORTH|Forth|fig-FORTH|Pascal|PASCAL|LOGO|Logo|LISP|Lisp|PROLOG|Prolog|COBOL|Cobol|FORTRAN|Fortran|Assembler|ASSEMBLER|Assembly Language|Macro-?Assembler|Compiler|COMPILER|Interpreter|Lattice C|Aztec C|Turbo C|Quick ?C|C\+\+|Modula-?2|Smalltalk|COMAL|Comal|BCPL|APL|ALGOL|Algol|PL\/I|PL\/M|Devpac|DEVPAC|Programming Language|Programming System|Language System|Programmer's (Toolkit|Reference)|Lightspeed C|Think C|THINK C|MPW|Hisoft C|HiSoft C)\b`,
  ].join('|'),
);

const APPLICATION = new RegExp(
  String.raw`\b(Word ?Processor|Word Processing|Word-?[Pp]rocessor|WordStar|Word ?Perfect|Wordwise|Word \d|Word for Windows|Microsoft (Word|Excel|Works|Office|Multiplan|Mouse|PowerPoint|Chart|Project|File|Write|Paint|Publisher|FoxPro|Access|Money|Bookshelf|Encarta)|Excel|PowerPoint|Office \d|Spreadsheet|Spread ?Sheet|SuperCalc|VisiCalc|Multiplan|Lotus 1-2-3|dBase|dBASE|FoxBASE|FoxPro|Database|Data ?Base|DataBase|Card ?File|Mail ?Merge|Mailing List|Accounts|Accounting|Bookkeeping|Book-?keeping|Ledger|Payroll|Invoic(e|es|ing)|Inventory|Stock Control|Home Budget|Checkbook|Cheque ?[Bb]ook|Home Finance|Personal Finance|Home Accounts|PageMaker|Page ?[Mm]aker|Illustrator \d|Photoshop|Dimensions \d|FrameMaker|QuarkXPress|Ventura|Desktop Publishing|AutoCAD|AutoSketch|ClarisWorks|ClarisDraw|Claris|MacWrite|MacDraw|MacPaint|MacProject|HyperCard|AppleWorks|Apple ?Works|Applications|Print ?[Ss]hop|PrintMaster|Print Master|Banner ?(Maker|Designer|Printer)|Label (Maker|Printer)|Address Book|Typing Tutor|Touch Typing|Typing|Typist|Terminal (Emulator|Program|Software)|Telecom|Modem|Viewdata|Prestel|BTX|MacBTX|PlainTalk|Budget Familial|Tasword|Mini Office|VU-(Calc|File|3D)|Colou?r ?[Pp]aint|Designer's Pencil|Basicode|Copy All|MIDI|Office|Calc Result|Word Result|Superbase|Superscript|NewWord|SpellStar|DataStar|ReportStar|Mailmerge|MicroPlan|Supersort|Sketchpad|Grafdraw|Home Automation|SmartCLOCK|Flashcard Maker|Index Sequential|Oli(Draw|Num|Sort|Stat|Test|Tutor|Word)|Magic Slate|Drill and Practice|Testmaker|SAT Preparation|Chapter Review|Grammar Review|Fax|E-?[Mm]ail|Browser|Netscape|Internet|Font Editor|Font Designer|Fonts|Clip-?[Aa]rt|Graphics? (Editor|Designer|Package|Toolkit|Utility|Tablet|Program)|Paint ?[Bb]ox|Paintbrush|Deluxe Paint|Art Studio|Sprite (Editor|Designer|Maker|Generator)|Character (Editor|Designer|Generator)|Screen Designer|Sound (Editor|Designer|Sampler|Tracker)|Music (Editor|Maker|Construction Set|Composer|Studio|System|Processor)|Sequencer|Synthesi[sz]er|Video Titler|Titler|Presentation|Statistics|Graphing|Plotter|Printer Driver|Slide ?[Ss]how|Scanner|OCR|Dictionary|Thesaurus|Spell(ing)? ?Check(er)?|Spellcheck|Encyclop(a|ae|e)dia|Recipes?|Cookbook|Horoscope|Astrolog(y|ie)|Biorhythms?|Genealogy|Family Tree|Matlab|Mathematica|Vellum|SoftWindows|SoftPC|Emulator|Emulation|Organi[sz]er|Scheduler|Personal Trainer|Teleshopping)\b`,
);

const UTILITY = new RegExp(
  String.raw`\b(Utilit(y|ies)|UTILITIES|UTILITY|Toolkit|Tool ?[Kk]it|Tools|Toolbox|Tool Box|Dis[ck] (Doctor|Editor|Manager|Copier|Copy|Mechanic|Imager|Cataloguer|Catalog)|Copier|Copy (II|Program|System|Disk|Disc|Plus)|Copy ?II|Nibbler|Locksmith|Backup|Back-Up|Formatter|Debugger|Disassembler|Machine Code Monitor|Monitor \d|Hex Editor|Text Editor|Editor \d|Boot ?(Disk|Disc|Floppy|Manager|Sector|Loader)|Bootdisk|Startup Dis[ck]|Installer|Install(ation)? Dis[ck]|Setup Dis[ck]|(Printer|Mouse|Device|Video|Sound|Display|Dis[ck]|Graphics?) Drivers?|Drivers? Dis[ck]|Firmware|Fast ?Load(er)?|Turbo ?Load(er)?|Speed ?Load(er)?|Tape to Dis[ck]|Tape-to-Dis[ck]|File Transfer|Transfer Link|Converter|Cruncher|Archiver|Screen ?[Ss]aver|^After Dark|Norton|PC Tools|Mac ?Tools|Copy ?Wizard|Dump(er|master)?|Calibration|Alignment|Diags?|Clock Set|Hard Disk System|Fast Patch|MegaCopy|Terminal Version|Utility Dis[ck]|System Dis[ck]|Master Dis[ck]|Program Dis[ck]|Data Dis[ck]|Save Dis[ck]|Scenario Dis[ck]|Map Dis[ck]|Player Dis[ck]|Character Dis[ck]|Car Dis[ck]|Track Dis[ck]|Mission Dis[ck]|Expansion Dis[ck]|Blank Dis[ck]|Work ?[Dd]is[ck]|User Dis[ck]|Extra Dis[ck]|Source Code|Sourcecode|Update Dis[ck]|Upgrade|Patch (Dis[ck]|\d)|ROM Manager|Sideways RAM|RAM Dis[ck]|Printer|Network|Econet|File ?[Ss]erver|Fileserver|FileStore|NFS|ANFS|DFS|ADFS|SDK|Development (System|Kit)|Developer'?s? (Kit|Disk)|Macro Library|Library Dis[ck]|Runtime|Run-Time|How To)\b`,
);

const DEMO = new RegExp(
  String.raw`\b(Demo|DEMO|Demos|Demonstration|Demo ?Dis[ck]|Rolling Demo|Kiosk|Trade ?[Ss]how|Preview|Sampler|Diagnostics?|DIAGNOSTICS?|(RAM|ROM|Memory|Sound|Audio|Video|Joystick|Controller|Keyboard|Display|Colou?r|CPU|Hardware|System|Drive|Dis[ck]|Self|Burn-in|Speed|Timing|Line|Input|Monitor|Printer|Dealer|Service|Factory|Production|Acceptance|Quality) ?-?Tests?|Test (Cartridge|Cart|Program|Dis[ck]|ROM|Suite|Pattern|Card|Tape|Image|Software)|Checkerboard|Exerciser|Tutorial|Guided Tour|Welcome Dis[ck]|Introduction to the|Tour of the|Intro Dis[ck])\b|\((demo|Demo|[^()]*\bdemo\b[^()]*)\)|\[[^\]]*[Dd]emo[^\]]*\]`,
);

// Markers anywhere in the description ("[COMPILATION]", "(compilation)", "Ripped from 12 in 1 multicart").
const BUNDLE_MARKER = new RegExp(
  String.raw`\b\d+[- ]?(in|In|IN)[- ]?(1|One|one)\b|\[COMPILATION\]|\(([^()]*, )?compilation[^()]*\)|\b[Mm]ulti-?[Cc]art\b`,
);
// Titles of compilations, magazine disks and collections.
const BUNDLE = new RegExp(
  String.raw`\b(Compilation|Collection|Anthology|Cover ?[Tt]ape|Cover ?[Dd]is[ck]|Coverdisk|Magazine|Mag Dis[ck]|Megadisk|MegaDisk|Disk Magazine|Diskmag|CBUG|INPUT 64|Game (Pack|Pak)|Title Sampler|Library Dis[ck]|Smash Tape)\b|\b(Issue|Vol\.|Volume|No\.|Disk) ?#?\d+.*\b(No\.|Issue|19\d\d|20\d\d|Vol\.)|\bDis[ck] #\d|\bIssue \d+|^Oh! ?X \d|^ANN Disk\b|^N\.I\.A\.D\.|^P\.S\.A\.N\.`,
);

const MEDIA = new RegExp(
  String.raw`\b(Game Boy Advance Video|Video ?CD|VideoCD|Photo ?CD|Karaoke|Music Dis[ck]|Audio CD|Soundtrack|Sound ?[Tt]rack|Screensavers?|Wallpapers?|Jukebox|Clip-?[Aa]rt|Pix Vol)\b`,
);

// Whole titles that name a tool, not a game.
const NOT_A_GAME_TITLE =
  /^(Music|Disc|Disk|Dis[ck] ?\d+|Boot ?dis[ck]|Calculator|Painter|Paint|Plotting|Editor|Monitor|Utilities|Tools|Copy|Copier|Graphics|Sound|Sounds|Demo|Test|Clock|Calendar|Typing|Text|Notepad|Draw|Drawing|Sketch|Fonts?|Terminal|Database|Files?|Data|Menu|Loader|Intro|Unknown|Untitled|Blank|Empty|Programs?|System|Master|Sampler|Sprites?|Screens?|Pictures?|Images?|Music Box)$/i;

// Placeholders MAME puts where a publisher is unknown, or that say what kind of release it is.
export const PLACEHOLDER_PUBLISHER = /^<.*>$|^>.*<$|^unknown$|^\?+$/i;

// Bootlegs, hacks and pirate copies, by what the list says of them.
const DUBIOUS_PUBLISHER = /<(pirate|bootleg|hack|unlicensed)[^>]*>|\bbootleg\b|\bpirate\b/i;
const DUBIOUS_TITLE = /\([^()]*\b(hack|hacked|hacks|bootleg|pirate|unlicensed|unl|trainer|trained|cheat|cheats)\b[^()]*\)|\b\w+ Mod\)|\(Mod\)|\bHack Level\b/i;
// Makers of unlicensed copies and translations (mostly Chinese and Taiwanese cartridges).
const PIRATE_HOUSES =
  /^(Waixing|Sintax|K[aǎ]sh[eè]ng|Ka Sheng|Yong ?Yong|Mars|HengGe ?dianzi\??|HengGedianzi\??|Shenzhen.*|Union Bond\??|Hummer Team|Nanjing|Fuqiao|Li Cheng|J\.Y\. Company|Gamtec|Gametech|Makon ?Soft|Rex ?Soft|Supertone|Super Game|TXC|Cony Soft|Vast Fame|DVS Electronic|SKOB|NTDEC|Caltron|Subor|Jncota|Ngame|Dragon Co\.?|Bung|Yoko Soft|Kiwak|Gluk|Hosenkan|Ge De Industry|Tengen Pirate|Future Media|Hacker International|Asder|Thin Chen|C&E|Coolboy|Bit Corporation Pirate)$/i;

/** Whether a list entry is a bootleg, hack, pirate or unlicensed copy (kept below the original, or dropped for it). */
export function isDubious({ description, publisher }) {
  const pub = String(publisher ?? '').trim();
  return DUBIOUS_PUBLISHER.test(pub) || PIRATE_HOUSES.test(pub) || DUBIOUS_TITLE.test(String(description));
}

/**
 * Why an entry is not a game (a key of DROP_REASONS), or undefined for a game.
 * `title` is the cleaned game name, `description` the list's full text with its
 * "(Japan, Rev 1)" groups; the groups say things like "(demo)" or "[UTILITAIRE]".
 */
export function nonGameReason({ title, description, publisher }) {
  const pub = String(publisher ?? '').trim();
  const full = String(description);
  if (OS.test(title)) return 'os';
  if (SOFTWARE_HOUSES.test(pub)) return 'application';
  if (DEMO.test(full)) return 'demo';
  if (MEDIA.test(full)) return 'media';
  if (BUNDLE_MARKER.test(full) || BUNDLE.test(title) || isManyGames(title)) return 'bundle';
  if (LANGUAGE.test(title)) return 'language';
  if (UTILITY.test(title) || /\[UTILITAIRE\]/.test(full)) return 'utility';
  if (APPLICATION.test(title) || NOT_A_GAME_TITLE.test(title)) return 'application';
  return undefined;
}

/** "Hate & Renegade III & Tetris", "Super Mario Bros. / Tetris / Nintendo World Cup": three or more games on one medium. */
function isManyGames(title) {
  return title.split(/\s+(?:&|\/|\+)\s+/).length >= 3;
}

/**
 * "TETRIS3$", "PACMAN2", "56k_system_master_early": a file name standing in
 * for a title, with neither a year nor a publisher to tell what it is. Such an
 * entry only adds its platform to a game of the same name; alone it is dropped.
 */
export function looksLikeFileName({ title, year, publisher }) {
  if (/__/.test(title)) return true;
  if (/\s/.test(title)) return false;
  if (/_/.test(title) || /\$$/.test(title) || /^[^.]{2,}\.[A-Z0-9]{1,3}$/i.test(title)) return true;
  const knownYear = /^\d{4}$/.test(String(year ?? ''));
  const knownPublisher = publisher && !PLACEHOLDER_PUBLISHER.test(String(publisher).trim());
  // "TETRIS4", "convflp": one word in one case, nothing else known.
  return !knownYear && !knownPublisher && (title === title.toUpperCase() || title === title.toLowerCase()) && /[A-Za-z]/.test(title);
}

/** The name a file-named entry stands for: "TETRIS$" → "TETRIS". */
export const fileNameTitle = (title) => title.replace(/\$+$/, '').replace(/_+/g, ' ').trim();

// One-word and generic titles that many unrelated games share ("Chess",
// "Tennis", "Othello"): the same name on two platforms is only the same game
// when a publisher is shared.
export const GENERIC_TITLES = new Set(
  [
    'chess', 'checkers', 'draughts', 'othello', 'reversi', 'backgammon', 'blackjack', 'poker', 'bridge', 'solitaire', 'patience',
    'mahjong', 'mah-jong', 'shogi', 'go', 'igo', 'gomoku', 'renju', 'dominoes', 'domino', 'yahtzee', 'mastermind', 'hangman',
    'tennis', 'golf', 'football', 'soccer', 'baseball', 'basketball', 'bowling', 'boxing', 'snooker', 'billiards', 'pool', 'darts',
    'pinball', 'breakout', 'snake', 'snakes', 'maze', 'labyrinth', 'adventure', 'quiz', 'trivia', 'puzzle', 'bingo', 'keno',
    'roulette', 'slots', 'slot machine', 'fruit machine', 'casino', 'cards', 'card games', 'board games', 'word games', 'games',
    'jigsaw', 'sudoku', 'minesweeper', 'life', 'hunt the wumpus', 'lunar lander', 'star trek',
    'racing', 'skiing', 'athletics', 'olympics', 'decathlon', 'karate', 'kung fu', 'wrestling', 'fishing', 'hockey', 'ice hockey',
    'cricket', 'rugby', 'volleyball', 'handball', 'table tennis', 'ping pong', 'squash', 'badminton', 'motocross', 'formula 1',
    'grand prix', 'rally', 'space war', 'spacewar', 'invaders', 'asteroid', 'meteor', 'tank', 'tanks', 'battleship', 'battleships',
    'submarine', 'helicopter', 'bomber', 'frogs', 'frog', 'dungeon', 'castle', 'treasure hunt', 'monopoly', 'scrabble',
  ].map((t) => t.replace(/[^a-z0-9]/g, '')),
);

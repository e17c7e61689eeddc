/**
 * Wikidata's platforms and genres in VGL's (IGDB's) terms. Platforms are
 * matched by their English label (Wikidata's labels are stable and
 * unambiguous for platforms) against IGDB's names, alternative names and
 * abbreviations, plus the spellings below where the two differ. Genres are
 * mapped by what their label says ("action role-playing game" is IGDB's
 * Role-playing (RPG)); a genre IGDB has no word for is kept as a genre of
 * its own, as the issue asks. Themes come from genre labels too (a
 * "survival horror" game is Survival and Horror).
 */

/** Folds a label to letters and digits: "Xbox Series X and Series S" → "xboxseriesxandseriess". */
export const foldLabel = (label: string) =>
  label
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** Wikidata labels that IGDB spells otherwise, by IGDB platform id. */
const PLATFORM_SPELLINGS: Record<number, string[]> = {
  6: ['Microsoft Windows', 'Windows', 'PC'],
  14: ['macOS', 'Mac OS', 'Mac OS X', 'OS X', 'classic Mac OS', 'Macintosh'],
  3: ['Linux', 'SteamOS'],
  13: ['MS-DOS', 'DOS', 'PC DOS'],
  15: ['Commodore 64', 'Commodore 128'],
  19: ['Super Nintendo Entertainment System', 'SNES'],
  21: ['GameCube', 'Nintendo GameCube'],
  29: ['Sega Genesis', 'Mega Drive', 'Sega Mega Drive'],
  32: ['Sega Saturn', 'Saturn'],
  35: ['Game Gear', 'Sega Game Gear'],
  52: ['arcade video game machine', 'arcade game', 'arcade cabinet', 'Arcade'],
  63: ['Atari ST'],
  64: ['Master System', 'Sega Master System'],
  80: ['Neo Geo', 'Neo Geo AES', 'Neo-Geo'],
  86: ['TurboGrafx-16', 'PC Engine'],
  169: ['Xbox Series X and Series S', 'Xbox Series X/S', 'Xbox Series X', 'Xbox Series S'],
  170: ['Stadia', 'Google Stadia'],
  99: ['Family Computer', 'Famicom'],
};

export interface KnownPlatform {
  id: number;
  igdb_id: number | null;
  name: string;
  alternative_name: string | null;
  abbreviation: string | null;
}

/** Our platform id for each folded spelling: curated spellings first, then IGDB's names, alternative names and abbreviations. */
export function platformIndex(platforms: KnownPlatform[]): Map<string, number> {
  const index = new Map<string, number>();
  const byIgdb = new Map(platforms.filter((p) => p.igdb_id !== null).map((p) => [p.igdb_id!, p.id]));
  for (const [igdb, spellings] of Object.entries(PLATFORM_SPELLINGS)) {
    const id = byIgdb.get(Number(igdb));
    if (id !== undefined) for (const s of spellings) index.set(foldLabel(s), id);
  }
  for (const field of ['name', 'alternative_name', 'abbreviation'] as const) {
    for (const p of platforms) {
      for (const spelling of (p[field] ?? '').split(',')) {
        const key = foldLabel(spelling);
        if (key.length >= 2 && !index.has(key)) index.set(key, p.id);
      }
    }
  }
  return index;
}

/** IGDB genre slugs by what a Wikidata genre's label says, tried in order (the first that fits wins). */
const GENRE_RULES: [RegExp, string][] = [
  [/massively multiplayer online role|mmorpg/, 'role-playing-rpg'],
  [/multiplayer online battle arena|\bmoba\b/, 'moba'],
  [/real-time strategy|\brts\b/, 'real-time-strategy-rts'],
  [/turn-based strategy|4x/, 'turn-based-strategy-tbs'],
  [/tactical role-playing|tactics/, 'tactical'],
  [/role-playing|\brpg\b|roguelike|roguelite|dungeon crawl/, 'role-playing-rpg'],
  [/point-and-click|point and click/, 'point-and-click'],
  [/visual novel/, 'visual-novel'],
  [/hack and slash|beat 'em up|beat ’em up|brawler/, 'hack-and-slash-beat-em-up'],
  [/fighting/, 'fighting'],
  [/shooter|shoot 'em up|shoot ’em up|run and gun|first-person shooter/, 'shooter'],
  [/platform|metroidvania/, 'platform'],
  [/puzzle|tile-matching/, 'puzzle'],
  [/racing|kart/, 'racing'],
  [/simulat|city-building|management|life sim|farming/, 'simulator'],
  [/sports?\b|football|soccer|golf|tennis|basketball|baseball|hockey|skateboard|wrestling|boxing/, 'sport'],
  [/rhythm|music/, 'music'],
  [/pinball/, 'pinball'],
  [/card|board game|deck-building/, 'card-and-board-game'],
  [/quiz|trivia/, 'quiz-trivia'],
  [/strategy|tower defense/, 'strategy'],
  [/adventure|interactive fiction|walking simulator|survival horror|stealth/, 'adventure'],
  [/arcade/, 'arcade'],
  [/indie/, 'indie'],
];

/** IGDB theme slugs a genre's label implies ("survival horror" → survival, horror). */
const THEME_RULES: [RegExp, string][] = [
  [/horror/, 'horror'],
  [/survival/, 'survival'],
  [/stealth/, 'stealth'],
  [/open world|sandbox/, 'open-world'],
  [/sandbox/, 'sandbox'],
  [/4x/, '4x-explore-expand-exploit-and-exterminate'],
  [/party/, 'party'],
  [/educational/, 'educational'],
  [/action/, 'action'],
];

export interface GenreVerdict {
  /** IGDB genre slugs the label maps to; empty → the genre is kept as its own. */
  genres: string[];
  themes: string[];
}

export function classifyGenre(label: string): GenreVerdict {
  const text = label.toLowerCase();
  const genre = GENRE_RULES.find(([re]) => re.test(text))?.[1];
  const themes = [...new Set(THEME_RULES.filter(([re]) => re.test(text)).map(([, slug]) => slug))];
  return { genres: genre ? [genre] : [], themes };
}

import { badRequest } from '../../http/errors.js';
import { BACKLOGGD_TITLE_COLUMNS, readBackloggdRecord } from './formats/backloggd.js';
import { readGrouveeRecord } from './formats/grouvee.js';
import { readHltbRecord } from './formats/hltb.js';
import type { Cells, ImportRow } from './import.rows.js';
import { readLetterboxdRecord } from './formats/letterboxd.js';
import { PLAYNITE_COLUMNS, readPlayniteRecord } from './formats/playnite.js';
import { readSteamRecord } from './formats/steam.js';
import { readVglRecord } from './formats/vgl.js';

import { LIBRARY_IMPORT_FORMATS } from '@vgl/shared/schemas';

export const IMPORT_FORMATS = LIBRARY_IMPORT_FORMATS;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** What the member decided in the preview: a game (slug) or null (leave out) per line. */
export interface ImportPick {
  line: number;
  game: string | null;
}

export interface ImportInput {
  csv: string;
  format: ImportFormat | 'auto';
  picks?: ImportPick[];
  /** Import the readable rows and skip the rest, instead of refusing the file. */
  skipInvalid?: boolean;
}

const FORMAT_NAMES: Record<ImportFormat, string> = {
  vgl: 'VGL export',
  hltb: 'HowLongToBeat export',
  grouvee: 'Grouvee export',
  backloggd: 'Backloggd export',
  letterboxd: 'Letterboxd-style diary',
  playnite: 'Playnite export',
  steam: 'Steam library',
};

/** Each format by the header columns that identify it (lower case). */
const SIGNATURES: Record<ImportFormat, (columns: Set<string>) => boolean> = {
  vgl: (c) => c.has('record_type') && (c.has('title') || c.has('game_slug') || c.has('igdb_id')),
  hltb: (c) => c.has('title') && ['playing', 'backlog', 'completed', 'retired', 'completion date', 'progress'].some((name) => c.has(name)),
  grouvee: (c) => c.has('name') && c.has('shelves'),
  // A scrape is little more than a title and a rating: any such file the formats after it do not claim.
  backloggd: (c) => BACKLOGGD_TITLE_COLUMNS.some((name) => c.has(name)) && c.has('rating') && !SIGNATURES.letterboxd(c) && !SIGNATURES.playnite(c),
  letterboxd: (c) => c.has('name') && ['letterboxd uri', 'watched date', 'rewatch'].some((name) => c.has(name)),
  playnite: (c) =>
    c.has('name') &&
    [...PLAYNITE_COLUMNS.status, ...PLAYNITE_COLUMNS.score, ...PLAYNITE_COLUMNS.lastPlayed, 'time played', 'isinstalled', 'is installed', 'sources'].some((name) => c.has(name)),
  // A saved GetOwnedGames answer (JSON): each game has its appid, and its name or playtime.
  steam: (c) => c.has('appid') && (c.has('name') || c.has('playtime_forever')),
};

/** Each format's reader: one record of the file → its import rows (a HowLongToBeat or Grouvee line can hold several). */
export const READERS: Record<ImportFormat, (line: number, cells: Cells) => ImportRow[]> = {
  vgl: (line, cells) => {
    const row = readVglRecord(line, cells);
    return row ? [row] : [];
  },
  hltb: readHltbRecord,
  grouvee: readGrouveeRecord,
  backloggd: readBackloggdRecord,
  letterboxd: readLetterboxdRecord,
  playnite: readPlayniteRecord,
  steam: readSteamRecord,
};

/** Which export a file is: the one asked for, checked against its header, or the first whose header it has. */
export function detectFormat(header: string[], requested: ImportInput['format']): ImportFormat {
  const columns = new Set(header);
  const shown = (count: number) => header.slice(0, count).map((name) => (name.length > 30 ? `${name.slice(0, 30)}…` : name)).join(', ');
  if (requested !== 'auto') {
    if (!SIGNATURES[requested](columns)) throw badRequest(`This is not a ${FORMAT_NAMES[requested]}: its columns are ${shown(8) || 'missing'}.`);
    return requested;
  }
  const format = IMPORT_FORMATS.find((f) => SIGNATURES[f](columns));
  if (!format) {
    throw badRequest(
      `VGL does not know this file's columns (${shown(6) || 'none'}). ` +
        'Import a VGL export (record_type, title, …), a HowLongToBeat export (Title, Platform, Playing, …), a Grouvee export (id, name, shelves, …; CSV or JSON), ' +
        'a Backloggd scrape (Title or Game, Rating), a Letterboxd-style diary (Date, Name, Year, Rating, Rewatch, Watched Date, …) ' +
        'a Playnite export (Name, Platforms, Sources, Completion Status, Time Played, …) ' +
        'or Steam’s GetOwnedGames JSON (appid, name, playtime_forever).',
    );
  }
  return format;
}

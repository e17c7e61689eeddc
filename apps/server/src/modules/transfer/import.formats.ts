import { badRequest } from '../../http/errors.js';
import { readGrouveeRecord } from './formats/grouvee.js';
import { readHltbRecord } from './formats/hltb.js';
import type { Cells, ImportRow } from './import.rows.js';
import { readVglRecord } from './formats/vgl.js';

export const IMPORT_FORMATS = ['vgl', 'hltb', 'grouvee'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export interface ImportInput {
  csv: string;
  format: ImportFormat | 'auto';
}

const FORMAT_NAMES: Record<ImportFormat, string> = { vgl: 'VGL export', hltb: 'HowLongToBeat export', grouvee: 'Grouvee export' };

/** Each format by the header columns that identify it (lower case). */
const SIGNATURES: Record<ImportFormat, (columns: Set<string>) => boolean> = {
  vgl: (c) => c.has('record_type') && (c.has('title') || c.has('game_slug') || c.has('igdb_id')),
  hltb: (c) => c.has('title') && ['playing', 'backlog', 'completed', 'retired', 'completion date', 'progress'].some((name) => c.has(name)),
  grouvee: (c) => c.has('name') && c.has('shelves'),
};

/** Each format's reader: one record of the file → its import rows (a HowLongToBeat or Grouvee line can hold several). */
export const READERS: Record<ImportFormat, (line: number, cells: Cells) => ImportRow[]> = {
  vgl: (line, cells) => {
    const row = readVglRecord(line, cells);
    return row ? [row] : [];
  },
  hltb: readHltbRecord,
  grouvee: readGrouveeRecord,
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
        'Import a VGL export (record_type, title, …), a HowLongToBeat export (Title, Platform, Playing, …) or a Grouvee export (id, name, shelves, …).',
    );
  }
  return format;
}

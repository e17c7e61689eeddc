import { LIBRARY_LIMITS, LIBRARY_MESSAGES } from '@vgl/shared';
import { badRequest } from '../../http/errors.js';
import type { Pacer } from './import.pace.js';
import { Cells } from './import.rows.js';

// JSON exports (Grouvee's, a saved Steam library) read as records of cells,
// like a CSV's, so one reader serves a format's CSV and JSON alike.

/** What a file yields to readImportFile: its header (column names, lower case) once, then its records. */
export type FileRecord = { header: string[] } | { line: number; cells: Cells; blank: boolean };

/** After a BOM and blanks, a JSON file starts with a list or an object; no CSV header does. */
export const isJsonText = (text: string): boolean => /^\uFEFF?\s*[[{]/.test(text.slice(0, 4096));

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isRecordList = (value: unknown): value is unknown[] => Array.isArray(value) && (value.length === 0 || value.some(isObject));

/** The records: a top-level list, or the first list of objects inside a top-level object (Steam's {response: {games: […]}}), looked for level by level. */
function recordsIn(data: unknown): unknown[] | null {
  if (Array.isArray(data)) return isRecordList(data) ? data : null;
  let level = isObject(data) ? [data] : [];
  for (let depth = 0; depth < 4 && level.length > 0; depth++) {
    const next: Record<string, unknown>[] = [];
    for (const object of level) {
      for (const value of Object.values(object)) {
        if (isRecordList(value) && value.length > 0) return value;
        if (isObject(value)) next.push(value);
      }
    }
    level = next;
  }
  return null;
}

/** A value as a CSV cell would hold it: Grouvee's CSV has its nested fields as JSON text. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function cellsOf(record: Record<string, unknown>): Cells {
  const keys = Object.keys(record);
  // The first of two keys that differ only in case wins, as a CSV's first column of a name does.
  const columns = new Map(keys.map((key, i) => [key.toLowerCase(), i] as const).reverse());
  return new Cells(columns, keys.map((key) => cellText(record[key])));
}

/** The keys of the first records (lower case): enough to tell the format. */
function headerOf(records: unknown[]): string[] {
  const keys = new Set<string>();
  for (const record of records.slice(0, 100)) if (isObject(record)) for (const key of Object.keys(record)) keys.add(key.toLowerCase());
  return [...keys];
}

/**
 * A JSON file's records, each numbered from 1 (its "line"). Parsing is one
 * synchronous step (the text is at most importMaxBytes); turning records
 * into rows gives the event loop its turns.
 */
export async function* jsonRecords(text: string, pacer: Pacer): AsyncGenerator<FileRecord> {
  if (text.length > LIBRARY_LIMITS.importMaxBytes) throw badRequest(LIBRARY_MESSAGES.importTooLarge);
  let data: unknown;
  try {
    data = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    throw badRequest(`This JSON file cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  const records = recordsIn(data);
  if (!records) throw badRequest('This JSON file holds no list of games: VGL reads a list of objects, such as Grouvee’s JSON export or a saved Steam library.');
  if (records.length === 0) throw badRequest('This JSON file’s list of games is empty.');
  if (records.length > LIBRARY_LIMITS.importMaxRows) throw badRequest(LIBRARY_MESSAGES.importTooManyRows);
  yield { header: headerOf(records) };
  for (let i = 0; i < records.length; i++) {
    const record = records[i];
    yield isObject(record) ? { line: i + 1, cells: cellsOf(record), blank: Object.keys(record).length === 0 } : { line: i + 1, cells: cellsOf({}), blank: true };
    // Checking the clock costs more than most records: every 64th.
    if ((i & 63) === 63) await pacer.slice();
  }
}
